import { FALLBACK_IMAGES } from "#app/content/site";

/**
 * An image that shows a 'Loading...' placeholder until the picture has
 * loaded; on an error it tries the three fallback pictures in turn, and
 * when the last one fails too it hides the placeholder and stops. Width
 * and height are always set, so the page never shifts while images
 * arrive; pictures below the fold load lazily. The server sends the
 * first picture; app/enhance/site.ts moves through data-fallbacks on errors.
 */
export function SiteImage({
  src,
  alt,
  width,
  height,
  lazy = true,
  className = "",
  imgClassName = "",
  fallbacks = FALLBACK_IMAGES,
  srcSet,
  avifSrcSet,
  sizes,
}: {
  src: string;
  alt: string;
  width: number;
  height: number;
  /** False for pictures at the top of the page, which should load at once. */
  lazy?: boolean;
  className?: string;
  imgClassName?: string;
  fallbacks?: readonly string[];
  /** Generated WebP/AVIF sizes of an upload; dropped once a fallback picture is shown. */
  srcSet?: string;
  avifSrcSet?: string;
  sizes?: string;
}) {
  // Retrying the address that just failed would change nothing (and fire no new event).
  const fallbackList = fallbacks.filter((f) => f !== src);
  const img = (
    <img
      src={src}
      alt={alt}
      width={width}
      height={height}
      loading={lazy ? "lazy" : "eager"}
      fetchPriority={lazy ? undefined : "high"}
      decoding="async"
      className={`relative block h-full w-full object-cover ${imgClassName}`}
    />
  );
  return (
    <span
      className={`relative block overflow-hidden bg-muted ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-image-status="loading"
      data-fallbacks={JSON.stringify(fallbackList)}
    >
      <span
        aria-hidden="true"
        data-image-placeholder
        className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground motion-safe:animate-pulse"
      >
        Loading...
      </span>
      {srcSet || avifSrcSet ? (
        <picture className="relative block h-full w-full">
          {avifSrcSet ? <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} /> : null}
          {srcSet ? <source type="image/webp" srcSet={srcSet} sizes={sizes} /> : null}
          {img}
        </picture>
      ) : (
        img
      )}
    </span>
  );
}
