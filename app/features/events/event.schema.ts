import { z } from "zod";
import { EVENT_CATEGORIES, type EventCategory } from "#app/content/site";
import { londonTimeExists } from "#app/web/dates";
import { multilineString } from "#app/web/multiline";

/** `string` is z.string, or multilineString for a <textarea>. */
const required = (label: string, max: number, string: (params: { error: string }) => z.ZodString = z.string) =>
  string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

const optionalText = (label: string, max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `${label} must be at most ${max} characters` })
    .optional()
    .transform((v) => (v ? v : null));

function isRealDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const [y, m, d] = value.split("-").map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * The shape of a picture's address as the media picker gives it: a built-in
 * image (/images/…), or a library file's address, which is /media/… on
 * local storage and S3 without S3_PUBLIC_URL, and the bucket's or CDN's
 * http(s) address (S3_PUBLIC_URL/key) with it. Whether it is one the site
 * holds, not a typed outside address, is for the server to check against
 * the library (events.server.ts).
 */
function isPictureAddress(value: string): boolean {
  if (/^\/(media|images)\/[^/]/.test(value)) return true;
  if (!/^https?:\/\/[^\s/?#]+\/\S+$/i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname !== "" && !url.username && !url.password;
  } catch {
    return false;
  }
}

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/**
 * The event form: title, date, time, location and description are required,
 * and the category is one of EVENT_CATEGORIES. A regular session (e.g. a weekly workshop) may
 * have no single date: then its schedule (e.g. "Weekly") is required instead.
 */
export const eventSchema = z
  .object({
    title: required("Title", 160),
    category: z.enum(EVENT_CATEGORIES.map((c) => c.value) as [EventCategory, ...EventCategory[]], {
      error: "Category is required: choose one from the list",
    }),
    regular: checkbox,
    date: z.string().trim().optional(),
    time: z.string().trim().optional(),
    scheduleNote: optionalText("Schedule", 80),
    location: required("Location", 200),
    description: required("Description", 5000, multilineString),
    imageUrl: optionalText("Image", 1000),
    imageAlt: optionalText("Image description", 300),
    published: checkbox,
  })
  .superRefine(
    (v, ctx) => {
      // Runs even when other fields failed (see `when`), so every missing field is named at once.
      const date = typeof v.date === "string" ? v.date : "";
      const time = typeof v.time === "string" ? v.time : "";
      // A regular session may leave both out, but a time needs a date and a date a time.
      const needDate = !v.regular || time !== "";
      const needTime = !v.regular || date !== "";
      if (date === "" && needDate)
        ctx.addIssue({
          code: "custom",
          path: ["date"],
          message: "Date is required",
        });
      if (date !== "" && !isRealDate(date))
        ctx.addIssue({
          code: "custom",
          path: ["date"],
          message: "Date must be a real date (YYYY-MM-DD)",
        });
      if (time === "" && needTime)
        ctx.addIssue({
          code: "custom",
          path: ["time"],
          message: "Time is required",
        });
      const timeOfDay = /^([01]\d|2[0-3]):[0-5]\d$/.test(time);
      if (time !== "" && !timeOfDay) {
        ctx.addIssue({
          code: "custom",
          path: ["time"],
          message: "Time must be a time of day (HH:MM)",
        });
      }
      // Times are UK wall-clock times: one the spring clock change skips names no moment at all.
      if (timeOfDay && isRealDate(date) && !londonTimeExists(date, time)) {
        ctx.addIssue({
          code: "custom",
          path: ["time"],
          message: `That time does not exist in the UK: the clocks go forward ${time.startsWith("01:") ? "from 1am to 2am" : "an hour"} that night. Choose another time`,
        });
      }
      if (v.regular && !v.scheduleNote) {
        ctx.addIssue({
          code: "custom",
          path: ["scheduleNote"],
          message: "Schedule is required for a regular session, e.g. Weekly",
        });
      }
      // Only the site's own pictures: the form checks the address's shape, the server that the library holds it.
      if (typeof v.imageUrl === "string" && v.imageUrl && !isPictureAddress(v.imageUrl)) {
        ctx.addIssue({
          code: "custom",
          path: ["imageUrl"],
          message: "Image must be a picture from the media library: choose one with the picker, or remove it",
        });
      }
    },
    {
      when: (payload) => typeof payload.value === "object" && payload.value !== null,
    },
  )
  .transform((v) => ({
    title: v.title,
    category: v.category,
    date: v.date ? v.date : null,
    time: v.time ? v.time : null,
    scheduleNote: v.scheduleNote,
    location: v.location,
    description: v.description,
    imageUrl: v.imageUrl,
    imageAlt: v.imageUrl ? v.imageAlt : null,
    published: v.published,
  }));

export type EventInput = z.output<typeof eventSchema>;
