import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import SQLite from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

/**
 * The data folder holds the database (every registration, application and
 * account), the site's secret, uploads and backups: only the site's own
 * user may read it. Each test starts the site the way server/app.ts does
 * (the secret, then the database), on SQLite, with freshly loaded modules,
 * as a new process would.
 */

const modeOf = (file: string) => (fs.statSync(file).mode & 0o777).toString(8).padStart(4, "0");
const DB_FILES = ["site.db", "site.db-wal", "site.db-shm"];

/** Starts the site on `dataDir`; returns its database and what it logged about the folder's permissions. */
async function startSite(dataDir: string) {
  vi.resetModules();
  // Imported afresh with the rest, so it captures the logger they write to.
  const { captureLogs } = await import("../../test/capture-logs");
  const { loadSecrets } = await import("#app/platform/env.server");
  const { openDatabase } = await import("#app/platform/db/db.server");
  const logs = captureLogs();
  try {
    loadSecrets(dataDir);
    const database = await openDatabase({ dataDir });
    // A write, so the write-ahead log is in use.
    await database.db.insertInto("form_attempts").values({ id: crypto.randomUUID(), form: "test", key_hash: "x", created_at: new Date().toISOString() }).execute();
    const said = logs.lines.map((line) => JSON.parse(line) as { msg: string; changed?: string[] }).filter((line) => /private/.test(line.msg));
    return { database, said };
  } finally {
    logs.stop();
  }
}

describe("the data folder is private to the site", () => {
  let parent: string;
  const saved = process.env.AUTH_SECRET;
  beforeEach(() => {
    parent = fs.mkdtempSync(path.join(os.tmpdir(), "site-data-modes-"));
    delete process.env.AUTH_SECRET;
  });
  afterEach(() => {
    fs.rmSync(parent, { recursive: true, force: true });
    if (saved !== undefined) process.env.AUTH_SECRET = saved;
  });

  it("a first start makes the folder 0700 and the database and its journal files 0600, and says nothing", async () => {
    const dataDir = path.join(parent, "data");
    const { database, said } = await startSite(dataDir);
    try {
      expect(modeOf(dataDir)).toBe("0700");
      for (const name of DB_FILES) expect(modeOf(path.join(dataDir, name)), name).toBe("0600");
      expect(modeOf(path.join(dataDir, "secrets.json"))).toBe("0600");
    } finally {
      await database.close();
    }
    expect(said).toEqual([]);
  });

  it("a start on an install others could read makes it private, and says so once", async () => {
    const dataDir = path.join(parent, "data");
    // As an earlier release left it: the folder 0755, the database files 0644, the log in use.
    fs.mkdirSync(dataDir, { mode: 0o755 });
    fs.chmodSync(dataDir, 0o755);
    const earlier = new SQLite(path.join(dataDir, "site.db"));
    earlier.pragma("journal_mode = WAL");
    earlier.exec("create table left_by_an_earlier_release (x)");
    for (const name of DB_FILES) fs.chmodSync(path.join(dataDir, name), 0o644);
    // Left open (as a crash leaves them), so the write-ahead log and shared memory files are there at start.
    try {
      const first = await startSite(dataDir);
      try {
        expect(modeOf(dataDir)).toBe("0700");
        for (const name of DB_FILES) expect(modeOf(path.join(dataDir, name)), name).toBe("0600");
      } finally {
        await first.database.close();
      }
      expect(first.said).toHaveLength(1);
      expect(first.said[0]!.changed).toEqual(["DATA_DIR 0755 → 0700", "site.db 0644 → 0600", "site.db-wal 0644 → 0600", "site.db-shm 0644 → 0600"]);

      // The next start finds nothing to change and says nothing.
      const next = await startSite(dataDir);
      await next.database.close();
      expect(next.said).toEqual([]);
    } finally {
      earlier.close();
    }
  });
});
