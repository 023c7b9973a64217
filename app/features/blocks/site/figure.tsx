import type { PageImage } from "#app/content/types";
import type { ImageRef } from "#app/features/blocks/block-schema";
import { SiteImage } from "#app/features/media/site/site-image";
import { resolveImageSrc } from "#app/features/pages/page-image-src";

/** A picture with its caption; decorative ones are hidden from screen readers. */
export function BlockFigure({
  image,
  caption = "",
  lazy = true,
  className = "",
  sizes = "(min-width: 1024px) 50vw, 100vw",
  inlineSrc,
}: {
  image: ImageRef | PageImage;
  caption?: string;
  lazy?: boolean;
  className?: string;
  sizes?: string;
  inlineSrc?: string | null;
}) {
  const src = "src" in image ? image.src : image.filename;
  const alt = "decorative" in image && image.decorative ? "" : image.alt;
  const responsive = "responsive" in image ? image.responsive : undefined;
  return (
    <figure className={className}>
      <SiteImage
        src={inlineSrc ?? resolveImageSrc(src)}
        alt={alt}
        width={image.width ?? 1200}
        height={image.height ?? 800}
        lazy={lazy}
        srcSet={responsive?.srcSet || undefined}
        avifSrcSet={responsive?.avifSrcSet || undefined}
        sizes={sizes}
        className="rounded-lg shadow-md"
      />
      {caption ? <figcaption className="mt-2 text-sm text-muted-foreground">{caption}</figcaption> : null}
    </figure>
  );
}
