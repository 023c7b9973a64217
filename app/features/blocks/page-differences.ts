/**
 * What changed between two versions of a page, block by block, with the
 * words before and after: the Revisions list's Compare shows it, so staff
 * see what a restore would bring back before they press Restore.
 * `compareDocuments` finds which blocks were added, removed, moved or
 * changed; this adds, for a changed block, each field that differs as
 * plain text (rich text as its paragraphs, pictures as their address and
 * alt text).
 */
import type { PageDocument } from "#app/features/pages/page-document";
import type { Block } from "#app/features/blocks/block-schema";
import { richTextBlocksAsText, type RichTextDoc } from "#app/features/blocks/rich-text";
import { compareDocuments } from "./page-compare";

export interface FieldDifference {
  /** The field in words, e.g. "Title", "Card 2 description", "Text, paragraph 3". */
  field: string;
  /** The text in the older version and in the newer one; "" when the field was empty or absent. */
  before: string;
  after: string;
}

export type BlockDifference =
  | { kind: "added"; blockId: string; label: string }
  | { kind: "removed"; blockId: string; label: string }
  | { kind: "changed"; blockId: string; label: string; fields: FieldDifference[] }
  | { kind: "moved"; blockId: string; label: string; from: number; to: number };

export interface DocumentDifferences {
  page: FieldDifference[];
  blocks: BlockDifference[];
}

/** A block's own fields by their name on screen; an array's entries are named one by one ("Card 2"). */
const TOP_NAMES: Record<string, string> = {
  title: "Title",
  subtitle: "Subtitle",
  image: "Picture",
  images: "Picture",
  buttons: "Button",
  body: "Text",
  layout: "Layout",
  hidden: "Shown on the page",
  cards: "Card",
  figures: "Figure",
  steps: "Step",
  entries: "Question",
  oneOff: "One-off amount",
  monthly: "Monthly amount",
  intro: "Introduction",
  caption: "Caption",
  align: "Alignment",
  consent: "Consent wording",
  privacy: "Privacy note",
  style: "Style",
  columns: "Columns",
  assignment: "Video page",
  display: "Videos shown",
  limit: "Events shown",
  form: "Form",
  text: "Text",
};

/** Fields inside an entry (a card, a button, a picture), after the entry's name: "Card 2 description". */
const INNER_NAMES: Record<string, string> = {
  label: "label",
  href: "link",
  title: "title",
  description: "description",
  icon: "icon",
  tone: "colour",
  buttonLabel: "button label",
  value: "value",
  suffix: "suffix",
  topic: "topic",
  question: "question",
  answer: "answer",
  followUp: "follow-up",
  amount: "amount",
  impact: "what it buys",
  name: "name",
  link: "giving link",
  src: "address",
  filename: "address",
  alt: "alt text",
  decorative: "decorative",
  caption: "caption",
  position: "position",
};

/** Kept for the machine, not shown: ids, a picture's measured size, an order the list's own order already says. */
const UNSHOWN = new Set(["id", "type", "width", "height", "order"]);

const asText = (value: unknown): string => {
  if (value === null || value === undefined) return "";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
};

const isRichText = (value: unknown): value is RichTextDoc =>
  typeof value === "object" && value !== null && (value as { type?: unknown }).type === "doc" && Array.isArray((value as { content?: unknown }).content);

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === "object" && value !== null && !Array.isArray(value);

/** Optional objects, spelled out as empty fields when absent, so a picture added reads "Picture address: (empty) → …". */
const ABSENT_SHAPES: Record<string, string[]> = { image: ["address"], followUp: ["label", "link"] };

/** A value as named text fields, in order: nested entries and objects are spelled out one field each. */
function leaves(key: string, name: string, value: unknown, out: Map<string, string>): void {
  if (Array.isArray(value)) {
    value.forEach((item, i) => leaves(key, `${name} ${i + 1}`, item, out));
    return;
  }
  if (value === null && ABSENT_SHAPES[key]) {
    for (const part of ABSENT_SHAPES[key]) out.set(`${name} ${part}`, "");
    return;
  }
  if (isPlainObject(value) && !isRichText(value)) {
    for (const [inner, field] of Object.entries(value)) {
      if (UNSHOWN.has(inner)) continue;
      leaves(inner, `${name} ${INNER_NAMES[inner] ?? inner}`, field, out);
    }
    return;
  }
  out.set(name, isRichText(value) ? richTextBlocksAsText(value).join("\n\n") : asText(value));
}

/** A block's fields as text, by their name on screen. Rich text bodies are left out: they are compared paragraph by paragraph. */
function blockLeaves(block: Block): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(block)) {
    if (UNSHOWN.has(key)) continue;
    if (key === "hidden") {
      out.set(TOP_NAMES.hidden!, value ? "Hidden" : "Shown");
      continue;
    }
    if (isRichText(value)) continue;
    // A single picture reads "Picture address"; a list's entries "Picture 2 address".
    leaves(key, TOP_NAMES[key] ?? key, value, out);
  }
  return out;
}

/**
 * The paragraphs that differ between two rich texts, as runs: each run is
 * the paragraphs of the older text replaced by those of the newer one
 * (either side may be empty), found by the longest run of paragraphs both share.
 */
export function paragraphChanges(before: readonly string[], after: readonly string[]): { at: number; before: string[]; after: string[] }[] {
  const n = before.length;
  const m = after.length;
  // common[i][j]: how many paragraphs before[i..] and after[j..] share, in order.
  const common = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      common[i]![j] = before[i] === after[j] ? common[i + 1]![j + 1]! + 1 : Math.max(common[i + 1]![j]!, common[i]![j + 1]!);
    }
  }
  const runs: { at: number; before: string[]; after: string[] }[] = [];
  let run: { at: number; before: string[]; after: string[] } | null = null;
  let i = 0;
  let j = 0;
  const open = () => (run ??= { at: j + 1, before: [], after: [] });
  while (i < n || j < m) {
    if (i < n && j < m && before[i] === after[j]) {
      if (run) runs.push(run);
      run = null;
      i++;
      j++;
    } else if (j < m && (i >= n || common[i]![j + 1]! >= common[i + 1]![j]!)) {
      open().after.push(after[j]!);
      j++;
    } else {
      open().before.push(before[i]!);
      i++;
    }
  }
  if (run) runs.push(run);
  return runs;
}

function bodyDifferences(before: Block, after: Block): FieldDifference[] {
  const a = "body" in before && isRichText(before.body) ? richTextBlocksAsText(before.body) : [];
  const b = "body" in after && isRichText(after.body) ? richTextBlocksAsText(after.body) : [];
  return paragraphChanges(a, b).map((run) => ({
    field: `Text, paragraph ${run.at}`,
    before: run.before.join("\n\n"),
    after: run.after.join("\n\n"),
  }));
}

/** Each field of a block that differs between its two versions, with its text before and after. */
export function blockFieldDifferences(before: Block, after: Block): FieldDifference[] {
  const a = blockLeaves(before);
  const b = blockLeaves(after);
  const fields: FieldDifference[] = [];
  for (const name of new Set([...a.keys(), ...b.keys()])) {
    const was = a.get(name) ?? "";
    const now = b.get(name) ?? "";
    if (was !== now) fields.push({ field: name, before: was, after: now });
  }
  return [...fields, ...bodyDifferences(before, after)];
}

function pageFieldDifferences(before: PageDocument, after: PageDocument): FieldDifference[] {
  const image = (doc: PageDocument) => (doc.seo.image ? `${doc.seo.image.src}${doc.seo.image.alt ? ` (${doc.seo.image.alt})` : ""}` : "");
  const pairs: [string, string, string][] = [
    ["Page title", before.title, after.title],
    ["Search title", before.seo.title, after.seo.title],
    ["Description", before.seo.description, after.seo.description],
    ["Share image", image(before), image(after)],
    ["Hidden from search engines", asText(before.seo.noindex), asText(after.seo.noindex)],
  ];
  return pairs.filter(([, a, b]) => a !== b).map(([field, a, b]) => ({ field, before: a, after: b }));
}

/** What differs from `before` to `after`: the page's own fields, then each block added, removed, changed or moved. */
export function documentDifferences(before: PageDocument, after: PageDocument): DocumentDifferences {
  const oldBlocks = new Map(before.blocks.map((b) => [b.id, b]));
  const newBlocks = new Map(after.blocks.map((b) => [b.id, b]));
  const blocks = compareDocuments(before, after).blocks.map((change): BlockDifference => {
    if (change.kind !== "changed") return change;
    const fields = blockFieldDifferences(oldBlocks.get(change.blockId)!, newBlocks.get(change.blockId)!);
    return { kind: "changed", blockId: change.blockId, label: change.label, fields };
  });
  return { page: pageFieldDifferences(before, after), blocks };
}
