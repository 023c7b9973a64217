import { data } from "react-router";
import type { Route } from "./+types/$";
import { getPageByPath } from "#app/content/pages";
import { ContentPage } from "#app/features/pages/site/content-page";
import { logger } from "#app/platform/log/logger.server";
import { loadBuiltInPage } from "#app/features/pages/public-page-data.server";
import { NOT_FOUND_META, seoMeta } from "#app/features/pages/seo";

/**
 * Every plain content page of the catalogue, by path, the way a CMS renders
 * its pages; any other path is a real 404, logged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = getPageByPath(url.pathname);
  if (!page) {
    logger.warn({ requestId: context?.requestId, path: url.pathname }, "page not found");
    throw data(null, { status: 404 });
  }
  return loadBuiltInPage(page, context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return loaderData ? seoMeta(loaderData.seo) : NOT_FOUND_META;
}

export default function CatalogPage({ loaderData }: Route.ComponentProps) {
  return <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline} />;
}
