import { z } from "zod";
import { TESTIMONIAL_RATING_RANGE } from "#app/content/site";
import type { Tone } from "#app/content/types";
import { multilineString } from "#app/web/multiline";

export const TESTIMONIAL_STATUSES = ["pending", "approved", "rejected"] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

export function isTestimonialStatus(value: unknown): value is TestimonialStatus {
  return typeof value === "string" && (TESTIMONIAL_STATUSES as readonly string[]).includes(value);
}

export const TESTIMONIAL_STATUS_LABELS: Record<TestimonialStatus, string> = {
  pending: "Pending",
  approved: "Approved",
  rejected: "Rejected",
};

export const TESTIMONIAL_COLORS = [
  { value: "primary", label: "Primary (blue)" },
  { value: "secondary", label: "Secondary" },
  { value: "accent", label: "Accent" },
  { value: "success", label: "Green" },
  { value: "warning", label: "Amber" },
] as const satisfies readonly { value: Tone; label: string }[];

const ratings = Array.from(
  { length: TESTIMONIAL_RATING_RANGE.max - TESTIMONIAL_RATING_RANGE.min + 1 },
  (_, i) => String(TESTIMONIAL_RATING_RANGE.min + i),
);

/** `string` is z.string, or multilineString for a <textarea>. */
const text = (label: string, max: number, string: (params: { error: string }) => z.ZodString = z.string) =>
  string({ error: `${label} is required` })
    .trim()
    .min(1, { error: `${label} is required` })
    .max(max, { error: `${label} must be at most ${max} characters` });

/** A testimonial: name and text are required, the rating is 1 to 5. */
export const testimonialSchema = z.object({
  name: text("Name", 120),
  role: z
    .string()
    .trim()
    .max(160, { error: "Role must be at most 160 characters" })
    .optional()
    .transform((v) => v ?? ""),
  rating: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v === "" || ratings.includes(v), {
      error: `Rating must be a whole number from ${TESTIMONIAL_RATING_RANGE.min} to ${TESTIMONIAL_RATING_RANGE.max}`,
    })
    .transform((v) => (v === "" ? null : Number(v))),
  text: text("Text", 2000, multilineString),
  color: z
    .string()
    .optional()
    .transform((v) => (v && v !== "" ? v : "primary"))
    .pipe(z.enum(TESTIMONIAL_COLORS.map((c) => c.value) as [Tone, ...Tone[]], { error: "Choose a colour from the list" })),
});

export type TestimonialInput = z.output<typeof testimonialSchema>;
export const TESTIMONIAL_RATINGS = ratings.map(Number);
