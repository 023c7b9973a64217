import { describe, expect, it } from "vitest";
import { pageDocumentSchema, type PageDocument } from "#app/features/pages/page-document";
import { markdownToRichText } from "./rich-text";
import { blockFieldDifferences, documentDifferences, paragraphChanges } from "./page-differences";

const doc = (blocks: unknown[], extra: Record<string, unknown> = {}): PageDocument => pageDocumentSchema.parse({ title: "Bike Rides", blocks, ...extra });
const hero = { id: "hero", type: "hero", title: "Bike Rides", subtitle: "Ride with us", buttons: [{ label: "Join Next Ride", href: "/contact" }] };
const text = (md: string) => ({ id: "text", type: "text", title: "About the rides", body: markdownToRichText(md) });
const cards = (list: { title: string; description?: string }[]) => ({ id: "cards", type: "cards", title: "Ways to ride", cards: list });

describe("what changed between two versions, with the words before and after", () => {
  it("gives a changed hero's fields with their old and new text", () => {
    const before = doc([hero]);
    const after = doc([{ ...hero, title: "Bike Rides for all", buttons: [{ label: "Borrow a Bike", href: "/contact" }] }]);
    expect(documentDifferences(before, after)).toEqual({
      page: [],
      blocks: [
        {
          kind: "changed",
          blockId: "hero",
          label: "Hero (block 1): Bike Rides for all",
          fields: [
            { field: "Title", before: "Bike Rides", after: "Bike Rides for all" },
            { field: "Button 1 label", before: "Join Next Ride", after: "Borrow a Bike" },
          ],
        },
      ],
    });
  });

  it("shows rich text as plain words, only the paragraphs that changed", () => {
    const before = doc([text("## Where\n\nFrom the **hub** on Sundays.\n\nBring water.")]);
    const after = doc([text("## Where\n\nFrom the [hub](/what-we-deliver/active-travel-hub) on Saturdays.\n\nBring water.\n\n- Helmets provided")]);
    expect(blockFieldDifferences(before.blocks[0]!, after.blocks[0]!)).toEqual([
      { field: "Text, paragraph 2", before: "From the hub on Sundays.", after: "From the hub on Saturdays." },
      { field: "Text, paragraph 4", before: "", after: "Helmets provided" },
    ]);
  });

  it("names entries of a list by their place, and an added entry has nothing before", () => {
    const before = doc([cards([{ title: "Sunday rides", description: "Easy pace" }])]);
    const after = doc([cards([{ title: "Sunday rides", description: "Easy pace, all welcome" }, { title: "Bike repair" }])]);
    expect(blockFieldDifferences(before.blocks[0]!, after.blocks[0]!)).toEqual([
      { field: "Card 1 description", before: "Easy pace", after: "Easy pace, all welcome" },
      { field: "Card 2 title", before: "", after: "Bike repair" },
      { field: "Card 2 colour", before: "", after: "primary" },
    ]);
  });

  it("spells out numbers, pictures, hiding and a picture added where there was none", () => {
    const figures = (value: number) => ({ id: "figs", type: "figures", figures: [{ value, suffix: "+", label: "Young people" }] });
    expect(blockFieldDifferences(doc([figures(500)]).blocks[0]!, doc([{ ...figures(650), hidden: true }]).blocks[0]!)).toEqual([
      { field: "Shown on the page", before: "Shown", after: "Hidden" },
      { field: "Figure 1 value", before: "500", after: "650" },
    ]);
    const withPicture = doc([{ ...hero, image: { src: "/media/ride.webp", alt: "Riders by the canal" } }]);
    expect(blockFieldDifferences(doc([hero]).blocks[0]!, withPicture.blocks[0]!)).toEqual([
      { field: "Picture address", before: "", after: "/media/ride.webp" },
      { field: "Picture alt text", before: "", after: "Riders by the canal" },
      { field: "Picture decorative", before: "", after: "no" },
    ]);
  });

  it("lists page fields, then blocks removed, moved and added, as compareDocuments finds them", () => {
    const before = doc([hero, text("Old words"), cards([{ title: "A" }])]);
    const after = doc([cards([{ title: "A" }]), hero, { id: "new", type: "buttons", buttons: [{ label: "Donate", href: "/donate" }] }], {
      title: "Bike rides",
      seo: { description: "Rides around Halifax", noindex: true },
    });
    const changes = documentDifferences(before, after);
    expect(changes.page).toEqual([
      { field: "Page title", before: "Bike Rides", after: "Bike rides" },
      { field: "Description", before: "", after: "Rides around Halifax" },
      { field: "Hidden from search engines", before: "no", after: "yes" },
    ]);
    expect(changes.blocks).toEqual([
      { kind: "removed", blockId: "text", label: "Text and pictures (block 2): About the rides" },
      { kind: "moved", blockId: "cards", label: "Cards (block 1): Ways to ride", from: 3, to: 1 },
      { kind: "moved", blockId: "hero", label: "Hero (block 2): Bike Rides", from: 1, to: 2 },
      { kind: "added", blockId: "new", label: "Buttons (block 3)" },
    ]);
  });

  it("finds nothing when the versions are the same", () => {
    const page = doc([hero, text("Words")]);
    expect(documentDifferences(page, page)).toEqual({ page: [], blocks: [] });
  });
});

describe("paragraph runs", () => {
  it("pairs the paragraphs replaced with those that replaced them, numbered in the newer text", () => {
    expect(paragraphChanges(["a", "b", "c", "d"], ["a", "B", "c", "d", "e"])).toEqual([
      { at: 2, before: ["b"], after: ["B"] },
      { at: 5, before: [], after: ["e"] },
    ]);
    expect(paragraphChanges(["a", "b"], ["b"])).toEqual([{ at: 1, before: ["a"], after: [] }]);
    expect(paragraphChanges([], [])).toEqual([]);
  });
});
