import { once } from "node:events";
import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import type { Storage } from "#app/platform/storage/objects";
import { BACKUP_FORMAT, secretFingerprint, secretIn, tablesInDependencyOrder, type BackupManifest } from "./backup-archive.server";
import { ownedName, removeBackupLeftovers } from "./backup-leftovers.server";
import { TarWriter } from "./tar.server";

/**
 * Writing a backup archive (what it holds: backup-archive.server.ts).
 *
 * The database is copied first, then the files. Stored files are never
 * changed once written, so every file a copied row points at is in the
 * archive, unless it was deleted during the backup (listed in the manifest).
 * Only a file the storage says is not there counts as deleted: any other
 * error reading one (a bucket's 503 SlowDown, a reset connection, a
 * timeout) fails the backup, which leaves no archive, rather than leave out
 * a file that still exists and call the archive good.
 */

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
