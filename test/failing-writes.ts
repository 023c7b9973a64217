import { sql } from "kysely";
import type { Database } from "#app/platform/db/db.server";

type Operation = "insert" | "update" | "delete";

/**
 * Makes every insert, update and/or delete of a table fail inside the database, as
 * a full disk would, until called again with `failing` false. A trigger, so
 * the statement itself fails on either engine and the site process sees the
 * engine's own error, with its connection and everything else working.
 */
export async function failWrites(database: Pick<Database, "db" | "engine">, table: string, failing: boolean, operations: Operation[] = ["insert", "update"]): Promise<void> {
  const { db, engine } = database;
  const name = `${table}_writes_fail`;
  if (engine === "sqlite") {
    for (const operation of ["insert", "update", "delete"] as const) await sql`drop trigger if exists ${sql.id(`${name}_${operation}`)}`.execute(db);
    if (!failing) return;
    for (const operation of operations) {
      await sql`create trigger ${sql.id(`${name}_${operation}`)} before ${sql.raw(operation)} on ${sql.table(table)} begin select raise(abort, 'database or disk is full'); end`.execute(db);
    }
    return;
  }
  await sql`drop trigger if exists ${sql.id(name)} on ${sql.table(table)}`.execute(db);
  await sql`drop function if exists ${sql.id(name)}()`.execute(db);
  if (!failing) return;
  await sql`create function ${sql.id(name)}() returns trigger language plpgsql as $$ begin raise exception 'could not extend file: No space left on device'; end $$`.execute(db);
  await sql`create trigger ${sql.id(name)} before ${sql.raw(operations.join(" or "))} on ${sql.table(table)} for each row execute function ${sql.id(name)}()`.execute(db);
}
