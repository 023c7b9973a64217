import type { ReactNode } from "react";
import type { PageContent, PageImage } from "#app/content/types";
import { REGISTER_CHILD_BANNER } from "#app/content/site";
import { Markdown, type MarkdownLinkProps } from "./markdown";
import { heroImageOf, placeImages, sectionAsImage } from "#app/features/pages/page-layout";
import { resolveImageSrc, sectionLabel } from "#app/features/pages/page-image-src";
import { ButtonLink } from "#app/features/site/button-link";
import { SiteImage } from "#app/features/media/site/site-image";
import { VideoGallery } from "#app/features/videos/site/video-gallery";
import type { Gallery } from "#app/features/videos/gallery";

export const PROSE_CLASSES = {
  p: "mt-4 text-lg leading-relaxed",
  h2: "mt-10 text-2xl font-semibold",
  h3: "mt-8 text-xl font-semibold",
  ul: "mt-4 list-disc space-y-2 pl-6 text-lg leading-relaxed",
  li: "",
};

/** A link in page copy; public pages are not hydrated, so a site path is a plain link too. */
export function markdownLink({ href, external, children }: MarkdownLinkProps) {
  return (
    <a href={href} className="font-medium text-primary underline decoration-2 hover:no-underline" rel={external ? "noopener noreferrer" : undefined}>
      {children}
    </a>
  );
}

/** Page copy as Markdown, with headings placed under the section's own h2. */
export function Prose({ source, headingOffset = 1 }: { source: string; headingOffset?: number }) {
  return <Markdown source={source} headingOffset={headingOffset} classNames={PROSE_CLASSES} renderLink={markdownLink} />;
}

/** An image entry's address: URLs and site paths as they are, bare file names from the uploads folder. */
export const pageImageSrc = resolveImageSrc;

function PageImageFigure({
  image,
  lazy = true,
  className = "",
  sizes = "(min-width: 1024px) 50vw, 100vw",
  inlineSrc,
}: {
  image: PageImage;
  lazy?: boolean;
  className?: string;
  sizes?: string;
  /** The picture itself as a data: URI, when the loader put it in the HTML. */
  inlineSrc?: string | null;
}) {
  return (
    <figure className={className}>
      <SiteImage
        src={inlineSrc ?? pageImageSrc(image.filename)}
        alt={image.alt}
        width={image.width ?? 1200}
        height={image.height ?? 800}
        lazy={lazy}
        srcSet={image.responsive?.srcSet || undefined}
        avifSrcSet={image.responsive?.avifSrcSet || undefined}
        sizes={sizes}
        className="rounded-lg shadow-md"
      />
      {image.caption ? <figcaption className="mt-2 text-sm text-muted-foreground">{image.caption}</figcaption> : null}
    </figure>
  );
}

export function PageHero({ title, subtitle, children }: { title: string; subtitle: string; children?: ReactNode }) {
  return (
    <header className="border-b border-border bg-muted">
      <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
        <h1 className="max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{title}</h1>
        {subtitle ? <p className="mt-4 max-w-3xl text-xl text-muted-foreground">{subtitle}</p> : null}
        {children}
      </div>
    </header>
  );
}

/**
 * A page's main text with the pictures its layout places around it:
 * one beside the text for image-left and image-right, the rest after it,
 * then the Page Images tab's content section, then the gallery grid. The
 * home page and every content page use it, so a picture staff add shows on
 * either.
 */
export function PageText({ page, heading }: { page: PageContent; heading: ReactNode }) {
  const layout = placeImages(page);
  const contentSection = page.sectionImages?.content;
  const after = [...layout.inline, ...(contentSection ? [sectionAsImage(contentSection)] : [])];
  const side = layout.side;
  return (
    <>
      <div className={side ? "grid items-start gap-10 lg:grid-cols-2" : "max-w-3xl"}>
        <div className={side && page.layout === "image-left" ? "lg:order-2" : ""}>
          {heading}
          <Prose source={page.content} />
          {after.map((image) => (
            <PageImageFigure key={image.id} image={image} className="mt-8" sizes="(min-width: 48rem) 48rem, 100vw" />
          ))}
        </div>
        {side ? <PageImageFigure image={side} className={page.layout === "image-left" ? "lg:order-1" : ""} /> : null}
      </div>
      {layout.gallery.length > 0 ? (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Gallery">
          {layout.gallery.map((image) => (
            <li key={image.id}>
              <PageImageFigure image={image} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

/**
 * Every public page's hero and main body, drawn from one PageContent record
 * (built-in copy or the staff's saved version), laid out as the record's
 * layout says. Pages with more to show pass it as children, which follow
 * the page's videos.
 */
export function ContentPage({
  page,
  gallery,
  children,
  heroExtra,
  heroInline,
}: {
  page: PageContent;
  gallery?: Gallery;
  children?: ReactNode;
  heroExtra?: ReactNode;
  /** The hero picture as a data: URI (PublicPageData.heroInline), so the page's largest paint needs no request of its own. */
  heroInline?: string | null;
}) {
  const sections = page.sectionImages ?? {};
  const heroImage = heroImageOf(page);
  // The register banner has its own place on its page; hero and content are placed above.
  const otherSections = Object.values(sections).filter(
    (s) => s.section !== "hero" && s.section !== "content" && s.section !== REGISTER_CHILD_BANNER.id,
  );
  return (
    <article>
      <PageHero title={page.heroTitle} subtitle={page.heroSubtitle}>
        {page.ctas.length > 0 ? (
          <div className="mt-8 flex flex-wrap gap-3">
            {page.ctas.map((cta, i) => (
              <ButtonLink key={cta.label} href={cta.href} variant={i === 0 ? "primary" : "outline"}>
                {cta.label}
              </ButtonLink>
            ))}
          </div>
        ) : null}
        {heroExtra}
      </PageHero>
      {heroImage ? (
        <div className="mx-auto max-w-7xl px-4 pt-10" data-section="hero">
          <PageImageFigure image={heroImage} lazy={false} sizes="(min-width: 80rem) 80rem, 100vw" inlineSrc={heroInline} />
        </div>
      ) : null}
      <section aria-labelledby="main-content-heading" className="mx-auto max-w-7xl px-4 py-12">
        <PageText
          page={page}
          heading={
            <h2 id="main-content-heading" className="text-3xl font-bold tracking-tight">
              {page.mainTitle}
            </h2>
          }
        />
      </section>
      {otherSections.map((s) => (
        <section key={s.section} id={`section-${s.section}`} aria-label={sectionLabel(s.section)} className="mx-auto max-w-7xl px-4 pb-12">
          <PageImageFigure image={sectionAsImage(s)} sizes="(min-width: 80rem) 80rem, 100vw" />
        </section>
      ))}
      {gallery ? <VideoGallery gallery={gallery} /> : null}
      {children}
    </article>
  );
}
