import { afterAll, describe, expect, it } from "vitest";
import { sql } from "kysely";
import { createTestDatabase, testEngines, type TestDatabase } from "../../../test/engines";
import { openDatabase, type Database } from "./db.server";

describe.skipIf(!testEngines().includes("postgres"))("database connections [postgres]", () => {
  const opened: Array<Database | TestDatabase> = [];
  afterAll(async () => {
    for (const database of opened.reverse()) await database.close();
  });

  it("keeps working when the server closes an idle connection (a restart or an administrator ending it)", async () => {
    const database = await createTestDatabase("postgres");
    opened.push(database);
    const before = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    const pid = before.rows[0]!.pid;
    // Another connection ends the pool's idle one, as a PostgreSQL restart would.
    const other = await openDatabase({ url: database.url!, dataDir: database.dataDir });
    opened.push(other);
    const ended = await sql<{ ok: boolean }>`select pg_terminate_backend(${pid}) as ok`.execute(other.db);
    expect(ended.rows[0]!.ok).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 200));
    // The process is still here, and the next query gets a fresh connection.
    const after = await sql<{ pid: number }>`select pg_backend_pid() as pid`.execute(database.db);
    expect(after.rows[0]!.pid).not.toBe(pid);
  });
});
