import type { ServerType } from "@hono/node-server";
import type { ServerBuild } from "react-router";
import * as build from "virtual:react-router/server-build";
import { env, loadSecrets } from "#app/platform/env.server";
import { getDatabase } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { getStorage } from "#app/platform/storage/storage.server";
import { createApp, listen } from "./http";
import { runCli } from "./operator";
import { prepareJobs, startWorkers, stopOnSignal } from "./workers";

/**
 * The server build's entry (vite.config.ts), wiring the HTTP pipeline
 * (http.ts), the background work (workers.ts) and the operator commands
 * (operator.ts) together: server.js calls start(), scripts/cli.mjs calls
 * runCli(), and the access tests read the route table (test/security/site.ts).
 */

export { createApp, runCli };

/** The route table, for tests that must cover every admin route. */
export const routes = (build as unknown as ServerBuild).routes;

/**
 * Starts the site: configuration, secrets and migrations (no request is
 * served before the schema is current), then the HTTP server, then the
 * background jobs and workers, which nothing a request needs waits for.
 */
export async function start(): Promise<ServerType> {
  const config = env();
  loadSecrets(config.DATA_DIR);
  const database = await getDatabase();
  const server = listen(createApp(), config);
  // A mistyped bucket or a read-only data volume shows at start, not at the first upload (/readyz says so too).
  getStorage()
    .probe()
    .catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error) }, "file storage cannot take files: check S3_* (the bucket must exist) or DATA_DIR"));
  await prepareJobs(database, config);
  stopOnSignal(server, startWorkers(database, config));
  return server;
}
