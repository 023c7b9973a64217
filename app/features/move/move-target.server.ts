import fs from "node:fs";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { openDatabase, type Database } from "#app/platform/db/db.server";
import type { Storage } from "#app/platform/storage/objects";
import { tablesInDependencyOrder, type Connection } from "#app/features/backup/backup-archive.server";
import { columnKinds, mapValue, type ColumnKind } from "#app/features/backup/engine-rows.server";

/**
 * What a move target already holds, and the marker that tells a move's own
 * partial copy from anyone else's data. The marker is written before the
 * first row or file and names the source; a run that finds its own marker
 * carries on where the last one stopped, and the marker goes once the copy
 * is verified.
 */

export class MoveError extends Error {}

/** Kept by the migrator itself; the target's own are kept, never copied. */
export const MIGRATION_TABLES = ["kysely_migration", "kysely_migration_lock"];
/** The database's marker: a table of its own, outside the schema, dropped when the move is done. */
export const MARKER_TABLE = "site_move_in_progress";
/** The bucket's marker: an object the site never makes (its keys are timestamps and folders). */
export const MARKER_KEY = "site-move-in-progress.json";

/**
 * The rows a new database starts with, per table, minus what differs from
 * one new database to the next (random ids, the time it was made): a target
 * holding exactly these has no data of its own. Read from a new SQLite
 * database made and migrated in a scratch folder, so a migration that seeds
 * something new is known here without a list.
 */
async function seededRows(scratch: string): Promise<Map<string, string[]>> {
  const folder = fs.mkdtempSync(path.join(scratch, "fresh-"));
  let fresh: Database | undefined;
  try {
    fresh = await openDatabase({ dataDir: folder });
    return await comparableRows(fresh);
  } finally {
    await fresh?.close();
    fs.rmSync(folder, { recursive: true, force: true });
  }
}

const VARYING = (column: string) => column === "id" || column.endsWith("_at");

async function comparableRows(database: Connection): Promise<Map<string, string[]>> {
  const kinds = await columnKinds(database);
  const result = new Map<string, string[]>();
  for (const table of await tablesInDependencyOrder(database)) {
    if (MIGRATION_TABLES.includes(table) || table === MARKER_TABLE) continue;
    // Only tables a new database seeds are read whole; the rest need a count (below).
    const count = await rowCount(database, table);
    if (count === 0 || count > 1000) {
      result.set(table, count === 0 ? [] : [`${count} rows`]);
      continue;
    }
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db)).rows;
    const columns = kinds.get(table) ?? new Map<string, ColumnKind>();
    result.set(
      table,
      rows
        .map((row) => JSON.stringify(Object.keys(row).filter((c) => !VARYING(c)).sort().map((c) => [c, mapValue(row[c], columns.get(c), "sqlite")])))
        .sort(),
    );
  }
  return result;
}

export async function rowCount(database: Connection, table: string): Promise<number> {
  const row = (await sql<{ n: number | string }>`select count(*) as n from ${sql.table(table)}`.execute(database.db)).rows[0];
  return Number(row?.n ?? 0);
}

/** In words, what the database holds beyond what a new one starts with (a new one is made in `scratch` to compare); empty when nothing. */
export async function databaseContents(database: Database, scratch: string): Promise<string[]> {
  const seeded = await seededRows(scratch);
  const found: string[] = [];
  for (const [table, rows] of await comparableRows(database)) {
    const expected = seeded.get(table) ?? [];
    if (rows.length === expected.length && rows.every((row, i) => row === expected[i])) continue;
    const count = await rowCount(database, table);
    if (count === 0) continue;
    found.push(expected.length ? `${table} (${count} rows, not the ${expected.length} a new database starts with)` : `${table} (${count} rows)`);
  }
  return found;
}

export async function readDatabaseMarker(database: Database): Promise<string | undefined> {
  try {
    const rows = (await sql<{ source: string }>`select source from ${sql.table(MARKER_TABLE)}`.execute(database.db)).rows;
    return rows[0]?.source;
  } catch {
    return undefined;
  }
}

/**
 * Claims the database for this source, in one transaction: the marker, and
 * every row but the migrator's own taken out (what a new database seeds, or
 * with --force whatever was there), since the source holds its own copy.
 */
export async function claimDatabase(database: Database, source: string): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const connection: Connection = { db: trx, engine: database.engine };
    await sql`create table if not exists ${sql.table(MARKER_TABLE)} (source text primary key, started_at text not null)`.execute(trx);
    await sql`delete from ${sql.table(MARKER_TABLE)}`.execute(trx);
    await sql`insert into ${sql.table(MARKER_TABLE)} (source, started_at) values (${source}, ${new Date().toISOString()})`.execute(trx);
    for (const table of (await tablesInDependencyOrder(connection)).reverse()) {
      if (!MIGRATION_TABLES.includes(table) && table !== MARKER_TABLE) await sql`delete from ${sql.table(table)}`.execute(trx);
    }
  });
}

export async function releaseDatabase(database: Database): Promise<void> {
  await sql`drop table if exists ${sql.table(MARKER_TABLE)}`.execute(database.db);
}

export async function readBucketMarker(storage: Storage): Promise<string | undefined> {
  if (!(await storage.stat(MARKER_KEY))) return undefined;
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(MARKER_KEY)) chunks.push(chunk as Buffer);
  try {
    return (JSON.parse(Buffer.concat(chunks).toString("utf8")) as { source?: string }).source;
  } catch {
    return undefined;
  }
}

/** In words, what the bucket holds (the marker aside); empty when nothing. */
export async function bucketContents(storage: Storage): Promise<string[]> {
  let count = 0;
  let bytes = 0;
  const first: string[] = [];
  for await (const object of storage.list()) {
    if (object.key === MARKER_KEY) continue;
    count++;
    bytes += object.size;
    if (first.length < 3) first.push(object.key);
  }
  return count ? [`${count} files, ${bytes} bytes (${first.join(", ")}${count > first.length ? ", …" : ""})`] : [];
}

export async function claimBucket(storage: Storage, source: string): Promise<void> {
  await storage.delete(MARKER_KEY);
  await storage.putStream(MARKER_KEY, Readable.from([Buffer.from(JSON.stringify({ source, startedAt: new Date().toISOString() }))]), { contentType: "application/json" });
}

export async function releaseBucket(storage: Storage): Promise<void> {
  await storage.delete(MARKER_KEY);
}
