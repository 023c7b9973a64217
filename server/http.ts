import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { getRequestListener } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Context } from "hono";
import * as build from "virtual:react-router/server-build";
import { env, type Env } from "#app/platform/env.server";
import { collectAuthCookies } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { pathForLog } from "#app/platform/log/log-path.server";
import { authorizeAdminRequest, getTus, handleTusRequest, TUS_PATH } from "#app/features/media/tus.server";
import { baseSecurityHeaders, contentSecurityPolicy } from "#app/platform/http/security-headers.server";
import { bumpContentVersion, onContentChange, readContentVersionNow } from "#app/platform/content-version.server";
import { PageCache } from "#app/platform/page-cache/page-cache.server";
import { watchFallbacks } from "#app/platform/render/fallback-watch.server";
import type { SiteChromeHtml } from "#app/features/site/site-chrome";
import { pageCacheHitListener } from "#app/platform/page-cache/page-cache-hits.server";
import { formRequestGuard } from "#app/web/body-limits.server";
import { anonymousRequestLimits } from "#app/platform/http/request-limits.server";
import { getAuth, getSession } from "#app/features/accounts/auth.server";
import { wireFeaturesIntoPlatform } from "./wiring";
import { pageParamsOf } from "./page-params";
import { isPrerender, prerenderPublicPages } from "./prerender";
import { pickEncoding } from "#app/platform/http/accept-encoding";

/**
 * The HTTP pipeline in front of React Router: request log and security
 * headers, cross-site write refusal, body limits, the page cache,
 * compression, uploads, static assets, then the page itself.
 */

declare module "react-router" {
  interface AppLoadContext {
    nonce: string;
    requestId: string;
    /** The visitor's address: the socket's, or the proxy's X-Forwarded-For with TRUST_PROXY=1. */
    clientIp: string;
    /** Set by the public layout's loader: its header and footer as HTML (app/features/site/site-chrome.server.tsx). */
    siteChrome?: SiteChromeHtml;
  }
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
/** Pages that show or change someone's account or admin data: never cached by a browser or proxy. */
const PRIVATE_PATH = /^\/(admin|login|logout)(\/|\.data$|$)/;
/** Where staff change things: a successful write here may change what public pages show. */
const STAFF_WRITE_PATH = /^\/(admin|api|login)(\/|\.|$)/;

function clientIp(c: Context): string {
  if (env().TRUST_PROXY === "1") {
    // Our one proxy appends the address it saw; anything to its left came from the client.
    const hops = c.req.header("x-forwarded-for")?.split(",").map((h) => h.trim()).filter(Boolean);
    if (hops?.length) return hops[hops.length - 1]!.slice(0, 64);
  }
  try {
    return getConnInfo(c).remote.address ?? "unknown";
  } catch {
    return "unknown";
  }
}

/**
 * A fresh CSP nonce (16 random bytes, base64) per response, drawn from a
 * pool that one system call refills every 256 responses: the bytes are as
 * random as separate calls and each is used once, but a call per response
 * showed up in the render profile.
 */
const noncePool = Buffer.alloc(4096);
let noncePoolUsed = noncePool.length;
function newNonce(): string {
  if (noncePoolUsed + 16 > noncePool.length) {
    crypto.randomFillSync(noncePool);
    noncePoolUsed = 0;
  }
  const nonce = noncePool.toString("base64", noncePoolUsed, noncePoolUsed + 16);
  noncePoolUsed += 16;
  return nonce;
}

/**
 * A page rendered for one request, compressed in one call: brotli at
 * quality 4 (~0.35 ms for a 33 KB page, smaller than gzip's default) or
 * gzip at level 6. The compress() middleware's CompressionStream took
 * ~1.1 ms of CPU for the same page, a tenth of the whole render. Pages
 * from the cache carry their own stored encodings (page-cache.server.ts).
 */
function compressedPage(request: Request, html: Buffer, init: { status: number; statusText: string; headers: Headers }): Response {
  const { headers } = init;
  const vary = headers.get("Vary");
  if (!vary?.toLowerCase().includes("accept-encoding")) headers.set("Vary", vary ? `${vary}, Accept-Encoding` : "Accept-Encoding");
  const encoding = pickEncoding(request.headers.get("accept-encoding"));
  const skip = request.method === "HEAD" || html.length < 1024 || headers.has("Content-Encoding") || /(^|,)\s*no-transform\s*(,|$)/i.test(headers.get("Cache-Control") ?? "");
  let body = html;
  if (!skip && encoding === "br") {
    body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
    headers.set("Content-Encoding", "br");
  } else if (!skip && encoding === "gzip") {
    body = zlib.gzipSync(html, { level: 6 });
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, init);
}

/**
 * A page the cache may keep is rendered for the address in its key: its
 * path and the query parameters it reads. A link's tracking tags are left
 * out, so nothing in the stored page (a form that comes back to the page,
 * the menu's current entry) can echo them to the next visitor.
 */
function asKeyed(request: Request, key: string | null): Request {
  if (!key) return request;
  const url = new URL(request.url);
  const target = PageCache.targetOf(key);
  if (url.pathname + url.search === target) return request;
  return new Request(new URL(target, url), { method: request.method, headers: request.headers, signal: request.signal });
}

type NodeListener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** For each app createApp made: its page-cache hits answered before Hono, falling back to Hono (listen() wires it). */
const hitListeners = new WeakMap<Hono, (fallback: NodeListener) => NodeListener>();

/** For each app createApp made: what starts rendering its public pages into its page cache (listen() calls it). */
const prerenderers = new WeakMap<Hono, () => () => void>();

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

export function createApp(): Hono {
  wireFeaturesIntoPlatform();
  const config = env();
  const isHttps = config.PUBLIC_URL.startsWith("https://");
  // Uploaded files served from a bucket or CDN must be allowed as images and media.
  const mediaOrigins = config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  const handleRequest = createRequestHandler(build as unknown as ServerBuild, "production");
  const app = new Hono();
  // Anonymous page views come from memory until staff change anything (docs/decisions/008-page-cache.md).
  const pageCache = new PageCache({
    enabled: config.PAGE_CACHE !== "off",
    // Which query parameters each page reads, as its routes declare; the rest (a link's tracking tags) are not part of the key.
    pageParams: pageParamsOf((build as unknown as ServerBuild).routes),
    // The same read the text and settings kept in memory go by, so the two never disagree about a save.
    readVersion: async () => readContentVersionNow(await getDatabase()),
    cspForHashes: (scriptHashes) => contentSecurityPolicy({ scriptHashes, mediaOrigins }),
  });
  onContentChange(() => pageCache.clear());
  if (pageCache.enabled) prerenderers.set(app, () => prerenderPublicPages(app, pageCache, config.PUBLIC_URL));
  hitListeners.set(app, (fallback) =>
    pageCacheHitListener({ cache: pageCache, baseHeaders: baseSecurityHeaders(isHttps), fallback, log: (line) => logger.info(line) }),
  );
  // Every staff write invalidates centrally, so no feature has to remember to.
  const staffChanged = async () => {
    pageCache.clear();
    try {
      await bumpContentVersion((await getDatabase()).db);
      await pageCache.refresh();
    } catch (error) {
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "could not bump the content version");
    }
  };

  // Request id, access log and security headers for every response.
  app.use(async (c, next) => {
    const started = performance.now();
    const requestId = c.req.header("x-request-id")?.slice(0, 64) || crypto.randomUUID();
    c.set("requestId" as never, requestId as never);
    await next();
    for (const [name, value] of Object.entries(baseSecurityHeaders(isHttps))) {
      if (!c.res.headers.has(name)) c.res.headers.set(name, value);
    }
    c.res.headers.set("X-Request-Id", requestId);
    logger.info({
      requestId,
      method: c.req.method,
      // Without the invitation token (c.req.path never holds the query string).
      path: pathForLog(c.req.path),
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  // Writes from another site are refused before they reach any action
  // (SameSite=Lax cookies are the second line of defence).
  const publicUrl = new URL(config.PUBLIC_URL);
  const publicOrigin = publicUrl.origin;
  /**
   * The request at the address the browser used. Behind a reverse proxy
   * that ends TLS, Node sees http:// (and, with some proxies, the upstream's
   * host) while the browser is on PUBLIC_URL: React Router refuses every
   * action whose Origin is not the request's own origin, and so does the
   * library's upload endpoint (tus). So a request the browser sent from the
   * public site (its Origin says so) or, with no Origin, to it (its Host is
   * the public host) is given the public origin; anything else (a visit
   * straight to the port) keeps its own.
   */
  const asAddressed = (request: Request): Request => {
    const url = new URL(request.url);
    if (url.origin === publicOrigin) return request;
    // A write says where it was sent from; a page from another origin (plain http:// on the public host, say) keeps its own address.
    const origin = request.headers.get("origin");
    if (origin ? origin !== publicOrigin : request.headers.get("host") !== publicUrl.host) return request;
    const init = { method: request.method, headers: request.headers, body: request.body, signal: request.signal, duplex: "half" };
    return new Request(`${publicOrigin}${url.pathname}${url.search}`, init as RequestInit);
  };
  app.use(async (c, next) => {
    if (!SAFE_METHODS.has(c.req.method)) {
      const origin = c.req.header("origin");
      if (origin && origin !== publicOrigin && origin !== new URL(c.req.url).origin) {
        return c.text("Cross-site request refused.", 403);
      }
    }
    await next();
  });

  // One address sending more forms, or asking for more uncached pages, than a person would is told to wait (429).
  // Staff, cached pages, static files and health checks never are (app/platform/http/request-limits.server.ts).
  const limits = anonymousRequestLimits({
    enabled: config.REQUEST_LIMITS !== "off",
    clientIp,
    isSignedIn: async (request) => (await getSession(await getAuth(), request, { renew: false })) !== null,
  });
  app.use(limits.forms);

  // Oversized, non-form and unreadable bodies get a 4xx before any action reads them.
  app.use(formRequestGuard({ exempt: (p) => p === TUS_PATH || p.startsWith(`${TUS_PATH}/`) || p === "/api/media/quick-upload" }));

  app.use(async (c, next) => {
    const key = pageCache.keyFor(c.req.raw);
    if (!key) {
      await next();
      pageCache.labelMiss(c.req.method, c.req.path, c.res.headers);
      return;
    }
    let hit = await pageCache.get(key);
    // A page being rendered for someone else is waited for, not rendered again;
    // otherwise this request claims the render before yielding, so the rest of a burst waits for it.
    const pending = hit ? undefined : pageCache.waitFor(key);
    const render = hit || pending || c.req.method !== "GET" ? undefined : pageCache.begin(key);
    if (pending) hit = await pending;
    if (hit) return PageCache.respond(hit, c.req.raw, true);
    c.set("pageRender" as never, render as never);
    try {
      // A page the server prepares ahead (prerender.ts) is rendered here and now: what comes between is for visitors.
      if (isPrerender(c)) c.res = await renderPage(c);
      else await next();
    } finally {
      render?.settle();
    }
    pageCache.labelMiss(c.req.method, c.req.path, c.res.headers);
  });

  app.use(compress());

  // Resumable media-library uploads (tus), streamed to disk or S3 as they
  // arrive; each request is checked against the admin session.
  const tusHandler = async (c: Context) => handleTusRequest(await getTus(), asAddressed(c.req.raw), authorizeAdminRequest);
  app.all(TUS_PATH, tusHandler);
  app.all(`${TUS_PATH}/*`, tusHandler);

  // Hashed build assets never change: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      // The build writes .br and .gz copies (scripts/vite-precompress.ts).
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=31536000, immutable");
      },
    }),
  );
  // Other public files (icons, built-in images) may change between releases.
  app.use(
    "*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
      precompressed: true,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );

  app.use(limits.pages);

  const renderPage = async (c: Context): Promise<Response> => {
    const nonce = newNonce();
    const key = pageCache.keyFor(c.req.raw);
    // HEAD is answered from the cache once a GET has filled it, never stored itself.
    const cacheKey = c.req.method === "GET" ? key : null;
    const render = (c.get("pageRender" as never) as ReturnType<PageCache["begin"]> | undefined) ?? pageCache.begin(cacheKey);
    let response: Response;
    let cookies: string[];
    let fellBack: boolean;
    try {
      ({
        result: { result: response, cookies },
        fellBack,
      } = await watchFallbacks(() =>
        collectAuthCookies(() =>
          handleRequest(asAddressed(asKeyed(c.req.raw, key)), {
            nonce,
            requestId: (c.get("requestId" as never) as string) ?? "",
            clientIp: clientIp(c),
          }),
        ),
      ));
    } catch (error) {
      render.settle();
      throw error;
    }
    const headers = new Headers(response.headers);
    // A sliding session renews its cookie while pages load, unless the
    // response itself already sets it (sign-in, sign-out).
    const alreadySet = new Set(headers.getSetCookie().map((cookie) => cookie.split("=")[0]));
    for (const cookie of cookies) if (!alreadySet.has(cookie.split("=")[0])) headers.append("Set-Cookie", cookie);
    if (PRIVATE_PATH.test(c.req.path)) headers.set("Cache-Control", "private, no-store");
    // Part of the page is a fallback for a failed read: nobody may keep it.
    else if (fellBack) headers.set("Cache-Control", "no-store");
    // An answer to a form (a refused registration comes back with everything typed, medical needs included) is kept by no cache, nor in the browser's history.
    else if (!SAFE_METHODS.has(c.req.method) && !headers.has("Cache-Control")) headers.set("Cache-Control", "no-store");
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce, mediaOrigins }));
    }
    if (!SAFE_METHODS.has(c.req.method) && STAFF_WRITE_PATH.test(c.req.path) && response.status < 400) await staffChanged();
    const final = new Response(response.body, { status: response.status, statusText: response.statusText, headers });
    if (cacheKey && PageCache.storable(final)) {
      try {
        const entry = await pageCache.store(cacheKey, render.generation, final);
        render.settle(entry);
        return PageCache.respond(entry, c.req.raw, false);
      } finally {
        render.settle();
      }
    }
    render.settle();
    // A rendered page arrives from React in many small chunks, each a write
    // to the socket; a page is tens of kilobytes and no route streams
    // deferred data, so it is sent in one piece, compressed here.
    if (final.body && headers.get("Content-Type")?.startsWith("text/html")) {
      const html = Buffer.from(await final.arrayBuffer());
      return compressedPage(c.req.raw, html, { status: final.status, statusText: final.statusText, headers });
    }
    return final;
  };
  app.all("*", renderPage);

  return app;
}

/** The HTTP server for an app createApp made, listening on HOST:PORT. */
export function listen(app: Hono, config: Env): http.Server {
  // Page-cache hits are answered from Node's listener without Hono's per-request
  // objects; everything else goes to Hono as @hono/node-server's serve() would send it.
  const server = http.createServer(hitListeners.get(app)!(getRequestListener(app.fetch, { hostname: config.HOST })));
  server.listen(config.PORT, config.HOST, () => {
    const info = server.address() as { port: number };
    logger.info({ port: info.port, host: config.HOST, dataDir: config.DATA_DIR, database: config.DATABASE_URL ? "postgres" : "sqlite" }, "site listening");
    // Public pages are rendered into the cache in the background, now and after every change, so the first visitors get them from memory.
    const stopPrerendering = prerenderers.get(app)?.();
    if (stopPrerendering) server.once("close", stopPrerendering);
  });
  return server;
}
