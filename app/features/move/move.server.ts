import crypto from "node:crypto";
import fs from "node:fs";
import fsp from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { Transform, Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Kysely, SqliteDialect } from "kysely";
import type BetterSqlite3 from "better-sqlite3";
import { openDatabase, type Database } from "#app/platform/db/db.server";
import type { DatabaseSchema } from "#app/platform/db/schema";
import { migrations } from "#app/platform/db/migrations";
import { contentTypeForKey, type Storage } from "#app/platform/storage/objects";
import { createStorage } from "#app/platform/storage/storage.server";
import type { S3Config } from "#app/platform/storage/s3-storage.server";
import { secretFingerprint, secretIn, tablesInDependencyOrder } from "#app/features/backup/backup-archive.server";
import { MOVE_SCRATCH, ownedName, removeLeftovers } from "#app/features/backup/backup-leftovers.server";
import { advanceSequences, columnKinds, insertMapped, sqliteBatches, sqliteRowCount } from "#app/features/backup/engine-rows.server";
import {
  bucketContents,
  claimBucket,
  claimDatabase,
  databaseContents,
  MIGRATION_TABLES,
  MoveError,
  readBucketMarker,
  readDatabaseMarker,
  releaseBucket,
  releaseDatabase,
  rowCount,
} from "./move-target.server";

/**
 * `npm run move`: a site's whole state, from the SQLite database and the
 * uploads folder of a data folder, into the PostgreSQL database and/or the
 * bucket the site should use from now on.
 *
 * The source is only read (its database copied into scratch first, see
 * readOnlyCopy), so the old data folder stays as it was for going back. Each table is copied in one transaction on the target
 * and each file checked by size and SHA-256 before it is skipped, so a run
 * stopped at any point (even killed) is finished by running it again, with
 * nothing copied twice. The end checks every table's row count and every
 * file's SHA-256 against the source.
 */

export { MoveError };

export interface MoveOptions {
  /** The data folder moved from: its site.db and uploads/. */
  fromDataDir: string;
  /** PostgreSQL to move the rows into; unset leaves them in SQLite. */
  databaseUrl?: string;
  /** The bucket to move the files into; unset leaves them in the uploads folder. */
  s3?: S3Config | null;
  /** Move into a target that holds other data, replacing its rows. */
  force?: boolean;
  /** Progress, one line at a time. */
  progress?: (line: string) => void;
  /** Waits this long after each table and file: lets a test stop a move half-way. */
  pauseMs?: number;
}

export interface MoveResult {
  tables: Array<{ table: string; rows: number }>;
  files: number;
  fileBytes: number;
  /** Whether this run carried on from a run that was stopped. */
  resumed: boolean;
  movedDatabase: boolean;
  movedFiles: boolean;
  /** Where the secret the moved data needs is: the source's secrets.json, or AUTH_SECRET as it is set now. */
  secret: "secrets-json" | "environment" | "none";
}

export async function moveSite(options: MoveOptions): Promise<MoveResult> {
  const { fromDataDir, databaseUrl, s3, force = false } = options;
  const progress = options.progress ?? (() => undefined);
  const pause = () => (options.pauseMs ? new Promise((r) => setTimeout(r, options.pauseMs)) : Promise.resolve());
  if (!databaseUrl && !s3) {
    throw new MoveError(
      "Nothing to move to. Set DATABASE_URL to the PostgreSQL database the site should use, and/or S3_ENDPOINT, S3_REGION, S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY to its bucket, then run npm run move again.",
    );
  }
  const dbFile = path.join(fromDataDir, "site.db");
  if (!fs.existsSync(dbFile)) throw new MoveError(`There is no SQLite database to move from: ${dbFile} does not exist. Point DATA_DIR (or --from-data-dir) at the site's data folder.`);
  const secretsFile = await fsp.readFile(path.join(fromDataDir, "secrets.json")).catch(() => undefined);
  const fileSecret = secretsFile && secretIn(secretsFile);
  const secret: MoveResult["secret"] = process.env.AUTH_SECRET ? "environment" : fileSecret ? "secrets-json" : "none";
  // Names this source: its folder, and the fingerprint (never the value) of the secret its data was made with.
  const secretInUse = process.env.AUTH_SECRET ?? fileSecret;
  const sourceId = JSON.stringify({ dataDir: fs.realpathSync(fromDataDir), secret: secretInUse ? secretFingerprint(secretInUse) : null });

  // Scratch named for this process: a move that was killed left its copy of the database, removed here once its process is gone.
  await removeLeftovers(os.tmpdir(), MOVE_SCRATCH, Date.now(), []);
  const scratch = path.join(os.tmpdir(), `site-move-${ownedName()}`);
  fs.mkdirSync(scratch, { mode: 0o700 });
  const sqlite = await readOnlyCopy(dbFile, scratch).catch((error: unknown) => {
    fs.rmSync(scratch, { recursive: true, force: true });
    throw error;
  });
  const source = { db: new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: sqlite }) }), engine: "sqlite" as const };
  let target: Database | undefined;
  const bucket = s3 ? createStorage({ dataDir: scratch, s3 }) : undefined;
  try {
    checkSourceVersion(sqlite);
    if (databaseUrl) target = await openDatabase({ url: databaseUrl, dataDir: scratch });
    const resumed = await claimTargets({ target, bucket, sourceId, force, scratch });
    if (resumed) progress("Carrying on from a move of this data folder that was stopped.");

    const tables: MoveResult["tables"] = [];
    if (target) {
      const kinds = await columnKinds(target);
      const present = new Set(kinds.keys());
      for (const table of await tablesInDependencyOrder(source)) {
        if (MIGRATION_TABLES.includes(table)) continue;
        if (!present.has(table)) throw new MoveError(`The target database has no table ${table}. Nothing else was changed; check that the site's version is the same here and there.`);
        const rows = await copyTable(sqlite, target, table, kinds);
        tables.push({ table, rows: sqliteRowCount(sqlite, table) });
        progress(`  ${table}: ${rows} rows copied`);
        await pause();
      }
      await advanceSequences(target);
    }

    let files = 0;
    let fileBytes = 0;
    const checksums = new Map<string, string>();
    if (bucket) {
      const uploads = createStorage({ dataDir: fromDataDir, s3: null });
      for await (const object of listIfPresent(uploads, path.join(fromDataDir, "uploads"))) {
        const copied = await copyFile(uploads, bucket, object.key);
        checksums.set(object.key, copied.sha256);
        files++;
        fileBytes += copied.size;
        progress(`  ${object.key}: ${copied.skipped ? "already there" : "copied"} (${copied.size} bytes)`);
        await pause();
      }
    }

    // Everything is there: now check it against the source.
    const wrong: string[] = [];
    if (target) {
      for (const { table, rows } of tables) {
        const there = await rowCount(target, table);
        if (there !== rows) wrong.push(`${table} has ${there} rows, the source ${rows}`);
      }
    }
    if (bucket) {
      for (const [key, sha256] of checksums) {
        const there = await bucket.stat(key);
        if (!there) wrong.push(`${key} is missing from the bucket`);
        else if ((await sha256Of(bucket, key)) !== sha256) wrong.push(`${key} differs from the source (SHA-256)`);
      }
    }
    if (wrong.length) throw new MoveError(`The copy does not match the source: ${wrong.slice(0, 10).join("; ")}. Run npm run move again to finish it.`);
    if (target) await releaseDatabase(target);
    if (bucket) await releaseBucket(bucket);
    return { tables, files, fileBytes, resumed, movedDatabase: Boolean(target), movedFiles: Boolean(bucket), secret };
  } finally {
    await source.db.destroy().catch(() => undefined);
    if (sqlite.open) sqlite.close();
    await target?.close();
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

/**
 * The source database, copied into scratch and opened read-only there: even a
 * read-only connection to a database in WAL mode leaves -wal and -shm files
 * beside it, and the old data folder must stay exactly as it was. A stopped
 * site has folded its log into the file, which is then copied as it is; a log
 * still there (a site that did not stop cleanly) is read through SQLite's
 * backup API (its connection finds the -wal and -shm files there already).
 * The copy is also one moment of the source, whatever happens to it meanwhile.
 */
async function readOnlyCopy(dbFile: string, scratch: string): Promise<BetterSqlite3.Database> {
  const { default: SQLite } = await import("better-sqlite3");
  const copy = path.join(scratch, "source.db");
  const log = fs.statSync(`${dbFile}-wal`, { throwIfNoEntry: false });
  if (log && log.size > 0) {
    const live = new SQLite(dbFile, { readonly: true, fileMustExist: true });
    try {
      await live.backup(copy);
    } finally {
      live.close();
    }
  } else {
    await fsp.copyFile(dbFile, copy);
  }
  const sqlite = new SQLite(copy, { fileMustExist: true });
  // The copy is ours: out of WAL mode, so opening it read-only needs nothing beside it.
  sqlite.pragma("journal_mode = DELETE");
  sqlite.close();
  return new SQLite(copy, { readonly: true, fileMustExist: true });
}

/** The source must be at this version's schema: the target is migrated to it, and the source cannot be (it is only read). */
function checkSourceVersion(sqlite: BetterSqlite3.Database): void {
  const applied = (sqlite.prepare("select name from kysely_migration").all() as Array<{ name: string }>).map((r) => r.name);
  const known = Object.keys(migrations);
  const newer = applied.filter((name) => !known.includes(name));
  if (newer.length) throw new MoveError(`The SQLite database was migrated by a newer version of the site (${newer.join(", ")}). Update the site here first.`);
  const missing = known.filter((name) => !applied.includes(name));
  if (missing.length) {
    throw new MoveError(`The SQLite database is from an older version of the site (it lacks ${missing.join(", ")}). Start the site once on it with this version (or run npm run db:migrate without DATABASE_URL), stop it, then move.`);
  }
}

/**
 * Refuses a target that holds data unless forced; claims it for this source
 * (a marker written before anything else). True when both parts already
 * carry this source's marker: a run that was stopped, carried on.
 */
async function claimTargets({ target, bucket, sourceId, force, scratch }: { target?: Database; bucket?: Storage; sourceId: string; force: boolean; scratch: string }): Promise<boolean> {
  const databaseMarker = target ? await readDatabaseMarker(target) : undefined;
  const bucketMarker = bucket ? await readBucketMarker(bucket) : undefined;
  const databaseOurs = target ? databaseMarker === sourceId : true;
  const bucketOurs = bucket ? bucketMarker === sourceId : true;
  const found: string[] = [];
  if (target && !databaseOurs) {
    const contents = await databaseContents(target, scratch);
    if (databaseMarker) found.push(`the database in DATABASE_URL holds part of a move from another data folder (${databaseMarker})`);
    else if (contents.length) found.push(`the database in DATABASE_URL already holds ${contents.join(", ")}`);
  }
  if (bucket && !bucketOurs) {
    const contents = await bucketContents(bucket);
    if (bucketMarker) found.push(`the bucket holds part of a move from another data folder (${bucketMarker})`);
    else if (contents.length) found.push(`the bucket ${bucket.kind === "s3" ? "in S3_BUCKET " : ""}already holds ${contents.join(", ")}`);
  }
  if (found.length && !force) {
    throw new MoveError(
      `Not moving: ${found.join("; and ")}. Nothing has been changed. Move into a new, empty database and bucket, or add --force to replace their rows (files already in the bucket are kept, or replaced where the source has a different file under the same name).`,
    );
  }
  if (target && !databaseOurs) await claimDatabase(target, sourceId);
  if (bucket && !bucketOurs) await claimBucket(bucket, sourceId);
  return databaseOurs && bucketOurs;
}

/** One table, in one transaction on the target: a run killed half-way leaves it whole or untouched. */
async function copyTable(sqlite: BetterSqlite3.Database, target: Database, table: string, kinds: Awaited<ReturnType<typeof columnKinds>>): Promise<number> {
  return target.db.transaction().execute(async (trx) => {
    let inserted = 0;
    for (const batch of sqliteBatches(sqlite, table)) inserted += await insertMapped({ db: trx, engine: target.engine }, table, batch, kinds, { skipExisting: true });
    return inserted;
  });
}

async function* listIfPresent(storage: Storage, folder: string) {
  if (!fs.existsSync(folder)) return;
  yield* storage.list();
}

function hashing(hash: crypto.Hash): Transform {
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      hash.update(chunk);
      done(null, chunk);
    },
  });
}

export async function sha256Of(storage: Storage, key: string): Promise<string> {
  const hash = crypto.createHash("sha256");
  await pipeline(await storage.read(key), hashing(hash), new Writable({ write: (_chunk, _encoding, done) => done() }));
  return hash.digest("hex");
}

/**
 * Streams one file into the bucket, hashing it on the way; a file already
 * there with the same size and SHA-256 (from a run that was stopped) is left.
 */
async function copyFile(from: Storage, to: Storage, key: string): Promise<{ size: number; sha256: string; skipped: boolean }> {
  const info = await from.stat(key);
  if (!info) throw new MoveError(`${key} went missing from the uploads folder while the move ran: stop the site before moving.`);
  const there = await to.stat(key);
  if (there && there.size === info.size) {
    const [a, b] = await Promise.all([sha256Of(from, key), sha256Of(to, key)]);
    if (a === b) return { size: info.size, sha256: a, skipped: true };
  }
  if (there) await to.delete(key);
  const hash = crypto.createHash("sha256");
  const body = (await from.read(key)).pipe(hashing(hash));
  await to.putStream(key, body, { contentType: contentTypeForKey(key) });
  return { size: info.size, sha256: hash.digest("hex"), skipped: false };
}
