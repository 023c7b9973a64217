import { readThemeChoice } from "#app/platform/http/theme-cookie";

/**
 * What a stored page is filed under (docs/decisions/008-page-cache.md): the
 * address the page is rendered for, which is its path and the query
 * parameters it reads, and the theme, which is rendered into `<html>`.
 * Whatever else a request carries makes no difference to a public page and
 * is left out: a link's tracking tags (`utm_*`, `fbclid`, `gclid`, …), and
 * cookies other than the theme and a session.
 */

/**
 * Paths that are never cached whoever asks: staff pages, APIs, files, health
 * and build assets, and React Router's route manifest (its answer depends on
 * the `paths` and `version` it is asked with, which a key would drop).
 */
const NEVER = /^\/(admin|login|logout|api|media|assets|healthz|readyz|theme|__manifest)(\/|$|\.)/;

/**
 * Cookies that mean a signed-in visitor (the sign-in session, named by the
 * accounts feature at start-up in server/wiring.ts, since the platform knows
 * no feature): their pages are rendered for them, never taken from or put
 * into the cache. Every other cookie but the theme (analytics, a remembered
 * browser, a one-shot message only the admin area reads) changes no public
 * page, so it does not keep a visitor from the cached one.
 */
export const SESSION_COOKIES = new Set<string>();

/** Says that these cookies carry a session. */
export function bypassCacheForCookies(names: Iterable<string>): void {
  for (const name of names) SESSION_COOKIES.add(name);
}

/**
 * What a page reads from its address's query string, as its route declares
 * it (server/page-params.ts gathers the declarations from the routes).
 */
export interface PageParams {
  /** Parameters that change the page (a form's thanks): part of the key. Every other parameter is dropped from it. */
  vary: readonly string[];
  /** Parameters that make the page one person's own (a link's token that shows their address): with one, nothing is cached. */
  personal: readonly string[];
}

/** More distinct paths than the site has pages: past this the memo of declarations starts again. */
const PARAMS_MEMO_LIMIT = 1000;

/** Whether answers to this method and path are the page cache's business at all. */
function cacheable(method: string, pathname: string): boolean {
  return (method === "GET" || method === "HEAD") && !NEVER.test(pathname) && !pathname.endsWith(".data");
}

export class PageKeys {
  private readonly paramsByPath = new Map<string, PageParams | null>();

  /**
   * @param pageParams what the page at a path reads from the query string;
   * null when its routes declare nothing, and then any query string keeps it
   * out of the cache. Without it every route declares nothing.
   */
  constructor(private readonly pageParams: (pathname: string) => PageParams | null = () => null) {}

  /**
   * The key for a request, or null when its answer must not come from (or
   * go into) the cache: anything but GET/HEAD of a page, a visitor with a
   * session, a personal parameter, or a query string on a route that
   * declares nothing.
   */
  forUrl(method: string, url: URL, cookie: string | null, search: string = url.search): string | null {
    if (!cacheable(method, url.pathname)) return null;
    if (cookie && SESSION_COOKIES.size > 0) {
      // Split at commas too: two Cookie headers reach a Request joined by ", ", and a session in either counts.
      for (const part of cookie.split(/[;,]/)) {
        const eq = part.indexOf("=");
        if (SESSION_COOKIES.has((eq < 0 ? part : part.slice(0, eq)).trim())) return null;
      }
    }
    let target = url.pathname;
    if (search.length > 1) {
      const params = this.paramsFor(url.pathname);
      if (!params) return null;
      const kept: [string, string][] = [];
      for (const [name, value] of new URLSearchParams(search)) {
        if (params.personal.includes(name)) return null;
        if (params.vary.includes(name)) kept.push([name, value]);
      }
      if (kept.length > 0) {
        // Sorted by name (a stable sort: a repeated parameter keeps its order), so one page has one key however the link ordered them.
        kept.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
        target += `?${new URLSearchParams(kept).toString()}`;
      }
    }
    return `${target}\n${readThemeChoice(cookie) ?? ""}`;
  }

  private paramsFor(pathname: string): PageParams | null {
    let params = this.paramsByPath.get(pathname);
    if (params === undefined) {
      params = this.pageParams(pathname);
      if (this.paramsByPath.size >= PARAMS_MEMO_LIMIT) this.paramsByPath.clear();
      this.paramsByPath.set(pathname, params);
    }
    return params;
  }

  /**
   * The address (path and query) a key's page is rendered for. A page is
   * rendered for this address, not the one the visitor typed, so that
   * nothing in it (a form coming back to the page, the current menu entry)
   * can echo a parameter that the key left out.
   */
  static targetOf(key: string): string {
    return key.slice(0, key.lastIndexOf("\n"));
  }
}

/**
 * Labels an answer that did not come from the cache: every public page
 * says `X-Cache: miss`, and varies by cookie for a shared cache in front
 * (a session's page is not the anonymous one). Files, feeds and the admin
 * area are left as they are.
 */
export function labelMiss(method: string, pathname: string, headers: Headers): void {
  if (!cacheable(method, pathname) || headers.has("X-Cache") || !headers.get("Content-Type")?.startsWith("text/html")) return;
  headers.set("X-Cache", "miss");
  const vary = headers.get("Vary");
  if (!vary) headers.set("Vary", "Cookie");
  else if (!/(^|,)\s*(cookie|\*)\s*(,|$)/i.test(vary)) headers.set("Vary", `${vary}, Cookie`);
}
