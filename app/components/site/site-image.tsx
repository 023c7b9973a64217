import { useEffect, useRef, useState } from "react";
import { FALLBACK_IMAGES } from "#app/content/site";

/**
 * An image with the behaviour of SPEC §4: a 'Loading...' placeholder until
 * the picture has loaded; on an error it tries the three fallback pictures
 * in turn, and when the last one fails too it hides the placeholder and
 * stops. Width and height are always set, so the page never shifts while
 * images arrive; pictures below the fold load lazily.
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
  const sources = [src, ...fallbacks.filter((f) => f !== src)];
  const [attempt, setAttempt] = useState(0);
  const [status, setStatus] = useState<"loading" | "loaded" | "failed">("loading");
  const ref = useRef<HTMLImageElement>(null);

  const fail = () => {
    if (attempt + 1 < sources.length) {
      setAttempt(attempt + 1);
      setStatus("loading");
    } else {
      setStatus("failed");
    }
  };

  // The picture may have finished (or failed) before the page became interactive.
  useEffect(() => {
    const img = ref.current;
    if (!img || !img.complete) return;
    if (img.naturalWidth > 0) setStatus("loaded");
    else if (img.currentSrc || img.src) fail();
    // Only on first render: later loads report through the events.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (status === "failed") return null;
  return (
    <span
      className={`relative block overflow-hidden bg-muted ${className}`}
      style={{ aspectRatio: `${width} / ${height}` }}
      data-image-status={status}
    >
      {status === "loading" ? (
        <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground motion-safe:animate-pulse">
          Loading...
        </span>
      ) : null}
      {attempt === 0 && (srcSet || avifSrcSet) ? (
        <picture className="relative block h-full w-full">
          {avifSrcSet ? <source type="image/avif" srcSet={avifSrcSet} sizes={sizes} /> : null}
          {srcSet ? <source type="image/webp" srcSet={srcSet} sizes={sizes} /> : null}
          <img
            ref={ref}
            src={sources[0]}
            alt={alt}
            width={width}
            height={height}
            loading={lazy ? "lazy" : "eager"}
            fetchPriority={lazy ? undefined : "high"}
            decoding="async"
            onLoad={() => setStatus("loaded")}
            onError={fail}
            className={`relative block h-full w-full object-cover ${imgClassName}`}
          />
        </picture>
      ) : (
        <img
          ref={ref}
          src={sources[attempt]}
          alt={alt}
          width={width}
          height={height}
          loading={lazy ? "lazy" : "eager"}
          fetchPriority={lazy ? undefined : "high"}
          decoding="async"
          onLoad={() => setStatus("loaded")}
          onError={fail}
          className={`relative block h-full w-full object-cover ${imgClassName}`}
        />
      )}
    </span>
  );
}
