import { describe, expect, it } from "vitest";
import { richTextSchema, richTextToMarkdown } from "#app/features/blocks/rich-text";
import { checkLinkAddress, toStoredRichText } from "./stored-rich-text";

// What Tiptap 3's getJSON() gives for a small document typed with the toolbar:
// the link mark's extra attributes, an ordered list's `type`, a heading's
// level, an empty text run and the trailing empty paragraph it keeps.
const fromEditor = {
  type: "doc",
  content: [
    { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Our rides" }] },
    {
      type: "paragraph",
      attrs: { textAlign: null },
      content: [
        { type: "text", text: "Join " },
        { type: "text", marks: [{ type: "bold", attrs: {} }], text: "every Saturday" },
        { type: "text", text: "" },
        { type: "hardBreak" },
        {
          type: "text",
          marks: [{ type: "link", attrs: { href: "/contact", target: "_blank", rel: "noopener noreferrer nofollow", class: null, title: null } }],
          text: "contact us",
        },
      ],
    },
    {
      type: "orderedList",
      attrs: { start: 1, type: null },
      content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Bring a helmet" }] }] }],
    },
    { type: "paragraph" },
  ],
};

describe("toStoredRichText", () => {
  it("keeps the formatting and drops what the editor adds, so the result passes the stored schema", () => {
    const stored = toStoredRichText(fromEditor);
    expect(stored).toEqual({
      type: "doc",
      content: [
        { type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Our rides" }] },
        {
          type: "paragraph",
          content: [
            { type: "text", text: "Join " },
            { type: "text", text: "every Saturday", marks: [{ type: "bold" }] },
            { type: "hardBreak" },
            { type: "text", text: "contact us", marks: [{ type: "link", attrs: { href: "/contact" } }] },
          ],
        },
        { type: "orderedList", content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Bring a helmet" }] }] }] },
      ],
    });
    expect(richTextSchema.safeParse(stored).success).toBe(true);
  });

  it("keeps an ordered list's own starting number", () => {
    const stored = toStoredRichText({
      type: "doc",
      content: [{ type: "orderedList", attrs: { start: 4, type: null }, content: [{ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "four" }] }] }] }],
    });
    expect(stored.content[0]).toMatchObject({ type: "orderedList", attrs: { start: 4 } });
    expect(richTextToMarkdown(stored)).toBe("4. four");
  });

  it("brings heading levels into 2 to 4, since the page title is the only level 1", () => {
    const levels = [1, 2, 3, 4, 5, 6].map((level) => toStoredRichText({ type: "doc", content: [{ type: "heading", attrs: { level }, content: [{ type: "text", text: "x" }] }] }).content[0]);
    expect(levels.map((h) => (h?.type === "heading" ? h.attrs.level : null))).toEqual([2, 2, 3, 4, 4, 4]);
  });

  it("turns nodes the site does not show into paragraphs of their words, and drops pictures and rules", () => {
    const stored = toStoredRichText({
      type: "doc",
      content: [
        { type: "blockquote", content: [{ type: "paragraph", content: [{ type: "text", text: "Quoted", marks: [{ type: "italic" }, { type: "strike" }] }] }] },
        { type: "codeBlock", attrs: { language: null }, content: [{ type: "text", text: "npm start" }] },
        { type: "horizontalRule" },
        { type: "image", attrs: { src: "x.png" } },
        { type: "paragraph", content: [{ type: "text", text: "Hi", marks: [{ type: "code" }, { type: "textStyle", attrs: { color: "red" } }] }, { type: "mention", attrs: { id: 1 } }] },
      ],
    });
    expect(stored.content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "Quoted", marks: [{ type: "italic" }] }] },
      { type: "paragraph", content: [{ type: "text", text: "npm start" }] },
      { type: "paragraph", content: [{ type: "text", text: "Hi" }] },
    ]);
    expect(richTextSchema.safeParse(stored).success).toBe(true);
  });

  it("keeps lists within the depth the site nests, a heading in a list item as its words, and no empty item or list", () => {
    const item = (text: string, ...more: object[]) => ({ type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text }] }, ...more] });
    const deep = {
      type: "bulletList",
      content: [item("1", { type: "bulletList", content: [item("2", { type: "bulletList", content: [item("3", { type: "bulletList", content: [item("4")] })] })] })],
    };
    const stored = toStoredRichText({
      type: "doc",
      content: [
        deep,
        { type: "bulletList", content: [{ type: "listItem", content: [{ type: "heading", attrs: { level: 3 }, content: [{ type: "text", text: "Title" }] }] }, { type: "listItem", content: [] }] },
        { type: "bulletList", content: [] },
      ],
    });
    expect(richTextSchema.safeParse(stored).success).toBe(true);
    expect(stored.content).toHaveLength(2);
    expect(JSON.stringify(stored.content[0])).toContain('"text":"4"');
    expect(stored.content[1]).toEqual({
      type: "bulletList",
      content: [
        { type: "listItem", content: [{ type: "paragraph", content: [{ type: "text", text: "Title" }] }] },
        { type: "listItem", content: [{ type: "paragraph" }] },
      ],
    });
  });

  it("merges runs with the same marks, orders marks, and refuses a link without an address", () => {
    const stored = toStoredRichText({
      type: "doc",
      content: [
        {
          type: "paragraph",
          content: [
            { type: "text", text: "a", marks: [{ type: "italic" }, { type: "bold" }] },
            { type: "text", text: "b", marks: [{ type: "bold" }, { type: "italic" }, { type: "bold" }] },
            { type: "text", text: "c", marks: [{ type: "link", attrs: { href: "  " } }] },
            { type: "text", text: "d", marks: [{ type: "link", attrs: { href: null } }] },
          ],
        },
      ],
    });
    expect(stored.content).toEqual([
      { type: "paragraph", content: [{ type: "text", text: "ab", marks: [{ type: "bold" }, { type: "italic" }] }, { type: "text", text: "cd" }] },
    ]);
  });

  it("splits a text run longer than the schema allows instead of refusing the document", () => {
    const stored = toStoredRichText({ type: "doc", content: [{ type: "paragraph", content: [{ type: "text", text: "x".repeat(45_000) }] }] });
    const runs = stored.content[0]?.type === "paragraph" ? stored.content[0].content ?? [] : [];
    expect(runs.map((r) => (r.type === "text" ? r.text.length : 0))).toEqual([20_000, 20_000, 5_000]);
    expect(richTextSchema.safeParse(stored).success).toBe(true);
  });

  it("gives an empty document for nothing or for something that is not a document", () => {
    expect(toStoredRichText(null)).toEqual({ type: "doc", content: [] });
    expect(toStoredRichText({ type: "doc", content: [{ type: "paragraph" }, { type: "paragraph", content: [{ type: "text", text: "" }] }] })).toEqual({ type: "doc", content: [] });
    expect(toStoredRichText("<p>hi</p>")).toEqual({ type: "doc", content: [] });
  });
});

describe("checkLinkAddress", () => {
  it("takes web, e-mail and phone addresses", () => {
    expect(checkLinkAddress(" https://www.calderdale.gov.uk/ ")).toEqual({ href: "https://www.calderdale.gov.uk/" });
    expect(checkLinkAddress("mailto:hello@example.org")).toEqual({ href: "mailto:hello@example.org" });
    expect(checkLinkAddress("tel:+441422000000")).toEqual({ href: "tel:+441422000000" });
  });

  it("reads an address typed without its scheme the way a person means it", () => {
    expect(checkLinkAddress("www.example.org/events")).toEqual({ href: "https://www.example.org/events" });
    expect(checkLinkAddress("hello@example.org")).toEqual({ href: "mailto:hello@example.org" });
  });

  it("refuses script, data and other schemes with a message", () => {
    for (const bad of ["javascript:alert(1)", "JavaScript:alert(1)", "java\nscript:alert(1)", "data:text/html,<b>x</b>", "vbscript:x", "file:///etc/passwd", "ftp://example.org"]) {
      const result = checkLinkAddress(bad);
      expect(result, bad).toHaveProperty("error");
      if ("error" in result) expect(result.error).toMatch(/https:\/\/, mailto: or tel:|spaces/);
    }
  });

  it("sends a path on this site to the page list, and refuses an empty or incomplete address", () => {
    expect(checkLinkAddress("/contact")).toEqual({ error: expect.stringContaining("A page on this site") });
    expect(checkLinkAddress("  ")).toEqual({ error: "Enter the address to link to." });
    expect(checkLinkAddress("https://")).toHaveProperty("error");
    expect(checkLinkAddress("mailto:")).toHaveProperty("error");
    expect(checkLinkAddress("https://example.org/a page")).toEqual({ error: "An address cannot contain spaces." });
  });
});
