import { describe, expect, it } from "vitest";
import { pageDocumentSchema } from "#app/features/pages/page-document";
import { checkPageDocument } from "#app/features/blocks/page-checks";
import { BLOCKS_PAGE_TITLE, blocksPageDocument, blockTitles } from "../bench/lib/blocks-page.mjs";

// The benchmark's 30-block page is written straight into the database: a
// document the app would refuse would not be shown, and the bench would
// time a shorter page (or a 404) without saying so.
describe("the benchmarks' 30-block page", () => {
  it("is a page document the app accepts, unchanged by its defaults", () => {
    const document = blocksPageDocument();
    const parsed = pageDocumentSchema.parse(document);
    expect(parsed).toEqual(document);
    expect(parsed.title).toBe(BLOCKS_PAGE_TITLE);
  });

  it("passes the checks staff meet before publishing, warnings included", () => {
    expect(checkPageDocument(pageDocumentSchema.parse(blocksPageDocument()))).toEqual([]);
  });

  it("holds 30 visible blocks of the kinds real pages use, a hero first", () => {
    const { blocks } = blocksPageDocument();
    expect(blocks).toHaveLength(30);
    expect(blocks.filter((b) => b.hidden)).toEqual([]);
    expect(blocks[0].type).toBe("hero");
    expect(new Set(blocks.map((b) => b.type))).toEqual(
      new Set(["hero", "text", "figures", "cards", "steps", "image", "faq", "buttons", "gallery", "testimonials", "events", "donation"]),
    );
  });

  it("gives every block a title of its own, so a render can be checked for each", () => {
    const titles = blockTitles();
    expect(titles).toHaveLength(30);
    expect(new Set(titles).size).toBe(30);
  });
});
