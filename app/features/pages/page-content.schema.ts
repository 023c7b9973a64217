import { z } from "zod";
import { getPageById, sectionsFor } from "#app/content/pages";
import { REGISTER_CHILD_BANNER } from "#app/content/site";
import { DEFAULT_IMAGE_POSITION, IMAGE_POSITIONS, LAYOUTS, type ImagePosition, type Layout, type PageImage } from "#app/content/types";
import { multilineString } from "#app/web/multiline";

/**
 * The forms of the page editor, the section images and the site settings,
 * shared by the browser (to keep what staff type) and the actions (which
 * trust nothing else).
 */

export const LIMITS = {
  heroTitle: 200,
  heroSubtitle: 300,
  mainTitle: 200,
  content: 50_000,
  alt: 300,
  caption: 500,
  filename: 2000,
  images: 50,
} as const;

export { resolveImageSrc, sectionLabel, UPLOADS_PREFIX } from "./page-image-src";

const SAFE_PATH = /^[A-Za-z0-9._~%/+-]+$/;

/** True for an address the public site may load: http(s), or a plain path without tricks. */
export function isAcceptableImageAddress(filename: string): boolean {
  const name = filename.trim();
  if (!name || name.length > LIMITS.filename) return false;
  if (/^https?:\/\//i.test(name)) {
    try {
      const url = new URL(name);
      return (url.protocol === "http:" || url.protocol === "https:") && Boolean(url.hostname);
    } catch {
      return false;
    }
  }
  if (name.startsWith("//") || name.includes("..")) return false;
  return SAFE_PATH.test(name);
}

export const IMAGE_ADDRESS_MESSAGE =
  "Enter the file name of an uploaded image, or choose one from the Media library (letters, numbers, dots, dashes and slashes only)";

export const OTHER_SITE_IMAGE_MESSAGE = "Pictures from other websites cannot be shown here: upload it to the Media library and choose it from there.";

/**
 * The origins, besides the page's own paths, whose pictures a page can show:
 * the site's own (PUBLIC_URL) and, when set, the S3_PUBLIC_URL bucket's or
 * CDN's. The Content-Security-Policy's img-src names no others, so a browser
 * would refuse a picture from anywhere else and the page would show a stock
 * drawing in its place. The server knows them (`showableImageOrigins()`)
 * and hands them to the editor, so both check alike.
 */
export type ImageOrigins = readonly string[];

/** An http(s) address without credentials in it, parsed, or null. */
function webAddress(address: string): URL | null {
  try {
    const url = new URL(address);
    return (url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password ? url : null;
  } catch {
    return null;
  }
}

/**
 * Why a page cannot show this picture's address, or null when it can: a
 * site path or an uploaded file's name, or an http(s) address on one of
 * `origins`.
 */
export function imageAddressProblem(filename: string, origins: ImageOrigins = []): string | null {
  if (!isAcceptableImageAddress(filename)) return IMAGE_ADDRESS_MESSAGE;
  const name = filename.trim();
  if (!/^https?:\/\//i.test(name)) return null;
  const url = webAddress(name);
  // "https://site//elsewhere.org/x" has a path that on its own is another site's address (resolveImageSrc), so it is not one of ours.
  const ours = url && !url.pathname.startsWith("//") && origins.some((o) => webAddress(o)?.origin === url.origin);
  return ours ? null : OTHER_SITE_IMAGE_MESSAGE;
}

/** An image address field of a form: one message, the most useful, for an address a page cannot show. */
const imageAddress = (origins: ImageOrigins) =>
  z.string().superRefine((value, ctx) => {
    const problem = imageAddressProblem(value, origins);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

/**
 * One image entry as stored: the shape only. An entry saved before the
 * address rules above (a picture from another site, say) still reads, so
 * the editor lists it for staff to replace; forms check it with
 * `pageImageFormSchema`.
 */
export const pageImageSchema = z.object({
  id: z.string().trim().min(1).max(100),
  filename: z
    .string()
    .trim()
    .min(1, { error: "Image URL/Filename is required" })
    .refine(isAcceptableImageAddress, { error: IMAGE_ADDRESS_MESSAGE }),
  alt: z
    .string()
    .trim()
    .min(1, { error: "Alt Text is required: describe the image for people who cannot see it" })
    .max(LIMITS.alt, { error: `Alt Text must be at most ${LIMITS.alt} characters` }),
  caption: z
    .string()
    .trim()
    .max(LIMITS.caption, { error: `Caption must be at most ${LIMITS.caption} characters` })
    .optional()
    .transform((v) => v ?? ""),
  position: z.enum(IMAGE_POSITIONS as [ImagePosition, ...ImagePosition[]], { error: "Choose a position: hero, inline, sidebar or gallery" }),
  order: z.coerce.number().int().min(1),
  width: z.coerce.number().int().positive().optional(),
  height: z.coerce.number().int().positive().optional(),
});

/** An image entry as a form submits it: also only an address the page can show (see ImageOrigins). */
export function pageImageFormSchema(origins: ImageOrigins = []) {
  return pageImageSchema.extend({
    filename: z
      .string()
      .trim()
      .min(1, { error: "Image URL/Filename is required" })
      .pipe(imageAddress(origins)),
  });
}

/** A new image entry: id img-<timestamp>, position inline, placed last (order = list length + 1). */
export function newImageEntry(existing: readonly PageImage[], fields: Partial<PageImage> = {}, now = Date.now()): PageImage {
  let id = `img-${now}`;
  // Two entries added in the same millisecond (a fast double click) still need distinct ids.
  for (let n = 1; existing.some((i) => i.id === id); n++) id = `img-${now}-${n}`;
  return {
    id,
    filename: "",
    alt: "",
    caption: "",
    position: DEFAULT_IMAGE_POSITION,
    order: existing.length + 1,
    ...fields,
  };
}

/** Orders 1..n in list order, so the Order badge always matches what staff see. */
export function renumber(images: readonly PageImage[]): PageImage[] {
  return images.map((image, i) => ({ ...image, order: i + 1 }));
}

/** Moves the entry at `from` by `by` places (clamped); returns the renumbered list. */
export function moveImage(images: readonly PageImage[], from: number, by: number): PageImage[] {
  const to = Math.max(0, Math.min(images.length - 1, from + by));
  const list = [...images];
  const [moved] = list.splice(from, 1);
  if (moved) list.splice(to, 0, moved);
  return renumber(list);
}

// Line breaks are normalised before the length check, so it counts them as the browser did.
const text = (label: string, max: number) =>
  multilineString()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ?? "").trim());

export type ImageErrors = Record<number, Partial<Record<keyof PageImage, string>>>;

/**
 * The Pages tab's form. Text fields may be left empty: an empty field shows
 * the built-in text. Images arrive as one JSON field, since staff add,
 * remove and reorder them in the browser before saving.
 */
export function pageContentFormSchemaFor(origins: ImageOrigins) {
  const entrySchema = pageImageFormSchema(origins);
  return z.object({
    // Whether the page exists is the action's to check: pages are records, and staff make new ones.
    pageId: z.string().trim().min(1, { error: "Choose a page to edit" }).max(64, { error: "Choose a page to edit" }),
    heroTitle: text("Hero Title", LIMITS.heroTitle),
    heroSubtitle: text("Hero Subtitle", LIMITS.heroSubtitle),
    mainTitle: text("Main Title", LIMITS.mainTitle),
    content: text("Main Content", LIMITS.content),
    layout: z.enum(LAYOUTS as [Layout, ...Layout[]], { error: "Choose one of the five page layouts" }).optional(),
    images: z
      .string()
      .optional()
      .transform((raw, ctx) => {
        if (raw === undefined || raw === "") return undefined;
        let parsed: unknown;
        try {
          parsed = JSON.parse(raw);
        } catch {
          ctx.addIssue({ code: "custom", message: "The image list could not be read; reload the page and try again" });
          return z.NEVER;
        }
        if (!Array.isArray(parsed)) {
          ctx.addIssue({ code: "custom", message: "The image list could not be read; reload the page and try again" });
          return z.NEVER;
        }
        if (parsed.length > LIMITS.images) {
          ctx.addIssue({ code: "custom", message: `A page can have at most ${LIMITS.images} images` });
          return z.NEVER;
        }
        const images: PageImage[] = [];
        const problems: string[] = [];
        parsed.forEach((entry, i) => {
          const result = entrySchema.safeParse(entry);
          if (result.success) images.push(result.data);
          else problems.push(`Image ${i + 1}: ${result.error.issues.map((issue) => issue.message).join("; ")}`);
        });
        if (problems.length) {
          for (const message of problems) ctx.addIssue({ code: "custom", message });
          return z.NEVER;
        }
        return renumber(images);
      }),
    /** The revision the editor started from; a newer stored one means someone else saved meanwhile. */
    baseRevision: z.coerce.number().int().min(0).optional(),
    force: z.string().optional(),
  });
}

/**
 * The Pages tab's form accepting only site paths for pictures. Actions use
 * `pageContentFormSchemaFor(showableImageOrigins())`, which also accepts the
 * site's own and the media bucket's full addresses.
 */
export const pageContentFormSchema = pageContentFormSchemaFor([]);

export type PageContentForm = z.output<typeof pageContentFormSchema>;

/** Per-entry messages for the Images sub-tab, keyed by list position. */
export function imageErrors(images: readonly unknown[], origins: ImageOrigins = []): ImageErrors {
  const entrySchema = pageImageFormSchema(origins);
  const errors: ImageErrors = {};
  images.forEach((entry, i) => {
    const result = entrySchema.safeParse(entry);
    if (result.success) return;
    const fields: Partial<Record<keyof PageImage, string>> = {};
    for (const issue of result.error.issues) {
      const key = issue.path[0] as keyof PageImage | undefined;
      if (key && !fields[key]) fields[key] = issue.message;
    }
    errors[i] = fields;
  });
  return errors;
}

// ── Section images (Page Images and Serving Humanity tabs) ─────────────────

/**
 * The sections a page's images can be assigned to (see sectionsFor). The
 * register page also has its banner, which it looks up by its own id.
 */
export function sectionOptions(pageId: string): string[] {
  const base = sectionsFor(pageId);
  return pageId === "register-child" ? [...base, REGISTER_CHILD_BANNER.id] : base;
}

/** The section image form; a typed address must be one the page can show (see ImageOrigins). */
export function sectionImageSchemaFor(origins: ImageOrigins) {
  return z
    .object({
      pageId: z.string().refine((id) => Boolean(getPageById(id)), { error: "Choose a page" }),
      section: z.string({ error: "Choose a section" }).min(1, { error: "Choose a section" }),
      imageId: z.string().trim().max(100).optional(),
      imageUrl: z.string().trim().max(LIMITS.filename).optional(),
      altText: z.string().trim().max(LIMITS.alt, { error: `Alt text must be at most ${LIMITS.alt} characters` }).optional(),
    })
    .refine((v) => sectionOptions(v.pageId).includes(v.section), { path: ["section"], error: "Choose one of this page's sections" })
    .refine((v) => Boolean(v.imageId || v.imageUrl), { path: ["imageId"], error: "Choose an image first" })
    .superRefine((v, ctx) => {
      const problem = v.imageUrl ? imageAddressProblem(v.imageUrl, origins) : null;
      if (problem) ctx.addIssue({ code: "custom", path: ["imageUrl"], message: problem });
    });
}

/** The section image form accepting only site paths for a typed address; actions use `sectionImageSchemaFor(showableImageOrigins())`. */
export const sectionImageSchema = sectionImageSchemaFor([]);

export type SectionImageForm = z.output<typeof sectionImageSchema>;

// ── Site settings ─────────────────────────────────────────────────────────

const optionalUrl = (label: string) =>
  z
    .string()
    .trim()
    .max(500, { error: `${label} must be at most 500 characters` })
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || /^https:\/\/[^\s/]+\.[^\s]+$/i.test(v), {
      error: `${label} must be a full web address starting with https://`,
    });

/** `string` is z.string, or multilineString for a <textarea>. */
const optionalText = (label: string, max: number, string: () => z.ZodString = z.string) =>
  string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((v) => v ?? "");

const coordinate = (label: string, limit: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .transform((v, ctx) => {
      const n = Number(v);
      if (!Number.isFinite(n) || n < -limit || n > limit) {
        ctx.addIssue({ code: "custom", message: `${label} must be a number between -${limit} and ${limit}` });
        return z.NEVER;
      }
      return n;
    });

export const RETENTION_LIMITS = { min: 1, max: 120, default: 24 } as const;
/** Months the Outbox keeps a copy of each e-mail. */
export const MAIL_RETENTION_LIMITS = { min: 1, max: 120, default: 12 } as const;

/** A whole number of months within `limits`, as the Settings form's retention fields take it. */
function months(required: string, limits: { min: number; max: number }) {
  return z
    .string({ error: required })
    .trim()
    .transform((v, ctx) => {
      const n = Number(v);
      if (!Number.isInteger(n) || n < limits.min || n > limits.max) {
        ctx.addIssue({ code: "custom", message: `Retention period must be a whole number of months from ${limits.min} to ${limits.max}` });
        return z.NEVER;
      }
      return n;
    });
}

export const settingsFormSchema = z.object({
  charityName: z
    .string({ error: "Charity name is required" })
    .trim()
    .min(1, { error: "Charity name is required" })
    .max(120, { error: "Charity name must be at most 120 characters" }),
  tagline: optionalText("Tagline", 200),
  charityNumber: optionalText("Registered charity number", 20).refine((v) => v === "" || /^[A-Za-z0-9][A-Za-z0-9 -]*$/.test(v), {
    error: "Registered charity number may hold only letters, numbers, spaces and dashes",
  }),
  phone: optionalText("Phone", 30).refine((v) => v === "" || (/^[+\d\s().-]+$/.test(v) && /\d{6,}/.test(v.replace(/\D/g, ""))), {
    error: "Phone must be a phone number, e.g. 01422 123456",
  }),
  email: optionalText("E-mail", 254).refine((v) => v === "" || z.email().safeParse(v).success, {
    error: "E-mail must be an e-mail address, e.g. info@example.org",
  }),
  postalAddress: optionalText("Postal address", 500, multilineString),
  mapQuery: optionalText("Map label", 200),
  mapLatitude: coordinate("Map latitude", 90),
  mapLongitude: coordinate("Map longitude", 180),
  youtube: optionalUrl("YouTube link"),
  instagram: optionalUrl("Instagram link"),
  twitter: optionalUrl("Twitter/X link"),
  tiktok: optionalUrl("TikTok link"),
  snapchat: optionalUrl("Snapchat link"),
  donationUrl: optionalUrl("One-time donation link"),
  monthlyDonationUrl: optionalUrl("Monthly donation link"),
  registrationRetentionMonths: months("Retention period is required", RETENTION_LIMITS),
  mailRetentionMonths: months("Retention period is required", MAIL_RETENTION_LIMITS),
});

export type SettingsForm = z.output<typeof settingsFormSchema>;
