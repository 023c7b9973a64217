import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import crypto from "node:crypto";
import { afterAll, beforeAll, describe } from "vitest";
import { openDatabase, type Database } from "#app/platform/db/db.server";
import { type Engine } from "../app/platform/db/schema";

/**
 * Integration tests of the data layer run on SQLite always and on PostgreSQL
 * when TEST_DATABASE_URL is set (CI starts a throwaway cluster for that).
 * Each suite gets its own fresh database.
 */
export function testEngines(): Engine[] {
  const only = process.env.TEST_ENGINE as Engine | undefined;
  const engines: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  return only ? engines.filter((e) => e === only) : engines;
}

export interface TestDatabase extends Database {
  dataDir: string;
  url?: string;
}

async function adminQuery(sql: string): Promise<void> {
  const pg = await import("pg");
  const Client = pg.default?.Client ?? pg.Client;
  const client = new Client({ connectionString: process.env.TEST_DATABASE_URL });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export async function createTestDatabase(engine: Engine): Promise<TestDatabase> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-test-"));
  if (engine === "sqlite") {
    const database = await openDatabase({ dataDir });
    return {
      ...database,
      dataDir,
      close: async () => {
        await database.close();
        fs.rmSync(dataDir, { recursive: true, force: true });
      },
    };
  }
  const name = `test_${crypto.randomBytes(6).toString("hex")}`;
  await adminQuery(`CREATE DATABASE ${name}`);
  const url = new URL(process.env.TEST_DATABASE_URL!);
  url.pathname = `/${name}`;
  const database = await openDatabase({ url: url.toString(), dataDir });
  return {
    ...database,
    dataDir,
    url: url.toString(),
    close: async () => {
      await database.close();
      await adminQuery(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs the same suite once per engine, handing it a fresh database. */
export function describeEachEngine(title: string, body: (get: () => TestDatabase) => void): void {
  for (const engine of testEngines()) {
    describe(`${title} [${engine}]`, () => {
      let database: TestDatabase | undefined;
      beforeAll(async () => {
        database = await createTestDatabase(engine);
      });
      afterAll(async () => {
        await database?.close();
      });
      body(() => {
        if (!database) throw new Error("test database not ready");
        return database;
      });
    });
  }
}
