import crypto from "node:crypto";
import zlib from "node:zlib";
import { labelMiss, PageKeys, type PageParams } from "./page-key.server";
import { pickEncoding, type Encoding } from "#app/platform/http/accept-encoding";

/**
 * A full-page cache for anonymous visitors: the first visit to a public page
 * renders it, later ones get the stored bytes (already compressed with brotli
 * and gzip) until staff change anything. See docs/decisions/008-page-cache.md.
 *
 * Freshness across processes rests on the content version in the database:
 * every staff save bumps it, and each process re-reads it at most every
 * `checkIntervalMs` while it serves pages, dropping everything it holds when
 * it has moved. A save in this process clears the cache at once.
 */

/** Public HTML may be kept by shared caches for a minute and served stale while one refetches. */
export const PUBLIC_HTML_CACHE_CONTROL = "public, max-age=0, s-maxage=60, stale-while-revalidate=600";

/** Headers that belong to one response, not to the stored page. */
const PER_RESPONSE = new Set(["content-length", "content-encoding", "content-security-policy", "set-cookie", "x-request-id", "date", "etag", "transfer-encoding", "connection", "keep-alive", "vary"]);

function brotli(bytes: Buffer, quality: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    zlib.brotliCompress(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: quality, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length } }, (e, out) =>
      e ? reject(e) : resolve(out),
    ),
  );
}

export interface CachedPage {
  status: number;
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  etag: string;
  csp: string;
  storedAt: number;
}

export interface PageCacheOptions {
  enabled?: boolean;
  /**
   * What the page at a path reads from the query string; null when its
   * routes declare nothing, and then any query string keeps it out of the
   * cache. Without this option every route declares nothing.
   */
  pageParams?: (pathname: string) => PageParams | null;
  /** Reads the shared content version (one row of the database). */
  readVersion: () => Promise<number>;
  /** The Content-Security-Policy for a stored page, allowing exactly its inline scripts. */
  cspForHashes: (scriptHashes: string[]) => string;
  checkIntervalMs?: number;
  /** An upper bound on staleness for pages that depend on the clock (upcoming events). */
  ttlMs?: number;
  maxEntries?: number;
  maxBytes?: number;
  /** Recompress pages served from memory with brotli's best quality in the background (off in unit tests). */
  recompress?: boolean;
  now?: () => number;
}

/**
 * The sha256 CSP sources of every inline <script> in the HTML that the
 * browser runs or that script-src governs (import maps, speculation rules).
 * JSON data blocks (a page's JSON-LD, its trail for search results) are
 * never run, so the page's policy does not list them: it allows exactly the
 * page's own inline code.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)) {
    if (/\ssrc\s*=/i.test(match[1] ?? "")) continue;
    if (/\stype\s*=\s*["']?[\w.+/-]*json\b/i.test(match[1] ?? "")) continue;
    hashes.add(`'sha256-${crypto.createHash("sha256").update(match[2] ?? "", "utf8").digest("base64")}'`);
  }
  return [...hashes];
}

/** Whether an If-None-Match header names the page's ETag (weak comparison), so a 304 answers it. */
export function etagMatches(ifNoneMatch: string | null | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  const bare = etag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}

export class PageCache {
  readonly enabled: boolean;
  private readonly entries = new Map<string, CachedPage>();
  private bytes = 0;
  private version: number | null = null;
  private checkedAt = -Infinity;
  private checking: Promise<void> | null = null;
  /** Bumped by every clear, so a render that began before it is not stored after it. */
  private generation = 0;
  /** Renders in progress, so a burst of misses for one page waits for one render (single flight). */
  private readonly inFlight = new Map<string, Promise<CachedPage | undefined>>();
  private readonly options: Required<Omit<PageCacheOptions, "enabled" | "pageParams">>;
  private readonly keys: PageKeys;
  private readonly changeListeners = new Set<() => void>();
  /** Pages whose quality-11 brotli copy has been asked for. */
  private readonly recompressing = new WeakSet<CachedPage>();

  constructor({ enabled = true, pageParams, ...options }: PageCacheOptions) {
    this.enabled = enabled;
    this.keys = new PageKeys(pageParams);
    this.options = {
      checkIntervalMs: 200,
      ttlMs: 60_000,
      maxEntries: 1000,
      maxBytes: 64 * 1024 * 1024,
      recompress: true,
      now: () => performance.now(),
      ...options,
    };
  }

  get size(): number {
    return this.entries.size;
  }

  /**
   * The cache key for a request, or null when its answer must not come from
   * (or go into) the cache (page-key.server.ts): the address the page is
   * rendered for and the theme.
   */
  keyFor(request: Request): string | null {
    if (!this.enabled || (request.method !== "GET" && request.method !== "HEAD")) return null;
    return this.keys.forUrl(request.method, new URL(request.url), request.headers.get("cookie"));
  }

  /**
   * `keyFor` from a request's parts (the fast path in page-cache-hits.server.ts
   * has no Request object); `search`, the query string as sent, when `url`
   * was parsed without it.
   */
  keyForUrl(method: string, url: URL, cookie: string | null, search?: string): string | null {
    return this.enabled ? this.keys.forUrl(method, url, cookie, search) : null;
  }

  /** The address (path and query) a key's page is rendered for: see `PageKeys.targetOf`. */
  static targetOf(key: string): string {
    return PageKeys.targetOf(key);
  }

  /** Labels an answer that did not come from the cache (`X-Cache: miss`, varying by cookie), if it is a public page. */
  labelMiss(method: string, pathname: string, headers: Headers): void {
    if (this.enabled) labelMiss(method, pathname, headers);
  }

  /**
   * Marks the start of a render whose result may be stored with `store`.
   * With a key, later misses for it wait (`waitFor`) until `settle` is called
   * with the page, or with nothing when it turned out not to be cacheable.
   */
  begin(key?: string | null): { generation: number; settle: (entry?: CachedPage) => void } {
    const generation = this.generation;
    if (!key || this.inFlight.has(key)) return { generation, settle: () => undefined };
    let resolve!: (entry?: CachedPage) => void;
    const promise = new Promise<CachedPage | undefined>((r) => (resolve = r));
    this.inFlight.set(key, promise);
    let settled = false;
    return {
      generation,
      settle: (entry) => {
        if (settled) return;
        settled = true;
        if (this.inFlight.get(key) === promise) this.inFlight.delete(key);
        resolve(entry);
      },
    };
  }

  /** The page another request is rendering for this key, once it is done (undefined when none is). */
  waitFor(key: string): Promise<CachedPage | undefined> | undefined {
    return this.inFlight.get(key);
  }

  /** Drops every page because what public pages show has changed (a save here or in another process), and says so to `onChange` listeners. */
  clear(): void {
    this.drop();
    for (const listener of this.changeListeners) listener();
  }

  private drop(): void {
    this.entries.clear();
    this.bytes = 0;
    this.generation++;
    // Visitors arriving after a save must not wait for a render that began before it.
    this.inFlight.clear();
  }

  /** Called after every clear for a change of content (not when the version could not be read); returns the unsubscribe function. */
  onChange(listener: () => void): () => void {
    this.changeListeners.add(listener);
    return () => this.changeListeners.delete(listener);
  }

  /** How often the shared version is read while pages are served. */
  get checkIntervalMs(): number {
    return this.options.checkIntervalMs;
  }

  /** Re-reads the shared version if the last read is older than the interval (clearing on a change), with no page asked for. */
  ensureCurrent(): Promise<void> {
    return this.checkVersion();
  }

  /** Whether a page for this key would be served from memory now. */
  has(key: string): boolean {
    return this.lookup(key) !== undefined;
  }

  /** Re-reads the shared version when the last look is older than the interval; clears on a change. */
  private async checkVersion(): Promise<void> {
    if (this.options.now() - this.checkedAt < this.options.checkIntervalMs) return;
    this.checking ??= (async () => {
      try {
        const version = await this.options.readVersion();
        if (this.version !== null && version !== this.version) this.clear();
        this.version = version;
        this.checkedAt = this.options.now();
      } catch {
        // Without the version we cannot tell whether a page is fresh: serve none from the cache.
        this.drop();
        this.checkedAt = -Infinity;
      } finally {
        this.checking = null;
      }
    })();
    await this.checking;
  }

  /**
   * Re-reads the shared version now (after a save in this process has bumped
   * it), so the regular check does not empty the cache a second time a moment later.
   */
  async refresh(): Promise<void> {
    await this.checking;
    this.checkedAt = -Infinity;
    await this.checkVersion();
  }

  async get(key: string): Promise<CachedPage | undefined> {
    await this.checkVersion();
    return this.served(key, this.lookup(key));
  }

  /**
   * `get` without a promise when the version was read within the interval
   * (the usual case while pages are being served): the page or undefined;
   * null when a version check is due, and the caller must use `get`.
   */
  getNow(key: string): CachedPage | undefined | null {
    if (this.options.now() - this.checkedAt >= this.options.checkIntervalMs) return null;
    return this.served(key, this.lookup(key));
  }

  /**
   * A page about to be sent from memory. The first time, its brotli copy is
   * redone at quality 11 in the background (~60 ms of CPU, ~10% smaller):
   * only for pages someone asks for, not for every page prepared ahead
   * after each save (prerender.server.ts), which would take the machine's
   * cores for seconds.
   */
  private served(key: string, entry: CachedPage | undefined): CachedPage | undefined {
    if (entry && this.options.recompress && !this.recompressing.has(entry)) {
      this.recompressing.add(entry);
      void this.recompress(key, entry);
    }
    return entry;
  }

  private lookup(key: string): CachedPage | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (this.options.now() - entry.storedAt > this.options.ttlMs || this.checkedAt === -Infinity) {
      this.delete(key);
      return undefined;
    }
    return entry;
  }

  private delete(key: string) {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.bytes -= entry.identity.length + entry.gzip.length + entry.br.length;
    this.entries.delete(key);
  }

  /** Whether a rendered response may be stored: a complete 200 HTML page that sets no cookie and asks not to be private. */
  static storable(response: Response): boolean {
    if (response.status !== 200 || !response.body) return false;
    if (!response.headers.get("content-type")?.startsWith("text/html")) return false;
    if (response.headers.has("set-cookie")) return false;
    const cacheControl = response.headers.get("cache-control") ?? "";
    return !/\b(private|no-store|no-cache)\b/i.test(cacheControl);
  }

  /**
   * Reads the whole rendered page, compresses it once, and keeps it unless a
   * clear happened since `generation` (a save landed while it rendered).
   * Brotli at quality 6 costs ~1 ms for a 45 KB page; the stored copy is
   * recompressed at quality 11 (~60 ms, ~10% smaller) off the request path
   * once the page is first served from memory (`served`).
   */
  async store(key: string, generation: number, response: Response): Promise<CachedPage> {
    const identity = Buffer.from(await response.arrayBuffer());
    const html = identity.toString("utf8");
    const [gzip, br] = await Promise.all([
      new Promise<Buffer>((resolve, reject) => zlib.gzip(identity, { level: 6 }, (e, out) => (e ? reject(e) : resolve(out)))),
      brotli(identity, 6),
    ]);
    const headers: [string, string][] = [];
    response.headers.forEach((value, name) => {
      if (!PER_RESPONSE.has(name)) headers.push([name, value]);
    });
    if (!response.headers.has("cache-control")) headers.push(["cache-control", PUBLIC_HTML_CACHE_CONTROL]);
    const entry: CachedPage = {
      status: response.status,
      headers,
      identity,
      gzip,
      br,
      etag: `W/"${crypto.createHash("sha256").update(identity).digest("base64url").slice(0, 32)}"`,
      csp: this.options.cspForHashes(inlineScriptHashes(html)),
      storedAt: this.options.now(),
    };
    if (generation === this.generation && this.version !== null) {
      this.delete(key);
      this.entries.set(key, entry);
      this.bytes += identity.length + gzip.length + br.length;
      // Oldest first out: Map keeps insertion order.
      for (const oldest of this.entries.keys()) {
        if (this.entries.size <= this.options.maxEntries && this.bytes <= this.options.maxBytes) break;
        this.delete(oldest);
      }
    }
    return entry;
  }

  private async recompress(key: string, entry: CachedPage): Promise<void> {
    try {
      const smaller = await brotli(entry.identity, 11);
      // Only if the page is still the one stored (not cleared or replaced meanwhile).
      if (this.entries.get(key) !== entry || smaller.length >= entry.br.length) return;
      this.bytes += smaller.length - entry.br.length;
      entry.br = smaller;
    } catch {
      // The quality-6 copy stays.
    }
  }

  /**
   * The headers of a response from a stored page: for the body in `encoding`,
   * or for a 304 (`"not-modified"`, no Content-Encoding or Content-Length).
   */
  static headersFor(entry: CachedPage, hit: boolean, encoding: Encoding | "not-modified"): Headers {
    const headers = new Headers(entry.headers);
    headers.set("ETag", entry.etag);
    headers.set("Content-Security-Policy", entry.csp);
    headers.set("Vary", "Accept-Encoding, Cookie");
    // The name CDNs and Varnish use for the same thing.
    headers.set("X-Cache", hit ? "hit" : "miss");
    if (encoding === "not-modified") return headers;
    if (encoding !== "identity") headers.set("Content-Encoding", encoding);
    headers.set("Content-Length", String(PageCache.bodyFor(entry, encoding).length));
    return headers;
  }

  static bodyFor(entry: CachedPage, encoding: Encoding): Buffer {
    return encoding === "br" ? entry.br : encoding === "gzip" ? entry.gzip : entry.identity;
  }

  /** The response for a stored page: 304 when the visitor has it, else the best encoding it accepts. */
  static respond(entry: CachedPage, request: Request, hit: boolean): Response {
    if (etagMatches(request.headers.get("if-none-match"), entry.etag)) {
      return new Response(null, { status: 304, headers: PageCache.headersFor(entry, hit, "not-modified") });
    }
    const encoding = pickEncoding(request.headers.get("accept-encoding"));
    const body = PageCache.bodyFor(entry, encoding);
    // A Buffer is a Uint8Array, which @hono/node-server writes out directly without a stream.
    return new Response(request.method === "HEAD" ? null : (body as Uint8Array<ArrayBuffer>), { status: entry.status, headers: PageCache.headersFor(entry, hit, encoding) });
  }
}
