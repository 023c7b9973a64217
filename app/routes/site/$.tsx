import { data, redirect } from "react-router";
import type { Route } from "./+types/$";
import { ContentPage } from "#app/features/pages/site/content-page";
import { logger } from "#app/platform/log/logger.server";
import { getDatabase } from "#app/platform/db/db.server";
import { loadBuiltInPage, loadRecordPage, type PublicPageData } from "#app/features/pages/public-page-data.server";
import { getPageById, getPageByPath } from "#app/content/pages";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { pageBlocksHtml } from "#app/features/blocks/site/page-blocks-html.server";
import { loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { hasOwnBlocks, withPageVideos } from "#app/features/pages/page-shape";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import { findPublishedPage } from "#app/features/pages/published-page.server";
import { findRedirect } from "#app/features/pages/page-records.server";
import { NOT_FOUND_META, seoMeta } from "#app/features/pages/seo";

/**
 * Every published page by its path, the way a CMS renders its pages; the
 * old address of a moved page answers 301 to where it is now; any other
 * path is a real 404, logged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  let found: Awaited<ReturnType<typeof lookUp>>;
  try {
    found = await lookUp(url.pathname);
    if (found.record) {
      const page = await loadRecordPage(found.database, found.record, context?.requestId);
      // A page staff gave blocks beyond its hero and text is drawn block by block; an untouched one as it always was.
      if (!hasOwnBlocks(found.record.published!)) return plain(page);
      const withVideos = withPageVideos(found.record.published!, getPageById(found.record.id)?.videoAssignment ?? null);
      const { blocks, blockData, heroPicture } = await loadSpecialPageBlocks(found.record.id, { ...page, document: withVideos }, context?.requestId);
      const drawn = { blocks, data: blockData, pagePath: page.path, heroPicture: heroPicture ?? undefined };
      // Kept as HTML while nothing it shows changes; a page with a form is drawn in place.
      const html = pageBlocksHtml(drawn);
      return html === null ? { seo: page.seo, ...drawn, html } : { seo: page.seo, html };
    }
  } catch (error) {
    // The database cannot be read: a built-in page still shows its built-in copy, as it did before pages were records.
    logger.error({ requestId: context?.requestId, err: error instanceof Error ? error.message : String(error) }, "could not read the pages");
    noteFallback();
    const builtIn = getPageByPath(url.pathname);
    if (builtIn) return plain(await loadBuiltInPage(builtIn, context?.requestId));
    throw data(null, { status: 503 });
  }
  if (found.moved) throw redirect(`${found.moved}${url.search}`, 301);
  logger.warn({ requestId: context?.requestId, path: url.pathname }, "page not found");
  throw data(null, { status: 404 });
}

/**
 * A page drawn by the plain content layout: no blocks of its own to load.
 * The loader returns only what `meta` and the component read: React Router
 * encodes all loader data into the HTML's stream even though public pages
 * never hydrate, and nothing else reads this route's data.
 */
function plain({ seo, page, gallery, heroInline }: PublicPageData) {
  return { seo, page, gallery, heroInline, blocks: null, html: null };
}

async function lookUp(path: string) {
  const database = await getDatabase();
  const record = await findPublishedPage(database, path);
  return { database, record, moved: record ? null : await findRedirect(database, path) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? seoMeta(loaderData.seo) : NOT_FOUND_META;
}

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  if (loaderData.html !== null) return <article dangerouslySetInnerHTML={{ __html: loaderData.html }} />;
  if (loaderData.blocks) return <PageBlocks blocks={loaderData.blocks} data={loaderData.data} pagePath={loaderData.pagePath} heroPicture={loaderData.heroPicture} />;
  return <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline} />;
}
