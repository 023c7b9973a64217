import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachEngine, type TestDatabase } from "../engines";
import { smallPng } from "../media-fixtures";
import { createFirstAdmin, fileHashes, runCli, snapshot, snapshotDiff, startSite, stopSite, type Site } from "../security/site";
import { ensureProductionBuild } from "../site-process";
import { pruneBackups } from "#app/lib/backup.server";

/**
 * npm run backup / npm run restore, end to end through the production
 * build's commands: a site with accounts, uploads, form submissions and
 * settings is backed up while it runs, restored into a fresh data folder
 * (and, on PostgreSQL, a fresh database), and every table's rows, every
 * stored file and the secrets must come back identical.
 */

describeEachEngine("backup and restore", (getDb) => {
  let site: Site;
  let archive: string;
  let target: TestDatabase | undefined;
  const restoredDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-restored-"));
  fs.rmSync(restoredDir, { recursive: true });

  beforeAll(async () => {
    ensureProductionBuild();
    const db = getDb();
    // No AUTH_SECRET: the site generates secrets.json, which the backup must carry.
    site = await startSite({ dataDir: db.dataDir, databaseUrl: db.url, env: { AUTH_SECRET: undefined } });
    const cookie = await createFirstAdmin(site, "backup.admin@example.org", "lantern over the moor 42");
    for (const [name, width] of [["one.png", 64], ["two.png", 96]] as const) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(await smallPng(width, 48))], { type: "image/png" }), name);
      form.set("altText", `Picture ${name}`);
      const response = await fetch(`${site.url}/api/media/quick-upload`, { method: "POST", body: form, headers: { Cookie: cookie, Origin: site.url } });
      expect(response.status).toBe(201);
    }
    const question = new URLSearchParams({ name: "Ann Example", email: "ann@example.org", topic: "other", message: "When is the next youth session?" });
    expect((await fetch(`${site.url}/contact?index`, { method: "POST", body: question, redirect: "manual", headers: { Origin: site.url } })).status).toBe(302);
    // Variants are made in the background; wait so the snapshot is final.
    for (let i = 0; i < 200; i++) {
      const busy = await db.db.selectFrom("media_files").select("id").where("processing", "in", ["pending", "processing"]).execute();
      if (!busy.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
  }, 240_000);

  afterAll(async () => {
    await stopSite(site);
    await target?.close();
    fs.rmSync(restoredDir, { recursive: true, force: true });
  });

  it("writes one archive while the site runs", async () => {
    archive = path.join(getDb().dataDir, "backups", "manual.tar.gz");
    const result = await runCli(["backup", "--out", archive], { dataDir: getDb().dataDir, databaseUrl: getDb().url, env: { AUTH_SECRET: undefined } });
    expect(result.stderr).toBe("");
    expect(result.code).toBe(0);
    expect(result.stdout).toMatch(/Wrote .*manual\.tar\.gz: \d+ rows in \d+ tables \((sqlite-online-backup|logical-json)\), [4-9] files, secrets included\./);
    expect(fs.statSync(archive).mode & 0o077).toBe(0);
    // Nothing half-written is left next to it.
    expect(fs.readdirSync(path.dirname(archive))).toEqual(["manual.tar.gz"]);
  });

  it("restores into a fresh data folder with identical rows, files and secrets", async () => {
    await stopSite(site);
    if (getDb().engine === "postgres") target = await createTestDatabase("postgres");
    const restored = await runCli(["restore", archive], { dataDir: restoredDir, databaseUrl: target?.url, env: { AUTH_SECRET: undefined } });
    expect(restored.stderr).toBe("");
    expect(restored.code).toBe(0);
    expect(restored.stdout).toMatch(/Restored the backup of .*: \d+ rows, [4-9] files/);

    const { openDatabase } = await import("#app/lib/db.server");
    const copy = target ?? { ...(await openDatabase({ dataDir: restoredDir })), dataDir: restoredDir };
    try {
      // Migration bookkeeping is not data: a restored PostgreSQL database records when it ran its own migrations.
      const before = await snapshot(getDb(), getDb().dataDir, ["kysely_migration_lock", "kysely_migration"]);
      const after = await snapshot(copy, restoredDir, ["kysely_migration_lock", "kysely_migration"]);
      const names = async (d: typeof copy) => (await d.db.selectFrom("kysely_migration" as never).select("name" as never).execute()).map((r) => (r as { name: string }).name).sort();
      expect(await names(copy)).toEqual(await names(getDb()));
      // Only what matters: rows, uploaded files and secrets (not backups, scratch or the database file itself).
      const keep = (files: Record<string, string>) => Object.fromEntries(Object.entries(files).filter(([f]) => f.startsWith("uploads/") || f === "secrets.json"));
      expect(snapshotDiff({ ...before, files: keep(before.files) }, { ...after, files: keep(after.files) })).toEqual([]);
      expect(Object.keys(keep(after.files)).filter((f) => f.startsWith("uploads/")).length).toBeGreaterThanOrEqual(4);
      expect(before.tables.messages!.some((row) => row.includes("When is the next youth session?"))).toBe(true);
    } finally {
      if (!target) await copy.close();
    }
  });

  it("refuses to restore over a folder or database in use unless told to", async () => {
    const again = await runCli(["restore", archive], { dataDir: restoredDir, databaseUrl: target?.url, env: { AUTH_SECRET: undefined } });
    expect(again.code).toBe(1);
    expect(again.stderr).toMatch(/is not empty|already in use/);
    expect(again.stderr).toMatch(/--force/);
    const forced = await runCli(["restore", archive, "--force"], { dataDir: restoredDir, databaseUrl: target?.url, env: { AUTH_SECRET: undefined } });
    expect(forced.stderr).toBe("");
    expect(forced.code).toBe(0);
    const garbage = path.join(restoredDir, "backups", "not-a-backup.tar.gz");
    fs.mkdirSync(path.dirname(garbage), { recursive: true });
    fs.writeFileSync(garbage, "hello");
    const refused = await runCli(["restore", garbage, "--force"], { dataDir: restoredDir, databaseUrl: target?.url });
    expect(refused.code).not.toBe(0);
    // The restored site starts and serves the restored upload.
    const restartedSite = await startSite({ dataDir: restoredDir, databaseUrl: target?.url, env: { AUTH_SECRET: undefined } });
    try {
      const file = Object.keys(fileHashes(path.join(restoredDir, "uploads")))[0]!;
      expect((await fetch(`${restartedSite.url}/media/${file}`)).status).toBe(200);
      const login = await fetch(`${restartedSite.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: restartedSite.url },
        body: new URLSearchParams({ intent: "sign-in", email: "backup.admin@example.org", password: "lantern over the moor 42" }),
      });
      expect(login.status).toBe(302);
    } finally {
      await stopSite(restartedSite);
    }
  });
});

it("keeps the newest scheduled backups and removes the rest", async () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-backups-"));
  const names = ["backup-20260101-010000Z.tar.gz", "backup-20260102-010000Z.tar.gz", "backup-20260103-010000Z.tar.gz", "backup-20260104-010000Z.tar.gz", "notes.txt"];
  for (const name of names) fs.writeFileSync(path.join(dir, name), "x");
  expect(await pruneBackups(dir, 2)).toEqual(["backup-20260102-010000Z.tar.gz", "backup-20260101-010000Z.tar.gz"]);
  expect(fs.readdirSync(dir).sort()).toEqual(["backup-20260103-010000Z.tar.gz", "backup-20260104-010000Z.tar.gz", "notes.txt"]);
  fs.rmSync(dir, { recursive: true });
});

it("writes a scheduled backup into DATA_DIR/backups when BACKUP_INTERVAL_HOURS is set", async () => {
  ensureProductionBuild();
  const database = await createTestDatabase("sqlite");
  const site = await startSite({ dataDir: database.dataDir, env: { BACKUP_INTERVAL_HOURS: "24", BACKUP_KEEP: "3" } });
  try {
    let found: string[] = [];
    for (let i = 0; i < 100 && found.length === 0; i++) {
      await new Promise((r) => setTimeout(r, 100));
      found = fs.existsSync(path.join(database.dataDir, "backups")) ? fs.readdirSync(path.join(database.dataDir, "backups")).filter((n) => n.endsWith(".tar.gz")) : [];
    }
    expect(found).toHaveLength(1);
    // The job books its next run once the file is written, so that can come a moment later.
    const nextRunBooked = async () => {
      const jobs = await database.db.selectFrom("jobs").select(["status", "run_at"]).where("type", "=", "backup.scheduled").execute();
      return jobs.some((job) => job.status === "queued" && Date.parse(job.run_at) > Date.now() + 23 * 3600_000);
    };
    await expect.poll(nextRunBooked, { timeout: 5_000 }).toBe(true);
  } finally {
    await stopSite(site);
    await database.close();
  }
}, 120_000);
