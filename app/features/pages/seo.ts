import type { MetaDescriptor } from "react-router";

/**
 * What a page needs to be found and previewed well: built by the loader
 * (which knows the public origin from the server's configuration) and turned
 * into meta tags by the route's `meta` function.
 */
export interface Seo {
  /** The page's own title, e.g. "Donate"; the charity's name is appended. */
  title: string;
  description: string;
  /** The site's public origin, e.g. "https://www.example.org" (no trailing slash). */
  origin: string;
  /** The page's path, e.g. "/donate"; the canonical URL is origin + path. */
  path: string;
  siteName: string;
  /** An image for link previews: a path on this site or an absolute URL. */
  image?: string;
  imageAlt?: string;
  /** JSON-LD structured data, rendered as a script of type application/ld+json. */
  structuredData?: Record<string, unknown>;
  /** "Hide from search engines": the page asks not to be listed (the sitemap leaves it out too). */
  noindex?: boolean;
}

/**
 * The picture a link preview shows for a page without one of its own (and
 * for a page whose picture is an SVG drawing, which Facebook, X, LinkedIn
 * and WhatsApp do not show): the community drawing as a 1200×630 PNG, drawn
 * by scripts/share-image.mjs.
 */
export const DEFAULT_SHARE_IMAGE = {
  src: "/images/share.png",
  alt: "Illustration of a group of people of all ages standing together between houses",
  width: 1200,
  height: 630,
};

/** Whether link previews can show this picture: not an SVG. */
function previewable(src: string): boolean {
  return !/\.svg(?:[?#]|$)/i.test(src);
}

export function absoluteUrl(origin: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${origin.replace(/\/+$/, "")}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

export function documentTitle(title: string, siteName: string): string {
  return title === siteName ? title : `${title} | ${siteName}`;
}

export function seoMeta(seo: Seo): MetaDescriptor[] {
  const title = documentTitle(seo.title, seo.siteName);
  const url = absoluteUrl(seo.origin, seo.path === "/" ? "/" : seo.path.replace(/\/+$/, ""));
  const own = seo.image && previewable(seo.image) ? seo.image : undefined;
  const image = absoluteUrl(seo.origin, own ?? DEFAULT_SHARE_IMAGE.src);
  const imageAlt = own ? (seo.imageAlt ?? DEFAULT_SHARE_IMAGE.alt) : DEFAULT_SHARE_IMAGE.alt;
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: seo.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: seo.siteName },
    { property: "og:locale", content: "en_GB" },
    { property: "og:title", content: title },
    { property: "og:description", content: seo.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { property: "og:image:alt", content: imageAlt },
    ...(own ? [] : [{ property: "og:image:width", content: String(DEFAULT_SHARE_IMAGE.width) }, { property: "og:image:height", content: String(DEFAULT_SHARE_IMAGE.height) }]),
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: seo.description },
    { name: "twitter:image", content: image },
    { name: "twitter:image:alt", content: imageAlt },
  ];
  if (seo.noindex) tags.push(ROBOTS_NOINDEX);
  if (seo.structuredData) tags.push({ "script:ld+json": seo.structuredData });
  return tags;
}

/** One step of a page's trail from the home page: its title and address. */
export interface Crumb {
  name: string;
  path: string;
}

/**
 * The trail from the home page to a page as search engines read it
 * (schema.org BreadcrumbList): search results show it in place of the bare
 * address. The trail comes from the published pages above this one, so it
 * follows a rename, a move or an unpublished parent on the next render.
 */
export function breadcrumbList(origin: string, trail: readonly Crumb[]): Record<string, unknown> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: trail.map((crumb, i) => ({ "@type": "ListItem", position: i + 1, name: crumb.name, item: absoluteUrl(origin, crumb.path) })),
  };
}

/** Asks search engines to leave a page out of their results (they still follow its links). */
export const ROBOTS_NOINDEX = { name: "robots", content: "noindex" } as const satisfies MetaDescriptor;

/** The meta of a path that does not exist: never indexed. */
export const NOT_FOUND_META: MetaDescriptor[] = [{ title: "Page not found" }, ROBOTS_NOINDEX];
