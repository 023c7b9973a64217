import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { BUILT_IN_PAGES } from "#app/content/pages";
import { Markdown } from "#app/features/pages/site/markdown";
import { markdownToRichText, richTextLinks, richTextSchema, richTextToMarkdown, richTextToPlain } from "./rich-text";
import { RichTextView } from "./site/rich-text-view";
import { markdownToText } from "#app/features/pages/markdown";

const classNames = { p: "p", h2: "h2", h3: "h3", ul: "ul", li: "li" };

describe("rich text from the old Markdown copy", () => {
  it.each(BUILT_IN_PAGES.map((p) => [p.id, p.content] as const))("renders %s exactly as the Markdown renderer did", (_id, source) => {
    const doc = markdownToRichText(source);
    expect(richTextSchema.safeParse(doc).success).toBe(true);
    const before = renderToStaticMarkup(<Markdown source={source} headingOffset={1} classNames={classNames} />);
    const after = renderToStaticMarkup(<RichTextView doc={doc} headingOffset={1} classNames={classNames} />);
    expect(after).toBe(before);
    expect(richTextToPlain(doc)).toBe(markdownToText(source).replace(/; /g, " "));
  });

  it("goes back to the same Markdown, so the plain field shows what was typed", () => {
    const source = "## Heading\n\nA **bold** and *italic* [link](/about).\n\n- one\n- two";
    expect(richTextToMarkdown(markdownToRichText(source))).toBe(source);
  });

  it("shows an unsafe link as its text and keeps safe ones", () => {
    const doc = markdownToRichText("[bad](javascript:alert(1)) and [good](https://example.org)");
    const html = renderToStaticMarkup(<RichTextView doc={doc} />);
    expect(html).toBe('<p>bad and <a href="https://example.org" rel="noopener noreferrer">good</a></p>');
    expect(richTextLinks(doc)).toEqual([
      { text: "bad", href: "javascript:alert(1)", safe: false },
      { text: "good", href: "https://example.org", safe: true },
    ]);
  });

  it("refuses nodes the editor does not offer and escapes text", () => {
    expect(richTextSchema.safeParse({ type: "doc", content: [{ type: "codeBlock", content: [] }] }).success).toBe(false);
    expect(richTextSchema.safeParse({ type: "doc", content: [{ type: "heading", attrs: { level: 1 } }] }).success).toBe(false);
    const parsed = richTextSchema.parse({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "<script>x</script>", marks: [{ type: "bold" }] }] }] });
    expect(renderToStaticMarkup(<RichTextView doc={parsed} />)).toBe("<p><strong>&lt;script&gt;x&lt;/script&gt;</strong></p>");
  });

  it("refuses a document too long to be a page's text", () => {
    const long = { type: "doc", content: Array.from({ length: 12 }, () => ({ type: "paragraph", content: [{ type: "text", text: "x".repeat(19_000) }] })) };
    const result = richTextSchema.safeParse(long);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toMatch(/too long/);
  });

  it("renders numbered lists, nested lists and line breaks", () => {
    const doc = richTextSchema.parse({
      type: "doc",
      content: [
        { type: "orderedList", attrs: { start: 3 }, content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "a" }, { type: "hardBreak" }, { type: "text", text: "b" }] }, { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "c" }] }] }] }] }] },
      ],
    });
    expect(renderToStaticMarkup(<RichTextView doc={doc} />)).toBe('<ol start="3"><li>a<br/>b<ul><li>c</li></ul></li></ol>');
  });
});
