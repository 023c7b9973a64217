import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { pathToFileURL } from "node:url";
import { sql } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { buildDir, cookiesOf, freePort, root } from "../site-process";

/**
 * Drives the production build as a separate process, the way it runs in
 * production: for the hostile-input, crash, backup and logging suites.
 */

export interface SiteOptions {
  dataDir: string;
  databaseUrl?: string;
  /** Extra environment (S3_*, TRUST_PROXY…). */
  env?: Record<string, string | undefined>;
  port?: number;
}

export interface Site {
  url: string;
  port: number;
  options: SiteOptions;
  child: ChildProcess;
  /** Every line the process wrote (JSON log lines and anything else). */
  logs: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

export const AUTH_SECRET = "hostile-input-suite-secret-0123456789abcdef";

export function siteEnv(options: SiteOptions, port: number): NodeJS.ProcessEnv {
  const url = `http://127.0.0.1:${port}`;
  // An option set to undefined removes the variable (e.g. AUTH_SECRET, to have the site generate secrets.json).
  return Object.fromEntries(Object.entries(baseEnv(options, port, url)).filter(([, v]) => v !== undefined));
}

function baseEnv(options: SiteOptions, port: number, url: string): NodeJS.ProcessEnv {
  return {
    ...process.env,
    DATABASE_URL: options.databaseUrl,
    DATA_DIR: options.dataDir,
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: url,
    LOG_LEVEL: "info",
    NODE_ENV: "production",
    BUILD_DIR: buildDir,
    AUTH_SECRET,
    ...options.env,
  };
}

/** Starts `node server.js` and waits until /healthz answers. */
export async function startSite(options: SiteOptions): Promise<Site> {
  const port = options.port ?? (await freePort());
  const url = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, ["server.js"], { cwd: root, env: siteEnv(options, port), stdio: ["ignore", "pipe", "pipe"] });
  const logs: string[] = [];
  const collect = (stream: NodeJS.ReadableStream | null) => {
    let pending = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      pending += chunk;
      const lines = pending.split("\n");
      pending = lines.pop() ?? "";
      logs.push(...lines.filter(Boolean));
    });
  };
  collect(child.stdout);
  collect(child.stderr);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once("exit", (code, signal) => resolve({ code, signal })),
  );
  const site = { url, port, options, child, logs, exited };
  for (let i = 0; i < 300; i++) {
    if (child.exitCode !== null) throw new Error(`site server exited at start:\n${logs.join("\n")}`);
    try {
      if ((await fetch(`${url}/healthz`)).ok) return site;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill("SIGKILL");
  throw new Error(`site server did not start:\n${logs.join("\n")}`);
}

/** Stops the server (SIGTERM by default) and waits for it to exit. */
export async function stopSite(site: Site | undefined, signal: NodeJS.Signals = "SIGTERM") {
  if (!site) return undefined;
  if (site.child.exitCode === null && site.child.signalCode === null) site.child.kill(signal);
  return site.exited;
}

export function post(site: Site, url: string, body: BodyInit, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${site.url}${url}`, { method: "POST", body, redirect: "manual", headers: { Origin: site.url, ...headers } });
}

/** Signs in through /login and returns the session cookie. */
export async function signIn(site: Site, email: string, password: string): Promise<string> {
  const response = await post(site, "/login", new URLSearchParams({ intent: "sign-in", email, password, redirectTo: "/admin" }));
  if (response.status !== 302) throw new Error(`sign-in as ${email} answered ${response.status}`);
  return cookiesOf(response);
}

/** Creates the first admin through the sign-in page, then signs in. */
export async function createFirstAdmin(site: Site, email: string, password: string): Promise<string> {
  const response = await post(site, "/login", new URLSearchParams({ intent: "create-admin", email, password, confirm: password }));
  if (response.status !== 302) throw new Error(`creating the first admin answered ${response.status}: ${await response.text()}`);
  return signIn(site, email, password);
}

// ---------------------------------------------------------------------------
// Snapshots: every table's rows and every stored file, to prove that a
// refused request changed nothing.

export interface Snapshot {
  tables: Record<string, string[]>;
  files: Record<string, string>;
}

export async function tableNames(database: Database): Promise<string[]> {
  const rows =
    database.engine === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
  return rows.rows.map((r) => r.name).sort();
}

function normalise(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Buffer.isBuffer(value)) return `hex:${value.toString("hex")}`;
  if (typeof value === "bigint") return Number(value);
  // Both engines: numbers may come back as strings from PostgreSQL.
  if (typeof value === "string" && /^-?\d+$/.test(value) && value.length < 16) return Number(value);
  return value;
}

export async function tableRows(database: Database, table: string): Promise<string[]> {
  const result = await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db);
  return result.rows
    .map((row) => JSON.stringify(Object.fromEntries(Object.keys(row).sort().map((k) => [k, normalise(row[k])]))))
    .sort();
}

/** The files under a folder with their SHA-256, by path relative to it. */
export function fileHashes(dir: string, skip: (relative: string) => boolean = () => false): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (current: string) => {
    let entries: fs.Dirent[];
    try {
      entries = fs.readdirSync(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      const relative = path.relative(dir, full).split(path.sep).join("/");
      if (skip(relative)) continue;
      if (entry.isDirectory()) walk(full);
      else if (entry.isFile()) {
        try {
          out[relative] = crypto.createHash("sha256").update(fs.readFileSync(full)).digest("hex");
        } catch (error) {
          // Scratch files come and go while the server works.
          if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
        }
      }
    }
  };
  walk(dir);
  return out;
}

/** The database file itself changes with every checkpoint; its rows are compared instead. */
export const skipDatabaseFiles = (relative: string) => /^site\.db(-wal|-shm|-journal)?$/.test(relative) || relative === "backups";

export async function snapshot(database: Database, dataDir: string, ignoreTables: string[] = []): Promise<Snapshot> {
  const tables: Record<string, string[]> = {};
  for (const table of await tableNames(database)) {
    if (!ignoreTables.includes(table)) tables[table] = await tableRows(database, table);
  }
  return { tables, files: fileHashes(dataDir, skipDatabaseFiles) };
}

/** What changed between two snapshots, one line per added, removed or changed row or file. */
export function snapshotDiff(before: Snapshot, after: Snapshot): string[] {
  const lines: string[] = [];
  for (const table of new Set([...Object.keys(before.tables), ...Object.keys(after.tables)])) {
    const a = new Set(before.tables[table] ?? []);
    const b = new Set(after.tables[table] ?? []);
    for (const row of b) if (!a.has(row)) lines.push(`${table}: + ${row.slice(0, 4000)}`);
    for (const row of a) if (!b.has(row)) lines.push(`${table}: - ${row.slice(0, 4000)}`);
  }
  for (const file of new Set([...Object.keys(before.files), ...Object.keys(after.files)])) {
    if (before.files[file] !== after.files[file]) lines.push(`file ${file}: ${before.files[file] ?? "(none)"} → ${after.files[file] ?? "(none)"}`);
  }
  return lines;
}

/** The routes of the production build, with their full URL paths (dynamic segments filled in). */
export interface BuildRoute {
  id: string;
  file: string;
  path: string;
  hasLoader: boolean;
  hasAction: boolean;
}

export function buildRoutes(): BuildRoute[] {
  const entry = pathToFileURL(path.join(root, buildDir, "server/index.js")).href;
  const script = `const { routes } = await import(${JSON.stringify(entry)});
    console.log(JSON.stringify(Object.values(routes).map((r) => ({ id: r.id, path: r.path ?? "", index: !!r.index, parentId: r.parentId ?? null, hasLoader: !!r.module.loader, hasAction: !!r.module.action }))));`;
  const raw = execFileSync(process.execPath, ["--input-type=module", "-e", script], { cwd: root, env: { ...process.env, LOG_LEVEL: "silent" }, encoding: "utf8" });
  const all = JSON.parse(raw.trim().split("\n").pop()!) as Array<Omit<BuildRoute, "file"> & { index: boolean; parentId: string | null }>;
  const byId = new Map(all.map((r) => [r.id, r]));
  const fullPath = (id: string | null): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    const own = route.path
      .split("/")
      .filter(Boolean)
      .map((s) => (s === "*" ? "anything" : s.startsWith(":") ? "00000000-0000-4000-8000-000000000000" : s.replace(/\?$/, "")))
      .join("/");
    return [fullPath(route.parentId), own].filter(Boolean).join("/");
  };
  // A POST to an index route's URL goes to its parent layout unless it says ?index, as the site's own forms do.
  return all.map((r) => ({ id: r.id, file: `app/${r.id}`, path: `/${fullPath(r.id)}${r.index && r.hasAction ? "?index" : ""}`, hasLoader: r.hasLoader, hasAction: r.hasAction }));
}

/** Runs an operator command (`node scripts/cli.mjs …`) from the production build against a data folder. */
export function runCli(args: string[], options: SiteOptions): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ["scripts/cli.mjs", ...args], {
      cwd: root,
      env: { ...siteEnv(options, 3999), LOG_LEVEL: "warn" },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (d: Buffer) => (stdout += d.toString()));
    child.stderr.on("data", (d: Buffer) => (stderr += d.toString()));
    child.on("exit", (code) => resolve({ code, stdout, stderr }));
  });
}
