import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { Kysely, PostgresDialect, SqliteDialect } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestDatabase, describeEachEngine, type TestDatabase } from "../engines";
import { failWrites } from "../failing-writes";
import { smallPng } from "../media-fixtures";
import { createFirstAdmin, fileHashes, runCli, snapshot, snapshotDiff, startSite, stopSite, type Site, type Snapshot } from "../security/site";
import { ensureProductionBuild } from "../site-process";
import { secretFingerprint, type BackupManifest } from "#app/features/backup/backup-archive.server";
import { createBackup } from "#app/features/backup/backup-create.server";
import { restoreBackup } from "#app/features/backup/backup-restore.server";
import { pruneBackups } from "#app/features/backup/backup-schedule.server";
import { migrateToLatest, openDatabase, type Database } from "#app/platform/db/db.server";
import { type Engine } from "../../app/platform/db/schema";
import type { DatabaseSchema } from "#app/platform/db/schema";
import { migrations } from "#app/platform/db/migrations";
import { createStorage } from "#app/platform/storage/storage.server";
import { type Storage } from "../../app/platform/storage/objects";
import { readTar, TarWriter } from "#app/features/backup/tar.server";

/**
 * npm run backup / npm run restore, end to end through the production
 * build's commands: a site with accounts, uploads, form submissions and
 * settings is backed up while it runs, restored into a fresh data folder
 * (and, on PostgreSQL, a fresh database), and every table's rows, every
 * stored file and the secrets must come back identical.
 *
 * A restore after which the site would use another secret than the rows
 * were made with is refused; one that fails part-way (a bucket outage, a
 * row the database refuses) leaves the old data as it was; an archive from
 * an older version comes back with what the newer migrations add.
 */

const OTHER_SECRET = "a-different-secret-than-the-backup-was-made-with-0123";

/** Every entry of a (small) archive, by name. */
async function archiveEntries(file: string): Promise<Map<string, Buffer>> {
  const out = new Map<string, Buffer>();
  for await (const entry of readTar(fs.createReadStream(file).pipe(zlib.createGunzip()))) {
    const chunks: Buffer[] = [];
    for await (const chunk of entry.body) chunks.push(chunk);
    out.set(entry.name, Buffer.concat(chunks));
  }
  return out;
}

/** A copy of an archive with its manifest changed, as an older version of the site would have written it. */
async function rewriteManifest(from: string, to: string, edit: (manifest: BackupManifest) => void): Promise<void> {
  const gzip = zlib.createGzip();
  const written = pipeline(gzip, fs.createWriteStream(to, { mode: 0o600 }));
  const tar = new TarWriter(gzip);
  for (const [name, body] of await archiveEntries(from)) {
    let out = body;
    if (name === "manifest.json") {
      const manifest = JSON.parse(body.toString("utf8")) as BackupManifest;
      edit(manifest);
      out = Buffer.from(JSON.stringify(manifest, null, 2));
    }
    await tar.add(name, out.length, out);
  }
  await tar.finish();
  await written;
}

/** The storage, except that every put after the first `puts` fails, as a bucket's outage would part-way through. */
function failingAfter(storage: Storage, puts: number): Storage {
  let count = 0;
  return Object.assign(Object.create(storage) as Storage, {
    putStream: async (...args: Parameters<Storage["putStream"]>) => {
      if (++count > puts) throw new Error("ServiceUnavailable: please reduce your request rate");
      return storage.putStream(...args);
    },
  });
}

/** Runs `body` with AUTH_SECRET unset in this process (restoreBackup and loadSecrets read it from there, as the commands do). */
async function withoutAuthSecret<T>(body: () => Promise<T>): Promise<T> {
  const saved = process.env.AUTH_SECRET;
  delete process.env.AUTH_SECRET;
  try {
    return await body();
  } finally {
    if (saved !== undefined) process.env.AUTH_SECRET = saved;
  }
}

/** What a data folder and its database hold now, read through a new connection (a replaced SQLite file is only seen by one). */
async function freshSnapshot(database: TestDatabase): Promise<Snapshot> {
  const reopened = database.engine === "sqlite" ? await openDatabase({ dataDir: database.dataDir }) : database;
  try {
    return await snapshot(reopened, database.dataDir);
  } finally {
    if (reopened !== database) await reopened.close();
  }
}

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

    const { openDatabase } = await import("#app/platform/db/db.server");
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
      // Not a dot-file: the site's storage check writes and removes one (.tmp-probe-…) while it starts.
      const file = Object.keys(fileHashes(path.join(restoredDir, "uploads"), (name) => path.basename(name).startsWith(".")))[0]!;
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

  it("records which secret the site used, and refuses a restore that would run with another", async () => {
    const secrets = JSON.parse(fs.readFileSync(path.join(getDb().dataDir, "secrets.json"), "utf8")) as { authSecret: string };
    const inArchive = await archiveEntries(archive);
    const manifest = JSON.parse(inArchive.get("manifest.json")!.toString("utf8")) as BackupManifest;
    expect(manifest.secrets).toBe("included");
    expect(manifest.secretFingerprint).toBe(secretFingerprint(secrets.authSecret));
    // A fingerprint, never the secret.
    expect(inArchive.get("manifest.json")!.toString("utf8")).not.toContain(secrets.authSecret);

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-secret-"));
    fs.rmSync(dir, { recursive: true });
    const fresh = getDb().engine === "postgres" ? await createTestDatabase("postgres") : undefined;
    try {
      // AUTH_SECRET set here overrides the restored secrets.json: refused, with what breaks and what to do.
      const refused = await runCli(["restore", archive], { dataDir: dir, databaseUrl: fresh?.url, env: { AUTH_SECRET: OTHER_SECRET } });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/two-factor/);
      expect(refused.stderr).toMatch(/unsubscribe link/);
      expect(refused.stderr).toMatch(/without AUTH_SECRET|set AUTH_SECRET/);
      expect(refused.stderr).toMatch(/--accept-secret-change/);
      expect(refused.stderr).toContain(manifest.secretFingerprint!);
      expect(refused.stderr).not.toContain(OTHER_SECRET);
      // Nothing was changed.
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);
      if (fresh) expect(await fresh.db.selectFrom("users").select("id").execute()).toEqual([]);

      // AUTH_SECRET holding the backed-up site's secret is the same secret.
      const same = await runCli(["restore", archive], { dataDir: dir, databaseUrl: fresh?.url, env: { AUTH_SECRET: secrets.authSecret } });
      expect(same.stderr).toBe("");
      expect(same.code).toBe(0);

      // --force replaces the data, not the check.
      const forced = await runCli(["restore", archive, "--force"], { dataDir: dir, databaseUrl: fresh?.url, env: { AUTH_SECRET: OTHER_SECRET } });
      expect(forced.code).toBe(1);
      expect(forced.stderr).toMatch(/--accept-secret-change/);

      const accepted = await runCli(["restore", archive, "--force", "--accept-secret-change"], { dataDir: dir, databaseUrl: fresh?.url, env: { AUTH_SECRET: OTHER_SECRET } });
      expect(accepted.stderr).toBe("");
      expect(accepted.code).toBe(0);
      expect(accepted.stdout).toMatch(/Restored with another secret/);
      expect(accepted.stdout).toMatch(/Reset two-factor/);
    } finally {
      await fresh?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("makes no secret of its own when run without the site's AUTH_SECRET and DATA_DIR has none", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-no-secret-"));
    try {
      const out = path.join(dir, "backups", "no-secret.tar.gz");
      const made = await runCli(["backup", "--out", out], { dataDir: dir, databaseUrl: getDb().url, env: { AUTH_SECRET: undefined } });
      expect(made.stderr).toBe("");
      expect(made.code).toBe(0);
      expect(made.stdout).toMatch(/secrets none\./);
      expect(made.stdout).toMatch(/Warning: AUTH_SECRET is not set and DATA_DIR has no secrets.json/);
      expect(fs.existsSync(path.join(dir, "secrets.json"))).toBe(false);
      const manifest = JSON.parse((await archiveEntries(out)).get("manifest.json")!.toString("utf8")) as BackupManifest;
      expect(manifest.secrets).toBe("none");
      expect(manifest.secretFingerprint).toBeUndefined();
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves a stale secrets.json out when AUTH_SECRET is what the site uses", async () => {
    // The data folder still has the secrets.json the site made before it was given AUTH_SECRET.
    const fromEnvironment = path.join(getDb().dataDir, "backups", "from-environment.tar.gz");
    const made = await runCli(["backup", "--out", fromEnvironment], { dataDir: getDb().dataDir, databaseUrl: getDb().url, env: { AUTH_SECRET: OTHER_SECRET } });
    expect(made.stderr).toBe("");
    expect(made.stdout).toMatch(/secrets from-environment\./);
    const inArchive = await archiveEntries(fromEnvironment);
    expect(inArchive.has("secrets.json")).toBe(false);
    const manifest = JSON.parse(inArchive.get("manifest.json")!.toString("utf8")) as BackupManifest;
    expect(manifest).toMatchObject({ secrets: "from-environment", secretFingerprint: secretFingerprint(OTHER_SECRET) });

    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-secret-"));
    fs.rmSync(dir, { recursive: true });
    const fresh = getDb().engine === "postgres" ? await createTestDatabase("postgres") : undefined;
    try {
      // Without AUTH_SECRET the restored site would make a new secret.
      const refused = await runCli(["restore", fromEnvironment], { dataDir: dir, databaseUrl: fresh?.url, env: { AUTH_SECRET: undefined } });
      expect(refused.code).toBe(1);
      expect(refused.stderr).toMatch(/set AUTH_SECRET to the value the backed-up site used/);
      expect(fs.existsSync(dir) ? fs.readdirSync(dir) : []).toEqual([]);

      const restored = await runCli(["restore", fromEnvironment], { dataDir: dir, databaseUrl: fresh?.url, env: { AUTH_SECRET: OTHER_SECRET } });
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(fs.existsSync(path.join(dir, "secrets.json"))).toBe(false);
    } finally {
      await fresh?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("restores an archive from before secret fingerprints as before, with a warning", async () => {
    const old = path.join(getDb().dataDir, "backups", "no-fingerprint.tar.gz");
    await rewriteManifest(archive, old, (manifest) => delete manifest.secretFingerprint);
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "site-secret-"));
    fs.rmSync(dir, { recursive: true });
    const fresh = getDb().engine === "postgres" ? await createTestDatabase("postgres") : undefined;
    try {
      const restored = await runCli(["restore", old], { dataDir: dir, databaseUrl: fresh?.url, env: { AUTH_SECRET: OTHER_SECRET } });
      expect(restored.stderr).toBe("");
      expect(restored.code).toBe(0);
      expect(restored.stdout).toMatch(/cannot check it/);
      expect(restored.stdout).toMatch(/AUTH_SECRET is set here, so the restored secrets.json will not be used/);
      expect(fs.readFileSync(path.join(dir, "secrets.json"))).toEqual(fs.readFileSync(path.join(getDb().dataDir, "secrets.json")));
    } finally {
      await fresh?.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  it("leaves the old rows and files when storing the files fails part-way", async () => {
    const live = await createTestDatabase(getDb().engine);
    try {
      // A site with data of its own that the archive does not have.
      await live.db.insertInto("setup_claims").values({ name: "only-in-the-live-site", claimed_at: new Date().toISOString() }).execute();
      const storage = createStorage({ dataDir: live.dataDir });
      await storage.putStream("general/live-only.png", Readable.from([await smallPng(32, 32)]), { contentType: "image/png" });
      const before = await freshSnapshot(live);

      await withoutAuthSecret(async () => {
        await expect(restoreBackup({ archive, dataDir: live.dataDir, databaseUrl: live.url, storage: failingAfter(storage, 1), force: true })).rejects.toThrow(/ServiceUnavailable/);
      });
      const after = await freshSnapshot(live);
      // The same rows (the marker included), and no file of the archive left behind.
      expect(snapshotDiff(before, after)).toEqual([]);
      expect(after.tables.setup_claims!.some((row) => row.includes("only-in-the-live-site"))).toBe(true);
    } finally {
      await live.close();
    }
  });

  it("leaves the old rows and files when the database refuses a row part-way", async ({ skip }) => {
    // SQLite replaces its file with one rename, checked above; this is PostgreSQL's one transaction.
    if (getDb().engine !== "postgres") skip();
    const live = await createTestDatabase("postgres");
    try {
      await live.db.insertInto("setup_claims").values({ name: "only-in-the-live-site", claimed_at: new Date().toISOString() }).execute();
      const storage = createStorage({ dataDir: live.dataDir });
      const before = await freshSnapshot(live);
      // Messages come after users, sessions and media in the archive's order: those are in by then.
      await failWrites(live, "messages", true, ["insert"]);
      await withoutAuthSecret(async () => {
        await expect(restoreBackup({ archive, dataDir: live.dataDir, databaseUrl: live.url, storage, force: true })).rejects.toThrow(/No space left on device/);
      });
      await failWrites(live, "messages", false);
      expect(snapshotDiff(before, await freshSnapshot(live))).toEqual([]);
    } finally {
      await live.close();
    }
  });
});

describeEachEngine("restoring an archive from an older version", (getDb) => {
  /** A database that has run only the migrations up to `last`, as an older version of the site left it. */
  async function olderDatabase(engine: Engine, dataDir: string, url: string | undefined, last: string): Promise<Database> {
    let db: Kysely<DatabaseSchema>;
    if (engine === "postgres") {
      const pg = await import("pg");
      const Pool = pg.default?.Pool ?? pg.Pool;
      db = new Kysely<DatabaseSchema>({ dialect: new PostgresDialect({ pool: new Pool({ connectionString: url }) }) });
    } else {
      const { default: SQLite } = await import("better-sqlite3");
      db = new Kysely<DatabaseSchema>({ dialect: new SqliteDialect({ database: new SQLite(path.join(dataDir, "site.db")) }) });
    }
    const database: Database = { db, engine, close: () => db.destroy() };
    await migrateToLatest(database, Object.fromEntries(Object.entries(migrations).filter(([name]) => name <= last)));
    return database;
  }

  // From before any migration seeds rows, and from the release before this one (whose migrations seeded rows the archive holds too).
  const olderReleases = ["0003-media-storage", Object.keys(migrations).at(-2)!];
  // Into the same engine, and (with PostgreSQL at hand) into the other one, as a restore that moves a site does.
  const targets: Engine[] = process.env.TEST_DATABASE_URL ? ["sqlite", "postgres"] : ["sqlite"];
  const cases = olderReleases.flatMap((upTo) => targets.map((into) => [upTo, into] as const));
  it.each(cases)("runs the newer migrations over the rows of an archive made at %s and keeps what they add, restored into %s", async (upTo, into) => {
    const { engine } = getDb();
    // The source: an empty PostgreSQL database, or a new folder, taken to `upTo` only.
    const source = engine === "postgres" ? await createTestDatabase("postgres") : undefined;
    const sourceDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-older-"));
    if (source) {
      for (const table of await source.db.introspection.getTables({ withInternalKyselyTables: true })) await source.db.schema.dropTable(table.name).cascade().execute();
    }
    const older = await olderDatabase(engine, sourceDir, source?.url, upTo);
    const target = into === "postgres" ? await createTestDatabase("postgres") : undefined;
    const targetDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-older-target-"));
    try {
      await older.db.insertInto("setup_claims").values({ name: "first-admin", claimed_at: "2025-01-01T00:00:00.000Z" }).execute();
      const out = path.join(sourceDir, "backups", "older.tar.gz");
      await withoutAuthSecret(async () => {
        const manifest = await createBackup({ database: older, storage: createStorage({ dataDir: sourceDir }), dataDir: sourceDir, out });
        const names = Object.keys(migrations);
        expect(manifest.migrations).toEqual(names.slice(0, names.indexOf(upTo) + 1));
        await restoreBackup({ archive: out, dataDir: targetDir, databaseUrl: target?.url, storage: createStorage({ dataDir: targetDir }) });
      });

      const restored = target ?? (await openDatabase({ dataDir: targetDir }));
      try {
        expect(await restored.db.selectFrom("setup_claims").selectAll().execute()).toEqual([{ name: "first-admin", claimed_at: "2025-01-01T00:00:00.000Z" }]);
        const ran = (await restored.db.selectFrom("kysely_migration" as never).select("name" as never).execute()).map((r) => (r as { name: string }).name);
        expect(ran.sort()).toEqual(Object.keys(migrations).sort());
        // What 0004 and 0005 seed as they run: the page cache's version row, the built-in testimonials.
        expect(await restored.db.selectFrom("content_version").select("id").execute()).toEqual([{ id: "site" }]);
        const seeded = await getDb().db.selectFrom("testimonials").select("name").execute();
        expect((await restored.db.selectFrom("testimonials").select("name").execute()).length).toBe(seeded.length);
      } finally {
        if (!target) await restored.close();
      }
    } finally {
      await older.close();
      await source?.close();
      await target?.close();
      fs.rmSync(sourceDir, { recursive: true, force: true });
      fs.rmSync(targetDir, { recursive: true, force: true });
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
