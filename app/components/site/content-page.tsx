import type { ReactNode } from "react";
import { Link } from "react-router";
import type { PageContent, PageImage } from "#app/content/types";
import { Markdown, type MarkdownLinkProps } from "#app/lib/markdown";
import { ButtonLink } from "./button-link";
import { SiteImage } from "./site-image";
import { VideoGallery, type Gallery } from "./video-gallery";

export const PROSE_CLASSES = {
  p: "mt-4 text-lg leading-relaxed",
  h2: "mt-10 text-2xl font-semibold",
  h3: "mt-8 text-xl font-semibold",
  ul: "mt-4 list-disc space-y-2 pl-6 text-lg leading-relaxed",
  li: "",
};

export function markdownLink({ href, external, children }: MarkdownLinkProps) {
  const cls = "font-medium text-primary underline decoration-2 hover:no-underline";
  if (external || !href.startsWith("/")) {
    return (
      <a href={href} className={cls} rel={external ? "noopener noreferrer" : undefined}>
        {children}
      </a>
    );
  }
  return (
    <Link to={href} className={cls}>
      {children}
    </Link>
  );
}

/** Page copy as Markdown, with headings placed under the section's own h2. */
export function Prose({ source, headingOffset = 1 }: { source: string; headingOffset?: number }) {
  return <Markdown source={source} headingOffset={headingOffset} classNames={PROSE_CLASSES} renderLink={markdownLink} />;
}

/** An image entry's address: URLs and site paths as they are, bare file names from the site root. */
export function pageImageSrc(filename: string): string {
  if (/^https?:\/\//i.test(filename) || filename.startsWith("/")) return filename;
  return `/${filename}`;
}

function PageImageFigure({ image, lazy = true, className = "" }: { image: PageImage; lazy?: boolean; className?: string }) {
  return (
    <figure className={className}>
      <SiteImage
        src={pageImageSrc(image.filename)}
        alt={image.alt}
        width={image.width ?? 1200}
        height={image.height ?? 800}
        lazy={lazy}
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
}: {
  page: PageContent;
  gallery?: Gallery;
  children?: ReactNode;
  heroExtra?: ReactNode;
}) {
  const images = [...page.images].sort((a, b) => a.order - b.order);
  const heroImage = page.layout === "hero-content" ? (images.find((i) => i.position === "hero") ?? images[0]) : undefined;
  const sideImage = page.layout === "image-left" || page.layout === "image-right" ? images[0] : undefined;
  const galleryImages = page.layout === "gallery" ? images : [];

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
        <div className="mx-auto max-w-7xl px-4 pt-10">
          <PageImageFigure image={heroImage} lazy={false} />
        </div>
      ) : null}
      <section aria-labelledby="main-content-heading" className="mx-auto max-w-7xl px-4 py-12">
        <div className={sideImage ? "grid items-start gap-10 lg:grid-cols-2" : "max-w-3xl"}>
          <div className={sideImage && page.layout === "image-left" ? "lg:order-2" : ""}>
            <h2 id="main-content-heading" className="text-3xl font-bold tracking-tight">
              {page.mainTitle}
            </h2>
            <Prose source={page.content} />
          </div>
          {sideImage ? <PageImageFigure image={sideImage} className={page.layout === "image-left" ? "lg:order-1" : ""} /> : null}
        </div>
        {galleryImages.length > 0 ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Gallery">
            {galleryImages.map((image) => (
              <li key={image.id}>
                <PageImageFigure image={image} />
              </li>
            ))}
          </ul>
        ) : null}
      </section>
      {gallery ? <VideoGallery gallery={gallery} /> : null}
      {children}
    </article>
  );
}
