import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "kysely";
import { openDatabase, type Database, type Engine } from "./db.server";
import { enqueueJob, registerJobHandler } from "./jobs.server";
import { logger } from "./logger.server";
import { migrations } from "./migrations";
import { contentTypeForKey, ObjectExistsError, type Storage } from "./storage/storage.server";
import { readTar, TarWriter } from "./tar.server";

/**
 * Backups: one .tar.gz holding the database, every stored file and the
 * generated secrets, and a manifest saying what is inside.
 *
 * - SQLite: the file made by SQLite's online backup API (a consistent copy
 *   while the site keeps running), restored byte for byte.
 * - PostgreSQL: a logical dump made by the site itself (every table as JSON
 *   lines, read in one REPEATABLE READ transaction, so all tables are from
 *   the same moment), restored into a freshly migrated database in foreign-
 *   key order. We do not call pg_dump: it must match the server's major
 *   version and is often missing where the site runs.
 *
 * The database is copied first, then the files. Stored files are never
 * changed once written, so every file a copied row points at is in the
 * archive, unless it was deleted during the backup (listed in the manifest).
 */

export const BACKUP_FORMAT = 1;

export interface BackupManifest {
  format: number;
  createdAt: string;
  engine: Engine;
  method: "sqlite-online-backup" | "logical-json";
  migrations: string[];
  tables: Record<string, number>;
  files: number;
  fileBytes: number;
  secrets: "included" | "from-environment" | "none";
  /** Files listed at the start but deleted before they could be copied. */
  vanished: string[];
}

const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];

export async function tableNames(database: Database): Promise<string[]> {
  const rows =
    database.engine === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
  return rows.rows.map((r) => r.name).sort();
}

/** Tables with the ones others point at first, so rows can be inserted without breaking a foreign key. */
export async function tablesInDependencyOrder(database: Database): Promise<string[]> {
  const tables = await tableNames(database);
  const parents = new Map<string, Set<string>>(tables.map((t) => [t, new Set()]));
  if (database.engine === "sqlite") {
    for (const table of tables) {
      const fks = await sql<{ table: string }>`select "table" from pragma_foreign_key_list(${table})`.execute(database.db);
      for (const fk of fks.rows) if (fk.table !== table) parents.get(table)!.add(fk.table);
    }
  } else {
    const fks = await sql<{ child: string; parent: string }>`
      select tc.table_name as child, ccu.table_name as parent
      from information_schema.table_constraints tc
      join information_schema.constraint_column_usage ccu on tc.constraint_name = ccu.constraint_name and tc.table_schema = ccu.table_schema
      where tc.constraint_type = 'FOREIGN KEY' and tc.table_schema = current_schema()`.execute(database.db);
    for (const fk of fks.rows) if (fk.child !== fk.parent) parents.get(fk.child)?.add(fk.parent);
  }
  const ordered: string[] = [];
  const visit = (table: string, path: Set<string>) => {
    if (ordered.includes(table) || path.has(table)) return;
    path.add(table);
    for (const parent of parents.get(table) ?? []) visit(parent, path);
    ordered.push(table);
  };
  for (const table of tables) visit(table, new Set());
  return ordered;
}

function timestamp(date = new Date()): string {
  return date.toISOString().replace(/[-:]/g, "").replace(/\.\d+Z$/, "Z").replace("T", "-");
}

export function defaultBackupPath(dataDir: string, date = new Date()): string {
  return path.join(dataDir, "backups", `backup-${timestamp(date)}.tar.gz`);
}

export interface CreateBackupOptions {
  database: Database;
  storage: Storage;
  dataDir: string;
  /** Where to write the archive; written to a temporary name first, so a crash leaves no half archive under it. */
  out: string;
}

export async function createBackup({ database, storage, dataDir, out }: CreateBackupOptions): Promise<BackupManifest> {
  await fsp.mkdir(path.dirname(out), { recursive: true });
  const partial = `${out}.partial-${crypto.randomBytes(4).toString("hex")}`;
  const scratch = await fsp.mkdtemp(path.join(dataDir, "tmp-backup-"));
  const gzip = zlib.createGzip({ level: 6 });
  const written = pipeline(gzip, fs.createWriteStream(partial, { mode: 0o600 }));
  const tar = new TarWriter(gzip);
  try {
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      engine: database.engine,
      method: database.engine === "sqlite" ? "sqlite-online-backup" : "logical-json",
      migrations: [],
      tables: {},
      files: 0,
      fileBytes: 0,
      secrets: "none",
      vanished: [],
    };

    if (database.engine === "sqlite") {
      const { default: SQLite } = await import("better-sqlite3");
      const source = new SQLite(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
      const copy = path.join(scratch, "site.db");
      try {
        await source.backup(copy);
      } finally {
        source.close();
      }
      const check = new SQLite(copy, { readonly: true });
      try {
        for (const table of (check.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{ name: string }>).map((r) => r.name).sort()) {
          manifest.tables[table] = (check.prepare(`select count(*) as n from "${table.replace(/"/g, '""')}"`).get() as { n: number }).n;
        }
        manifest.migrations = (check.prepare("select name from kysely_migration order by name").all() as Array<{ name: string }>).map((r) => r.name);
      } finally {
        check.close();
      }
      await tar.add("database/site.db", (await fsp.stat(copy)).size, fs.createReadStream(copy));
    } else {
      const order = await tablesInDependencyOrder(database);
      const dumps: Array<[string, Buffer]> = [];
      await database.db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute(async (trx) => {
          for (const table of order) {
            const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(trx)).rows;
            manifest.tables[table] = rows.length;
            if (table === "kysely_migration") manifest.migrations = rows.map((r) => String(r.name)).sort();
            dumps.push([table, Buffer.from(rows.map((row) => JSON.stringify(row)).join("\n") + (rows.length ? "\n" : ""), "utf8")]);
          }
        });
      await tar.add("database/order.json", ...bytes(JSON.stringify(order)));
      for (const [table, dump] of dumps) await tar.add(`database/tables/${table}.jsonl`, dump.length, dump);
    }

    for await (const object of storage.list()) {
      let body: Readable;
      let size: number;
      try {
        const info = await storage.stat(object.key);
        if (!info) throw Object.assign(new Error("gone"), { code: "ENOENT" });
        size = info.size;
        body = await storage.read(object.key);
      } catch (error) {
        manifest.vanished.push(object.key);
        logger.warn({ key: object.key, err: error instanceof Error ? error.message : String(error) }, "backup: file deleted while the backup ran");
        continue;
      }
      await tar.add(`files/${object.key}`, size, body, object.modifiedAt);
      manifest.files++;
      manifest.fileBytes += size;
    }

    if (process.env.AUTH_SECRET) manifest.secrets = "from-environment";
    const secretsFile = path.join(dataDir, "secrets.json");
    if (fs.existsSync(secretsFile)) {
      const secrets = await fsp.readFile(secretsFile);
      await tar.add("secrets.json", secrets.length, secrets);
      manifest.secrets = "included";
    }
    await tar.add("manifest.json", ...bytes(JSON.stringify(manifest, null, 2)));
    await tar.finish();
    await written;
    await fsp.rename(partial, out);
    return manifest;
  } catch (error) {
    gzip.destroy();
    await written.catch(() => undefined);
    await fsp.rm(partial, { force: true });
    throw error;
  } finally {
    await fsp.rm(scratch, { recursive: true, force: true });
  }
}

function bytes(text: string): [number, Buffer] {
  const buffer = Buffer.from(text, "utf8");
  return [buffer.length, buffer];
}

/** Keeps the newest `keep` archives in a folder and deletes the rest; returns the deleted names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fsp.readdir(dir).catch(() => [] as string[])).filter((n) => /^backup-.*\.tar\.gz$/.test(n)).sort().reverse();
  const old = names.slice(Math.max(0, keep));
  for (const name of old) await fsp.rm(path.join(dir, name), { force: true });
  // Leftovers of a backup killed half-way.
  for (const name of await fsp.readdir(dir).catch(() => [] as string[])) {
    if (/\.tar\.gz\.partial-/.test(name)) {
      const info = await fsp.stat(path.join(dir, name)).catch(() => null);
      if (info && Date.now() - info.mtimeMs > 6 * 3600_000) await fsp.rm(path.join(dir, name), { force: true });
    }
  }
  return old;
}

// ── Restore ─────────────────────────────────────────────────────────────────

export class RestoreError extends Error {}

export interface RestoreOptions {
  archive: string;
  dataDir: string;
  databaseUrl?: string;
  /** The target storage (local disk in dataDir, or the configured bucket). */
  storage: Storage;
  /** Replace what is there instead of refusing a data folder or database that is not empty. */
  force?: boolean;
}

async function* entries(archive: string) {
  yield* readTar(fs.createReadStream(archive).pipe(zlib.createGunzip()));
}

async function readManifest(archive: string): Promise<BackupManifest> {
  for await (const entry of entries(archive)) {
    if (entry.name !== "manifest.json") continue;
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    return JSON.parse(Buffer.concat(chunks).toString("utf8")) as BackupManifest;
  }
  throw new RestoreError("This file is not a backup made by this site (it has no manifest.json).");
}

/** Everything in the data folder except backups kept there (the archive may be one of them). */
function dataFolderContents(dataDir: string): string[] {
  try {
    return fs.readdirSync(dataDir).filter((name) => name !== "backups" && name !== "lost+found");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

export interface RestoreResult {
  manifest: BackupManifest;
  rows: number;
  files: number;
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { archive, dataDir, force = false } = options;
  if (!fs.existsSync(archive)) throw new RestoreError(`No such file: ${archive}`);
  const manifest = await readManifest(archive);
  if (manifest.format !== BACKUP_FORMAT) throw new RestoreError(`This backup has format ${manifest.format}; this version of the site reads format ${BACKUP_FORMAT}.`);
  const unknown = manifest.migrations.filter((m) => !(m in migrations));
  if (unknown.length) throw new RestoreError(`This backup was made by a newer version of the site (migrations ${unknown.join(", ")}). Update the site first.`);
  const targetEngine: Engine = options.databaseUrl ? "postgres" : "sqlite";
  if (targetEngine !== manifest.engine) {
    throw new RestoreError(`This backup holds a ${manifest.engine === "sqlite" ? "SQLite" : "PostgreSQL"} database; restore it with ${manifest.engine === "sqlite" ? "DATABASE_URL unset" : "DATABASE_URL set"}.`);
  }

  const existing = dataFolderContents(dataDir);
  if (existing.length && !force) {
    throw new RestoreError(`${dataDir} is not empty (${existing.slice(0, 5).join(", ")}${existing.length > 5 ? ", …" : ""}). Restore into an empty folder, or add --force to replace its contents.`);
  }
  await fsp.mkdir(dataDir, { recursive: true });
  if (force) {
    for (const name of ["site.db", "site.db-wal", "site.db-shm", "secrets.json", "uploads", "uploads-in-progress", "tmp"]) {
      await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  }

  let database: Database | undefined;
  let rows = 0;
  let files = 0;
  try {
    if (manifest.engine === "postgres") {
      database = await openDatabase({ url: options.databaseUrl, dataDir });
      await preparePostgresTarget(database, force);
    }
    const pending: Record<string, Record<string, unknown>[]> = {};
    let order: string[] = [];
    for await (const entry of entries(archive)) {
      if (entry.name === "database/site.db") {
        await pipeline(Readable.from(entry.body), fs.createWriteStream(path.join(dataDir, "site.db"), { flags: "wx", mode: 0o600 }));
        rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      } else if (entry.name === "database/order.json") {
        order = JSON.parse((await collect(entry.body)).toString("utf8")) as string[];
      } else if (entry.name.startsWith("database/tables/")) {
        const table = entry.name.slice("database/tables/".length, -".jsonl".length);
        const text = (await collect(entry.body)).toString("utf8");
        pending[table] = text ? text.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>) : [];
      } else if (entry.name.startsWith("files/")) {
        const key = entry.name.slice("files/".length);
        // With --force a file already in the bucket is replaced; keys are never reused, so it is the same file.
        if (force) await options.storage.delete(key);
        try {
          await options.storage.putStream(key, Readable.from(entry.body), { contentType: contentTypeForKey(key) });
        } catch (error) {
          if (error instanceof ObjectExistsError) throw new RestoreError(`${key} is already in storage. Restore into empty storage, or add --force.`);
          throw error;
        }
        files++;
      } else if (entry.name === "secrets.json") {
        await fsp.writeFile(path.join(dataDir, "secrets.json"), await collect(entry.body), { mode: 0o600 });
      }
    }
    if (database) rows = await insertRows(database, order, pending);
  } finally {
    await database?.close();
  }
  // A SQLite file from an older version is brought up to date now, not at the next start.
  if (manifest.engine === "sqlite") {
    const opened = await openDatabase({ dataDir });
    await opened.close();
  }
  return { manifest, rows, files };
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * A database that has been used has an account in it; a fresh one holds only
 * what the migrations seed (the built-in testimonials and events), which the
 * backup's rows replace.
 */
async function preparePostgresTarget(database: Database, force: boolean): Promise<void> {
  const order = await tablesInDependencyOrder(database);
  const used = await database.db.selectFrom("users").select("id").limit(1).execute();
  if (used.length && !force) {
    throw new RestoreError("The database is already in use (it has accounts). Restore into a new, empty database, or add --force to replace its contents.");
  }
  for (const table of [...order].reverse()) {
    if (!MIGRATION_TABLES.includes(table)) await sql`delete from ${sql.table(table)}`.execute(database.db);
  }
}

async function insertRows(database: Database, order: string[], pending: Record<string, Record<string, unknown>[]>): Promise<number> {
  const present = new Set(await tableNames(database));
  let count = 0;
  await database.db.transaction().execute(async (trx) => {
    for (const table of order) {
      if (MIGRATION_TABLES.includes(table) || !present.has(table)) continue;
      const rows = pending[table] ?? [];
      for (let i = 0; i < rows.length; i += 100) {
        const batch = rows.slice(i, i + 100);
        await trx.insertInto(table as never).values(batch as never).execute();
        count += batch.length;
      }
    }
  });
  return count;
}

// ── Scheduled backups ──────────────────────────────────────────────────────

export const BACKUP_JOB = "backup.scheduled";

export interface BackupSchedule {
  intervalHours: number;
  keep: number;
  dataDir: string;
  storage: () => Storage;
}

let schedule: BackupSchedule | undefined;

/** None when BACKUP_INTERVAL_HOURS is unset: scheduled backups are off. */
function nextBackup(): Date | undefined {
  return schedule?.intervalHours ? new Date(Date.now() + schedule.intervalHours * 3600_000) : undefined;
}

/**
 * The handler writes an archive into DATA_DIR/backups, keeps the newest
 * `keep`, and queues the next run; when a backup fails for good the job
 * runner queues the next one all the same.
 */
export function registerBackupJobs(config: BackupSchedule): void {
  const first = !schedule;
  schedule = config;
  if (!first) return;
  registerJobHandler(
    BACKUP_JOB,
    async (_payload, { database, job }) => {
      const current = schedule!;
      // Backups were turned off after this job was queued. ensureBackupSchedule
      // cancels the queued ones, but one a dead process left running is queued
      // again at start all the same; it must not back up, nor ask to run again.
      if (!nextBackup()) return;
      const out = defaultBackupPath(current.dataDir);
      const manifest = await createBackup({ database, storage: current.storage(), dataDir: current.dataDir, out });
      const pruned = await pruneBackups(path.dirname(out), current.keep);
      logger.info({ file: path.basename(out), files: manifest.files, pruned: pruned.length }, "scheduled backup written");
      const other = await database.db.selectFrom("jobs").select("id").where("type", "=", BACKUP_JOB).where("status", "=", "queued").where("id", "!=", job.id).executeTakeFirst();
      const next = nextBackup();
      if (other || !next) return;
      return { continueAt: next };
    },
    { nextRun: nextBackup },
  );
}

/** Starts the backup chain when BACKUP_INTERVAL_HOURS is set, and stops it when it is not. */
export async function ensureBackupSchedule(database: Database, intervalHours: number | undefined): Promise<void> {
  const existing = await database.db.selectFrom("jobs").select("id").where("type", "=", BACKUP_JOB).where("status", "in", ["queued", "running"]).executeTakeFirst();
  if (!intervalHours) {
    if (existing) await database.db.updateTable("jobs").set({ status: "cancelled", updated_at: new Date().toISOString() }).where("type", "=", BACKUP_JOB).where("status", "=", "queued").execute();
    return;
  }
  if (!existing) await enqueueJob(database, BACKUP_JOB, null, { maxAttempts: 3 });
}
