/**
 * The checks run before a page goes live, so staff cannot publish a page
 * some visitors cannot use: a picture without alt text (unless marked
 * decorative), a skipped heading level and hero text that fails WCAG AA
 * contrast against what lies under it (hero-contrast.ts) stop the publish; link text that
 * says nothing out of context ("click here", a bare address) and a page
 * without a main heading are warnings. Messages name the block by its place
 * and kind, as the editor lists them, and say what to do.
 */
import type { PageDocument } from "#app/features/pages/page-document";
import { BLOCK_LABELS, type Block, type ImageRef } from "#app/features/blocks/block-schema";
import { richTextLinks, type RichTextDoc } from "#app/features/blocks/rich-text";
import { HERO_LOOKS, heroContrastProblems, type HeroLook, type HeroStyle } from "#app/features/blocks/hero-contrast";

export interface PageFinding {
  /** The block concerned, or null for the page as a whole. */
  blockId: string | null;
  level: "error" | "warning";
  message: string;
}

/** Link text that means nothing read on its own, as screen-reader users often list links. */
const VAGUE_LINK_TEXT = new Set(["click here", "here", "read more", "more", "this link", "link", "this page", "click", "go", "find out more"]);

function looksLikeAddress(text: string): boolean {
  return /^(https?:\/\/|www\.|mailto:|tel:)/i.test(text.trim()) || /^[\w.-]+\.(org|com|uk|net|gov)(\/\S*)?$/i.test(text.trim());
}

/** What is wrong with a link's visible text, or null. */
export function linkTextProblem(text: string): string | null {
  const plain = text.trim().toLowerCase().replace(/[.!…:]+$/, "");
  if (VAGUE_LINK_TEXT.has(plain)) return `the link text "${text.trim()}" does not say where it leads: use words such as "Volunteer vacancies"`;
  if (looksLikeAddress(text)) return `the link text is a bare address (${text.trim()}): use words that say where it leads`;
  return null;
}

function headingLevels(doc: RichTextDoc): number[] {
  // Headings only ever sit at the top level of a document (the schema keeps them out of lists).
  return doc.content.flatMap((node) => (node.type === "heading" ? [node.attrs.level] : []));
}

/** The first skipped level in a text's headings (a Heading 4 straight after a Heading 2), as words, or null. */
export function headingSkip(doc: RichTextDoc): string | null {
  // The editor's top level is Heading 2: it sits directly under the block's title.
  let previous = 1;
  for (const level of headingLevels(doc)) {
    if (level > previous + 1) return `a Heading ${level} follows ${previous === 1 ? "the block's title" : `a Heading ${previous}`} with no Heading ${previous + 1} between: change it to Heading ${previous + 1}`;
    previous = level;
  }
  return null;
}

function imagesOf(block: Block): { image: Pick<ImageRef, "alt" | "decorative">; what: string }[] {
  switch (block.type) {
    case "hero":
      return block.image ? [{ image: block.image, what: "its picture" }] : [];
    case "image":
      return [{ image: block.image, what: "its picture" }];
    case "gallery":
      return block.images.map((image, i) => ({ image, what: `picture ${i + 1}` }));
    case "text":
      return block.images.map((image, i) => ({ image: { alt: image.alt, decorative: false }, what: `picture ${i + 1}` }));
    default:
      return [];
  }
}

function linksOf(block: Block): string[] {
  switch (block.type) {
    case "text":
      return richTextLinks(block.body).map((l) => l.text);
    case "hero":
    case "buttons":
      return block.buttons.map((b) => b.label);
    case "cards":
      return block.cards.filter((c) => c.href && c.buttonLabel).map((c) => c.buttonLabel);
    default:
      return [];
  }
}

/** Every finding for a page version, errors first, in block order; `heroLooks` are how each hero look is drawn (a test may give others). */
export function checkPageDocument(doc: PageDocument, { heroLooks = HERO_LOOKS }: { heroLooks?: Record<HeroStyle, HeroLook> } = {}): PageFinding[] {
  const findings: PageFinding[] = [];
  const shown = doc.blocks.map((block, i) => ({ block, name: `Block ${i + 1} (${BLOCK_LABELS[block.type]})` })).filter(({ block }) => !block.hidden);
  for (const { block, name } of shown) {
    for (const { image, what } of imagesOf(block)) {
      if (!image.decorative && image.alt.trim() === "") {
        findings.push({ blockId: block.id, level: "error", message: `${name}: ${what} has no alt text. Describe it for people who cannot see it, or mark it decorative.` });
      }
    }
    if (block.type === "hero") {
      for (const problem of heroContrastProblems(block, heroLooks)) findings.push({ blockId: block.id, level: "error", message: `${name}: ${problem}.` });
    }
    if (block.type === "text") {
      const skip = headingSkip(block.body);
      if (skip) findings.push({ blockId: block.id, level: "error", message: `${name}: ${skip}.` });
      for (const link of richTextLinks(block.body)) {
        if (!link.safe) findings.push({ blockId: block.id, level: "warning", message: `${name}: the link "${link.text}" has an address the site will not link (${link.href}); it shows as plain text.` });
      }
    }
    for (const text of linksOf(block)) {
      const problem = linkTextProblem(text);
      if (problem) findings.push({ blockId: block.id, level: "warning", message: `${name}: ${problem}.` });
    }
  }
  if (!shown.some(({ block }) => block.type === "hero")) {
    findings.push({ blockId: null, level: "warning", message: "The page has no hero, so it has no main heading: add a Hero block at the top." });
  }
  return [...findings.filter((f) => f.level === "error"), ...findings.filter((f) => f.level === "warning")];
}

/** True when nothing stops the page from being published. */
export function canPublish(findings: readonly PageFinding[]): boolean {
  return findings.every((f) => f.level !== "error");
}
