import { z } from "zod";
import { isEmail, oneLine, withoutFormatCharacters } from "#app/web/text";
import { isPhone } from "#app/web/phone";
import { multilineString } from "#app/web/multiline";

/**
 * Pieces shared by the public forms (apply to volunteer, ask a question,
 * register your child). Browser and server both run these schemas, so they
 * import nothing server-only.
 */

/** The honeypot's field name (kept in step with form-guard.server.ts). */
export const HONEYPOT_NAME = "website";

/** Raw form input: single fields as strings, checkbox groups as arrays. */
export type RawValues = Record<string, string | string[]>;

export type PublicFieldErrors = Partial<Record<string, string[]>>;

export type PublicFormResult<T> =
  | { ok: true; data: T }
  | { ok: false; errors: PublicFieldErrors; values: RawValues };

/** Collects a form's text fields; the names in `lists` are read as arrays (checkbox groups). */
export function readPublicForm(form: FormData, lists: readonly string[]): RawValues {
  const values: RawValues = {};
  for (const name of lists) values[name] = [];
  for (const [key, value] of form) {
    if (typeof value !== "string" || key === HONEYPOT_NAME || key.startsWith("_")) continue;
    const clipped = value.slice(0, 5000);
    if (lists.includes(key)) (values[key] as string[]).push(clipped);
    else if (!(key in values)) values[key] = clipped;
  }
  return values;
}

export function parsePublicForm<S extends z.ZodType>(schema: S, values: RawValues): PublicFormResult<z.output<S>> {
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: z.flattenError(result.error).fieldErrors as PublicFieldErrors, values };
}

const keepTo = (max: number) => `Please keep this to ${max} characters or fewer.`;

const required = (text: z.ZodString, missing: string, max: number, tooLong: string) =>
  text.trim().min(1, { error: missing }).max(max, { error: tooLong });

const optional = (text: z.ZodString, max: number, tooLong: string) =>
  text
    .trim()
    .max(max, { error: tooLong })
    .optional()
    .transform((v) => v ?? "");

/** A required line of text with a plain-language message. */
export const requiredText = (missing: string, max: number, tooLong = keepTo(max)) => required(z.string({ error: missing }).overwrite(oneLine), missing, max, tooLong);

/** Required text from a <textarea>: a line break counts as one character, as the browser counted it. */
export const requiredMultilineText = (missing: string, max: number, tooLong = keepTo(max)) =>
  required(multilineString({ error: missing }), missing, max, tooLong);

/** Optional text from a <textarea>: a line break counts as one character, as the browser counted it. */
export const optionalMultilineText = (max: number, tooLong = keepTo(max)) => optional(multilineString(), max, tooLong);

export const emailField = (missing = "Please enter your email address.") =>
  z
    .string({ error: missing })
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, { error: missing })
    .max(254, { error: "That email address is too long." })
    .refine(isEmail, { error: "Please enter a valid email address, like name@example.com." });

export const phoneField = (missing: string) =>
  z
    .string({ error: missing })
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, { error: missing })
    .refine(isPhone, { error: "Please enter a phone number using digits, like 01422 123456 or 07700 900123." });

export const optionalPhone = () =>
  z
    .string()
    .overwrite(withoutFormatCharacters)
    .trim()
    .optional()
    .transform((v) => v ?? "")
    .refine((v) => v === "" || isPhone(v), { error: "Please enter a phone number using digits, like 01422 123456 or 07700 900123." });

/**
 * A group of checkboxes: every value one of `choices`, each kept once. A
 * value sent twice (a form sent again, a hand-made request) counts once.
 * More values than there are choices is no one ticking boxes (one
 * registration once arrived with the same programme 130,000 times), so that
 * is refused before any value is looked at, with `tooMany`.
 */
export function choiceList(
  choices: readonly string[],
  messages: { missing: string; empty: string; notListed: string; tooMany: string },
) {
  return z
    .array(z.unknown(), { error: messages.missing })
    .max(choices.length, { error: messages.tooMany, abort: true })
    .min(1, { error: messages.empty, abort: true })
    .refine((list) => list.every((value) => typeof value === "string" && choices.includes(value)), { error: messages.notListed })
    .transform((list) => [...new Set(list as string[])]);
}

/** A ticked checkbox posts its value; an unticked one posts nothing. */
export const tickedBox = (missing: string) =>
  z.literal("yes", { error: missing }).transform(() => true as const);

export const PRIVACY_POLICY_PATH = "/privacy-policy";
