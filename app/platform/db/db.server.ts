import path from "node:path";
import { Kysely, Migrator, sql, PostgresDialect, SqliteAdapter, SqliteDialect, type DialectAdapter, type Dialect } from "kysely";
import type BetterSqlite3 from "better-sqlite3";
import type { DatabaseSchema, Engine } from "./schema";
import { migrations, type Migration } from "#app/platform/db/migrations";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import { createPrivateFile, keepDataDirPrivate } from "#app/platform/data-dir.server";


export interface Database {
  db: Kysely<DatabaseSchema>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** postgres://… for PostgreSQL; unset for SQLite in dataDir. */
  url?: string;
  dataDir: string;
  /** SQLite file name inside dataDir (tests use their own). */
  sqliteFile?: string;
}

async function createDialect(options: DatabaseOptions): Promise<{ dialect: Dialect; engine: Engine }> {
  if (options.url) {
    const pg = await import("pg");
    const Pool = pg.default?.Pool ?? pg.Pool;
    // Return BIGINT/COUNT as numbers-in-strings; entity modules convert them.
    const pool = new Pool({ connectionString: options.url, max: env().DATABASE_POOL_MAX });
    // An idle connection the server closes (a PostgreSQL restart, a failover, an
    // administrator ending it) is reported here; the pool drops it and opens a new
    // one when needed. Without a listener the error would end the process.
    pool.on("error", (error: Error & { code?: string }) => {
      logger.warn({ code: error.code, err: error.message }, "an idle database connection was closed by the server");
    });
    return { dialect: new PostgresDialect({ pool }), engine: "postgres" };
  }
  const { default: SQLite } = await import("better-sqlite3");
  const sqliteFile = options.sqliteFile ?? "site.db";
  keepDataDirPrivate(options.dataDir, sqliteFile);
  const file = path.join(options.dataDir, sqliteFile);
  // Made 0600 before SQLite opens it, so its -wal and -shm files are too.
  createPrivateFile(file);
  const sqlite = new SQLite(file);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("synchronous = NORMAL");
  // A deleted row's bytes are overwritten, not left in free pages: a child's registration erased on request, or at the
  // end of its retention period, is then gone from the file and from every backup copied from it afterwards.
  sqlite.pragma("secure_delete = ON");
  reuseStatements(sqlite);
  return { dialect: new TransactionalSqliteDialect({ database: sqlite }), engine: "sqlite" };
}

type SqliteDatabase = BetterSqlite3.Database;
type SqliteStatement = BetterSqlite3.Statement;

/** How many distinct statements are kept compiled; the site runs far fewer. */
const STATEMENT_CACHE_SIZE = 500;

/**
 * Kysely prepares (compiles) every query's SQL afresh, which was a tenth of
 * a page render's database time; the same few statements run on every
 * request, so each connection keeps its compiled statements by SQL text and
 * reuses them. A statement still being iterated (a streamed query) is busy
 * and is not handed out again: that call gets a fresh one. SQLite
 * recompiles a kept statement itself when a migration changes the schema.
 */
function reuseStatements(sqlite: SqliteDatabase): void {
  const compiled = new Map<string, SqliteStatement>();
  const prepare = sqlite.prepare.bind(sqlite);
  sqlite.prepare = ((source: string) => {
    const kept = compiled.get(source);
    if (kept && !kept.busy) return kept;
    const statement = prepare(source);
    if (!kept) {
      if (compiled.size >= STATEMENT_CACHE_SIZE) compiled.delete(compiled.keys().next().value!);
      compiled.set(source, statement);
    }
    return statement;
  }) as SqliteDatabase["prepare"];
}

/**
 * SQLite rolls back CREATE, ALTER and DROP with the rest of a transaction,
 * but Kysely's adapter says it cannot, so its migrator would run SQLite
 * migrations outside a transaction: a crash half-way through one would
 * leave a schema that is neither before nor after, and every later start
 * would fail. Saying so makes the migrator wrap the pending migrations in
 * one transaction on SQLite as it does on PostgreSQL (all or nothing).
 */
class TransactionalSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class TransactionalSqliteDialect extends SqliteDialect {
  override createAdapter(): DialectAdapter {
    return new TransactionalSqliteAdapter();
  }
}

/** Opens a database and brings its schema up to date. */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  const { dialect, engine } = await createDialect(options);
  const db = new Kysely<DatabaseSchema>({ dialect });
  const database: Database = { db, engine, close: () => db.destroy() };
  await migrateToLatest(database);
  return database;
}

/** Runs every pending migration (`list` is for tests that need a migration of their own). */
export async function migrateToLatest(database: Database, list: Record<string, Migration> = migrations): Promise<string[]> {
  // Most starts find nothing to do: one query says so, without the
  // migrator's lock table and per-migration bookkeeping.
  if (await isUpToDate(database, Object.keys(list))) return [];
  const migrator = new Migrator({
    db: database.db,
    // Numbers were reserved per feature and landed out of order; a database
    // that already ran a later one must still accept an earlier newcomer.
    allowUnorderedMigrations: true,
    provider: {
      async getMigrations() {
        return Object.fromEntries(
          Object.entries(list).map(([name, m]) => [
            name,
            { up: (db: Kysely<unknown>) => m.up(db, database.engine), down: m.down && ((db: Kysely<unknown>) => m.down!(db, database.engine)) },
          ]),
        );
      },
    },
  });
  const { error, results } = await migrator.migrateToLatest();
  if (error) throw error instanceof Error ? error : new Error(String(error));
  return (results ?? []).filter((r) => r.status === "Success").map((r) => r.migrationName);
}

/**
 * True when exactly the migrations in the list are recorded as run. Kysely records
 * a migration in the same transaction that runs it, so a name in the table
 * means its schema is complete; a database being migrated by another
 * process right now lacks the names, and the migrator (which takes the
 * lock) waits for that process.
 */
async function isUpToDate(database: Database, names: string[]): Promise<boolean> {
  try {
    const { rows } = await sql<{ name: string }>`select name from kysely_migration`.execute(database.db);
    const done = new Set(rows.map((row) => row.name));
    // A name we do not know (a database a newer release migrated) goes to the migrator, which refuses it as before.
    return done.size === names.length && names.every((name) => done.has(name));
  } catch {
    // No migration table yet: a new database.
    return false;
  }
}

let shared: Promise<Database> | undefined;

/** The process-wide database, opened (and migrated) on first use. */
export function getDatabase(): Promise<Database> {
  if (!shared) {
    shared = (async () => {
      const config = env();
      return openDatabase({ url: config.DATABASE_URL, dataDir: config.DATA_DIR });
    })();
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

export async function closeDatabase(): Promise<void> {
  if (!shared) return;
  const current = shared;
  shared = undefined;
  await (await current).close();
}

/** Value helpers shared by entity modules so both engines give the same shapes. */
/** True when a unique index refused a write: another request took the same key a moment before (two saves, two copies). */
export function isUniqueViolation(error: unknown): boolean {
  const e = error as { code?: string; message?: string };
  return e?.code === "23505" || e?.code === "SQLITE_CONSTRAINT_UNIQUE" || /UNIQUE constraint failed/i.test(e?.message ?? "");
}

export const toBool = (v: unknown): boolean => v === true || v === 1 || v === "1" || v === "t" || v === "true";
export const toNum = (v: unknown): number => (typeof v === "number" ? v : Number(v ?? 0));
export const nowIso = (): string => new Date().toISOString();
