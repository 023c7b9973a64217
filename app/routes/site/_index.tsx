import type { Route } from "./+types/_index";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { seoMeta } from "#app/features/pages/seo";
import { homeStructuredData } from "#app/features/pages/home-structured-data";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";

export async function loader({ context }: Route.LoaderArgs) {
  const data = await loadPublicPage("home", context?.requestId);
  const { settings, seo } = data;
  const structuredData = homeStructuredData(settings, { origin: seo.origin, description: seo.description });
  return {
    ...data,
    ...(await loadSpecialPageBlocks("home", data, context?.requestId)),
    // The hero's title names the home page unless staff gave it a search title of its own.
    seo: { ...seo, title: data.document?.seo.title || data.page.heroTitle, structuredData },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { blocks, blockData, path, heroPicture } = loaderData;
  return <PageBlocks blocks={blocks} data={blockData} pagePath={path} heroPicture={heroPicture ?? undefined} />;
}
