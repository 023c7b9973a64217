import { builtInPageContent } from "#app/content/pages";
import type { BuiltInPage, PageContent } from "#app/content/types";
import type { BlockOf } from "#app/features/blocks/block-schema";
import { richTextToMarkdown } from "#app/features/blocks/rich-text";
import { getDatabase, type Database } from "#app/platform/db/db.server";
import { keptUntilContentChanges } from "#app/platform/content-version.server";
import { logger } from "#app/platform/log/logger.server";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import type { PageDocument } from "./page-document";
import { getPageRecord, getPublishedPageByPath, type PageRecord } from "./page-records.server";
import { resolvePageImages } from "./page-store.server";
import { listSectionImages, toPublicSectionImages } from "./section-images.server";
import { HERO_BLOCK_ID, TEXT_BLOCK_ID } from "./seed/seed-document";

/**
 * What visitors see of a page record: its published document, read through
 * a memo kept until the content version moves (a publish, not a draft save,
 * moves it), turned into the hero-and-text shape the page templates render.
 */

const visible = <T extends { hidden: boolean }>(block: T | undefined) => (block && !block.hidden ? block : undefined);

/** The page's hero and main text as the templates take them: its first visible hero and text blocks (the seeded ones first). */
export function documentContent(pageId: string, doc: PageDocument): PageContent {
  const heroes = doc.blocks.filter((b): b is BlockOf<"hero"> => b.type === "hero");
  const texts = doc.blocks.filter((b): b is BlockOf<"text"> => b.type === "text");
  const hero = visible(heroes.find((b) => b.id === HERO_BLOCK_ID)) ?? heroes.find((b) => !b.hidden);
  const text = visible(texts.find((b) => b.id === TEXT_BLOCK_ID)) ?? texts.find((b) => !b.hidden);
  return {
    pageId,
    heroTitle: hero?.title ?? doc.title,
    heroSubtitle: hero?.subtitle ?? "",
    mainTitle: text?.title ?? "",
    content: text ? richTextToMarkdown(text.body) : "",
    layout: text?.layout ?? "text-only",
    images: text?.images ?? [],
    ctas: hero?.buttons ?? [],
  };
}

/**
 * Freezes a kept value all the way down, once, when it is read from the
 * database. Callers then share it instead of each request copying it (a
 * structuredClone of a 30-block page, draft included, took about 0.3 ms):
 * a caller that tried to change it would throw in strict mode (every module
 * is) rather than silently change what the next visitor sees.
 */
function frozen<T>(value: T): T {
  if (value && typeof value === "object" && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) frozen(inner);
  }
  return value;
}

// Visitors see only the published document: the draft (as large again) is not kept.
const keptById = keptUntilContentChanges(async (database, id) => frozen((await getPageRecord(database, id))?.published ?? null));
const keptByPath = keptUntilContentChanges(async (database, path) => {
  const record = await getPublishedPageByPath(database, path);
  return frozen(record ? { ...record, draft: null } : null);
});

/**
 * A live page by address, kept until the next visible change, without its
 * draft (null here, whatever staff are editing). Frozen and shared: read it,
 * never change it.
 */
export async function findPublishedPage(database: Database, path: string): Promise<PageRecord | null> {
  return keptByPath(database, path);
}

/**
 * The published pages above a path, from the home page down, each by its
 * title: for "/about/mission", the home page and the About page. An address
 * above it with no published page (a draft, a page in the Bin) is left out
 * rather than offered as a step a visitor could not open.
 */
export async function publishedAncestors(database: Database, path: string): Promise<{ name: string; path: string }[]> {
  const parts = path.split("/").filter(Boolean);
  const prefixes = ["/", ...parts.slice(0, -1).map((_, i) => `/${parts.slice(0, i + 1).join("/")}`)];
  const records = await Promise.all(prefixes.map((prefix) => findPublishedPage(database, prefix)));
  return records.flatMap((record, i) => (record?.published ? [{ name: record.published.title, path: prefixes[i]! }] : []));
}

/** A document as visitors see it: with its images' current sizes and the page's section images. */
export async function resolvedContent(database: Database, pageId: string, doc: PageDocument): Promise<PageContent> {
  const content = documentContent(pageId, doc);
  const [images, sections] = await Promise.all([resolvePageImages(database, content.images), listSectionImages(database, pageId)]);
  return { ...content, images, sectionImages: await toPublicSectionImages(database, sections) };
}

/**
 * A built-in page as visitors see it now: its published record. Never
 * throws: if the database cannot be read (or the record is gone) the
 * built-in copy is shown, as before pages were records.
 */
export async function publishedBuiltInContent(page: BuiltInPage): Promise<{ content: PageContent; document: PageDocument | null }> {
  try {
    const database = await getDatabase();
    const published = await keptById(database, page.id);
    if (published) return { content: await resolvedContent(database, page.id, published), document: published };
    logger.warn({ page: page.id }, "built-in page has no published record; showing the built-in copy");
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error), page: page.id }, "failed to read the page record; showing the built-in copy");
    noteFallback();
  }
  return { content: builtInPageContent(page), document: null };
}
