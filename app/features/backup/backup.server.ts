import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import crypto from "node:crypto";
import zlib from "node:zlib";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql, type Kysely } from "kysely";
import type { DatabaseSchema } from "#app/platform/db/schema";
import { openDatabase, type Database, type Engine } from "#app/platform/db/db.server";
import { enqueueJob, registerJobHandler } from "#app/platform/jobs/jobs.server";
import { logger } from "#app/platform/log/logger.server";
import { migrations } from "#app/platform/db/migrations";
import { ownerState, THIS_PROCESS } from "#app/platform/process-identity.server";
import { contentTypeForKey, ObjectExistsError, type Storage } from "#app/platform/storage/storage.server";
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
 * Only a file the storage says is not there counts as deleted: any other
 * error reading one (a bucket's 503 SlowDown, a reset connection, a
 * timeout) fails the backup, which leaves no archive, rather than leave out
 * a file that still exists and call the archive good.
 *
 * A scheduled backup runs as a job: it renews the job's lock as it goes, so
 * a backup longer than the stale-lock time is not taken for a dead one and
 * started again by another process, and stops at shutdown, leaving nothing.
 *
 * The site's secret encrypts two-factor secrets and backup codes and signs
 * newsletter links, so rows are only usable with the secret they were made
 * with. The manifest records a fingerprint of the secret the site was using
 * (AUTH_SECRET when set, else DATA_DIR/secrets.json), and a restore refuses
 * to leave a site that would run with a different one.
 *
 * A restore changes nothing until everything it needs is in hand: files are
 * stored first (a key already there is the same file, as keys are never
 * reused), then the database is replaced in one step (a file rename on
 * SQLite, one transaction on PostgreSQL), so a failure part-way leaves the
 * old data as it was.
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
  /**
   * Where the secret the site was using came from: secrets.json (then in the
   * archive) or AUTH_SECRET (not in the archive). "none" only in archives
   * made before the secret was checked, from a folder without secrets.json.
   */
  secrets: "included" | "from-environment" | "none";
  /** secretFingerprint() of that secret; absent in archives made before it was recorded. */
  secretFingerprint?: string;
  /** Files listed at the start but deleted before they could be copied. */
  vanished: string[];
}

const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];

/**
 * Tells two secrets apart without giving either away: an HMAC keyed by the
 * secret (as the newsletter's token key is), cut to 64 bits. Unlike a plain
 * hash it cannot be looked up in a table of hashed common passwords.
 */
export function secretFingerprint(secret: string): string {
  return crypto.createHmac("sha256", secret).update("backup-secret-fingerprint-v1").digest("hex").slice(0, 16);
}

/** The secret a secrets.json holds, by the rule loadSecrets applies (the site refuses to start with anything else in it). */
function secretIn(file: Buffer): string | undefined {
  try {
    const parsed = JSON.parse(file.toString("utf8")) as { authSecret?: unknown };
    return typeof parsed.authSecret === "string" && parsed.authSecret.length >= 32 ? parsed.authSecret : undefined;
  } catch {
    return undefined;
  }
}

/** A database, or a transaction on one: what the helpers below read and write through. */
interface Connection {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
}

export async function tableNames(database: Connection): Promise<string[]> {
  const rows =
    database.engine === "sqlite"
      ? await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%'`.execute(database.db)
      : await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE'`.execute(database.db);
  return rows.rows.map((r) => r.name).sort();
}

/** Tables with the ones others point at first, so rows can be inserted without breaking a foreign key. */
export async function tablesInDependencyOrder(database: Connection): Promise<string[]> {
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
  /**
   * A scheduled backup's job lock, renewed per table and per file (and as a
   * large file streams), at most every HEARTBEAT_EVERY_MS as each renewal is
   * a write. False means the job was cancelled or another process took it
   * over: the backup stops (BackupStoppedError).
   */
  heartbeat?: () => Promise<boolean>;
  /** Aborted at shutdown: the backup stops (BackupStoppedError), removing its half-written archive and scratch. */
  signal?: AbortSignal;
}

/** A backup that stopped because it was told to, leaving no archive: at shutdown, or when its job was cancelled or taken over. */
export class BackupStoppedError extends Error {
  constructor(readonly reason: "shutdown" | "lost-lock") {
    super(reason === "shutdown" ? "The backup was stopped because the site is shutting down." : "The backup was stopped because its job was cancelled or taken over by another process.");
    this.name = "BackupStoppedError";
  }
}

/**
 * How often a backup renews its job's lock at most: well inside the five
 * minutes after which a lock counts as a dead process's (DEFAULT_STALE_MS in
 * jobs.server.ts), without a database write for every file.
 */
const HEARTBEAT_EVERY_MS = 30_000;

/**
 * Whether a storage error says the object is not there: ENOENT on local
 * disk, NotFound or NoSuchKey (HTTP 404) from S3, as the storages' own
 * stat() tell a missing object from a failure.
 */
function isNotFound(error: unknown): boolean {
  const e = error as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: unknown } } | null | undefined;
  return e?.code === "ENOENT" || e?.name === "NotFound" || e?.name === "NoSuchKey" || e?.$metadata?.httpStatusCode === 404;
}

/**
 * A stored file's size and contents, or null when it is not there (deleted
 * since the listing). Any other error is thrown. A file on local disk is
 * opened before its bytes are wanted: once open it can be read to the end
 * even if deleted, and a deletion before that shows here as not found
 * instead of as a read error half-way through the archive.
 */
async function openStoredFile(storage: Storage, key: string): Promise<{ size: number; body: Readable } | null> {
  try {
    const info = await storage.stat(key);
    if (!info) return null;
    const body = await storage.read(key);
    if (body instanceof fs.ReadStream && body.pending && !body.destroyed) await once(body, "open");
    if (body.errored) throw body.errored;
    return { size: info.size, body };
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}

/** The stream's bytes, with `between` awaited before each chunk (it may throw to stop). */
function checkedStream(body: Readable, between: () => Promise<void>): Readable {
  return Readable.from(
    (async function* () {
      for await (const chunk of body) {
        await between();
        yield chunk as Buffer;
      }
    })(),
    { objectMode: false },
  );
}

export async function createBackup({ database, storage, dataDir, out, heartbeat, signal }: CreateBackupOptions): Promise<BackupManifest> {
  let lastBeat = Number.NEGATIVE_INFINITY;
  /** Between two pieces of work: stops at shutdown, and renews the job's lock when it is due. */
  const keepGoing = async () => {
    if (signal?.aborted) throw new BackupStoppedError("shutdown");
    if (!heartbeat || Date.now() - lastBeat < HEARTBEAT_EVERY_MS) return;
    lastBeat = Date.now();
    if (!(await heartbeat())) throw new BackupStoppedError("lost-lock");
  };
  await keepGoing();
  await fsp.mkdir(path.dirname(out), { recursive: true });
  await removeBackupLeftovers(dataDir, { archiveDirs: [path.dirname(out)] });
  const owner = ownedName();
  const partial = `${out}.partial-${owner}`;
  const scratch = path.join(dataDir, `tmp-backup-${owner}`);
  await fsp.mkdir(scratch, { mode: 0o700 });
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
      // No renewal while SQLite copies: a write from another connection restarts its online backup.
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
      await keepGoing();
      await tar.add("database/site.db", (await fsp.stat(copy)).size, checkedStream(fs.createReadStream(copy), keepGoing));
      // The copy is in the archive now: gone at once, so a backup killed while it copies the files leaves no copy of the database behind.
      await fsp.rm(scratch, { recursive: true, force: true });
    } else {
      const order = await tablesInDependencyOrder(database);
      const dumps: Array<[string, Buffer]> = [];
      await database.db
        .transaction()
        .setIsolationLevel("repeatable read")
        .execute(async (trx) => {
          for (const table of order) {
            await keepGoing();
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
      await keepGoing();
      const file = await openStoredFile(storage, object.key);
      if (!file) {
        manifest.vanished.push(object.key);
        logger.warn({ key: object.key }, "backup: file deleted while the backup ran");
        continue;
      }
      await tar.add(`files/${object.key}`, file.size, checkedStream(file.body, keepGoing), object.modifiedAt);
      manifest.files++;
      manifest.fileBytes += file.size;
    }
    await keepGoing();

    // The secret the site uses, by the site's own rule: AUTH_SECRET when set,
    // and then a secrets.json left in the folder is ignored and stays out of
    // the archive (restored, it would look like the secret the rows need).
    // Read, never made: a backup run from a shell without the site's
    // AUTH_SECRET must not write a new secret into the live folder and
    // record that as the one the rows need.
    if (process.env.AUTH_SECRET) {
      manifest.secretFingerprint = secretFingerprint(process.env.AUTH_SECRET);
      manifest.secrets = "from-environment";
    } else {
      const secrets = await fsp.readFile(path.join(dataDir, "secrets.json")).catch(() => undefined);
      const secret = secrets && secretIn(secrets);
      if (secrets && secret) {
        manifest.secretFingerprint = secretFingerprint(secret);
        await tar.add("secrets.json", secrets.length, secrets);
        manifest.secrets = "included";
      } else {
        // Nothing to record: a site that never started, or a backup run without the AUTH_SECRET the site has.
        logger.warn("backup: AUTH_SECRET is not set and DATA_DIR has no usable secrets.json, so the archive holds no secret; run backups with the site's own settings");
      }
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
  await removeLeftovers(dir, PARTIAL_ARCHIVE, Date.now(), []);
  return old;
}

// ── Leftovers of a backup or restore that was killed ────────────────────────

/**
 * A backup writes a scratch folder DATA_DIR/tmp-backup-… (on SQLite a copy
 * of the whole database, so everyone's personal data) and the archive under
 * a temporary name "<out>.partial-…"; a restore unpacks into
 * DATA_DIR/tmp/restore-…. Their own `finally` removes these, but a process
 * killed part-way (SIGKILL, out of memory, power loss) leaves them: a copy
 * of the data outside the retention rules, and an archive's worth of disk.
 *
 * So each is named for the process that owns it,
 * "<host>_<pid namespace>_<pid>_<start>_<random>" (process-identity.server.ts).
 * The next backup or restore, the site's start and the clean-up job remove
 * those whose process is gone, and never one whose process still runs:
 * - same host and namespace, another pid: gone when signal 0 finds no such
 *   process (ESRCH). Age alone could not tell: a restore of a large site
 *   leaves its scratch folder untouched for hours while it stores the
 *   files, and `npm run backup` may run beside the site.
 * - this process's pid, another start: an earlier process that had the same
 *   pid.
 * - another host or namespace (a restarted container's earlier run, too):
 *   its pids cannot be checked from here, so by age, as for names from
 *   before owners were recorded: a partial archive not written for six
 *   hours (it grows for as long as its backup runs), a scratch folder
 *   untouched for a day.
 * A pid taken by an unrelated process after a reboot keeps a leftover until
 * that process ends. Anything else, finished archives included, is never
 * touched.
 */
const OWNER = /^([A-Za-z0-9.-]{1,40})_(\d{1,20})_(\d{1,10})_(\d{1,16})_[0-9a-f]{8}$/;

/** The owner part of a new scratch folder's or partial archive's name. */
function ownedName(): string {
  const { host, namespace, pid, start } = THIS_PROCESS;
  return `${host}_${namespace}_${pid}_${start}_${crypto.randomBytes(4).toString("hex")}`;
}

/** Whether the process an owner part names still runs (ownerState); undefined for a name that is not an owner part. */
function leftoverOwnerState(owner: string): "running" | "stopped" | "unknown" | undefined {
  const match = OWNER.exec(owner);
  if (!match) return undefined;
  const [, host, namespace, pid, start] = match as unknown as [string, string, string, string, string];
  return ownerState({ host, namespace, pid: Number(pid), start: Number(start) });
}

interface LeftoverKind {
  /** A name of this kind, with its owner part captured. */
  name: RegExp;
  /** The same, as named before owners were recorded. */
  legacy: RegExp;
  directory: boolean;
  /** How long one whose owner cannot be checked must have been left untouched. */
  unownedAfterMs: number;
}

const BACKUP_SCRATCH: LeftoverKind = { name: /^tmp-backup-(.+)$/, legacy: /^tmp-backup-[A-Za-z0-9]{6}$/, directory: true, unownedAfterMs: 24 * 3600_000 };
const RESTORE_SCRATCH: LeftoverKind = { name: /^restore-(.+)$/, legacy: /^restore-[A-Za-z0-9]{6}$/, directory: true, unownedAfterMs: 24 * 3600_000 };
const PARTIAL_ARCHIVE: LeftoverKind = { name: /^.+\.partial-(.+)$/, legacy: /\.tar\.gz\.partial-[0-9a-f]{8}$/, directory: false, unownedAfterMs: 6 * 3600_000 };

/** A restore's scratch folder in DATA_DIR/tmp named for its process: the clean-up's age rule for that folder leaves it to removeBackupLeftovers. */
export function isOwnedRestoreScratch(name: string): boolean {
  const owner = RESTORE_SCRATCH.name.exec(name)?.[1];
  return owner !== undefined && OWNER.test(owner);
}

/** When a file, or a folder or anything directly in it, was last written. */
async function lastWritten(full: string): Promise<number> {
  const info = await fsp.lstat(full);
  let newest = info.mtimeMs;
  if (info.isDirectory()) {
    for (const name of await fsp.readdir(full)) newest = Math.max(newest, (await fsp.lstat(path.join(full, name)).catch(() => info)).mtimeMs);
  }
  return newest;
}

async function removeLeftovers(dir: string, kind: LeftoverKind, now: number, removed: string[]): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (kind.directory ? !entry.isDirectory() : !entry.isFile()) continue;
    const owner = kind.name.exec(entry.name)?.[1];
    const state = owner === undefined ? undefined : leftoverOwnerState(owner);
    if (state === "running" || (state === undefined && !kind.legacy.test(entry.name))) continue;
    const full = path.join(dir, entry.name);
    try {
      if (state !== "stopped" && now - (await lastWritten(full)) < kind.unownedAfterMs) continue;
      await fsp.rm(full, { recursive: true, force: true });
      removed.push(full);
    } catch (error) {
      // Left for the next sweep: a backup must not fail over another one's leftovers.
      logger.warn({ leftover: entry.name, err: error instanceof Error ? error.message : String(error) }, "could not remove what a stopped backup or restore left behind");
    }
  }
}

/**
 * Removes the scratch folders and partial archives of backups and restores
 * that no longer run: in DATA_DIR, DATA_DIR/tmp, DATA_DIR/backups and
 * `archiveDirs` (where a backup is being written). Returns their paths.
 */
export async function removeBackupLeftovers(dataDir: string, { archiveDirs = [], now = Date.now() }: { archiveDirs?: string[]; now?: number } = {}): Promise<string[]> {
  const removed: string[] = [];
  await removeLeftovers(dataDir, BACKUP_SCRATCH, now, removed);
  await removeLeftovers(path.join(dataDir, "tmp"), RESTORE_SCRATCH, now, removed);
  for (const dir of new Set([path.join(dataDir, "backups"), ...archiveDirs].map((d) => path.resolve(d)))) await removeLeftovers(dir, PARTIAL_ARCHIVE, now, removed);
  if (removed.length) logger.info({ leftovers: removed.map((p) => path.basename(p)) }, "removed what a stopped backup or restore left behind");
  return removed;
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
  /**
   * Restore even when the site would then run with another secret than the
   * one the backup's data was made with (`restore --accept-secret-change`).
   */
  acceptSecretChange?: boolean;
}

async function* entries(archive: string) {
  yield* readTar(fs.createReadStream(archive).pipe(zlib.createGunzip()));
}

interface ArchiveSummary {
  manifest: BackupManifest;
  /** The archive's secrets.json, if it has one. */
  secrets?: Buffer;
}

/** The manifest and the secrets, read before anything is changed (the manifest is the last entry). */
async function inspectArchive(archive: string): Promise<ArchiveSummary> {
  let secrets: Buffer | undefined;
  for await (const entry of entries(archive)) {
    if (entry.name === "secrets.json") secrets = await collect(entry.body);
    else if (entry.name === "manifest.json") return { manifest: JSON.parse((await collect(entry.body)).toString("utf8")) as BackupManifest, secrets };
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
  /** What the operator should know about the secret (also logged). */
  warnings: string[];
}

const SECRET_CONSEQUENCES =
  "With another secret, every admin who uses two-factor sign-in is locked out (their authenticator secrets and backup codes cannot be decrypted), " +
  "every newsletter confirmation and unsubscribe link already sent stops working, and everyone is signed out.";

/**
 * The secret the restored site will run with, by the rule loadSecrets
 * applies at its start: AUTH_SECRET when set here (the restore must run with
 * the site's own environment), else the secrets.json the restore writes, else
 * none yet (the site would generate a new one).
 */
function secretAfterRestore(archived: Buffer | undefined): { secret?: string; from: string } {
  if (process.env.AUTH_SECRET) return { secret: process.env.AUTH_SECRET, from: "AUTH_SECRET as set here" };
  const restored = archived && secretIn(archived);
  if (restored) return { secret: restored, from: "the backup's secrets.json (AUTH_SECRET is not set here)" };
  return { from: "a new secret it would generate at its first start (AUTH_SECRET is not set here and the backup holds no secrets.json)" };
}

/**
 * Refuses, before anything is changed, a restore after which the site would
 * use another secret than the backup's data needs; returns the warnings for
 * one that goes ahead all the same, or for an archive too old to tell.
 */
function checkSecret(manifest: BackupManifest, archived: Buffer | undefined, accept: boolean): string[] {
  const target = secretAfterRestore(archived);
  if (!manifest.secretFingerprint) {
    // Archives made before the fingerprint was recorded are restored as they always were.
    const used =
      manifest.secrets === "from-environment"
        ? "the AUTH_SECRET that site had"
        : "the secret in its secrets.json (restored now), unless that site had AUTH_SECRET set, in which case the same AUTH_SECRET";
    const ignored = process.env.AUTH_SECRET && archived ? " AUTH_SECRET is set here, so the restored secrets.json will not be used." : "";
    return [`This backup is from before backups recorded which secret the site used, so the restore cannot check it: the site must run with ${used}.${ignored} ${SECRET_CONSEQUENCES}`];
  }
  const targetFingerprint = target.secret ? secretFingerprint(target.secret) : undefined;
  if (targetFingerprint === manifest.secretFingerprint) return [];
  const before = `The backed-up site used ${manifest.secrets === "from-environment" ? "its AUTH_SECRET" : "the secret in its secrets.json"} (fingerprint ${manifest.secretFingerprint})`;
  const after = `after the restore this site would use ${target.from}${targetFingerprint ? ` (fingerprint ${targetFingerprint})` : ""}`;
  if (accept) return [`Restored with another secret than the backup's data was made with. ${before}; ${after}. ${SECRET_CONSEQUENCES} Reset two-factor for each admin under Admin users.`];
  const fix =
    manifest.secrets === "from-environment"
      ? "set AUTH_SECRET to the value the backed-up site used (here and in the site's own settings)"
      : "run the site, and this restore, without AUTH_SECRET so that the backup's secrets.json is used, or set AUTH_SECRET to the authSecret in that secrets.json (tar -xzOf <backup> secrets.json)";
  throw new RestoreError(
    `This backup's data needs another secret than this site would use. ${before}; ${after}. ${SECRET_CONSEQUENCES}\n` +
      `Nothing has been changed. To fix it, ${fix}, then run the restore again. To restore anyway, add --accept-secret-change, then reset two-factor for each admin under Admin users.`,
  );
}

export async function restoreBackup(options: RestoreOptions): Promise<RestoreResult> {
  const { archive, dataDir, storage, force = false } = options;
  const acceptSecretChange = options.acceptSecretChange ?? false;
  if (!fs.existsSync(archive)) throw new RestoreError(`No such file: ${archive}`);
  const { manifest, secrets } = await inspectArchive(archive);
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
  const warnings = checkSecret(manifest, secrets, acceptSecretChange);
  // Scratch inside DATA_DIR/tmp: on the same disk, so the finished database
  // and secrets.json are renamed into place; named for this process, so the
  // next backup or restore, or the clean-up job, removes what a crash leaves.
  await removeBackupLeftovers(dataDir);
  await fsp.mkdir(path.join(dataDir, "tmp"), { recursive: true });
  const scratch = path.join(dataDir, "tmp", `restore-${ownedName()}`);
  await fsp.mkdir(scratch, { mode: 0o700 });

  let database: Database | undefined;
  // Keys this restore added to storage: a restore that fails takes them out again.
  const added: string[] = [];
  let committed = false;
  let rows = 0;
  let files = 0;
  try {
    if (manifest.engine === "postgres") {
      database = await openDatabase({ url: options.databaseUrl, dataDir });
      await checkPostgresTarget(database, force);
    }
    const pending: Record<string, Record<string, unknown>[]> = {};
    let order: string[] = [];
    let sqliteCopy: string | undefined;
    for await (const entry of entries(archive)) {
      if (entry.name === "database/site.db") {
        sqliteCopy = path.join(scratch, "site.db");
        await pipeline(Readable.from(entry.body), fs.createWriteStream(sqliteCopy, { flags: "wx", mode: 0o600 }));
      } else if (entry.name === "database/order.json") {
        order = JSON.parse((await collect(entry.body)).toString("utf8")) as string[];
      } else if (entry.name.startsWith("database/tables/")) {
        const table = entry.name.slice("database/tables/".length, -".jsonl".length);
        const text = (await collect(entry.body)).toString("utf8");
        pending[table] = text ? text.trimEnd().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>) : [];
      } else if (entry.name.startsWith("files/")) {
        const key = entry.name.slice("files/".length);
        if (await restoreFile(storage, key, entry.size, entry.body, force)) added.push(key);
        files++;
      }
    }
    let secretsCopy: string | undefined;
    if (secrets) {
      secretsCopy = path.join(scratch, "secrets.json");
      await fsp.writeFile(secretsCopy, secrets, { mode: 0o600 });
    }

    // Every file is stored and every row read: now the database is replaced in one step.
    if (manifest.engine === "sqlite") {
      if (!sqliteCopy) throw new RestoreError("This backup has no database in it (database/site.db is missing).");
      // A file from an older version is brought up to date before it replaces anything, so a migration that fails leaves the live database.
      const copy = await openDatabase({ dataDir: scratch, sqliteFile: "site.db" });
      await copy.close();
      await replaceSqliteFile(dataDir, sqliteCopy);
      rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    } else {
      rows = await replacePostgresRows(database!, manifest.migrations, order, pending);
    }
    committed = true;

    if (secretsCopy) await fsp.rename(secretsCopy, path.join(dataDir, "secrets.json"));
    else if (force) await fsp.rm(path.join(dataDir, "secrets.json"), { force: true });
    if (force) {
      // What the old site left beside its data: unfinished uploads, scratch, and on PostgreSQL a SQLite file from before.
      // Its stored files that the restored rows do not mention are removed by the clean-up job (orphans older than a day).
      const leftovers = ["uploads-in-progress", ...(manifest.engine === "postgres" ? ["site.db", "site.db-wal", "site.db-shm"] : [])];
      for (const name of leftovers) await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
    }
  } catch (error) {
    if (!committed) await undoRestore({ dataDir, storage, force, added });
    throw error;
  } finally {
    await database?.close();
    await fsp.rm(scratch, { recursive: true, force: true });
  }
  return { manifest, rows, files, warnings };
}

/**
 * Stores one archived file; true when the key was not there before. With
 * --force a key already there holding as many bytes is kept: keys are never
 * reused and objects never change, so it is this very file, and the old
 * site's files stay whole should the restore fail later.
 */
async function restoreFile(storage: Storage, key: string, size: number, body: AsyncIterable<Buffer>, force: boolean): Promise<boolean> {
  const there = force ? await storage.stat(key) : null;
  if (there?.size === size) return false;
  if (there) await storage.delete(key);
  try {
    await storage.putStream(key, Readable.from(body), { contentType: contentTypeForKey(key) });
  } catch (error) {
    if (error instanceof ObjectExistsError) throw new RestoreError(`${key} is already in storage. Restore into empty storage, or add --force.`);
    throw error;
  }
  return !there;
}

/** After a failure before the database was replaced: takes out what the restore added, so the old data is as it was. */
async function undoRestore({ dataDir, storage, force, added }: { dataDir: string; storage: Storage; force: boolean; added: string[] }): Promise<void> {
  for (const key of added) {
    await storage.delete(key).catch((error: unknown) => {
      logger.warn({ key, err: error instanceof Error ? error.message : String(error) }, "restore: could not remove a file the failed restore had stored");
    });
  }
  // Without --force the folder held nothing else (it was checked), so the next try finds it empty again.
  if (!force) for (const name of ["uploads", "tmp"]) await fsp.rm(path.join(dataDir, name), { recursive: true, force: true });
}

async function collect(body: AsyncIterable<Buffer>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of body) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Puts the restored SQLite file in the live one's place with a rename. The
 * live database's write-ahead log is first folded into its main file, so
 * nothing of it is lost and no log is left to be applied to the new file.
 */
async function replaceSqliteFile(dataDir: string, copy: string): Promise<void> {
  const live = path.join(dataDir, "site.db");
  if (fs.existsSync(live)) {
    const { default: SQLite } = await import("better-sqlite3");
    let busy = false;
    try {
      const old = new SQLite(live, { fileMustExist: true, timeout: 5000 });
      try {
        const [result] = old.pragma("wal_checkpoint(TRUNCATE)") as Array<{ busy: number }>;
        busy = Boolean(result?.busy);
      } finally {
        old.close();
      }
    } catch (error) {
      // A database too damaged to open is what a restore is for: it is replaced all the same.
      if ((error as { code?: string }).code === "SQLITE_BUSY") busy = true;
      else logger.warn({ err: error instanceof Error ? error.message : String(error) }, "restore: the database being replaced could not be read");
    }
    if (busy) throw new RestoreError("The site's database is in use: stop the site, then restore.");
  }
  await fsp.rm(`${live}-wal`, { force: true });
  await fsp.rm(`${live}-shm`, { force: true });
  await fsp.rename(copy, live);
}

/**
 * A database that has been used has an account in it; a fresh one holds only
 * what the migrations seed (the built-in testimonials and events), which the
 * backup's rows replace.
 */
async function checkPostgresTarget(database: Database, force: boolean): Promise<void> {
  const used = await database.db.selectFrom("users").select("id").limit(1).execute();
  if (used.length && !force) {
    throw new RestoreError("The database is already in use (it has accounts). Restore into a new, empty database, or add --force to replace its contents.");
  }
}

/**
 * Replaces every row in one transaction, so a failure leaves the old rows.
 * The target has run every migration this version has; an archive from an
 * older version has not. Its rows then go into the schema they were dumped
 * from, rebuilt inside the transaction, and the newer migrations run over
 * them as they would have over the old site: whatever those migrations add
 * or change (seeded rows, moved data) is kept, not wiped by the restore.
 */
async function replacePostgresRows(database: Database, archived: string[], order: string[], pending: Record<string, Record<string, unknown>[]>): Promise<number> {
  const applied = (await sql<{ name: string }>`select name from kysely_migration`.execute(database.db)).rows.map((r) => r.name);
  const same = applied.length === archived.length && archived.every((name) => applied.includes(name));
  return database.db.transaction().execute(async (trx) => {
    const connection: Connection = { db: trx, engine: database.engine };
    // Every row goes, seeded ones too: the archive holds its own copy of each.
    const emptyTables = async () => {
      for (const table of (await tablesInDependencyOrder(connection)).reverse()) {
        if (!MIGRATION_TABLES.includes(table)) await sql`delete from ${sql.table(table)}`.execute(trx);
      }
    };
    if (same) {
      await emptyTables();
      return insertRows(connection, order, pending);
    }
    for (const table of await tableNames(connection)) {
      if (!MIGRATION_TABLES.includes(table)) await sql`drop table ${sql.table(table)} cascade`.execute(trx);
    }
    await sql`delete from kysely_migration`.execute(trx);
    await runMigrations(connection, archived);
    // The archive's own migrations seed rows (the content version, built-in testimonials and roles) that its rows hold too.
    await emptyTables();
    const count = await insertRows(connection, order, pending);
    await runMigrations(connection, Object.keys(migrations).filter((name) => !archived.includes(name)));
    return count;
  });
}

/**
 * Runs migrations inside the caller's transaction, in name order as the
 * migrator would, recording each as it does. Kysely's migrator opens its own
 * transaction, so it cannot run inside this one.
 */
async function runMigrations({ db, engine }: Connection, names: string[]): Promise<void> {
  for (const name of [...names].sort()) {
    await migrations[name]!.up(db as unknown as Kysely<unknown>, engine);
    await sql`insert into kysely_migration (name, timestamp) values (${name}, ${new Date().toISOString()})`.execute(db);
  }
}

async function insertRows(connection: Connection, order: string[], pending: Record<string, Record<string, unknown>[]>): Promise<number> {
  const present = new Set(await tableNames(connection));
  let count = 0;
  for (const table of order) {
    if (MIGRATION_TABLES.includes(table) || !present.has(table)) continue;
    const rows = pending[table] ?? [];
    for (let i = 0; i < rows.length; i += 100) {
      const batch = rows.slice(i, i + 100);
      await connection.db.insertInto(table as never).values(batch as never).execute();
      count += batch.length;
    }
  }
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
    async (_payload, { database, job, heartbeat, signal }) => {
      const current = schedule!;
      // Backups were turned off after this job was queued. ensureBackupSchedule
      // cancels the queued ones, but one a dead process left running is queued
      // again at start all the same; it must not back up, nor ask to run again.
      if (!nextBackup()) return;
      const out = defaultBackupPath(current.dataDir);
      let manifest: BackupManifest;
      try {
        manifest = await createBackup({ database, storage: current.storage(), dataDir: current.dataDir, out, heartbeat, signal });
      } catch (error) {
        if (!(error instanceof BackupStoppedError)) throw error;
        if (error.reason === "lost-lock") {
          // Cancelled, or another process has the job now: the job is no longer ours to settle.
          logger.warn({ jobId: job.id }, "scheduled backup stopped: its job was cancelled or taken over by another process");
          return;
        }
        // Not a failure: the backup runs again at once, in another process or at this one's next start.
        logger.info({ jobId: job.id }, "scheduled backup stopped for shutdown; it will run again");
        return { continueAt: new Date() };
      }
      const pruned = await pruneBackups(path.dirname(out), current.keep);
      logger.info({ file: path.basename(out), files: manifest.files, vanished: manifest.vanished.length, pruned: pruned.length }, "scheduled backup written");
      if (manifest.vanished.length) {
        logger.warn({ file: path.basename(out), vanished: manifest.vanished.length }, "scheduled backup: files deleted while it ran are not in it (listed in its manifest)");
      }
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
