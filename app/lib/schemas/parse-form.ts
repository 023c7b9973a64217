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

/**
 * Parses a form with its shared schema. On failure it returns each field's
 * messages and what the user typed, so the form can show both.
 */
export function parseForm<S extends z.ZodType>(schema: S, formData: FormData): FormResult<z.output<S>> {
  const values = formValues(formData);
  const result = schema.safeParse(values);
  if (result.success) return { ok: true, data: result.data };
  return { ok: false, errors: z.flattenError(result.error).fieldErrors as FieldErrors, values };
}
