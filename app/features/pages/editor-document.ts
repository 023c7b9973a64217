/**
 * The Pages tab's form (hero title and subtitle, main title, main content,
 * layout, images) against a page document: which blocks it edits, what it
 * shows of them, and the document a save makes. The form edits the page's
 * hero block and its main text block; every other block is kept as it is.
 */
import type { BuiltInPage, Layout, PageImage } from "#app/content/types";
import type { Block, BlockOf } from "#app/features/blocks/block-schema";
import { EMPTY_RICH_TEXT, markdownToRichText, richTextToMarkdown, type RichTextDoc } from "#app/features/blocks/rich-text";
import type { EditorValues } from "./editor-values";
import type { PageDocument } from "./page-document";
import { HERO_BLOCK_ID, TEXT_BLOCK_ID } from "./seed/seed-document";

const heroOf = (doc: PageDocument) =>
  doc.blocks.find((b): b is BlockOf<"hero"> => b.type === "hero" && b.id === HERO_BLOCK_ID) ?? doc.blocks.find((b): b is BlockOf<"hero"> => b.type === "hero");
const textOf = (doc: PageDocument) =>
  doc.blocks.find((b): b is BlockOf<"text"> => b.type === "text" && b.id === TEXT_BLOCK_ID) ?? doc.blocks.find((b): b is BlockOf<"text"> => b.type === "text");

/** What the form shows of a document; the main content as the Markdown the plain box takes. */
export function editorValuesOf(doc: PageDocument): EditorValues {
  const hero = heroOf(doc);
  const text = textOf(doc);
  return {
    heroTitle: hero?.title ?? doc.title,
    heroSubtitle: hero?.subtitle ?? "",
    mainTitle: text?.title ?? "",
    content: text ? richTextToMarkdown(text.body) : "",
    layout: text?.layout ?? "text-only",
    images: text?.images ?? [],
    blocks: doc.blocks,
    seo: doc.seo,
  };
}

export interface EditorSubmission {
  heroTitle: string;
  heroSubtitle: string;
  mainTitle: string;
  body: RichTextDoc;
  /** Undefined: the form did not offer it (the Content tab), so the page keeps its own. */
  layout?: Layout;
  images?: PageImage[];
}

/**
 * The document with the form's fields in its hero and main text blocks
 * (added if the page has none). For a built-in page an emptied field takes
 * the built-in copy, as it always did.
 */
export function applyEditorSubmission(doc: PageDocument, form: EditorSubmission, builtIn?: BuiltInPage): PageDocument {
  const or = (value: string, fallback: string | undefined) => (value.trim() === "" && fallback !== undefined ? fallback : value);
  const body = form.body.content.length === 0 && builtIn ? markdownToRichText(builtIn.content) : form.body;
  const heroFields = {
    title: or(form.heroTitle, builtIn?.heroTitle ?? doc.title),
    subtitle: or(form.heroSubtitle, builtIn?.heroSubtitle),
  };
  const textFields = (current?: BlockOf<"text">) => ({
    title: or(form.mainTitle, builtIn?.mainTitle),
    body,
    layout: form.layout ?? current?.layout ?? "text-only",
    images: form.images ?? current?.images ?? [],
  });
  const hero = heroOf(doc);
  const text = textOf(doc);
  let blocks: Block[] = doc.blocks.map((block) => {
    if (block === hero) return { ...block, ...heroFields };
    if (block === text) return { ...block, ...textFields(block) };
    return block;
  });
  if (!hero) blocks = [{ id: HERO_BLOCK_ID, type: "hero", hidden: false, image: null, buttons: [], style: "banner", ...heroFields }, ...blocks];
  if (!text) {
    const at = blocks.findIndex((b) => b.type === "hero") + 1;
    blocks = [...blocks.slice(0, at), { id: TEXT_BLOCK_ID, type: "text", hidden: false, ...textFields() }, ...blocks.slice(at)];
  }
  return { ...doc, blocks };
}

/** The words of `from` (hero and main text) in `onto`, whose layout and images stay: the Content tab's restore. */
export function withWordsOf(onto: PageDocument, from: PageDocument): PageDocument {
  const values = editorValuesOf(from);
  const text = textOf(from);
  return applyEditorSubmission(onto, { heroTitle: values.heroTitle, heroSubtitle: values.heroSubtitle, mainTitle: values.mainTitle, body: text?.body ?? EMPTY_RICH_TEXT });
}
