import { z } from "zod";
import { NEWSLETTER_TEMPLATES } from "#app/content/site";

export type NewsletterTemplate = (typeof NEWSLETTER_TEMPLATES)[number]["value"];

export const NEWSLETTER_TEMPLATE_VALUES = NEWSLETTER_TEMPLATES.map((t) => t.value) as [NewsletterTemplate, ...NewsletterTemplate[]];

/**
 * A campaign as the composer sends it: the same rules whether it is saved as
 * a draft, tested or sent, so a draft that saves is one that can be sent.
 */
export const campaignSchema = z.object({
  id: z.string().max(64).optional(),
  template: z.enum(NEWSLETTER_TEMPLATE_VALUES, { error: "Please choose a template." }),
  subject: z.string().trim().min(1, "Subject is required.").max(200, "Keep the subject under 200 characters."),
  content: z.string().trim().min(1, "Content is required.").max(100_000, "The content is too long."),
});
