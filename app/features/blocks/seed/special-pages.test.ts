import { describe, expect, it } from "vitest";
import { BUILT_IN_PAGES } from "#app/content/pages";
import { FAQ_TOPICS } from "#app/content/site";
import { blockSchema } from "#app/features/blocks/block-schema";
import { QUESTION_TOPICS } from "#app/features/messages/question.schema";
import { questionTopicsFrom } from "#app/features/blocks/question-topics";
import { SPECIAL_PAGE_BLOCKS } from "./special-pages";

describe("the special pages' seed blocks", () => {
  const seeds = Object.entries(SPECIAL_PAGE_BLOCKS);

  it("belong to built-in pages", () => {
    const ids = new Set(BUILT_IN_PAGES.map((p) => p.id));
    expect(seeds.map(([id]) => id).filter((id) => !ids.has(id))).toEqual([]);
  });

  it.each(seeds)("validate for %s, with ids unique on the page", (_id, seed) => {
    const blocks = [...seed.before, ...seed.after];
    for (const b of blocks) expect(blockSchema.parse(b)).toEqual(b);
    expect(new Set(blocks.map((b) => b.id)).size).toBe(blocks.length);
  });

  it("give the FAQ page every topic, and the Contact form the same topics", () => {
    const faq = SPECIAL_PAGE_BLOCKS.faqs!.after.find((b) => b.type === "faq");
    expect(faq?.type === "faq" && faq.entries.map((e) => e.topic)).toEqual(FAQ_TOPICS.map((t) => t.topic));
    expect(questionTopicsFrom(SPECIAL_PAGE_BLOCKS.faqs!.after)).toEqual(QUESTION_TOPICS);
  });
});
