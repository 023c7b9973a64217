import crypto from "node:crypto";
import http from "node:http";
import path from "node:path";
import zlib from "node:zlib";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { getRequestListener, type ServerType } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { Context } from "hono";
import * as build from "virtual:react-router/server-build";
import { env, loadSecrets } from "#app/platform/env.server";
import { collectAuthCookies, createOrResetAdmin, getAuth } from "#app/features/accounts/auth.server";
import { closeDatabase, getDatabase } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { pathForLog } from "#app/platform/log/log-path.server";
import { releaseDeadLocalLocks, startJobWorker } from "#app/platform/jobs/jobs.server";
import { ensureRetentionJob, registerRegistrationJobs } from "#app/features/registrations/registrations.server";
import { startMediaWorker } from "#app/features/media/images.server";
import { createStorage, getStorage, s3ConfigFromEnv } from "#app/platform/storage/storage.server";
import { authorizeAdminRequest, getTus, handleTusRequest, TUS_PATH } from "#app/features/media/tus.server";
import { closeMailer, settleQueuedMail } from "#app/platform/mail/mailer.server";
import { registerNewsletterJobs } from "#app/features/newsletter/campaign-sending.server";
import { baseSecurityHeaders, contentSecurityPolicy } from "#app/platform/http/security-headers.server";
import { bumpContentVersion, onContentChange, readContentVersionNow } from "#app/platform/content-version.server";
import { PageCache } from "#app/platform/page-cache/page-cache.server";
import { watchFallbacks } from "#app/platform/render/fallback-watch.server";
import type { SiteChromeHtml } from "#app/features/site/site-chrome";
import { pageCacheHitListener } from "#app/platform/page-cache/page-cache-hits.server";
import { formRequestGuard } from "#app/web/body-limits.server";
import { defaultBackupPath } from "#app/features/backup/backup-archive.server";
import { createBackup } from "#app/features/backup/backup-create.server";
import { removeBackupLeftovers } from "#app/features/backup/backup-leftovers.server";
import { RestoreError, restoreBackup } from "#app/features/backup/backup-restore.server";
import { ensureBackupSchedule, registerBackupJobs } from "#app/features/backup/backup-schedule.server";
import { cleanUp, ensureCleanupJob, registerCleanupJobs } from "#app/features/housekeeping/cleanup.server";

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

/** The route table, for tests that must cover every admin route. */
export const routes = (build as unknown as ServerBuild).routes;

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

/** The encodings a request accepts (names without a zero q-value). */
function acceptedEncodings(request: Request): Set<string> {
  const accepted = new Set<string>();
  for (const part of (request.headers.get("accept-encoding") ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (name && !params.some((p) => /^\s*q=0(\.0*)?\s*$/.test(p))) accepted.add(name);
  }
  return accepted;
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
  const accepted = acceptedEncodings(request);
  const skip = request.method === "HEAD" || html.length < 1024 || headers.has("Content-Encoding") || /(^|,)\s*no-transform\s*(,|$)/i.test(headers.get("Cache-Control") ?? "");
  let body = html;
  if (!skip && accepted.has("br")) {
    body = zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: html.length } });
    headers.set("Content-Encoding", "br");
  } else if (!skip && accepted.has("gzip")) {
    body = zlib.gzipSync(html, { level: 6 });
    headers.set("Content-Encoding", "gzip");
  }
  headers.set("Content-Length", String(body.length));
  return new Response(new Uint8Array(body.buffer, body.byteOffset, body.byteLength) as Uint8Array<ArrayBuffer>, init);
}

type NodeListener = (req: http.IncomingMessage, res: http.ServerResponse) => void;

/** For each app createApp made: its page-cache hits answered before Hono, falling back to Hono (start() wires it). */
const hitListeners = new WeakMap<Hono, (fallback: NodeListener) => NodeListener>();

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

export function createApp(): Hono {
  const config = env();
  const isHttps = config.PUBLIC_URL.startsWith("https://");
  // Uploaded files served from a bucket or CDN must be allowed as images and media.
  const mediaOrigins = config.S3_PUBLIC_URL ? [new URL(config.S3_PUBLIC_URL).origin] : [];
  const handleRequest = createRequestHandler(build as unknown as ServerBuild, "production");
  const app = new Hono();
  // Anonymous page views come from memory until staff change anything (docs/decisions/008-page-cache.md).
  const pageCache = new PageCache({
    enabled: config.PAGE_CACHE !== "off",
    // The same read the text and settings kept in memory go by, so the two never disagree about a save.
    readVersion: async () => readContentVersionNow(await getDatabase()),
    cspForHashes: (scriptHashes) => contentSecurityPolicy({ scriptHashes, mediaOrigins }),
  });
  onContentChange(() => pageCache.clear());
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

  // Oversized, non-form and unreadable bodies get a 4xx before any action reads them.
  app.use(formRequestGuard({ exempt: (p) => p === TUS_PATH || p.startsWith(`${TUS_PATH}/`) || p === "/api/media/quick-upload" }));

  app.use(async (c, next) => {
    const key = pageCache.keyFor(c.req.raw);
    if (!key) return next();
    let hit = await pageCache.get(key);
    // A page being rendered for someone else is waited for, not rendered again;
    // otherwise this request claims the render before yielding, so the rest of a burst waits for it.
    const pending = hit ? undefined : pageCache.waitFor(key);
    const render = hit || pending || c.req.method !== "GET" ? undefined : pageCache.begin(key);
    if (pending) hit = await pending;
    if (hit) return PageCache.respond(hit, c.req.raw, true);
    c.set("pageRender" as never, render as never);
    try {
      await next();
    } finally {
      render?.settle();
    }
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

  app.all("*", async (c) => {
    const nonce = newNonce();
    // HEAD is answered from the cache once a GET has filled it, never stored itself.
    const cacheKey = c.req.method === "GET" ? pageCache.keyFor(c.req.raw) : null;
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
          handleRequest(asAddressed(c.req.raw), {
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
  });

  return app;
}

/** How long after listening the background workers wait, so the first visitors are not competing with them. */
const WORKER_START_DELAY_MS = 1_000;

/**
 * Starts the site: configuration, secrets and migrations (no request is
 * served before the schema is current), then the HTTP server, then the
 * background jobs and workers, which nothing a request needs waits for.
 */
export async function start(): Promise<ServerType> {
  const config = env();
  loadSecrets(config.DATA_DIR);
  const database = await getDatabase();
  const app = createApp();
  // Page-cache hits are answered from Node's listener without Hono's per-request
  // objects; everything else goes to Hono as @hono/node-server's serve() would send it.
  const server = http.createServer(hitListeners.get(app)!(getRequestListener(app.fetch, { hostname: config.HOST })));
  server.listen(config.PORT, config.HOST, () => {
    const info = server.address() as { port: number };
    logger.info({ port: info.port, host: config.HOST, dataDir: config.DATA_DIR, database: config.DATABASE_URL ? "postgres" : "sqlite" }, "site listening");
  });
  // A mistyped bucket or a read-only data volume shows at start, not at the first upload (/readyz says so too).
  getStorage()
    .probe()
    .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, "file storage cannot take files: check S3_* (the bucket must exist) or DATA_DIR"));
  registerNewsletterJobs();
  registerRegistrationJobs();
  // Children's registrations past their retention period are deleted daily.
  await ensureRetentionJob(database);
  // What a crash left behind (orphan files, scratch, expired uploads) is cleared at start and every six hours.
  registerCleanupJobs(() => ({ storage: getStorage(), dataDir: config.DATA_DIR, tus: getTus() }));
  await ensureCleanupJob(database);
  registerBackupJobs({ intervalHours: config.BACKUP_INTERVAL_HOURS ?? 0, keep: config.BACKUP_KEEP, dataDir: config.DATA_DIR, storage: getStorage });
  await ensureBackupSchedule(database, config.BACKUP_INTERVAL_HOURS);
  // A job this machine's previous process was running when it died goes back to the queue now, not in five minutes.
  await releaseDeadLocalLocks(database);
  let worker: ReturnType<typeof startJobWorker> | undefined;
  let mediaWorker: ReturnType<typeof startMediaWorker> | undefined;
  let stopping = false;
  // Background jobs (newsletter sends, clean-up) run in this process and a
  // restart resumes them; image variants are made in the background, and
  // images left pending by a restart are picked up. Both start a moment
  // after the site answers, so a cold start serves its first pages first.
  const workersTimer = setTimeout(() => {
    if (stopping) return;
    worker = startJobWorker(database);
    mediaWorker = startMediaWorker(getDatabase, getStorage(), path.join(config.DATA_DIR, "tmp"));
    // A backup or restore killed with the last process left a copy of the data behind: gone now, not at the next clean-up run.
    removeBackupLeftovers(config.DATA_DIR).catch((error: unknown) => logger.warn({ err: error }, "could not look for what a stopped backup left behind"));
  }, WORKER_START_DELAY_MS);
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    clearTimeout(workersTimer);
    logger.info({ signal }, "shutting down: draining requests");
    const workerStopped = worker?.stop();
    // The image being made is finished, no new one begun.
    const mediaStopped = mediaWorker?.stop();
    server.close(async () => {
      await workerStopped;
      await mediaStopped;
      // Staff notices and confirmations of the last forms sent, still on their way to the mail server.
      await settleQueuedMail();
      closeMailer();
      await closeDatabase();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
  return server;
}

/** Commands for whoever runs the site (npm run db:migrate, admin:create). */
export async function runCli(argv: string[]): Promise<number> {
  const [command] = argv;
  try {
    if (command === "migrate") {
      const config = env();
      loadSecrets(config.DATA_DIR);
      await getDatabase();
      console.log("Database is up to date.");
      return 0;
    }
    if (command === "admin:create") return await adminCreate(argv.slice(1));
    if (command === "backup") return await backupCommand(argv.slice(1));
    if (command === "restore") return await restoreCommand(argv.slice(1));
    if (command === "cleanup") return await cleanupCommand(argv.slice(1));
    console.error(`Unknown command: ${command ?? "(none)"}`);
    return 2;
  } finally {
    await closeDatabase();
  }
}

/**
 * npm run admin:create -- --email E --password P
 * Creates an admin, or gives an existing account a new password and the
 * admin role. Without --password the password is read from standard input,
 * so it need not appear in the shell history or the process list.
 */
async function adminCreate(args: string[]): Promise<number> {
  const option = (name: string) => {
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
  };
  const email = option("email");
  let password = option("password");
  if (!password && !process.stdin.isTTY) {
    const chunks: Buffer[] = [];
    for await (const chunk of process.stdin) chunks.push(chunk as Buffer);
    password = Buffer.concat(chunks).toString("utf8").replace(/\r?\n$/, "");
  }
  if (!email || !password) {
    console.error(
      "Usage: npm run admin:create -- --email you@example.org --password 'a long passphrase' [--reset-two-factor]\n   or: echo 'a long passphrase' | npm run admin:create -- --email you@example.org",
    );
    return 2;
  }
  const config = env();
  loadSecrets(config.DATA_DIR);
  const result = await createOrResetAdmin(await getAuth(), { email, password, resetTwoFactor: args.includes("--reset-two-factor") });
  if (!result.ok) {
    console.error(result.message);
    return 1;
  }
  console.log(
    result.created
      ? `Created admin ${result.user.email}. Sign in at ${config.PUBLIC_URL}/login.`
      : `Set a new password for ${result.user.email}, who is now an admin; their earlier sessions have ended.${args.includes("--reset-two-factor") ? " Two-factor sign-in is off for them until they set it up again." : ""}`,
  );
  return 0;
}

function optionOf(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
}

/** npm run backup [-- --out FILE]: one archive of the database, the stored files and the secrets. */
async function backupCommand(args: string[]): Promise<number> {
  const config = env();
  // No loadSecrets here: it would make a new secret in DATA_DIR when run without the site's AUTH_SECRET.
  const out = path.resolve(optionOf(args, "out") ?? defaultBackupPath(config.DATA_DIR));
  const manifest = await createBackup({ database: await getDatabase(), storage: getStorage(), dataDir: config.DATA_DIR, out });
  const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
  console.log(`Wrote ${out}: ${rows} rows in ${Object.keys(manifest.tables).length} tables (${manifest.method}), ${manifest.files} files, secrets ${manifest.secrets}.`);
  if (manifest.secrets === "none") console.log("Warning: AUTH_SECRET is not set and DATA_DIR has no secrets.json, so this archive holds no secret. Run backups with the site's own settings.");
  if (manifest.vanished.length) console.log(`${manifest.vanished.length} files were deleted while the backup ran and are not in it.`);
  return 0;
}

/** npm run restore <archive> [-- --force]: into DATA_DIR (and DATABASE_URL, S3_* when set). Stop the site first. */
async function restoreCommand(args: string[]): Promise<number> {
  const archive = args.find((a) => !a.startsWith("--"));
  if (!archive) {
    console.error("Usage: npm run restore <backup.tar.gz> [-- --force] [--accept-secret-change]");
    return 2;
  }
  const config = env();
  try {
    const result = await restoreBackup({
      archive: path.resolve(archive),
      dataDir: config.DATA_DIR,
      databaseUrl: config.DATABASE_URL,
      storage: createStorage({ dataDir: config.DATA_DIR, s3: s3ConfigFromEnv(config) }),
      force: args.includes("--force"),
      acceptSecretChange: args.includes("--accept-secret-change"),
    });
    console.log(`Restored the backup of ${result.manifest.createdAt}: ${result.rows} rows, ${result.files} files, into ${config.DATA_DIR}.`);
    for (const warning of result.warnings) console.log(`Warning: ${warning}`);
    if (result.manifest.secrets === "from-environment") console.log("That site took AUTH_SECRET from its environment: set the same AUTH_SECRET here.");
    return 0;
  } catch (error) {
    if (error instanceof RestoreError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  }
}

/** node scripts/cli.mjs cleanup [--min-age-minutes N]: remove orphan files, scratch and expired uploads now. */
async function cleanupCommand(args: string[]): Promise<number> {
  const config = env();
  loadSecrets(config.DATA_DIR);
  const minutes = optionOf(args, "min-age-minutes");
  const minAgeMs = minutes === undefined ? undefined : Number(minutes) * 60_000;
  const result = await cleanUp({ database: await getDatabase(), storage: getStorage(), dataDir: config.DATA_DIR, tus: getTus(), orphanMinAgeMs: minAgeMs, scratchMinAgeMs: minAgeMs });
  console.log(JSON.stringify(result));
  return 0;
}
