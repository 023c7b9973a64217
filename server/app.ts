import crypto from "node:crypto";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Hono } from "hono";
import { compress } from "hono/compress";
import { serve, type ServerType } from "@hono/node-server";
import { serveStatic } from "@hono/node-server/serve-static";
import { createRequestHandler, type ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { env, loadSecrets } from "#app/lib/env.server";
import { closeDatabase, getDatabase } from "#app/lib/db.server";
import { logger } from "#app/lib/logger.server";
import { startJobWorker } from "#app/lib/jobs.server";
import { closeMailer } from "#app/lib/mailer.server";
import { registerNewsletterJobs } from "#app/lib/newsletter.server";
import { baseSecurityHeaders, contentSecurityPolicy } from "#app/lib/security-headers.server";

declare module "react-router" {
  interface AppLoadContext {
    nonce: string;
    requestId: string;
  }
}

const clientDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../client");

export function createApp(): Hono {
  const config = env();
  const isHttps = config.PUBLIC_URL.startsWith("https://");
  const handleRequest = createRequestHandler(build as unknown as ServerBuild, "production");
  const app = new Hono();

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
      path: c.req.path,
      status: c.res.status,
      ms: Math.round(performance.now() - started),
    });
  });

  app.use(compress());

  // Hashed build assets never change: cache them for a year.
  app.use(
    "/assets/*",
    serveStatic({
      root: path.relative(process.cwd(), clientDir),
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
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    }),
  );

  app.all("*", async (c) => {
    const nonce = crypto.randomBytes(16).toString("base64");
    const response = await handleRequest(c.req.raw, {
      nonce,
      requestId: (c.get("requestId" as never) as string) ?? "",
    });
    const headers = new Headers(response.headers);
    if (!headers.has("Content-Security-Policy")) {
      headers.set("Content-Security-Policy", contentSecurityPolicy({ nonce }));
    }
    return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
  });

  return app;
}

/** Starts the site: configuration, secrets, migrations, then the HTTP server. */
export async function start(): Promise<ServerType> {
  const config = env();
  loadSecrets(config.DATA_DIR);
  const database = await getDatabase();
  registerNewsletterJobs();
  // Background jobs (newsletter sends) run in this process; a restart resumes them.
  const worker = startJobWorker(database);
  const app = createApp();
  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, (info) => {
    logger.info({ port: info.port, host: config.HOST, dataDir: config.DATA_DIR, database: config.DATABASE_URL ? "postgres" : "sqlite" }, "site listening");
  });
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: draining requests");
    const workerStopped = worker.stop();
    server.close(async () => {
      await workerStopped;
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
    console.error(`Unknown command: ${command ?? "(none)"}`);
    return 2;
  } finally {
    await closeDatabase();
  }
}
