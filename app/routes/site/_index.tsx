import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/_index";
import { EXPLORE_CARDS, FALLBACK_IMAGES, HOME_VIDEO_HEADING, IMPACT_STATS } from "#app/content/site";
import { ButtonLink } from "#app/features/site/button-link";
import { PageText, pageImageSrc } from "#app/features/pages/site/content-page";
import { Icon } from "#app/features/site/icon";
import { ImpactCounters } from "#app/features/site/impact-counters";
import { Logo } from "#app/features/site/logo";
import { SiteImage } from "#app/features/media/site/site-image";
import { TestimonialCarousel } from "#app/features/testimonials/site/testimonial-carousel";
import { TONE_BADGE } from "#app/features/site/tone";
import { VideoPlayer } from "#app/features/videos/site/video-player";
import { YouTubeEmbed } from "#app/features/videos/site/youtube-embed";
import { inlinePictureUri } from "#app/features/media/built-in-image.server";
import { heroImageOf } from "#app/features/pages/page-layout";
import { absoluteUrl, seoMeta } from "#app/features/pages/seo";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { loadCarouselTestimonials } from "#app/features/testimonials/testimonials.server";

/**
 * The picture under the latest-update heading when there is no video, and
 * the video's poster: the image staff applied to the page's Hero section
 * (Page Images tab), else the hero its layout gives (the built-in still on
 * the default hero-and-content layout; none on text only), as a content
 * page's banner is chosen. The page's other pictures go with its text.
 */
const heroPicture = heroImageOf;

export async function loader({ context }: Route.LoaderArgs) {
  const [data, testimonials] = await Promise.all([
    loadPublicPage("home", context?.requestId),
    loadCarouselTestimonials(context?.requestId),
  ]);
  const { settings, seo } = data;
  const picture = heroPicture(data.page);
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
    // The newest active video assigned to the home page, if any.
    latestVideo: data.gallery.videos[0] ?? null,
    // Without an uploaded video, the first YouTube video linked to the home page.
    latestYoutube: data.gallery.youtube?.[0] ?? null,
    testimonials,
    // The picture is the page's largest paint on a phone: one of the site's own small
    // drawings goes into the HTML itself, so no request stands before that paint.
    pictureInline: inlinePictureUri(picture),
    seo: { ...seo, title: data.page.heroTitle, structuredData },
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { page, latestVideo, latestYoutube, gallery, testimonials, pictureInline } = loaderData;
  // The hero section's image, else the built-in still: the video's poster, or the picture itself without a video.
  const picture = heroPicture(page);
  const pictureSrc = picture ? pageImageSrc(picture.filename) : "";
  return (
    <>
      <section aria-labelledby="home-hero-heading" className="border-b border-border bg-muted">
        <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-16 text-center sm:py-24">
          <Logo size="xl" />
          <h1 id="home-hero-heading" className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
            {page.heroTitle}
          </h1>
          <p className="mt-4 max-w-2xl text-xl text-muted-foreground">{page.heroSubtitle}</p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            {page.ctas.map((cta, i) => (
              <ButtonLink key={cta.label} href={cta.href} variant={i === 0 ? "primary" : "outline"}>
                {cta.label}
              </ButtonLink>
            ))}
          </div>
        </div>
      </section>

      <section aria-labelledby="latest-update-heading" className="mx-auto max-w-4xl px-4 py-12">
        <h2 id="latest-update-heading" className="text-3xl font-bold tracking-tight">
          {HOME_VIDEO_HEADING}
        </h2>
        <div className="mt-6">
          {gallery.failed ? (
            <p role="status" className="text-destructive">
              Failed to load videos
            </p>
          ) : latestVideo ? (
            <figure>
              <VideoPlayer
                src={latestVideo.fileUrl}
                label={latestVideo.altText || latestVideo.caption || HOME_VIDEO_HEADING}
                autoPlay
                muted
                preload="metadata"
                poster={picture ? pageImageSrc(picture.filename) : undefined}
              />
              {latestVideo.caption ? <figcaption className="mt-2 whitespace-pre-line text-muted-foreground">{latestVideo.caption}</figcaption> : null}
            </figure>
          ) : latestYoutube ? (
            // An image staff applied to the Hero section is the poster shown until play is pressed.
            <YouTubeEmbed video={page.sectionImages?.hero && pictureSrc ? { ...latestYoutube, thumbnailUrl: pictureSrc } : latestYoutube} />
          ) : picture ? (
            <SiteImage
              src={pictureInline ?? pictureSrc}
              alt={picture.alt}
              width={picture.width ?? 1200}
              height={picture.height ?? 800}
              // In the first screen on a phone: Lighthouse's largest paint, so not lazy.
              lazy={false}
              // An upload's generated sizes; the column is max-w-4xl less its padding.
              srcSet={picture.responsive?.srcSet || undefined}
              avifSrcSet={picture.responsive?.avifSrcSet || undefined}
              sizes="(min-width: 56rem) 54rem, calc(100vw - 2rem)"
              fallbacks={FALLBACK_IMAGES.filter((f) => f !== pictureSrc)}
              className="rounded-lg shadow-lg"
            />
          ) : null}
        </div>
      </section>

      <section aria-labelledby="explore-heading" className="bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-12">
          <PageText
            page={page}
            heading={
              <h2 id="explore-heading" className="text-3xl font-bold tracking-tight">
                {page.mainTitle}
              </h2>
            }
          />
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
            {EXPLORE_CARDS.map((card) => (
              <li key={card.href} className="flex flex-col rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
                <span className={`inline-flex size-12 items-center justify-center rounded-full ${TONE_BADGE[card.tone ?? "primary"]}`}>
                  <Icon name={card.icon} />
                </span>
                <h3 className="mt-4 text-xl font-semibold">{card.title}</h3>
                <p className="mt-2 flex-1 text-muted-foreground">{card.description}</p>
                <Link
                  to={card.href!}
                  className="mt-4 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-primary underline decoration-2 hover:no-underline"
                >
                  Explore<span className="sr-only"> {card.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </Link>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section aria-labelledby="impact-heading" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="impact-heading" className="text-3xl font-bold tracking-tight">
          Our Impact
        </h2>
        <div className="mt-8">
          <ImpactCounters stats={IMPACT_STATS} />
        </div>
      </section>

      {testimonials.length > 0 ? (
        <section aria-labelledby="testimonials-heading" className="bg-muted">
          <div className="mx-auto max-w-7xl px-4 py-12">
            <h2 id="testimonials-heading" className="text-center text-3xl font-bold tracking-tight">
              What People Say
            </h2>
            <div className="mt-8">
              <TestimonialCarousel items={testimonials} />
            </div>
          </div>
        </section>
      ) : null}
    </>
  );
}
