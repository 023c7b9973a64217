/**
 * The built-in pages as page documents: what a fresh install publishes and
 * what the migration of an existing install starts from before laying the
 * saved overrides of decision 009 over it. Pure (no database), so the
 * migration, the store and the tests build the very same documents.
 */
import { builtInPageImages } from "#app/content/pages";
import { LAYOUTS, type BuiltInPage, type Layout, type PageImage } from "#app/content/types";
import type { Block, BlockOf } from "#app/features/blocks/block-schema";
import { markdownToRichText } from "#app/features/blocks/rich-text";
import { SPECIAL_PAGE_BLOCKS } from "#app/features/blocks/seed/special-pages";
import type { PageDocument } from "#app/features/pages/page-document";
import { pageImageSchema } from "#app/features/pages/page-content.schema";

/** The ids of the two blocks every seeded page has, which the Pages tab's Content, Images and Layout sub-tabs edit. */
export const HERO_BLOCK_ID = "hero";
export const TEXT_BLOCK_ID = "text";

/**
 * Built-in pages whose path belongs to a route file of its own (its forms
 * post there, or it lists records), by page id: their template is that
 * route's name and their address cannot be changed. Every other page is a
 * `content` page the catch-all route renders.
 */
export const SPECIAL_TEMPLATES: Readonly<Record<string, string>> = {
  home: "home",
  contact: "contact",
  faqs: "faqs",
  "register-child": "register-child",
  donate: "donate",
  "join-us": "join-us",
  news: "news",
  volunteer: "volunteer",
  "volunteer-apply": "apply",
  "volunteer-vacancies": "vacancies",
};

export const CONTENT_TEMPLATE = "content";

export function templateOf(pageId: string): string {
  return SPECIAL_TEMPLATES[pageId] ?? CONTENT_TEMPLATE;
}

/** A page's built-in document: its hero, any special blocks, and its main text with the built-in picture. */
export function seedDocument(page: BuiltInPage): PageDocument {
  const special = SPECIAL_PAGE_BLOCKS[page.id];
  const hero: BlockOf<"hero"> = {
    id: HERO_BLOCK_ID,
    type: "hero",
    hidden: false,
    title: page.heroTitle,
    subtitle: page.heroSubtitle,
    image: null,
    buttons: page.ctas.slice(0, 3).map((cta) => ({ label: cta.label, href: cta.href })),
    // The home page opens with the logo over large centred type; every other page with its title band.
    style: page.id === "home" ? "home" : "banner",
  };
  const text: BlockOf<"text"> = {
    id: TEXT_BLOCK_ID,
    type: "text",
    hidden: false,
    title: page.mainTitle,
    body: markdownToRichText(page.content),
    layout: page.layout,
    images: builtInPageImages(page).map(storedImage),
  };
  return {
    title: page.title,
    seo: { title: "", description: page.description, image: null, noindex: false },
    blocks: [hero, ...(special?.before ?? []), text, ...(special?.after ?? [])],
  };
}

/** An image entry as a block stores it: never the sizes the server works out when showing it. */
function storedImage(image: PageImage): PageImage {
  const { responsive: _responsive, ...rest } = image;
  return rest;
}

/** One set of fields saved under decision 009 (null: the built-in copy). */
export interface LegacyFields {
  heroTitle: string | null;
  heroSubtitle: string | null;
  mainTitle: string | null;
  content: string | null;
  layout: string | null;
  images: PageImage[] | null;
}

const own = (value: string | null) => (value !== null && value.trim() !== "" ? value : null);

/**
 * A seed document with a page's saved overrides laid over it as the old
 * store merged them: a non-empty text field wins, a known layout wins, a
 * saved image list (even an empty one) replaces the built-in images.
 */
export function applyLegacyFields(doc: PageDocument, fields: LegacyFields): PageDocument {
  const blocks = doc.blocks.map((block): Block => {
    if (block.id === HERO_BLOCK_ID && block.type === "hero") {
      return { ...block, title: own(fields.heroTitle) ?? block.title, subtitle: own(fields.heroSubtitle) ?? block.subtitle };
    }
    if (block.id === TEXT_BLOCK_ID && block.type === "text") {
      const content = own(fields.content);
      const layout = LAYOUTS.find((l): l is Layout => l === fields.layout);
      return {
        ...block,
        title: own(fields.mainTitle) ?? block.title,
        body: content === null ? block.body : markdownToRichText(content),
        layout: layout ?? block.layout,
        images: fields.images === null ? block.images : fields.images.map(storedImage),
      };
    }
    return block;
  });
  return { ...doc, blocks };
}

/**
 * The image list saved in an old row, as the old store read it: entries
 * that no longer pass the schema are left out; unreadable JSON means "no
 * list saved" (null).
 */
export function parseLegacyImages(raw: string | null): PageImage[] | null {
  if (raw === null) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return null;
  }
  if (!Array.isArray(parsed)) return null;
  const kept = parsed.flatMap((entry) => {
    const result = pageImageSchema.safeParse(entry);
    return result.success ? [result.data as PageImage] : [];
  });
  return kept.sort((a, b) => a.order - b.order).map((image, i) => ({ ...image, order: i + 1 }));
}
