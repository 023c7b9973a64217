import { describe, expect, it } from "vitest";
import { blockSchema, BLOCK_LABELS, type BlockType } from "#app/features/blocks/block-schema";
import { pageDocumentSchema } from "#app/features/pages/page-document";
import { documentErrors } from "#app/features/blocks/block-errors";
import { duplicateBlock, moveBlock, newBlock, newBlockId, removeBlock, setAt, setHidden, type DraftBlock } from "./block-list";
import { BLOCK_FIELDS } from "./block-fields";

const list = (): DraftBlock[] => [
  { id: "hero", type: "hero", title: "A" },
  { id: "faq", type: "faq", entries: [{ id: "q1", topic: "t", question: "q", answer: "a" }] },
  { id: "text", type: "text", title: "C" },
];

describe("changing a page's list of blocks", () => {
  it("moves a block up and down, staying inside the list", () => {
    expect(moveBlock(list(), 2, 0).map((b) => b.id)).toEqual(["text", "hero", "faq"]);
    expect(moveBlock(list(), 0, 1).map((b) => b.id)).toEqual(["faq", "hero", "text"]);
    expect(moveBlock(list(), 0, -5).map((b) => b.id)).toEqual(["hero", "faq", "text"]);
    expect(moveBlock(list(), 1, 99).map((b) => b.id)).toEqual(["hero", "text", "faq"]);
  });

  it("duplicates a block right after itself with new ids, leaving the original untouched", () => {
    let n = 0;
    const random = () => (n++ % 7) / 7;
    const before = list();
    const after = duplicateBlock(before, 1, random);
    expect(after).toHaveLength(4);
    expect(after[2]!.type).toBe("faq");
    expect(after[2]!.id).not.toBe("faq");
    expect(new Set(after.map((b) => b.id)).size).toBe(4);
    const entries = after[2]!.entries as { id: string; question: string }[];
    expect(entries[0]!.question).toBe("q");
    expect(entries[0]!.id).not.toBe("q1");
    entries[0]!.question = "changed";
    expect((before[1]!.entries as { question: string }[])[0]!.question).toBe("q");
  });

  it("hides, shows and removes", () => {
    expect(setHidden(list(), 0, true)[0]!.hidden).toBe(true);
    expect(setHidden(setHidden(list(), 0, true), 0, false)[0]!.hidden).toBe(false);
    expect(removeBlock(list(), 1).map((b) => b.id)).toEqual(["hero", "text"]);
  });

  it("never hands out an id the page already has", () => {
    const values = [0.5, 0.5, 0.25];
    const first = newBlockId("hero", [], () => 0.5);
    expect(newBlockId("hero", [first], () => values.shift()!)).not.toBe(first);
  });

  it("sets a value deep inside a block without changing the original", () => {
    const block = { id: "c", type: "cards", cards: [{ title: "A" }, { title: "B" }] };
    const next = setAt(block, ["cards", 1, "title"], "Bee");
    expect(next.cards[1]!.title).toBe("Bee");
    expect(block.cards[1]!.title).toBe("B");
    expect(next.cards[0]).toBe(block.cards[0]);
  });
});

describe("a new block of every type", () => {
  const shapes = new Map(blockSchema.options.map((o) => [o.shape.type.value as BlockType, Object.keys(o.shape)]));
  it.each(Object.keys(BLOCK_LABELS) as BlockType[])("%s: the editor has a field for everything its schema holds, and a new one starts with each", (type) => {
    const fields = BLOCK_FIELDS[type].map((f) => f.key);
    // The text block's pictures are edited in the Images sub-tab, as before.
    const editable = shapes.get(type)!.filter((k) => !["id", "type", "hidden"].includes(k) && !(type === "text" && k === "images"));
    expect(fields.sort()).toEqual(editable.sort());
    const block = newBlock(type, `${type}-1`);
    for (const key of shapes.get(type)!) expect(block, `new ${type} lacks ${key}`).toHaveProperty(key);
  });
});

describe("messages for the editor", () => {
  it("keys each refused field by its place, block by block", () => {
    const result = pageDocumentSchema.safeParse({
      title: "",
      blocks: [
        { id: "hero", type: "hero", title: "Hi" },
        { id: "cards", type: "cards", cards: [{ title: "One" }, { title: "" }] },
        { id: "fig", type: "figures", figures: [{ value: "lots", label: "People" }] },
      ],
    });
    expect(result.success).toBe(false);
    const { blocks, page } = documentErrors(result.error!.issues.map((i) => ({ path: i.path.join("."), message: i.message })));
    expect(page).toEqual({ title: "Page title is required" });
    expect(blocks["1.cards.1.title"]).toBe("Card title is required");
    expect(blocks["2.figures.0.value"]).toBe("A figure's value must be a number");
  });
});
