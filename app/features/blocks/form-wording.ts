/**
 * The standard consent and privacy words of each public form, which a form
 * block shows until staff reword them (an empty field in the block means
 * "the standard words", so a later change to them reaches every page that
 * kept them). The editor shows these in the fields as their starting text.
 */
import type { FormKind } from "#app/features/blocks/block-schema";
import { QUESTION_PRIVACY_TEXT } from "#app/features/messages/question.schema";
import { NEWSLETTER_CONSENT_TEXT, NEWSLETTER_PRIVACY_TEXT } from "#app/features/newsletter/newsletter-consent";
import { PERIOD_PLACEHOLDER, REGISTRATION_DECLARATION, REGISTRATION_PRIVACY_TEXT } from "#app/features/registrations/registration.schema";
import { VOLUNTEER_CONSENT_TEXT, VOLUNTEER_PRIVACY_TEXT } from "#app/features/volunteers/volunteer.schema";

export type WordingField = "consent" | "privacy";

/** Each form's standard words; null where the form has no such text (the question form asks for no consent). */
export const STANDARD_FORM_WORDING: Record<FormKind, Record<WordingField, string | null>> = {
  question: { consent: null, privacy: QUESTION_PRIVACY_TEXT },
  volunteer: { consent: VOLUNTEER_CONSENT_TEXT, privacy: VOLUNTEER_PRIVACY_TEXT },
  registration: { consent: REGISTRATION_DECLARATION, privacy: REGISTRATION_PRIVACY_TEXT },
  newsletter: { consent: NEWSLETTER_CONSENT_TEXT, privacy: NEWSLETTER_PRIVACY_TEXT },
};

/** What staff are told under each wording field, per form. */
export function wordingHint(form: FormKind, field: WordingField): string {
  const always = field === "consent" ? "The words beside the box a visitor ticks to agree." : 'Shown under the form, followed by "Read our privacy policy".';
  return form === "registration" && field === "privacy"
    ? `${always} ${PERIOD_PLACEHOLDER} shows how long registrations are kept, from Settings.`
    : always;
}

/**
 * What a wording field stores for what staff typed: nothing when it is the
 * standard words or empty (the form then shows the standard words, and
 * keeps up with them), else the words as typed, trimmed.
 */
export function storedWording(form: FormKind, field: WordingField, typed: string): string {
  const words = typed.trim();
  return words === "" || words === STANDARD_FORM_WORDING[form][field] ? "" : words;
}

/** The words a form block shows in a wording field: its own, or the standard ones. */
export function shownWording(form: FormKind, field: WordingField, stored: string): string {
  return stored.trim() || STANDARD_FORM_WORDING[form][field] || "";
}
