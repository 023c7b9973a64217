/**
 * A page version's search and sharing fields with sensible defaults, so a
 * page nobody has filled in still has a title, a description and a share
 * picture: the search title falls back to the page title, the description to
 * the hero's subtitle and then the opening words of the first text block
 * (cut at a word, at most 160 characters), the share picture to the hero's.
 */
import type { PageDocument } from "#app/features/pages/page-document";
import { richTextToPlain } from "#app/features/blocks/rich-text";

export const DESCRIPTION_LENGTH = 160;

export interface EffectiveSeo {
  title: string;
  description: string;
  image: { src: string; alt: string } | null;
  noindex: boolean;
}

/** Text cut to at most `max` characters at a word boundary, with an ellipsis when cut. */
export function shorten(text: string, max = DESCRIPTION_LENGTH): string {
  const plain = text.replace(/\s+/g, " ").trim();
  if (plain.length <= max) return plain;
  const cut = plain.slice(0, max - 1);
  const atWord = cut.slice(0, Math.max(cut.lastIndexOf(" "), Math.floor(max / 2)));
  return `${atWord.replace(/[\s,;:.-]+$/, "")}…`;
}

export function effectiveSeo(doc: PageDocument): EffectiveSeo {
  const shown = doc.blocks.filter((b) => !b.hidden);
  const hero = shown.find((b) => b.type === "hero");
  const text = shown.find((b) => b.type === "text");
  const description =
    doc.seo.description || (hero?.type === "hero" && hero.subtitle ? shorten(hero.subtitle) : "") || (text?.type === "text" ? shorten(richTextToPlain(text.body)) : "");
  const heroImage = hero?.type === "hero" && hero.image ? { src: hero.image.src, alt: hero.image.alt } : null;
  return {
    title: doc.seo.title || doc.title,
    description,
    image: doc.seo.image ? { src: doc.seo.image.src, alt: doc.seo.image.alt } : heroImage,
    noindex: doc.seo.noindex,
  };
}
