import { withoutFormatCharacters } from "./text";

/** UK numbers as people type them: digits with spaces, brackets, dashes, an optional leading +. */
const PHONE = /^\+?[\d\s()-]{7,20}$/;

export function isPhone(value: string): boolean {
  return PHONE.test(value) && value.replace(/\D/g, "").length >= 7;
}

/**
 * A phone number the forms accept, read as it would be dialled:
 * - `international`: the digits after the `+` or `00`, country code first.
 *   A UK number loses the 0 people add after +44 ("+44 (0)7700 900123"),
 *   which is not dialled: `447700900123`.
 * - `local`: the digits of a number written with neither, as typed
 *   (`07700900123`, or `7700900123` with its 0 forgotten).
 */
export type DialledPhone = { international: string } | { local: string };

/** Null for a value that is not a phone number (a spam row, kept unchecked) or a `+0…`/`000…` that no country code starts with. */
export function dialledPhone(value: string): DialledPhone | null {
  const text = withoutFormatCharacters(value).trim();
  if (!isPhone(text)) return null;
  const digits = text.replace(/\D/g, "");
  const international = text.startsWith("+") ? digits : digits.startsWith("00") ? digits.slice(2) : null;
  if (international === null) return { local: digits };
  if (international.startsWith("0")) return null;
  return { international: international.startsWith("44") ? `44${international.slice(2).replace(/^0/, "")}` : international };
}

/** A `tel:` link that dials the number (`tel:+447700900123`, `tel:01422123456`), or null when it is not a phone number. */
export function telHref(value: string): string | null {
  const phone = dialledPhone(value);
  if (!phone) return null;
  return "international" in phone ? `tel:+${phone.international}` : `tel:${phone.local}`;
}
