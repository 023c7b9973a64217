import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { LinkedText, previewDocument } from "./mail-preview";

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
