import { Fragment } from "react";

const LINK = /(https?:\/\/[^\s<>"')\]]+)/g;

/** A message's plain-text part with its web addresses as links, opened in a new tab (nothing in it runs here). */
export function LinkedText({ text }: { text: string }) {
  const parts = text.split(LINK);
  return (
    <>
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={part} target="_blank" rel="noopener noreferrer" className="break-all text-primary underline underline-offset-4">
            {part}
          </a>
        ) : (
          <Fragment key={i}>{part}</Fragment>
        ),
      )}
    </>
  );
}

/**
 * An e-mail's HTML made ready for a sandboxed frame: links open in a new
 * tab (the frame may open pop-ups, nothing else: no scripts, no forms, no
 * access to the admin page), and the document says its language and title,
 * as a page must.
 */
export function previewDocument(html: string, title: string): string {
  const safeTitle = title.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
  let doc = html.replace(/<a\b(?![^>]*\btarget=)/gi, '<a target="_blank" rel="noopener noreferrer"');
  if (!/<html\b/i.test(doc)) doc = `<!doctype html><html><body>${doc}</body></html>`;
  if (!/<html\b[^>]*\blang=/i.test(doc)) doc = doc.replace(/<html\b/i, '<html lang="en"');
  if (!/<title\b/i.test(doc)) doc = /<head\b[^>]*>/i.test(doc) ? doc.replace(/<head\b[^>]*>/i, (h) => `${h}<title>${safeTitle}</title>`) : doc.replace(/<html\b[^>]*>/i, (h) => `${h}<head><meta charset="utf-8"><title>${safeTitle}</title></head>`);
  return doc;
}
