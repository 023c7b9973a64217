import type { Route } from "./+types/_index";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { absoluteUrl, seoMeta } from "#app/features/pages/seo";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";

export async function loader({ context }: Route.LoaderArgs) {
  const data = await loadPublicPage("home", context?.requestId);
  const { settings, seo } = data;
  const sameAs = Object.values(settings.social).filter(Boolean);
  const structuredData: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "NGO",
    name: settings.charityName,
    url: absoluteUrl(seo.origin, "/"),
    logo: absoluteUrl(seo.origin, "/images/logo-light.svg"),
    description: seo.description,
    slogan: settings.tagline,
    areaServed: "Halifax, West Yorkshire, UK",
    address: { "@type": "PostalAddress", addressLocality: "Halifax", addressCountry: "GB" },
    ...(settings.email ? { email: settings.email } : {}),
    ...(settings.phone ? { telephone: settings.phone } : {}),
    ...(settings.charityNumber ? { nonprofitStatus: "Registered charity", identifier: settings.charityNumber } : {}),
    ...(sameAs.length ? { sameAs } : {}),
  };
  return {
    ...data,
    ...(await loadSpecialPageBlocks("home", data, context?.requestId)),
    seo: { ...seo, title: data.page.heroTitle, structuredData },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { blocks, blockData, path, heroPicture } = loaderData;
  return <PageBlocks blocks={blocks} data={blockData} pagePath={path} heroPicture={heroPicture ?? undefined} />;
}
