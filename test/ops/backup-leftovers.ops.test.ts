import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { describeEachEngine } from "../engines";
import { createBackup } from "#app/features/backup/backup-create.server";
import { restoreBackup } from "#app/features/backup/backup-restore.server";
import { cleanUp } from "#app/features/housekeeping/cleanup.server";
import { THIS_PROCESS } from "#app/platform/process-identity.server";
import { createStorage } from "#app/platform/storage/storage.server";
import { ensureProductionBuild, startSiteProcess, stopSiteProcesses } from "../site-process";

/**
 * A backup or restore killed part-way (SIGKILL, out of memory, power loss)
 * never runs its own clean-up, and leaves a scratch folder (on SQLite a copy
 * of the whole database) and a partial archive. The next backup or restore,
 * and the clean-up job, remove those of a process that has stopped, and
 * never those of one still running (`npm run backup` beside the site), nor a
 * finished archive or anything else that only looks like a leftover.
 */

const HOUR_MS = 3600_000;
/** Where this process's pid means something, as a backup names it in its scratch folders and partial archives: host, then pid namespace. */
const { host: HOST, namespace: NAMESPACE } = THIS_PROCESS;
const SOME_START = 1_767_225_600_000;

/** The pid of a process that has run and exited. */
function stoppedPid(): number {
  const child = spawnSync(process.execPath, ["-e", ""]);
  expect(child.status).toBe(0);
  return child.pid;
}

/** The owner part of a leftover's name: host, pid namespace, process, when it started, then random. */
const owned = (pid: number, { host = HOST, namespace = NAMESPACE, start = SOME_START, random = "0badc0de" } = {}) => `${host}_${namespace}_${pid}_${start}_${random}`;

/** A folder as a backup or restore leaves it: a copy of the database inside, last written `ageMs` ago. */
function scratchFolder(dir: string, name: string, ageMs = 0): void {
  fs.mkdirSync(path.join(dir, name), { recursive: true });
  fs.writeFileSync(path.join(dir, name, "site.db"), "rows with personal data");
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(dir, name, "site.db"), when, when);
  fs.utimesSync(path.join(dir, name), when, when);
}

function file(dir: string, name: string, ageMs = 0): void {
  fs.mkdirSync(dir, { recursive: true });
  fs.writeFileSync(path.join(dir, name), "x");
  const when = new Date(Date.now() - ageMs);
  fs.utimesSync(path.join(dir, name), when, when);
}

const list = (dir: string) => (fs.existsSync(dir) ? fs.readdirSync(dir).sort() : []);
/** The data folder's own entries, without what every site has (its database, uploads). */
const leftoversIn = (dataDir: string) => list(dataDir).filter((name) => name.startsWith("tmp-backup-"));

describeEachEngine("leftovers of a killed backup or restore", (getDb) => {
  let running: ChildProcess;
  let dataDir: string;
  let backups: string;
  let tmp: string;

  beforeAll(async () => {
    running = spawn(process.execPath, ["-e", "setInterval(() => {}, 1 << 30)"], { stdio: "ignore" });
    await new Promise((resolve) => running.once("spawn", resolve));
  });

  afterAll(() => {
    running.kill();
  });

  beforeEach(() => {
    dataDir = getDb().dataDir;
    backups = path.join(dataDir, "backups");
    tmp = path.join(dataDir, "tmp");
    for (const name of [...leftoversIn(dataDir), "backups", "tmp"]) fs.rmSync(path.join(dataDir, name), { recursive: true, force: true });
  });

  const backUp = (out = path.join(backups, "backup-20260601-010000Z.tar.gz")) => createBackup({ database: getDb(), storage: createStorage({ dataDir }), dataDir, out });

  it("removes a stopped backup's scratch folder and partial archive, and a stopped restore's scratch, at the next backup", async () => {
    const dead = stoppedPid();
    scratchFolder(dataDir, `tmp-backup-${owned(dead)}`);
    scratchFolder(tmp, `restore-${owned(dead)}`);
    file(backups, `backup-20260501-010000Z.tar.gz.partial-${owned(dead)}`);
    // This process's pid, but another start: an earlier process that had the same pid (the numbers wrapped round).
    scratchFolder(dataDir, `tmp-backup-${owned(process.pid, { random: "00000001" })}`);
    // Named before owners were recorded: a day untouched for a scratch folder, six hours for a partial archive.
    scratchFolder(dataDir, "tmp-backup-Ab12Cd", 25 * HOUR_MS);
    file(backups, "backup-20260401-010000Z.tar.gz.partial-0123abcd", 7 * HOUR_MS);

    await backUp();

    expect(leftoversIn(dataDir)).toEqual([]);
    expect(list(tmp)).toEqual([]);
    expect(list(backups)).toEqual(["backup-20260601-010000Z.tar.gz"]);
  });

  it("keeps the scratch folder and partial archive of a backup or restore still running in another process", async () => {
    const dead = stoppedPid();
    const live = running.pid!;
    scratchFolder(dataDir, `tmp-backup-${owned(live)}`, 48 * HOUR_MS);
    scratchFolder(tmp, `restore-${owned(live)}`, 48 * HOUR_MS);
    file(backups, `backup-20260501-010000Z.tar.gz.partial-${owned(live)}`, 48 * HOUR_MS);
    scratchFolder(dataDir, `tmp-backup-${owned(dead)}`);

    await backUp();

    expect(leftoversIn(dataDir)).toEqual([`tmp-backup-${owned(live)}`]);
    expect(list(tmp)).toEqual([`restore-${owned(live)}`]);
    expect(list(backups)).toEqual(["backup-20260501-010000Z.tar.gz.partial-" + owned(live), "backup-20260601-010000Z.tar.gz"].sort());
  });

  it("keeps finished archives, names that only look like leftovers, and recent ones it cannot check", async () => {
    const dead = stoppedPid();
    const keep = {
      data: [
        "tmp-backup-notes",
        "tmp-backup-Xy34Zw", // old-style name, but written to an hour ago
        `tmp-backup-${owned(dead, { host: "another-machine" })}`, // pids of another machine mean nothing here; an hour old
        `tmp-backup-${owned(dead, { namespace: "1234", random: "00000004" })}`, // nor those of another container on this host
      ],
      backups: ["backup-20260101-010000Z.tar.gz", "manual.tar.gz", "notes.partial-draft", "backup.tar.gz.partial-zz", "backup-20260301-010000Z.tar.gz.partial-89abcdef"],
    };
    for (const name of keep.data) scratchFolder(dataDir, name, HOUR_MS);
    for (const name of keep.backups.slice(0, 4)) file(backups, name, 30 * 24 * HOUR_MS);
    file(backups, keep.backups[4]!, HOUR_MS);
    // A file where a backup writes a folder, a folder where it writes a file: not what a backup leaves.
    file(dataDir, `tmp-backup-${owned(dead, { random: "00000002" })}`);
    fs.mkdirSync(path.join(backups, `folder.tar.gz.partial-${owned(dead)}`));
    // Beside them, what a stopped backup did leave goes.
    file(backups, `backup-20260501-010000Z.tar.gz.partial-${owned(dead)}`);
    scratchFolder(dataDir, `tmp-backup-${owned(dead, { host: "another-machine", random: "00000003" })}`, 25 * HOUR_MS);

    await backUp();

    expect(leftoversIn(dataDir)).toEqual([...keep.data, `tmp-backup-${owned(dead, { random: "00000002" })}`].sort());
    expect(list(backups)).toEqual([...keep.backups, `folder.tar.gz.partial-${owned(dead)}`, "backup-20260601-010000Z.tar.gz"].sort());
  });

  it("removes a stopped backup's partial archive from the folder it was written to with --out", async () => {
    const dead = stoppedPid();
    const elsewhere = fs.mkdtempSync(path.join(os.tmpdir(), "site-backup-out-"));
    try {
      file(elsewhere, `manual.tar.gz.partial-${owned(dead)}`);
      file(elsewhere, "earlier.tar.gz");
      await backUp(path.join(elsewhere, "manual.tar.gz"));
      expect(list(elsewhere)).toEqual(["earlier.tar.gz", "manual.tar.gz"]);
    } finally {
      fs.rmSync(elsewhere, { recursive: true, force: true });
    }
  });

  it("removes them at the next restore", async () => {
    const archive = path.join(os.tmpdir(), `site-leftovers-${process.pid}-${getDb().engine}.tar.gz`);
    const target = fs.mkdtempSync(path.join(os.tmpdir(), "site-leftovers-target-"));
    try {
      await backUp(archive);
      const dead = stoppedPid();
      const live = running.pid!;
      scratchFolder(target, `tmp-backup-${owned(dead)}`);
      scratchFolder(path.join(target, "tmp"), `restore-${owned(dead)}`);
      scratchFolder(path.join(target, "tmp"), `restore-${owned(live)}`);
      file(path.join(target, "backups"), `backup-20260501-010000Z.tar.gz.partial-${owned(dead)}`);
      file(path.join(target, "backups"), "backup-20260101-010000Z.tar.gz");

      // On PostgreSQL into the suite's own database: its rows are the archive's.
      await restoreBackup({ archive, dataDir: target, databaseUrl: getDb().url, storage: createStorage({ dataDir: target }), force: true, acceptSecretChange: true });

      expect(leftoversIn(target)).toEqual([]);
      expect(list(path.join(target, "tmp"))).toEqual([`restore-${owned(live)}`]);
      expect(list(path.join(target, "backups"))).toEqual(["backup-20260101-010000Z.tar.gz"]);
    } finally {
      fs.rmSync(archive, { force: true });
      fs.rmSync(target, { recursive: true, force: true });
    }
  });

  it("the clean-up job removes them too, and keeps a running restore's scratch however old", async () => {
    const dead = stoppedPid();
    const live = running.pid!;
    scratchFolder(dataDir, `tmp-backup-${owned(dead)}`);
    scratchFolder(tmp, `restore-${owned(dead)}`);
    scratchFolder(tmp, `restore-${owned(live)}`, 7 * HOUR_MS);
    file(backups, `backup-20260501-010000Z.tar.gz.partial-${owned(dead)}`);
    file(backups, "backup-20260101-010000Z.tar.gz", 30 * 24 * HOUR_MS);
    // Other scratch in DATA_DIR/tmp keeps its six-hour rule.
    scratchFolder(tmp, "variants-old123", 7 * HOUR_MS);
    scratchFolder(tmp, "variants-new456");

    const result = await cleanUp({ database: getDb(), storage: createStorage({ dataDir }), dataDir });

    expect(leftoversIn(dataDir)).toEqual([]);
    expect(list(tmp)).toEqual([`restore-${owned(live)}`, "variants-new456"]);
    expect(list(backups)).toEqual(["backup-20260101-010000Z.tar.gz"]);
    expect(result.scratch.sort()).toEqual(
      [`tmp-backup-${owned(dead)}`, path.join("tmp", `restore-${owned(dead)}`), path.join("backups", `backup-20260501-010000Z.tar.gz.partial-${owned(dead)}`), path.join("tmp", "variants-old123")].sort(),
    );
  });

  it("the site removes them when it starts, keeping a running backup's", async () => {
    const dead = stoppedPid();
    const live = running.pid!;
    scratchFolder(dataDir, `tmp-backup-${owned(live)}`);
    ensureProductionBuild();
    const env = { DATA_DIR: dataDir, DATABASE_URL: getDb().url };
    // A site that has run before: its clean-up job, which removes them too, is not due again for hours.
    await stopSiteProcesses(await startSiteProcess(env));
    await getDb().db.updateTable("jobs").set({ run_at: new Date(Date.now() + 6 * HOUR_MS).toISOString() }).where("status", "=", "queued").execute();
    scratchFolder(dataDir, `tmp-backup-${owned(dead)}`);
    file(backups, `backup-20260501-010000Z.tar.gz.partial-${owned(dead)}`);
    const site = await startSiteProcess(env);
    try {
      for (let i = 0; i < 50 && (leftoversIn(dataDir).length > 1 || list(backups).length > 0); i++) await new Promise((r) => setTimeout(r, 100));
      expect(leftoversIn(dataDir)).toEqual([`tmp-backup-${owned(live)}`]);
      expect(list(backups)).toEqual([]);
    } finally {
      await stopSiteProcesses(site);
    }
  });
});
