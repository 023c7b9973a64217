import path from "node:path";
import Database from "better-sqlite3";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import pg from "pg";
import type { Database as SiteDatabase } from "../app/platform/db/db.server";
import type { DatabaseSchema } from "../app/platform/db/schema";

/**
 * The test server's database, opened beside it for as long as `work` runs:
 * SQLite in the server's data folder, or PostgreSQL at DATABASE_URL in the
 * engine pass of .ci/run.
 */
export async function withSiteDatabase<T>(work: (database: Pick<SiteDatabase, "db" | "engine">) => Promise<T>): Promise<T> {
  const url = process.env.DATABASE_URL;
  const dialect = url
    ? new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) })
    : new SqliteDialect({ database: new Database(path.join(process.env.E2E_DATA_DIR!, "site.db"), { timeout: 5_000 }) });
  const db = new Kysely<DatabaseSchema>({ dialect });
  try {
    return await work({ db, engine: url ? "postgres" : "sqlite" });
  } finally {
    await db.destroy();
  }
}
