import { sql } from "kysely";
import { columnKinds, mapValue } from "#app/features/backup/engine-rows.server";
import type { Connection } from "#app/features/backup/backup-archive.server";

/**
 * Every row of every table (the migrator's own aside), each value as SQLite
 * keeps it (booleans 0/1, dates ISO text, BIGINT a number), in a stable
 * order: two databases holding the same data give the same dump, whichever
 * engine each runs on.
 */
export async function dumpTables(database: Connection): Promise<Record<string, string[]>> {
  const kinds = await columnKinds(database);
  const result: Record<string, string[]> = {};
  for (const table of [...kinds.keys()].sort()) {
    if (table.startsWith("kysely_migration")) continue;
    const rows = (await sql<Record<string, unknown>>`select * from ${sql.table(table)}`.execute(database.db)).rows;
    const columns = kinds.get(table)!;
    result[table] = rows.map((row) => JSON.stringify(Object.keys(row).sort().map((c) => [c, mapValue(row[c], columns.get(c), "sqlite")]))).sort();
  }
  return result;
}
