import type { Route } from "./+types/contact.register-child";
import { BUILT_IN_IMAGES, CATEGORY_FALLBACK_IMAGE, REGISTER_BENEFITS, REGISTER_CHILD_BANNER } from "#app/content/site";
import { ContentPage } from "#app/components/site/content-page";
import { InfoCardGrid } from "#app/components/site/info-card-grid";
import { PageSection } from "#app/components/site/section";
import { SiteImage } from "#app/components/site/site-image";
import { loadPublicPage } from "#app/lib/public-page.server";
import { seoMeta } from "#app/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const data = await loadPublicPage("register-child", context?.requestId);
  // The banner is looked up by its id; until staff assign one, the general picture stands in (SPEC §2).
  const assigned = BUILT_IN_IMAGES.find((i) => i.id === REGISTER_CHILD_BANNER.id);
  const fallbackSrc = CATEGORY_FALLBACK_IMAGE[REGISTER_CHILD_BANNER.fallbackCategory];
  const fallback = BUILT_IN_IMAGES.find((i) => i.filename === fallbackSrc);
  const banner = assigned ?? fallback ?? null;
  return {
    ...data,
    banner: banner && { src: banner.filename, alt: banner.alt, width: banner.width, height: banner.height },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function RegisterChild({ loaderData }: Route.ComponentProps) {
  const { banner } = loaderData;
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery}>
      <PageSection id="benefits" title="Why Join Us" muted>
        <InfoCardGrid cards={REGISTER_BENEFITS} columns={4} />
      </PageSection>
      {banner ? (
        <div id={REGISTER_CHILD_BANNER.id} className="mx-auto max-w-7xl px-4 py-12">
          <SiteImage src={banner.src} alt={banner.alt} width={banner.width} height={banner.height} className="rounded-lg shadow-lg" />
        </div>
      ) : null}
    </ContentPage>
  );
}
