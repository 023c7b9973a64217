import type { Route } from "./+types/donate";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const data = await loadPublicPage("donate", context?.requestId);
  return { ...data, ...(await loadSpecialPageBlocks("donate", data, context?.requestId)) };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function Donate({ loaderData }: Route.ComponentProps) {
  const { blocks, blockData, path, heroPicture } = loaderData;
  return <PageBlocks blocks={blocks} data={blockData} pagePath={path} heroPicture={heroPicture ?? undefined} />;
}
