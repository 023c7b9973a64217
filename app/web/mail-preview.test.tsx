import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LinkedText, MessageHeaders, previewDocument } from "./mail-preview";

describe("an Outbox e-mail as its recipient sees it", () => {
  it("opens every link of the HTML part in a new tab, and gives the document a language and title", () => {
    const doc = previewDocument('<!doctype html><html><body><p><a href="https://example.org/x">Read</a> <a target="_self" href="/y">y</a></p></body></html>', "Hello <you>");
    expect(doc).toContain('<a target="_blank" rel="noopener noreferrer" href="https://example.org/x">');
    expect(doc).toContain('<a target="_self" href="/y">');
    expect(doc).toContain('<html lang="en"><head><meta charset="utf-8"><title>Hello &lt;you&gt;</title></head>');
  });

  it("makes the plain text's web addresses links, and leaves everything else text", () => {
    const html = renderToStaticMarkup(<LinkedText text={"Confirm: https://example.org/c?token=a.b\n<b>not bold</b>"} />);
    expect(html).toBe('Confirm: <a href="https://example.org/c?token=a.b" target="_blank" rel="noopener noreferrer" class="break-all text-primary underline underline-offset-4">https://example.org/c?token=a.b</a>\n&lt;b&gt;not bold&lt;/b&gt;');
  });
});

describe("an Outbox message's headers", () => {
  const message = {
    from: "Halifax Charity <no-reply@example.org>",
    to: "sam@example.org",
    headers: { "Reply-To": "office@example.org" },
    error: "Mailbox unavailable",
    createdAt: "2026-03-02T10:15:00.000Z",
    sentAt: null,
  };
  const pairs = (html: string) => [...html.matchAll(/<dt[^>]*>([^<]*)<\/dt><dd[^>]*>([^<]*)<\/dd>/g)].map((m) => `${m[1]}: ${m[2]}`);

  it("lists sender, recipient, each extra header and the error, in that order", () => {
    expect(pairs(renderToStaticMarkup(<MessageHeaders message={message} />))).toEqual([
      "From: Halifax Charity &lt;no-reply@example.org&gt;",
      "To: sam@example.org",
      "Reply-To: office@example.org",
      "Error: Mailbox unavailable",
    ]);
  });

  it("on a message's own page also says when it was written, and when sent once it was", () => {
    const written = pairs(renderToStaticMarkup(<MessageHeaders message={message} showDates />));
    expect(written[2]).toMatch(/^Written: .*2026/);
    expect(written.some((p) => p.startsWith("Sent:"))).toBe(false);
    const sent = pairs(renderToStaticMarkup(<MessageHeaders message={{ ...message, error: null, sentAt: "2026-03-02T11:00:00.000Z" }} showDates />));
    expect(sent.map((p) => p.split(":")[0])).toEqual(["From", "To", "Written", "Sent", "Reply-To"]);
  });
});
