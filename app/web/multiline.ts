import { z } from "zod";

/**
 * Text typed into a <textarea>. The browser's maxLength counts a line break
 * as one character, but the form sends it as CRLF ("\r\n"), which a plain
 * length check counts as two: text the browser let through would be refused
 * as too long. So line breaks become "\n" first, and the limit counts what
 * the browser counted.
 */

/** CRLF and lone CR become LF. */
export function normaliseLineBreaks(value: string): string {
  return value.replace(/\r\n?/g, "\n");
}

/**
 * z.string() for multi-line text: its line breaks are "\n" before any check
 * chained after it (trim, min, max), and in the parsed value.
 */
export const multilineString = (params?: string | z.core.$ZodStringParams): z.ZodString => z.string(params).overwrite(normaliseLineBreaks);
