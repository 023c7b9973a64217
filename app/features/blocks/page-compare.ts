/**
 * What changed between two versions of a page, block by block, in words:
 * the editor shows it before a revision is restored (and before a draft is
 * published), so staff see what they are about to bring back or replace.
 * Blocks are matched by their id, which stays the same across versions.
 */
import type { PageDocument } from "#app/features/pages/page-document";
import { BLOCK_LABELS, type Block } from "#app/features/blocks/block-schema";

export type BlockChange =
  | { kind: "added" | "removed"; blockId: string; label: string }
  | { kind: "changed"; blockId: string; label: string; fields: string[] }
  | { kind: "moved"; blockId: string; label: string; from: number; to: number };

export interface DocumentChanges {
  /** Page-level fields that differ: "title", "search title", "description", "share image", "hidden from search". */
  page: string[];
  blocks: BlockChange[];
}

const FIELD_NAMES: Record<string, string> = {
  title: "title",
  subtitle: "subtitle",
  image: "picture",
  images: "pictures",
  buttons: "buttons",
  body: "text",
  layout: "layout",
  hidden: "shown or hidden",
  cards: "cards",
  figures: "figures",
  steps: "steps",
  entries: "questions",
  oneOff: "one-off amounts",
  monthly: "monthly amounts",
  intro: "introduction",
  caption: "caption",
  align: "alignment",
  consent: "consent wording",
  privacy: "privacy note",
};

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function blockName(block: Block, index: number): string {
  const title = "title" in block && typeof block.title === "string" && block.title.trim() ? `: ${block.title.trim()}` : "";
  return `${BLOCK_LABELS[block.type]} (block ${index + 1})${title}`;
}

function changedFields(a: Block, b: Block): string[] {
  const keys = new Set([...Object.keys(a), ...Object.keys(b)].filter((k) => k !== "id" && k !== "type"));
  return [...keys]
    .filter((k) => !same((a as Record<string, unknown>)[k], (b as Record<string, unknown>)[k]))
    .map((k) => FIELD_NAMES[k] ?? k);
}

export function compareDocuments(before: PageDocument, after: PageDocument): DocumentChanges {
  const page: string[] = [];
  if (before.title !== after.title) page.push("title");
  if (before.seo.title !== after.seo.title) page.push("search title");
  if (before.seo.description !== after.seo.description) page.push("description");
  if (!same(before.seo.image, after.seo.image)) page.push("share image");
  if (before.seo.noindex !== after.seo.noindex) page.push("hidden from search");

  const blocks: BlockChange[] = [];
  const beforeIndex = new Map(before.blocks.map((b, i) => [b.id, i]));
  const afterIds = new Set(after.blocks.map((b) => b.id));
  before.blocks.forEach((block, i) => {
    if (!afterIds.has(block.id)) blocks.push({ kind: "removed", blockId: block.id, label: blockName(block, i) });
  });
  // Order among the blocks both versions share: a block counts as moved when its place among them changed.
  const shared = after.blocks.filter((b) => beforeIndex.has(b.id)).map((b) => b.id);
  const sharedBefore = before.blocks.filter((b) => afterIds.has(b.id)).map((b) => b.id);
  after.blocks.forEach((block, i) => {
    const was = beforeIndex.get(block.id);
    if (was === undefined) {
      blocks.push({ kind: "added", blockId: block.id, label: blockName(block, i) });
      return;
    }
    const old = before.blocks[was]!;
    if (old.type !== block.type) {
      blocks.push({ kind: "removed", blockId: block.id, label: blockName(old, was) }, { kind: "added", blockId: block.id, label: blockName(block, i) });
      return;
    }
    const fields = changedFields(old, block);
    if (fields.length) blocks.push({ kind: "changed", blockId: block.id, label: blockName(block, i), fields });
    if (shared.indexOf(block.id) !== sharedBefore.indexOf(block.id)) blocks.push({ kind: "moved", blockId: block.id, label: blockName(block, i), from: was + 1, to: i + 1 });
  });
  return { page, blocks };
}

/** The changes as sentences for the revision list ("Hero (block 1): title changed"). */
export function describeChanges(changes: DocumentChanges): string[] {
  const lines = changes.page.length ? [`Page ${changes.page.join(", ")} changed`] : [];
  for (const c of changes.blocks) {
    if (c.kind === "changed") lines.push(`${c.label}: ${c.fields.join(", ")} changed`);
    else if (c.kind === "moved") lines.push(`${c.label}: moved from place ${c.from} to ${c.to}`);
    else lines.push(`${c.label}: ${c.kind}`);
  }
  return lines.length ? lines : ["No differences"];
}
