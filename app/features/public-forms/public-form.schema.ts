import { z } from "zod";
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

/**
 * A single-line field's text with each run of control characters (line
 * breaks, tabs) as one space. An <input> cannot hold a line break, but a
 * request made by hand can send one, and a name that starts new lines would
 * let a stranger write their own paragraphs into the confirmation e-mail the
 * charity sends to whatever address they give.
 */
export function oneLine(value: string): string {
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, " ");
}

/** A required line of text with a plain-language message. */
export const requiredText = (missing: string, max: number, tooLong = keepTo(max)) => required(z.string({ error: missing }).overwrite(oneLine), missing, max, tooLong);

/** Required text from a <textarea>: a line break counts as one character, as the browser counted it. */
export const requiredMultilineText = (missing: string, max: number, tooLong = keepTo(max)) =>
  required(multilineString({ error: missing }), missing, max, tooLong);

/** Optional text from a <textarea>: a line break counts as one character, as the browser counted it. */
export const optionalMultilineText = (max: number, tooLong = keepTo(max)) => optional(multilineString(), max, tooLong);

/**
 * The text without invisible formatting characters (Unicode category Cf:
 * direction marks U+200E/U+200F, embeddings U+202A–U+202E, isolates
 * U+2066–U+2069, zero-width spaces, the byte-order mark). A phone number or
 * address copied from a phone's contacts often comes wrapped in them; they
 * show as nothing, so a visitor could not see why the form refused the
 * value, and they have no place in what staff dial or write to.
 */
export function withoutFormatCharacters(value: string): string {
  return value.replace(/\p{Cf}/gu, "");
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}

export const emailField = (missing = "Please enter your email address.") =>
  z
    .string({ error: missing })
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, { error: missing })
    .max(254, { error: "That email address is too long." })
    .refine(isEmail, { error: "Please enter a valid email address, like name@example.com." });

/** UK numbers as people type them: digits with spaces, brackets, dashes, an optional leading +. */
const PHONE = /^\+?[\d\s()-]{7,20}$/;

export function isPhone(value: string): boolean {
  return PHONE.test(value) && value.replace(/\D/g, "").length >= 7;
}

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

/** A ticked checkbox posts its value; an unticked one posts nothing. */
export const tickedBox = (missing: string) =>
  z.literal("yes", { error: missing }).transform(() => true as const);

export const PRIVACY_POLICY_PATH = "/privacy-policy";
