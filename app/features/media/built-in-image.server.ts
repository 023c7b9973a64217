import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PageImage } from "#app/content/types";
import { resolveImageSrc } from "#app/features/pages/page-image-src";

/**
 * The site's own small SVG pictures (public/images/*.svg) as `data:` URIs,
 * for a picture that is the page's largest paint: written into the HTML, it
 * needs no request after the page, so nothing stands between the HTML and
 * that paint (issue 10, the home page's LCP). Uploaded photos are never
 * inlined; they keep their responsive sizes. Each file is read once per
 * process. The Content-Security-Policy already allows `data:` images
 * (security-headers.server.ts), and an SVG shown as an image runs no script.
 */

/** Larger files are linked as before, so one big drawing cannot bloat every view of a page. */
export const MAX_INLINE_SVG_BYTES = 4 * 1024;

/** Where the built-in pictures are: the client build beside this server build, else the source's public/ folder (dev, tests). */
function findImagesDir(): string | null {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  // `<build>/server/index.js` or a chunk in `<build>/server/assets/`.
  for (let i = 0; i < 3; i++) {
    const candidate = path.join(dir, "..", "client", "images");
    if (fs.existsSync(candidate)) return candidate;
    dir = path.dirname(dir);
  }
  const source = path.resolve(process.cwd(), "public", "images");
  return fs.existsSync(source) ? source : null;
}

/**
 * Whitespace collapsed, then percent-encoded where a URL or the HTML
 * attribute needs it (spaces, quotes, angle brackets, `#`, `%`, `&`): the
 * markup stays text, which the page's brotli compresses to about 60% of what
 * the same picture in base64 costs.
 */
export function svgDataUri(svg: string): string {
  const compact = svg.replace(/\s+/g, " ").replace(/> </g, "><").trim();
  return `data:image/svg+xml,${compact.replace(/[%#<>"&\s]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, "0")}`)}`;
}

let imagesDir: string | null | undefined;
const cache = new Map<string, string | null>();

/**
 * The data: URI for a site path such as `/images/community.svg`, or null
 * when the path is not one of the built-in SVGs (an upload, another site,
 * a path that climbs out of the folder) or the file is too large to inline.
 */
export function builtInSvgDataUri(src: string): string | null {
  const match = /^\/images\/([\w-]+\.svg)$/.exec(src);
  if (!match) return null;
  if (!cache.has(src)) {
    imagesDir ??= findImagesDir();
    let uri: string | null = null;
    if (imagesDir) {
      try {
        const text = fs.readFileSync(path.join(imagesDir, match[1]), "utf8");
        if (Buffer.byteLength(text) <= MAX_INLINE_SVG_BYTES) uri = svgDataUri(text);
      } catch {
        uri = null;
      }
    }
    cache.set(src, uri);
  }
  return cache.get(src)!;
}

/**
 * A page's picture as a data: URI when it is one of the built-in drawings;
 * null for an upload (it has responsive sizes to offer instead) or anything
 * else. For the picture at the top of a page (the home page's still, a
 * content page's banner).
 */
export function inlinePictureUri(image: Pick<PageImage, "filename" | "responsive"> | undefined): string | null {
  return image && !image.responsive ? builtInSvgDataUri(resolveImageSrc(image.filename)) : null;
}
