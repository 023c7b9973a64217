import { Fragment } from "react";
import { formatDateTime } from "./dates";

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

/** What the Outbox knows of a message's envelope, the same on its list and on its own page. */
export type MessageHeaderFields = {
  from: string;
  to: string;
  headers: Record<string, string>;
  error?: string | null;
  createdAt?: string;
  sentAt?: string | null;
};

/**
 * A message's headers as a definition list: From and To, when it was
 * written and sent (where asked for), any extra headers, and the error
 * that stopped it. One component so the Outbox list and a message's own
 * page never disagree on what a header says.
 */
export function MessageHeaders({ message, showDates = false, className = "" }: { message: MessageHeaderFields; showDates?: boolean; className?: string }) {
  const rows: Array<[string, string]> = [
    ["From", message.from],
    ["To", message.to],
  ];
  if (showDates && message.createdAt) rows.push(["Written", formatDateTime(message.createdAt)]);
  if (showDates && message.sentAt) rows.push(["Sent", formatDateTime(message.sentAt)]);
  rows.push(...Object.entries(message.headers));
  return (
    <dl className={`grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm ${className}`}>
      {rows.map(([name, value]) => (
        <div key={name} className="contents">
          <dt className="font-medium">{name}</dt>
          <dd className="break-all">{value}</dd>
        </div>
      ))}
      {message.error ? (
        <div className="contents">
          <dt className="font-medium">Error</dt>
          <dd className="text-destructive">{message.error}</dd>
        </div>
      ) : null}
    </dl>
  );
}
