import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { markdownToRichText, parseRichTextField, type RichTextDoc } from "#app/features/blocks/rich-text";
import { RichTextEditor } from "./rich-text-editor";

const DOC: RichTextDoc = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Our rides" }] },
    { type: "paragraph", content: [{ type: "text", text: "Every " }, { type: "text", text: "Saturday", marks: [{ type: "bold" }] }] },
    { type: "bulletList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Helmets lent" }] }] }] },
  ],
};

function serverHtml(props: Partial<Parameters<typeof RichTextEditor>[0]> = {}): string {
  return renderToString(<RichTextEditor id="body" name="body" label="Main Content" defaultValue={DOC} pages={[]} describedBy="body-hint" {...props} />);
}

/** The text of the server-rendered box, unescaped as the browser would post it. */
function boxText(html: string): string {
  const inner = /<textarea[^>]*>([\s\S]*?)<\/textarea>/.exec(html)?.[1] ?? "";
  return inner.replace(/^\n/, "").replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");
}

describe("RichTextEditor without JavaScript", () => {
  it("is a labelled plain box named as the field, holding the text as Markdown, and no editor", () => {
    const html = serverHtml();
    expect(html).toMatch(/<label[^>]*for="body"[^>]*>Main Content<\/label>/);
    expect(html).toMatch(/<textarea[^>]*id="body"[^>]*name="body"[^>]*rows="12"/);
    expect(html).toContain('aria-describedby="body-hint"');
    expect(boxText(html)).toBe("## Our rides\n\nEvery **Saturday**\n\n- Helmets lent");
    expect(html).not.toContain("contenteditable");
    expect(html).not.toContain('type="hidden"');
  });

  it("posts what the server reads back as the same document", () => {
    const posted = parseRichTextField(boxText(serverHtml()));
    expect(posted).toEqual({ doc: DOC });
  });

  it("shows the stored text exactly when given it, so an untouched field posts it unchanged", () => {
    const stored = "Every  **Saturday**, rain or shine.";
    const html = serverHtml({ defaultValue: markdownToRichText(stored), unchangedValue: stored });
    expect(boxText(html)).toBe(stored);
  });
});
