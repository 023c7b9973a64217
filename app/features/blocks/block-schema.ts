/**
 * The blocks a page is made of: one zod schema per type, so the editor, the
 * save action, the migration and the renderer agree on what a block holds.
 * A block carries words, numbers, links and picture choices — never markup,
 * class names or styles; its renderer (site/) decides how it looks.
 *
 * Every block has a stable `id` (kept across saves, so revisions can be
 * compared block by block) and may be `hidden` (kept on the page, not shown).
 */
import { z } from "zod";
import { LAYOUTS, type Layout, type Tone } from "#app/content/types";
import { pageImageSchema } from "#app/features/pages/page-content.schema";
import { richTextSchema } from "#app/features/blocks/rich-text";

export const TONES = ["primary", "secondary", "accent", "success", "warning"] as const satisfies readonly Tone[];

const text = (label: string, max: number) =>
  z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` });
const required = (label: string, max: number) => text(label, max).min(1, { error: `${label} is required` });

/**
 * Where a button, card or menu item leads: a path on this site (optionally
 * with ?query or #fragment), a same-page #fragment, or an http(s), mailto or
 * tel address. Checked again when shown.
 */
export const linkSchema = (label: string) =>
  required(label, 2000).refine((href) => /^(\/(?!\/)|#|https?:\/\/|mailto:|tel:)/i.test(href), {
    error: `${label} must be a page of this site (starting with /), a #section, or a full https:// address`,
  });

export const toneSchema = z.enum(TONES, { error: "Choose a colour" });

/** A picture chosen for a block: an upload or built-in image by address, with its alt text or marked decorative. */
export const imageRefSchema = z.object({
  src: required("Image", 2000),
  alt: text("Alt Text", 300).default(""),
  /** Decorative pictures are hidden from screen readers and need no alt text. */
  decorative: z.boolean().default(false),
  width: z.number().int().positive().optional(),
  height: z.number().int().positive().optional(),
});
export type ImageRef = z.output<typeof imageRefSchema>;

export const buttonSchema = z.object({
  label: required("Button label", 80),
  href: linkSchema("Button link"),
});
export type BlockButton = z.output<typeof buttonSchema>;

/** Buttons under a block's content (a grid, steps, a form), inside its section. */
const trailingButtons = z.array(buttonSchema).max(4, { error: "A block has at most four buttons" }).default([]);

const base = {
  id: z.string().trim().min(1).max(64),
  hidden: z.boolean().default(false),
};

export const heroBlockSchema = z.object({
  ...base,
  type: z.literal("hero"),
  title: required("Hero Title", 200),
  subtitle: text("Hero Subtitle", 500).default(""),
  image: imageRefSchema.nullable().default(null),
  buttons: z.array(buttonSchema).max(3, { error: "A hero has at most three buttons" }).default([]),
  /** "home": the logo over large centred type, as the home page opens; "banner": every other page's title band. */
  style: z.enum(["banner", "home"]).default("banner"),
});

/**
 * The page's main text with its pictures placed by a layout preset: the
 * Content, Images and Layout sub-tabs of the Pages tab edit this block.
 */
export const textBlockSchema = z.object({
  ...base,
  type: z.literal("text"),
  title: text("Main Title", 200).default(""),
  body: richTextSchema,
  layout: z.enum(LAYOUTS as [Layout, ...Layout[]]).default("text-only"),
  images: z.array(pageImageSchema).max(50).default([]),
});

export const imageBlockSchema = z.object({
  ...base,
  type: z.literal("image"),
  image: imageRefSchema,
  caption: text("Caption", 300).default(""),
  align: z.enum(["left", "centre", "right", "full"]).default("centre"),
});

export const galleryBlockSchema = z.object({
  ...base,
  type: z.literal("gallery"),
  title: text("Title", 200).default(""),
  images: z
    .array(imageRefSchema.extend({ caption: text("Caption", 300).default("") }))
    .min(1, { error: "Add at least one picture" })
    .max(60),
});

/** Uploaded videos and YouTube videos assigned to a page name in the Media and YouTube tabs. */
export const videosBlockSchema = z.object({
  ...base,
  type: z.literal("videos"),
  title: text("Title", 200).default(""),
  assignment: required("Video page", 100),
  /** "gallery": every video in a grid; "latest": only the newest, large, with the page's hero picture standing in when there is none. */
  display: z.enum(["gallery", "latest"]).default("gallery"),
});

export const cardSchema = z.object({
  title: required("Card title", 120),
  description: text("Card description", 600).default(""),
  /** A lucide icon name in PascalCase, e.g. "Users"; empty for none. */
  icon: text("Icon", 60).default(""),
  tone: toneSchema.default("primary"),
  href: z.union([linkSchema("Card link"), z.literal("")]).default(""),
  buttonLabel: text("Button label", 80).default(""),
});
export type Card = z.output<typeof cardSchema>;

export const cardsBlockSchema = z.object({
  ...base,
  type: z.literal("cards"),
  title: text("Title", 200).default(""),
  intro: text("Introduction", 1000).default(""),
  columns: z.union([z.literal(2), z.literal(3), z.literal(4)]).default(3),
  cards: z.array(cardSchema).min(1, { error: "Add at least one card" }).max(24),
  buttons: trailingButtons,
});

export const figuresBlockSchema = z.object({
  ...base,
  type: z.literal("figures"),
  title: text("Title", 200).default(""),
  figures: z
    .array(
      z.object({
        value: z.number({ error: "A figure's value must be a number" }).int().min(0).max(1_000_000_000),
        suffix: text("Suffix", 10).default(""),
        label: required("Figure label", 120),
        tone: toneSchema.default("primary"),
      }),
    )
    .min(1, { error: "Add at least one figure" })
    .max(12),
});

export const stepsBlockSchema = z.object({
  ...base,
  type: z.literal("steps"),
  title: text("Title", 200).default(""),
  steps: z
    .array(z.object({ title: required("Step title", 120), description: text("Step description", 600).default(""), icon: text("Icon", 60).default("") }))
    .min(1, { error: "Add at least one step" })
    .max(12),
  buttons: trailingButtons,
});

export const faqBlockSchema = z.object({
  ...base,
  type: z.literal("faq"),
  title: text("Title", 200).default(""),
  /** Each entry's topic is also a choice in the Contact form's topic list. */
  entries: z
    .array(z.object({
        id: z.string().trim().min(1).max(64),
        topic: required("Topic", 120),
        question: required("Question", 300),
        answer: required("Answer", 3000),
        /** Where the answer's next step lives on the site, shown as a link under it. */
        followUp: buttonSchema.nullable().default(null),
      }))
    .min(1, { error: "Add at least one question" })
    .max(60),
});

const givingLink = z.union([linkSchema("Giving link"), z.literal("")]).default("");

export const donationBlockSchema = z.object({
  ...base,
  type: z.literal("donation"),
  title: text("Title", 200).default(""),
  oneOff: z
    .array(z.object({ amount: z.number().int().min(1).max(1_000_000), impact: required("What it buys", 300), link: givingLink }))
    .max(8)
    .default([]),
  monthly: z
    .array(z.object({ amount: z.number().int().min(1).max(1_000_000), name: required("Tier name", 80), description: text("Description", 300).default(""), link: givingLink }))
    .max(8)
    .default([]),
});

export const buttonsBlockSchema = z.object({
  ...base,
  type: z.literal("buttons"),
  title: text("Title", 200).default(""),
  text: text("Text", 1000).default(""),
  buttons: z.array(buttonSchema).min(1, { error: "Add at least one button" }).max(4),
});

/** Blocks that list records kept in their own tabs (testimonials, events, vacancies) or in Settings (contact details, map). */
const listing = <T extends string>(type: T) =>
  z.object({ ...base, type: z.literal(type), title: text("Title", 200).default(""), intro: text("Introduction", 1000).default("") });

export const testimonialsBlockSchema = listing("testimonials");
export const eventsBlockSchema = listing("events").extend({ limit: z.number().int().min(1).max(50).default(6) });
export const vacanciesBlockSchema = listing("vacancies");
export const contactBlockSchema = listing("contact").extend({ buttons: trailingButtons });
export const mapBlockSchema = listing("map");

export const FORM_KINDS = ["question", "volunteer", "registration", "newsletter"] as const;
export type FormKind = (typeof FORM_KINDS)[number];

/** One of the site's public forms, with the words around it staff may change; the fields and rules stay in code. */
export const formBlockSchema = z.object({
  ...base,
  type: z.literal("form"),
  form: z.enum(FORM_KINDS),
  title: text("Title", 200).default(""),
  intro: text("Introduction", 1000).default(""),
  /** The consent sentence beside the form's checkbox, and the privacy note under it. */
  consent: text("Consent wording", 1000).default(""),
  privacy: text("Privacy note", 1000).default(""),
  buttons: trailingButtons,
});

export const blockSchema = z.discriminatedUnion("type", [
  heroBlockSchema,
  textBlockSchema,
  imageBlockSchema,
  galleryBlockSchema,
  videosBlockSchema,
  cardsBlockSchema,
  figuresBlockSchema,
  stepsBlockSchema,
  faqBlockSchema,
  donationBlockSchema,
  buttonsBlockSchema,
  testimonialsBlockSchema,
  eventsBlockSchema,
  vacanciesBlockSchema,
  contactBlockSchema,
  mapBlockSchema,
  formBlockSchema,
]);

export type Block = z.output<typeof blockSchema>;
export type BlockType = Block["type"];
export type BlockOf<T extends BlockType> = Extract<Block, { type: T }>;

/** What staff call each block in the editor's "Add block" list. */
export const BLOCK_LABELS: Record<BlockType, string> = {
  hero: "Hero",
  text: "Text and pictures",
  image: "Image",
  gallery: "Gallery",
  videos: "Video gallery",
  cards: "Cards",
  figures: "Impact figures",
  steps: "Steps",
  faq: "Questions and answers",
  donation: "Donation amounts",
  buttons: "Buttons",
  testimonials: "Testimonials",
  events: "Events",
  vacancies: "Volunteer vacancies",
  contact: "Contact details",
  map: "Map",
  form: "Form",
};

/** The most blocks one page may hold. */
export const MAX_BLOCKS = 60;
