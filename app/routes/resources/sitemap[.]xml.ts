import { BUILT_IN_PAGES } from "#app/content/pages";
import { env } from "#app/lib/env.server";
import { absoluteUrl } from "#app/lib/seo";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

/** Every public page of the catalogue, for search engines. */
export function loader() {
  const origin = env().PUBLIC_URL;
  const urls = BUILT_IN_PAGES.map((page) => {
    const priority = page.path === "/" ? "1.0" : page.category === "legal" ? "0.3" : "0.7";
    return `  <url>\n    <loc>${escapeXml(absoluteUrl(origin, page.path))}</loc>\n    <priority>${priority}</priority>\n  </url>`;
  });
  const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join("\n")}\n</urlset>\n`;
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
