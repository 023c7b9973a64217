import fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import zlib from "node:zlib";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { sql, type Kysely } from "kysely";
import { openDatabase, type Database } from "#app/platform/db/db.server";
import { type Engine } from "#app/platform/db/schema";
import { logger } from "#app/platform/log/logger.server";
import { migrations } from "#app/platform/db/migrations";
import { contentTypeForKey, ObjectExistsError, type Storage } from "#app/platform/storage/objects";
import { BACKUP_FORMAT, secretFingerprint, secretIn, tableNames, tablesInDependencyOrder, type BackupManifest, type Connection } from "./backup-archive.server";
import { ownedName, removeBackupLeftovers } from "./backup-leftovers.server";
import { columnKinds, insertMapped } from "./engine-rows.server";
import { readTar } from "./tar.server";

/**
 * Restoring a backup archive (what it holds: backup-archive.server.ts).
 *
 * A restore changes nothing until everything it needs is in hand: files are
 * stored first (a key already there is the same file, as keys are never
 * reused), then the database is replaced in one step (a file rename on
 * SQLite, one transaction on PostgreSQL), so a failure part-way leaves the
 * old data as it was.
 */

const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];

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
  // An archive restores into either engine: the one DATABASE_URL names, else SQLite in the data folder.
  const targetEngine: Engine = options.databaseUrl ? "postgres" : "sqlite";

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
    if (targetEngine === "postgres") {
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
      if (targetEngine === "sqlite") {
        await copy.close();
        await replaceSqliteFile(dataDir, sqliteCopy);
        rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
      } else {
        // Into PostgreSQL: the copy, now at this version's schema, is read a batch at a time.
        try {
          rows = await replaceRows(database!, Object.keys(migrations), await sqliteRowSource(copy));
        } finally {
          await copy.close();
        }
      }
    } else if (targetEngine === "postgres") {
      rows = await replaceRows(database!, manifest.migrations, memoryRowSource(order, pending));
    } else {
      // A PostgreSQL archive into SQLite: a new database file is filled beside the live one, then renamed into its place.
      const built = await openDatabase({ dataDir: scratch, sqliteFile: "built.db" });
      try {
        rows = await replaceRows(built, manifest.migrations, memoryRowSource(order, pending));
      } finally {
        await built.close();
      }
      await replaceSqliteFile(dataDir, path.join(scratch, "built.db"));
    }
    committed = true;

    if (secretsCopy) await fsp.rename(secretsCopy, path.join(dataDir, "secrets.json"));
    else if (force) await fsp.rm(path.join(dataDir, "secrets.json"), { force: true });
    if (force) {
      // What the old site left beside its data: unfinished uploads, scratch, and on PostgreSQL a SQLite file from before.
      // Its stored files that the restored rows do not mention are removed by the clean-up job (orphans older than a day).
      const leftovers = ["uploads-in-progress", ...(targetEngine === "postgres" ? ["site.db", "site.db-wal", "site.db-shm"] : [])];
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

/** Where the rows being restored come from: the archive's JSON lines, or a SQLite copy read in batches. */
interface RowSource {
  /** Tables, the ones others point at first. */
  order: string[];
  batches(table: string): AsyncIterable<Record<string, unknown>[]>;
}

function memoryRowSource(order: string[], pending: Record<string, Record<string, unknown>[]>): RowSource {
  return {
    order,
    async *batches(table) {
      const rows = pending[table] ?? [];
      for (let i = 0; i < rows.length; i += 500) yield rows.slice(i, i + 500);
    },
  };
}

async function sqliteRowSource(copy: Database): Promise<RowSource> {
  const order = await tablesInDependencyOrder(copy);
  return {
    order,
    async *batches(table) {
      let after = 0;
      for (let first = true; ; first = false) {
        // By rowid, so a large table is never held whole.
        const rows = (
          await sql<Record<string, unknown>>`select rowid as "__rowid", * from ${sql.table(table)} where ${first ? sql`1 = 1` : sql`rowid > ${after}`} order by rowid limit 500`.execute(copy.db)
        ).rows;
        if (!rows.length) return;
        after = Number(rows[rows.length - 1]!.__rowid);
        yield rows.map(({ __rowid: _rowid, ...row }) => row);
      }
    },
  };
}

/**
 * Replaces every row in one transaction, so a failure leaves the old rows.
 * The target has run every migration this version has; an archive from an
 * older version has not. Its rows then go into the schema they were dumped
 * from, rebuilt inside the transaction, and the newer migrations run over
 * them as they would have over the old site: whatever those migrations add
 * or change (seeded rows, moved data) is kept, not wiped by the restore.
 * Values are mapped to the target engine's types (engine-rows.server.ts), so
 * an archive from either engine restores into either.
 */
async function replaceRows(database: Database, archived: string[], source: RowSource): Promise<number> {
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
      return insertRows(connection, source);
    }
    // Children before parents, so SQLite (which has no CASCADE) never drops a table another still points at.
    for (const table of (await tablesInDependencyOrder(connection)).reverse()) {
      if (MIGRATION_TABLES.includes(table)) continue;
      await (connection.engine === "postgres" ? sql`drop table ${sql.table(table)} cascade` : sql`drop table ${sql.table(table)}`).execute(trx);
    }
    await sql`delete from kysely_migration`.execute(trx);
    await runMigrations(connection, archived);
    // The archive's own migrations seed rows (the content version, built-in testimonials and roles) that its rows hold too.
    await emptyTables();
    const count = await insertRows(connection, source);
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

async function insertRows(connection: Connection, source: RowSource): Promise<number> {
  const present = new Set(await tableNames(connection));
  const kinds = await columnKinds(connection);
  let count = 0;
  for (const table of source.order) {
    if (MIGRATION_TABLES.includes(table) || !present.has(table)) continue;
    for await (const batch of source.batches(table)) count += await insertMapped(connection, table, batch, kinds);
  }
  return count;
}
