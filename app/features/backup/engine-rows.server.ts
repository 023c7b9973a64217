import type BetterSqlite3 from "better-sqlite3";
import { sql } from "kysely";
import type { Connection } from "./backup-archive.server";

/**
 * Rows carried from one engine to the other, for `npm run move` and for a
 * backup restored into the other engine. The schema is the same on both, but
 * SQLite has no boolean, date or JSON type: the site (and the auth library)
 * keep booleans there as 0/1, dates as ISO 8601 text and JSON as text, and
 * the pg driver hands back BIGINT as a string. Each value is converted by the
 * type of the column it goes into, read from the target database itself, so
 * a column a future migration adds is mapped without a list kept here.
 */

export type ColumnKind = "boolean" | "integer" | "real" | "timestamp" | "json" | "text" | "other";

/** The kind of every column of every table in the database, by table then column. */
export async function columnKinds(database: Connection): Promise<Map<string, Map<string, ColumnKind>>> {
  const kinds = new Map<string, Map<string, ColumnKind>>();
  const put = (table: string, column: string, kind: ColumnKind) => {
    if (!kinds.has(table)) kinds.set(table, new Map());
    kinds.get(table)!.set(column, kind);
  };
  if (database.engine === "postgres") {
    const rows = await sql<{ table_name: string; column_name: string; data_type: string }>`
      select table_name, column_name, data_type from information_schema.columns where table_schema = current_schema()`.execute(database.db);
    for (const row of rows.rows) put(row.table_name, row.column_name, postgresKind(row.data_type));
  } else {
    const rows = await sql<{ table_name: string; column_name: string; type: string }>`
      select m.name as table_name, c.name as column_name, c.type as type
      from sqlite_master m join pragma_table_info(m.name) c
      where m.type = 'table' and m.name not like 'sqlite_%'`.execute(database.db);
    for (const row of rows.rows) put(row.table_name, row.column_name, sqliteKind(row.type));
  }
  return kinds;
}

function postgresKind(type: string): ColumnKind {
  if (type === "boolean") return "boolean";
  if (type === "smallint" || type === "integer" || type === "bigint") return "integer";
  if (type === "real" || type === "double precision" || type === "numeric") return "real";
  if (type.startsWith("timestamp") || type === "date") return "timestamp";
  if (type === "json" || type === "jsonb") return "json";
  if (type === "text" || type.startsWith("character")) return "text";
  return "other";
}

/** By SQLite's own affinity rules, with the declared names the auth library uses (date, boolean) kept apart. */
function sqliteKind(declared: string): ColumnKind {
  const type = declared.toLowerCase();
  if (type === "boolean") return "boolean";
  if (type === "date" || type.startsWith("timestamp") || type === "datetime") return "timestamp";
  if (type === "json" || type === "jsonb") return "json";
  if (type.includes("int")) return "integer";
  if (type.includes("char") || type.includes("clob") || type.includes("text")) return "text";
  if (type.includes("real") || type.includes("floa") || type.includes("doub")) return "real";
  return "other";
}

/**
 * One value as the target engine stores it for a column of this kind. An
 * INTEGER column on SQLite may be a boolean on PostgreSQL (the booleans are
 * INTEGER there), so the value's own type decides as much as the column's.
 */
export function mapValue(value: unknown, kind: ColumnKind | undefined, target: Connection["engine"]): unknown {
  if (value === null || value === undefined) return null;
  if (target === "postgres") {
    if (kind === "boolean") return value === true || value === 1 || value === "1" || value === "t" || value === "true";
    if (kind === "timestamp") return typeof value === "number" ? new Date(value) : value;
    if (kind === "json") return typeof value === "string" ? value : JSON.stringify(value);
    if (value instanceof Date) return value.toISOString();
    if (kind === "text" && typeof value === "object" && !Buffer.isBuffer(value)) return JSON.stringify(value);
    return value;
  }
  if (typeof value === "boolean") return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if ((kind === "integer" || kind === "real") && typeof value === "string" && value.trim() !== "" && Number.isFinite(Number(value))) return Number(value);
  if (typeof value === "object" && !Buffer.isBuffer(value)) return JSON.stringify(value);
  return value;
}

export function mapRow(row: Record<string, unknown>, columns: Map<string, ColumnKind> | undefined, target: Connection["engine"]): Record<string, unknown> {
  const mapped: Record<string, unknown> = {};
  for (const [column, value] of Object.entries(row)) mapped[column] = mapValue(value, columns?.get(column), target);
  return mapped;
}

/**
 * Inserts rows mapped to the target's types; with skipExisting a row whose
 * key (or another unique value) is already there is left as it is, so a copy
 * run again after being stopped adds only what is missing.
 */
export async function insertMapped(
  target: Connection,
  table: string,
  rows: Record<string, unknown>[],
  kinds: Map<string, Map<string, ColumnKind>>,
  { skipExisting = false } = {},
): Promise<number> {
  let inserted = 0;
  const columns = kinds.get(table);
  // 100 rows a statement, fewer for wide tables: PostgreSQL takes at most 65,535 parameters in one.
  const perStatement = Math.max(1, Math.min(100, Math.floor(30_000 / Math.max(1, Object.keys(rows[0] ?? {}).length))));
  for (let i = 0; i < rows.length; i += perStatement) {
    const batch = rows.slice(i, i + perStatement).map((row) => mapRow(row, columns, target.engine));
    const insert = target.db.insertInto(table as never).values(batch as never);
    const result = await (skipExisting ? insert.onConflict((oc) => oc.doNothing()) : insert).executeTakeFirst();
    inserted += Number(result?.numInsertedOrUpdatedRows ?? batch.length);
  }
  return inserted;
}

/** Rows of one SQLite table in batches, by rowid, so a large table is never held whole. */
export function* sqliteBatches(sqlite: BetterSqlite3.Database, table: string, size = 500): Generator<Record<string, unknown>[]> {
  const quoted = `"${table.replace(/"/g, '""')}"`;
  const statement = sqlite.prepare(`select rowid as "__rowid", * from ${quoted} where rowid > ? order by rowid limit ?`);
  let after = Number.MIN_SAFE_INTEGER;
  for (;;) {
    const rows = statement.all(after, size) as Array<Record<string, unknown>>;
    if (!rows.length) return;
    after = rows[rows.length - 1]!.__rowid as number;
    yield rows.map(({ __rowid: _rowid, ...row }) => row);
  }
}

export function sqliteTableNames(sqlite: BetterSqlite3.Database): string[] {
  return (sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%'").all() as Array<{ name: string }>).map((r) => r.name).sort();
}

export function sqliteRowCount(sqlite: BetterSqlite3.Database, table: string): number {
  return (sqlite.prepare(`select count(*) as n from "${table.replace(/"/g, '""')}"`).get() as { n: number }).n;
}

/**
 * PostgreSQL hands out serial and identity values from a sequence that knows
 * nothing of copied ids: each is set past the largest id copied, so the next
 * row the site adds does not collide. (The schema has none today; a future
 * table may.)
 */
export async function advanceSequences(target: Connection): Promise<void> {
  if (target.engine !== "postgres") return;
  const columns = await sql<{ table_name: string; column_name: string }>`
    select table_name, column_name from information_schema.columns
    where table_schema = current_schema() and (column_default like 'nextval(%' or is_identity = 'YES')`.execute(target.db);
  for (const { table_name: table, column_name: column } of columns.rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), greatest((select max(${sql.ref(column)}) from ${sql.table(table)}), 1), (select count(*) > 0 from ${sql.table(table)}))`.execute(target.db);
  }
}
