import { z } from "zod";
import { EVENT_CATEGORIES, type EventCategory } from "#app/content/site";
import { multilineString } from "./multiline";

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

const checkbox = z
  .string()
  .optional()
  .transform((v) => v === "on" || v === "true" || v === "1");

/**
 * SPEC §3 event form; SPEC §5: title, date, time, location and description are
 * required; SPEC §9 categories. A regular session (e.g. a weekly workshop) may
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
      if (time !== "" && !/^([01]\d|2[0-3]):[0-5]\d$/.test(time)) {
        ctx.addIssue({
          code: "custom",
          path: ["time"],
          message: "Time must be a time of day (HH:MM)",
        });
      }
      if (v.regular && !v.scheduleNote) {
        ctx.addIssue({
          code: "custom",
          path: ["scheduleNote"],
          message: "Schedule is required for a regular session, e.g. Weekly",
        });
      }
      // Only the site's own pictures (checked against the library on the server); no typed web addresses.
      if (typeof v.imageUrl === "string" && v.imageUrl && !/^\/(media|images)\/[^/]/.test(v.imageUrl)) {
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
