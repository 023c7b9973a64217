/**
 * Plain-text checks and clean-ups every form and export shares: what a
 * visitor types is cleaned the same way whether it arrives through a public
 * form, an admin screen or a CSV export.
 */

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

/** An address mail can be sent to: one @, a dot in the domain, nothing that would break a header. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value);
}
