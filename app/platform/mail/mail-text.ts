/** Text helpers for e-mail: escaping, a plain HTML part from text, and what counts as one address. */

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}

/** A plain HTML part for messages that only wrote text: paragraphs, line breaks, nothing else. */
export function textToHtml(text: string): string {
  const paragraphs = text
    .trim()
    .split(/\n{2,}/)
    .map((p) => `<p>${escapeHtml(p).replace(/\n/g, "<br>")}</p>`)
    .join("\n");
  return `<!doctype html><html><body style="font-family:system-ui,sans-serif;line-height:1.5">${paragraphs}</body></html>`;
}

const EMAIL = /^[^\s@<>(),;:"]+@[^\s@<>(),;:"]+\.[^\s@<>(),;:"]+$/;

/** A single address a person could type; rejects lists and header tricks. */
export function isEmailAddress(value: string): boolean {
  return value.length <= 254 && EMAIL.test(value) && !/[\r\n]/.test(value);
}
