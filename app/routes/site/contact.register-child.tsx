import type { Route } from "./+types/contact.register-child";
import { REGISTER_BENEFITS, REGISTER_CHILD_BANNER } from "#app/content/site";
import { ContentPage } from "#app/components/site/content-page";
import { InfoCardGrid } from "#app/components/site/info-card-grid";
import { PageSection } from "#app/components/site/section";
import { SiteImage } from "#app/components/site/site-image";
import { loadPublicPage } from "#app/lib/public-page.server";
import { registerBanner } from "#app/lib/section-images.server";
import { seoMeta } from "#app/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const data = await loadPublicPage("register-child", context?.requestId);
  // The banner staff assigned in Page Images; until then the general picture stands in (SPEC §2).
  const banner = registerBanner(data.page.sectionImages);
  return {
    ...data,
    banner: banner && { src: banner.src, alt: banner.alt, width: banner.width ?? 1200, height: banner.height ?? 800, responsive: banner.responsive },
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
          <SiteImage
            src={banner.src}
            alt={banner.alt}
            width={banner.width}
            height={banner.height}
            srcSet={banner.responsive?.srcSet || undefined}
            avifSrcSet={banner.responsive?.avifSrcSet || undefined}
            sizes="(min-width: 80rem) 80rem, 100vw"
            className="rounded-lg shadow-lg"
          />
        </div>
      ) : null}
    </ContentPage>
  );
}
