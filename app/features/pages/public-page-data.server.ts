import type { BuiltInPage, PageContent } from "#app/content/types";
import { getPageById } from "#app/content/pages";
import type { SiteSettings } from "#app/content/site";
import { getDatabase, type Database } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import { listPageVideos } from "#app/features/media/media.server";
import { getInactiveMedia, isInactiveUrl, type InactiveMedia } from "#app/features/media/media-inactive.server";
import { listPageYoutubeVideos } from "#app/features/videos/videos.server";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { publishedAncestors, publishedBuiltInContent, resolvedContent } from "./published-page.server";
import type { PageDocument } from "./page-document";
import type { PageRecord } from "./page-records.server";
import { breadcrumbList, type Seo } from "./seo";
import type { Gallery } from "#app/features/videos/gallery";
import { heroImageOf } from "./page-layout";
import { inlinePictureUri } from "#app/features/media/built-in-image.server";
import { noteFallback } from "#app/platform/render/fallback-watch.server";

export type { Gallery };

/**
 * The active videos assigned to a page, newest first. A failed read is
 * logged and reported, never thrown: the rest of the page still renders.
 */
export async function loadGallery(
  assignment: string | null,
  options: { database?: Database; requestId?: string } = {},
): Promise<Gallery> {
  if (!assignment) return { videos: [], failed: false };
  try {
    const database = options.database ?? (await getDatabase());
    const [rows, youtube] = await Promise.all([listPageVideos(database, assignment), listPageYoutubeVideos(database, assignment)]);
    return {
      videos: rows.map((r) => ({ id: r.id, fileUrl: r.fileUrl, caption: r.caption, altText: r.altText })),
      youtube: youtube.map((v) => ({
        id: v.id,
        videoId: v.videoId,
        title: v.title,
        description: v.description,
        thumbnailUrl: v.thumbnailUrl,
      })),
      failed: false,
    };
  } catch (error) {
    logger.error({ err: error, requestId: options.requestId, page: assignment }, "failed to load videos");
    return { videos: [], failed: true };
  }
}

/** The content a page shows: its published record's hero and text, less deactivated uploads. */
export async function getPageContent(page: BuiltInPage): Promise<PageContent> {
  return visiblePageContent((await publishedBuiltInContent(page)).content);
}

/**
 * A page's content as visitors may see it: less the images whose upload is
 * deactivated. The public pages and the admin's preview both go through
 * this, so the preview never shows a photo the live page would not, nor
 * lays the rest out differently. Never throws.
 */
export async function visiblePageContent(content: PageContent, database?: Database): Promise<PageContent> {
  if (content.images.length === 0) return content;
  try {
    return withoutInactiveImages(content, await getInactiveMedia(database ?? (await getDatabase())));
  } catch (error) {
    // The file route still refuses an inactive file, so the page's picture falls back as a missing one does.
    logger.error({ err: error instanceof Error ? error.message : String(error), page: content.pageId }, "could not read inactive media files");
    noteFallback();
    return content;
  }
}

/**
 * A page's images less those whose upload is deactivated (a parent withdrew
 * photo consent, say): left out, as an image that was never added, so the
 * layout's rules place the rest (and a hero falls back as it does without one).
 */
export function withoutInactiveImages(content: PageContent, inactive: InactiveMedia): PageContent {
  const images = content.images.filter((image) => !isInactiveUrl(inactive, image.filename));
  return images.length === content.images.length ? content : { ...content, images };
}

export function publicOrigin(): string {
  return env().PUBLIC_URL;
}

/**
 * The origins a page's pictures may come from besides its own paths: the
 * site's own and, when set, the S3_PUBLIC_URL bucket's, the ones the
 * Content-Security-Policy's img-src allows (server/http.ts). The image
 * forms accept addresses only on these (page-content.schema.ts).
 */
export function showableImageOrigins(): string[] {
  const config = env();
  return [config.PUBLIC_URL, config.S3_PUBLIC_URL].flatMap((url) => (url ? [new URL(url).origin] : []));
}

export function pageSeo(page: Pick<BuiltInPage, "title" | "description" | "path">, settings: SiteSettings, extra: Partial<Seo> = {}): Seo {
  return {
    title: page.title,
    description: page.description,
    origin: publicOrigin(),
    path: page.path,
    siteName: settings.charityName,
    ...extra,
  };
}

/**
 * A published document's search and sharing fields over the defaults: the
 * page title, a description from the built-in page (or the hero's
 * subtitle), the site's share picture; "hide from search engines" as a
 * robots noindex.
 */
export function documentSeo(doc: PageDocument | null, page: { title: string; description: string; path: string }, content: PageContent, settings: SiteSettings): Seo {
  const seo = doc?.seo;
  const description = seo?.description || page.description || content.heroSubtitle || content.heroTitle;
  return pageSeo(
    { title: seo?.title || doc?.title || page.title, description, path: page.path },
    settings,
    { ...(seo?.image ? { image: seo.image.src, imageAlt: seo.image.alt || undefined } : {}), ...(seo?.noindex ? { noindex: true } : {}) },
  );
}

/**
 * The page's trail from the home page, for search engines (a BreadcrumbList
 * in its JSON-LD): the published pages above it by title, from the home
 * page down, then the page.
 * Not for the home page, nor a page with structured data of its own; left
 * out when the pages cannot be read, as the page itself still shows.
 */
async function withTrail(seo: Seo, title: string, database?: Database): Promise<Seo> {
  if (seo.path === "/" || seo.structuredData) return seo;
  try {
    const ancestors = await publishedAncestors(database ?? (await getDatabase()), seo.path);
    return { ...seo, structuredData: breadcrumbList(seo.origin, [...ancestors, { name: title, path: seo.path }]) };
  } catch {
    return seo;
  }
}

export interface PublicPageData {
  page: PageContent;
  /** The page's menu title, e.g. for breadcrumbs. */
  title: string;
  path: string;
  gallery: Gallery;
  settings: SiteSettings;
  seo: Seo;
  /**
   * The hero picture as a data: URI when it is one of the site's own small
   * drawings: it is the page's largest paint on a phone, and in the HTML it
   * needs no request after the page (issue 10; the home page does the same).
   */
  heroInline: string | null;
  /** The published version the page was drawn from; null when the built-in copy stands in (the database could not be read). */
  document: PageDocument | null;
}

/** Everything a public page's loader returns, by page id from the content catalogue. */
export async function loadPublicPage(id: string, requestId?: string): Promise<PublicPageData> {
  const builtIn = getPageById(id);
  if (!builtIn) throw new Error(`No built-in page with id "${id}"`);
  return loadBuiltInPage(builtIn, requestId);
}

export async function loadBuiltInPage(builtIn: BuiltInPage, requestId?: string): Promise<PublicPageData> {
  const [settings, published, gallery] = await Promise.all([
    getSiteSettings(),
    publishedBuiltInContent(builtIn),
    loadGallery(builtIn.videoAssignment, { requestId }),
  ]);
  const page = await visiblePageContent(published.content);
  const title = published.document?.title ?? builtIn.title;
  return {
    page,
    title,
    path: builtIn.path,
    gallery,
    settings,
    seo: await withTrail(documentSeo(published.document, builtIn, page, settings), title),
    heroInline: inlinePictureUri(heroImageOf(page)),
    document: published.document,
  };
}

/** A live page record (the catch-all route's): its published document, as a built-in page's is loaded. */
export async function loadRecordPage(database: Database, record: PageRecord, requestId?: string): Promise<PublicPageData> {
  const doc = record.published!;
  const builtIn = getPageById(record.id);
  const videos = doc.blocks.find((b) => b.type === "videos" && !b.hidden);
  const assignment = builtIn?.videoAssignment ?? (videos?.type === "videos" ? videos.assignment : null);
  const [settings, content, gallery] = await Promise.all([
    getSiteSettings(),
    resolvedContent(database, record.id, doc),
    loadGallery(assignment, { database, requestId }),
  ]);
  const page = await visiblePageContent(content, database);
  return {
    page,
    title: doc.title,
    path: record.path,
    gallery,
    settings,
    seo: await withTrail(documentSeo(doc, { title: doc.title, description: builtIn?.description ?? "", path: record.path }, page, settings), doc.title, database),
    heroInline: inlinePictureUri(heroImageOf(page)),
    document: doc,
  };
}
