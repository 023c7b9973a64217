import { z } from "zod";
import { isEmailAddress } from "#app/platform/mail/mailer.server";
import { withoutFormatCharacters } from "#app/web/text";

/** The public sign-up form: an address (pasted ones without invisible formatting characters) and consent. */
export const newsletterSignUpSchema = z.object({
  email: z
    .string()
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "That email address is too long.")
    .refine(isEmailAddress, "Please enter a valid email address, like name@example.com."),
  consent: z.literal(true, { error: "Please tick the box to agree to receive our emails." }),
});
