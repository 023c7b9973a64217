import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";
import { afterAll, beforeAll } from "vitest";

/**
 * The production server as a child process, for integration tests that
 * need the real thing over HTTP (two processes sharing one database, the
 * page cache, access checks on every admin route).
 */

export const root = path.resolve(import.meta.dirname, "..");
export const buildDir = process.env.BUILD_DIR ?? "build";

/** Builds the site unless a current build is there. Vitest sets NODE_ENV=test, which would bundle React's development code. */
export function ensureProductionBuild(): void {
  execFileSync(process.execPath, ["scripts/ensure-build.mjs"], { cwd: root, stdio: "inherit", env: { ...process.env, NODE_ENV: "production", BUILD_DIR: buildDir } });
}

/** A port nothing listens on right now, on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export interface SiteProcess {
  port: number;
  url: string;
  process: ChildProcess;
}

/** Starts `node server.js` with `env` on a free port and waits until /healthz answers (30 s at most); `url` is always the port's own address. */
export async function startSiteProcess(env: Record<string, string | undefined>): Promise<SiteProcess> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], {
    cwd: root,
    // PUBLIC_URL is the port's own address unless `env` gives the one a proxy in front would serve.
    env: { ...process.env, ...env, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: env.PUBLIC_URL ?? url, LOG_LEVEL: "warn", NODE_ENV: "production", BUILD_DIR: buildDir },
    stdio: ["ignore", "ignore", "inherit"],
  });
  for (let i = 0; i < 150; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return { port, url, process: child };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  child.kill();
  throw new Error("site server did not start");
}

/**
 * Builds if needed, then starts two processes on one database and data
 * folder with one AUTH_SECRET, as a load balancer would have them.
 */
export async function startTwoSiteProcesses(db: { dataDir: string; url?: string }, extra: Record<string, string> = {}): Promise<[SiteProcess, SiteProcess]> {
  ensureProductionBuild();
  const env = { DATA_DIR: db.dataDir, DATABASE_URL: db.url, AUTH_SECRET: "shared-secret-for-both-processes-0123456789", ...extra };
  return Promise.all([startSiteProcess(env), startSiteProcess(env)]);
}

/** Stops the processes and waits until they have exited. */
export function stopSiteProcesses(...sites: (SiteProcess | undefined)[]): Promise<void[]> {
  return Promise.all(
    sites.map(
      (site) =>
        new Promise<void>((resolve) => {
          if (!site || site.process.exitCode !== null) return resolve();
          site.process.once("exit", () => resolve());
          site.process.kill();
        }),
    ),
  );
}

/** The cookies a response set, as a Cookie header for the next request (cleared ones left out). */
export function cookiesOf(response: Response): string {
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .filter((c) => !c.endsWith("="))
    .join("; ");
}

/**
 * Creates the site's first admin through /login, as the setup form does,
 * signs in as it and returns the session as a Cookie header.
 */
export async function createFirstAdmin(site: SiteProcess, account: { email: string; password: string }): Promise<string> {
  const login = (fields: Record<string, string>) =>
    fetch(`${site.url}/login`, { method: "POST", redirect: "manual", headers: { Origin: site.url }, body: new URLSearchParams(fields) });
  const created = await login({ intent: "create-admin", email: account.email, password: account.password, confirm: account.password });
  if (created.status !== 302) throw new Error(`creating the first admin answered ${created.status}`);
  const signedIn = await login({ intent: "sign-in", email: account.email, password: account.password, redirectTo: "/admin" });
  const cookie = cookiesOf(signedIn);
  if (signedIn.status !== 302 || !cookie) throw new Error(`signing in answered ${signedIn.status}`);
  return cookie;
}

/** The site a suite serves over HTTP and its first admin's session, once the suite has started. */
export interface ServedSite {
  site: SiteProcess;
  cookie: string;
}

/**
 * For a describeEachEngine body: before the suite, `seed` (if given) fills
 * that engine's database, then the production build serves it; after the
 * suite the process stops. Read `site` from the returned object inside the
 * tests.
 */
export function serveSite(getDb: () => { dataDir: string; url?: string }, seed?: () => Promise<void>): { site: SiteProcess } {
  const served = {} as { site: SiteProcess };
  beforeAll(async () => {
    ensureProductionBuild();
    await seed?.();
    served.site = await startSiteProcess({ DATA_DIR: getDb().dataDir, DATABASE_URL: getDb().url });
  }, 240_000);
  afterAll(async () => {
    await stopSiteProcesses(served.site);
  });
  return served;
}

/** serveSite, then its first admin signs in: read `site` and `cookie` from the returned object inside the tests. */
export function serveWithFirstAdmin(getDb: () => { dataDir: string; url?: string }, account: { email: string; password: string }, seed?: () => Promise<void>): ServedSite {
  const served = serveSite(getDb, seed) as ServedSite;
  beforeAll(async () => {
    served.cookie = await createFirstAdmin(served.site, account);
  }, 60_000);
  return served;
}
