import type { Context, Hono } from "hono";
import { getDatabase } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import type { PageCache } from "#app/platform/page-cache/page-cache.server";
import { startPrerendering } from "#app/platform/page-cache/prerender.server";
import { sitemapPaths } from "#app/features/pages/sitemap.server";

/**
 * The server's side of having public pages ready before anyone asks
 * (app/platform/page-cache/prerender.server.ts): which pages, the sitemap's,
 * and how, a GET through the site as an anonymous visitor would send it, so
 * that the page is rendered, checked and kept exactly as a visitor's would be.
 */

/** Hono's env for a request the server makes of itself. No request from outside can carry it (theirs have Node's). */
const OWN_REQUEST = { prerender: true } as const;

/** Whether this request is the server preparing a page ahead; the per-address limits meant for visitors leave it alone. */
export function isPrerender(c: Context): boolean {
  return (c.env as { prerender?: unknown } | undefined)?.prerender === true;
}

/** Starts preparing the sitemap's pages now and after every change of content; returns what stops it. */
export function prerenderPublicPages(app: Hono, cache: PageCache, publicUrl: string): () => void {
  let count = 0;
  const prerendering = startPrerendering({
    cache,
    paths: async () => sitemapPaths(await getDatabase()),
    render: async (path) => app.fetch(new Request(new URL(path, publicUrl), { headers: { "X-Request-Id": `prerender-${++count}` } }), OWN_REQUEST),
    log: (level, fields, message) => logger[level](fields, message),
  });
  return () => prerendering.stop();
}
