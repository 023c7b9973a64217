/**
 * What an <img> (or <picture>) needs to show an uploaded image well on any
 * screen: the original as the fallback src, WebP and AVIF srcsets of the
 * generated widths, its intrinsic size (no layout shift) and a tiny blurred
 * placeholder. Shared by server and browser code; it only reshapes data.
 */
export interface ResponsiveSource {
  fileUrl: string;
  width: number | null;
  height: number | null;
  placeholder: string | null;
  variants: { width: number; format: "webp" | "avif"; url: string }[];
}

export interface ResponsiveImage {
  src: string;
  /** WebP copies, "url 320w, url 640w, …"; empty until they have been made. */
  srcSet: string;
  avifSrcSet: string;
  sizes: string;
  width: number | undefined;
  height: number | undefined;
  placeholder: string | undefined;
}

/** A full-width image on phones, about half the page on wider screens. */
export const DEFAULT_SIZES = "(min-width: 1024px) 50vw, 100vw";

export function responsiveImage(file: ResponsiveSource, sizes = DEFAULT_SIZES): ResponsiveImage {
  const set = (format: "webp" | "avif") =>
    file.variants
      .filter((v) => v.format === format)
      .sort((a, b) => a.width - b.width)
      .map((v) => `${v.url} ${v.width}w`)
      .join(", ");
  return {
    src: file.fileUrl,
    srcSet: set("webp"),
    avifSrcSet: set("avif"),
    sizes,
    width: file.width ?? undefined,
    height: file.height ?? undefined,
    placeholder: file.placeholder ?? undefined,
  };
}
