import crypto from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import { getPath } from "hono/utils/url";
import { pathForLog } from "#app/platform/log/log-path.server";
import { etagMatches, PageCache, type CachedPage } from "./page-cache.server";
import { pickEncoding, type Encoding } from "#app/platform/http/accept-encoding";

/**
 * Page-cache hits answered straight from Node's request listener, before
 * Hono (docs/decisions/008-page-cache.md, "Fast path"). Going through
 * @hono/node-server and the middlewares cost ~0.17 ms of CPU per hit (a
 * Request, a Context, four middlewares, Headers and a Response, then back
 * into Node's headers); here a hit is a key, a map lookup, one precomputed
 * header list and one write.
 *
 * Only hits are served here, keyed exactly as the Hono path keys them (a
 * link's tracking tags and cookies other than the theme make no
 * difference). Everything else (misses, single-flight waits, other
 * methods, a session, anything whose address, Host or cookies Hono would
 * read differently or refuse) goes to `fallback`, the Hono listener,
 * untouched: the page-cache middleware there answers it as before.
 * The headers are built from the ones the Hono path sends
 * (`PageCache.headersFor` plus what the outer middleware adds), so the two
 * cannot drift apart.
 */

type Listener = (req: IncomingMessage, res: ServerResponse) => void;

export interface PageCacheHitOptions {
  cache: PageCache;
  /** Headers every response carries (`baseSecurityHeaders`), added where the page has not set its own. */
  baseHeaders: Record<string, string>;
  /** Where everything that is not a hit goes: the Hono app's listener. */
  fallback: Listener;
  /** The access-log line, the same one the Hono path writes. */
  log: (line: { requestId: string; method: string; path: string; status: number; ms: number }) => void;
}

/** One response's header list, flat ([name, value, …]) as `writeHead` takes it, with a slot for the request id. */
interface WireHeaders {
  flat: string[];
  requestIdAt: number;
}

type Kind = Encoding | "not-modified";

/**
 * The header lists of a page are computed on its first hit and kept as long
 * as the entry (a WeakMap, so a cleared page takes them with it). The stored
 * brotli copy is swapped for a smaller one in the background after storing,
 * which changes its Content-Length: the lists remember which copy they were
 * made for.
 */
interface EntryWire {
  br: Buffer;
  kinds: Partial<Record<Kind, WireHeaders>>;
}

/**
 * The URL Hono would build for this request (@hono/node-server's newRequest),
 * or null when Hono would build it some other way or refuse it: an absolute
 * request target, a backslash, no Host, or a Host the URL parser rewrites.
 * Plain HTTP only (the site runs behind a proxy for TLS).
 */
function honoUrl(host: string | undefined, target: string | undefined): URL | null {
  if (!target || target.charCodeAt(0) !== 47 /* / */ || !host || target.includes("\\")) return null;
  let url: URL;
  try {
    url = new URL(`http://${host}${target}`);
  } catch {
    return null;
  }
  if (url.hostname.length !== host.length && url.hostname !== host.replace(/:\d+$/, "")) return null;
  return url;
}

/**
 * Whether the request carried more than one Cookie header. Node joins them
 * with "; " where the Request Hono builds joins them with ", ", which reads
 * the theme differently: such a request is left to Hono. Browsers send one.
 */
function repeatsCookie(req: IncomingMessage): boolean {
  const raw = req.rawHeaders;
  let seen = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i]!;
    if (name.length === 6 && name.toLowerCase() === "cookie" && ++seen > 1) return true;
  }
  return false;
}

/** Keeps up to `limit` computed answers by key, and forgets them all when full: the hot keys come straight back. */
function boundedMemo<V>(limit: number): (key: string, compute: () => V) => V {
  const known = new Map<string, V>();
  return (key, compute) => {
    let value = known.get(key);
    if (value === undefined) {
      value = compute();
      if (known.size >= limit) known.clear();
      known.set(key, value);
    }
    return value;
  };
}

export function pageCacheHitListener({ cache, baseHeaders, fallback, log }: PageCacheHitOptions): Listener {
  // Parsing the URL was the largest cost left in a hit; the same few pages are asked for over and over.
  // Only the path is parsed and kept: a link's tracking tags make every address new, and the query
  // string is read as it came (the same name/value pairs the parsed URL's searchParams would give).
  const urls = boundedMemo<URL | null>(1024);
  const urlOf = (host: string | undefined, path: string): URL | null => (host === undefined ? null : urls(`${host}\n${path}`, () => honoUrl(host, path)));
  const wires = new WeakMap<CachedPage, EntryWire>();

  // Browsers send a handful of distinct Accept-Encoding values: each is parsed once.
  const encodings = boundedMemo<Encoding>(256);
  const encodingFor = (acceptEncoding: string | undefined): Encoding =>
    acceptEncoding === undefined ? pickEncoding(acceptEncoding) : encodings(acceptEncoding, () => pickEncoding(acceptEncoding));

  function wireFor(entry: CachedPage, kind: Kind): WireHeaders {
    let cached = wires.get(entry);
    if (!cached || cached.br !== entry.br) {
      cached = { br: entry.br, kinds: {} };
      wires.set(entry, cached);
    }
    const known = cached.kinds[kind];
    if (known) return known;
    // What the Hono path sends: PageCache.respond's headers, then the outer
    // middleware's security headers (where the page set none) and request id,
    // then @hono/node-server's default Content-Type, all lower-case and in
    // Headers' (sorted) order.
    const headers = PageCache.headersFor(entry, true, kind);
    for (const [name, value] of Object.entries(baseHeaders)) if (!headers.has(name)) headers.set(name, value);
    headers.set("X-Request-Id", "");
    const flat: string[] = [];
    let requestIdAt = -1;
    for (const [name, value] of headers) {
      if (name === "x-request-id") requestIdAt = flat.length + 1;
      flat.push(name, value);
    }
    if (!headers.has("content-type")) flat.push("content-type", "text/plain; charset=UTF-8");
    const wire = { flat, requestIdAt };
    cached.kinds[kind] = wire;
    return wire;
  }

  function send(req: IncomingMessage, res: ServerResponse, entry: CachedPage, url: URL, started: number) {
    const method = req.method!;
    const incomingId = req.headers["x-request-id"];
    const requestId = (typeof incomingId === "string" ? incomingId.slice(0, 64) : "") || crypto.randomUUID();
    const notModified = etagMatches(req.headers["if-none-match"], entry.etag);
    const kind: Kind = notModified ? "not-modified" : encodingFor(req.headers["accept-encoding"]);
    const wire = wireFor(entry, kind);
    const headers = wire.flat.slice();
    headers[wire.requestIdAt] = requestId;
    const status = notModified ? 304 : entry.status;
    res.writeHead(status, headers);
    if (notModified || method === "HEAD") res.end();
    else res.end(PageCache.bodyFor(entry, kind as Encoding));
    log({
      requestId,
      method,
      // pathForLog(c.req.path), as the Hono path logs it: percent-decoded, without an invitation token.
      path: pathForLog(url.pathname.includes("%") ? getPath({ url: url.href } as Request) : url.pathname),
      status,
      ms: Math.round(performance.now() - started),
    });
  }

  return (req, res) => {
    const started = performance.now();
    const method = req.method;
    if (method !== "GET" && method !== "HEAD") return fallback(req, res);
    const cookie = req.headers.cookie;
    if (cookie !== undefined && repeatsCookie(req)) return fallback(req, res);
    const target = req.url ?? "";
    const q = target.indexOf("?");
    // The URL parser would drop a fragment that URLSearchParams would read: such an address is Hono's.
    if (q >= 0 && target.includes("#", q)) return fallback(req, res);
    const url = urlOf(req.headers.host, q < 0 ? target : target.slice(0, q));
    const key = url && cache.keyForUrl(method, url, cookie ?? null, q < 0 ? "" : target.slice(q));
    if (!url || !key) return fallback(req, res);
    const answer = (entry: CachedPage | undefined) => {
      if (!entry) return fallback(req, res);
      try {
        send(req, res, entry, url, started);
      } catch {
        // Nothing was sent (e.g. an X-Request-Id Node will not write): Hono answers as it would have.
        if (!res.headersSent) fallback(req, res);
        else res.destroy();
      }
    };
    // The version check still runs: when one is due, get() makes it (so a save
    // in another process empties this cache within the interval); otherwise
    // getNow() answers without a promise, which under AsyncLocalStorage's hooks costs more than the lookup.
    const now = cache.getNow(key);
    if (now !== null) return answer(now);
    cache.get(key).then(answer, () => fallback(req, res));
  };
}
