import { z } from "zod";

export type FieldErrors = Partial<Record<string, string[]>>;

export type FormResult<T> =
  | { ok: true; data: T }
  | { ok: false; errors: FieldErrors; values: Record<string, string> };

/** The text fields of a submitted form (files and repeated keys ignored). */
export function formValues(formData: FormData): Record<string, string> {
  const values: Record<string, string> = {};
  for (const [key, value] of formData) {
    if (typeof value === "string" && !(key in values)) values[key] = value;
  }
  return values;
}

/** What was submitted (a form, or values a caller gathered), as text, so a refused save can give the form it back. */
export function textValues(input: FormData | Record<string, unknown>): Record<string, string> {
  if (input instanceof FormData) return formValues(input);
  return Object.fromEntries(Object.entries(input).map(([k, v]) => [k, typeof v === "string" ? v : String(v ?? "")]));
}

/**
 * Parses a form (or values gathered for one) with its shared schema. On
 * failure it returns each field's messages and what the user typed, so the
 * form can show both.
 */
export function parseForm<S extends z.ZodType>(schema: S, input: FormData | Record<string, unknown>): FormResult<z.output<S>> {
  const result = schema.safeParse(input instanceof FormData ? formValues(input) : input);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: z.flattenError(result.error).fieldErrors as FieldErrors, values: textValues(input) };
}
