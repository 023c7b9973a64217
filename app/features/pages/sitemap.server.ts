import { BUILT_IN_PAGES } from "#app/content/pages";
import { readDocument } from "./page-records.server";
import type { Database } from "#app/platform/db/db.server";
import { eventPath } from "#app/features/events/event-format";
import { logger } from "#app/platform/log/logger.server";
import { absoluteUrl } from "./seo";

const escapeXml = (value: string) =>
  value.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);

function urlEntry(loc: string, priority: string, lastmod?: string): string {
  return `  <url>\n    <loc>${escapeXml(loc)}</loc>\n${lastmod ? `    <lastmod>${escapeXml(lastmod)}</lastmod>\n` : ""}    <priority>${priority}</priority>\n  </url>`;
}

interface ListedPage {
  path: string;
  priority: string;
  lastmod?: string;
}

const priorityOf = (page: { path: string; category: string }) => (page.path === "/" ? "1.0" : page.category === "legal" ? "0.3" : "0.7");

/**
 * The published pages not hidden from search engines, the home page first,
 * with the day each last went live. Drafts, unpublished pages and the bin
 * are not public, so they are not listed. If the pages cannot be read the
 * built-in ones are listed, as before pages were records.
 */
async function publishedPages(database: Database): Promise<ListedPage[]> {
  try {
    const rows = await database.db
      .selectFrom("pages")
      .select(["path", "category", "published", "published_at"])
      .where("deleted_at", "is", null)
      .where("published", "is not", null)
      .orderBy("path")
      .execute();
    return rows
      .filter((row) => readDocument(row.published)?.seo.noindex === false)
      .map((row) => ({ path: row.path, priority: priorityOf(row), lastmod: row.published_at ? row.published_at.slice(0, 10) : undefined }))
      .sort((a, b) => Number(b.path === "/") - Number(a.path === "/"));
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "sitemap: could not read pages");
    return BUILT_IN_PAGES.map((page) => ({ path: page.path, priority: priorityOf(page) }));
  }
}

/**
 * Every published page and every published event's own page (with the day
 * it last changed); a deleted event drops out with its row.
 */
async function listedPages(database: Database): Promise<ListedPage[]> {
  const pages = await publishedPages(database);
  let events: ListedPage[] = [];
  try {
    const rows = await database.db.selectFrom("events").where("deleted_at", "is", null).select(["slug", "updated_at"]).where("is_published", "=", 1).orderBy("slug").execute();
    events = rows.map((row) => ({ path: eventPath(row.slug), priority: "0.5", lastmod: new Date(row.updated_at).toISOString().slice(0, 10) }));
  } catch (error) {
    // The pages still get listed; the events come back on the next request.
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "sitemap: could not read events");
  }
  return [...pages, ...events];
}

/** The sitemap for search engines. */
export async function sitemapXml(database: Database, origin: string): Promise<string> {
  const entries = (await listedPages(database)).map((page) => urlEntry(absoluteUrl(origin, page.path), page.priority, page.lastmod));
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${entries.join("\n")}\n</urlset>\n`;
}

/** The sitemap's addresses, the home page first: the pages the server renders before anyone asks (server/prerender.ts). */
export async function sitemapPaths(database: Database): Promise<string[]> {
  return (await listedPages(database)).map((page) => page.path);
}
