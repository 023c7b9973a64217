/**
 * What staff do to a page's list of blocks in the editor — add, move,
 * duplicate, hide, remove — as pure functions over the list, so the editor's
 * buttons, its drag and drop and its keyboard moves all change the list the
 * same way, and the rules are tested without a browser.
 */
import type { BlockType } from "#app/features/blocks/block-schema";
import { EMPTY_RICH_TEXT } from "#app/features/blocks/rich-text";

/** A block as the editor holds it: the stored shape, possibly half-filled while staff type. */
export type DraftBlock = { id: string; type: BlockType; hidden?: boolean } & Record<string, unknown>;

/** A new id no other block of the list has: short, readable in revisions, unique per page. */
export function newBlockId(type: BlockType, taken: Iterable<string>, random: () => number = Math.random): string {
  const used = new Set(taken);
  for (;;) {
    const id = `${type}-${Math.floor(random() * 36 ** 6)
      .toString(36)
      .padStart(6, "0")}`;
    if (!used.has(id)) return id;
  }
}

/** A block of this type with the fields a new one starts with (empty text to fill in, one item in lists). */
export function newBlock(type: BlockType, id: string): DraftBlock {
  const base = { id, type, hidden: false };
  switch (type) {
    case "hero":
      return { ...base, title: "", subtitle: "", image: null, buttons: [], style: "banner" };
    case "text":
      return { ...base, title: "", body: EMPTY_RICH_TEXT, layout: "text-only", images: [] };
    case "image":
      return { ...base, image: { src: "", alt: "", decorative: false }, caption: "", align: "centre" };
    case "gallery":
      return { ...base, title: "", images: [{ src: "", alt: "", decorative: false, caption: "" }] };
    case "videos":
      return { ...base, title: "", assignment: "", display: "gallery" };
    case "cards":
      return { ...base, title: "", intro: "", columns: 3, cards: [{ title: "", description: "", icon: "", tone: "primary", href: "", buttonLabel: "" }], buttons: [] };
    case "figures":
      return { ...base, title: "", figures: [{ value: 0, suffix: "", label: "", tone: "primary" }] };
    case "steps":
      return { ...base, title: "", steps: [{ title: "", description: "", icon: "" }], buttons: [] };
    case "faq":
      return { ...base, title: "", entries: [{ id: newBlockId("faq", []), topic: "", question: "", answer: "", followUp: null }] };
    case "donation":
      return { ...base, title: "", oneOff: [{ amount: 10, impact: "", link: "" }], monthly: [] };
    case "buttons":
      return { ...base, title: "", text: "", buttons: [{ label: "", href: "" }] };
    case "events":
      return { ...base, title: "", intro: "", limit: 6 };
    case "form":
      return { ...base, form: "question", title: "", intro: "", consent: "", privacy: "", buttons: [] };
    case "contact":
      return { ...base, title: "", intro: "", buttons: [] };
    case "testimonials":
    case "vacancies":
    case "map":
      return { ...base, title: "", intro: "" };
  }
}

/** The list with the block at `from` moved to `to` (both clamped to the list). */
export function moveBlock<T>(list: readonly T[], from: number, to: number): T[] {
  if (from < 0 || from >= list.length) return [...list];
  const target = Math.max(0, Math.min(list.length - 1, to));
  const next = [...list];
  const [moved] = next.splice(from, 1);
  next.splice(target, 0, moved!);
  return next;
}

/** The list with a copy of the block at `index` right after it, under a new id (and new ids for its FAQ entries). */
export function duplicateBlock(list: readonly DraftBlock[], index: number, random?: () => number): DraftBlock[] {
  const original = list[index];
  if (!original) return [...list];
  const copy = structuredClone(original);
  copy.id = newBlockId(original.type, list.map((b) => b.id), random);
  if (Array.isArray(copy.entries)) {
    const taken: string[] = [];
    copy.entries = (copy.entries as { id: string }[]).map((entry) => {
      const id = newBlockId("faq", taken, random);
      taken.push(id);
      return { ...entry, id };
    });
  }
  const next = [...list];
  next.splice(index + 1, 0, copy);
  return next;
}

export function setHidden(list: readonly DraftBlock[], index: number, hidden: boolean): DraftBlock[] {
  return list.map((b, i) => (i === index ? { ...b, hidden } : b));
}

export function removeBlock(list: readonly DraftBlock[], index: number): DraftBlock[] {
  return list.filter((_, i) => i !== index);
}

/** The value at a path such as ["cards", 2, "title"] inside a block. */
export function getAt(value: unknown, path: readonly (string | number)[]): unknown {
  return path.reduce<unknown>((v, key) => (v == null ? undefined : (v as Record<string | number, unknown>)[key]), value);
}

/** A copy of `value` with the value at `path` replaced, copying only the objects on the way. */
export function setAt<T>(value: T, path: readonly (string | number)[], next: unknown): T {
  if (path.length === 0) return next as T;
  const [key, ...rest] = path;
  const container = (value ?? (typeof key === "number" ? [] : {})) as Record<string | number, unknown>;
  const copy = (Array.isArray(container) ? [...container] : { ...container }) as Record<string | number, unknown>;
  copy[key!] = setAt(container[key!], rest, next);
  return copy as T;
}
