import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { beforeEach, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { BACKUP_JOB, ensureBackupSchedule, registerBackupJobs } from "#app/features/backup/backup-schedule.server";
import { CLEANUP_JOB, ensureCleanupJob, registerCleanupJobs } from "#app/features/housekeeping/cleanup.server";
import type { Database } from "#app/platform/db/db.server";
import { claimNextJob, getJob, releaseDeadLocalLocks, runNextJob } from "./jobs.server";
import { ensureRetentionJob, registerRegistrationJobs, RETENTION_JOB } from "#app/features/registrations/registrations.server";
import { LocalStorage } from "#app/platform/storage/local-storage.server";
import { runUntilGivenUp } from "../../../test/job-runs";

/**
 * The jobs that repeat for as long as the site runs (backups, deleting
 * children's registrations past their retention period, the storage
 * clean-up) must outlive an outage longer than their retries: the failed run
 * stays failed, and the next regular one is queued, exactly once.
 */

const HOUR_MS = 3600_000;

/** Local storage whose listing fails while `down` is set, as a bucket that cannot be reached. */
let down = false;
class FlakyStorage extends LocalStorage {
  list() {
    if (down) throw new Error("bucket unreachable");
    return super.list();
  }
}

let dataDir = "";
const storage = () => new FlakyStorage(path.join(dataDir, "uploads"));
const backupsTo = (intervalHours: number) => registerBackupJobs({ intervalHours, keep: 3, dataDir, storage });
registerRegistrationJobs();
registerCleanupJobs(() => ({ storage: storage(), dataDir }));


const archives = () => (fs.existsSync(path.join(dataDir, "backups")) ? fs.readdirSync(path.join(dataDir, "backups")).filter((name) => name.endsWith(".tar.gz")) : []);

const jobsOfType = (database: TestDatabase, type: string) =>
  database.db.selectFrom("jobs").select(["id", "status", "run_at", "last_error"]).where("type", "=", type).orderBy("created_at").execute();

/** Drives the one job of `type` until it is given up on; checks the failure is kept and exactly one next run is queued, `everyMs` from now. */
async function expectNextRunAfterGivingUp(database: TestDatabase, type: string, everyMs: number, error: string, via: Database = database) {
  const [job, ...others] = await jobsOfType(database, type);
  expect(others).toHaveLength(0);
  const before = Date.now();
  await runUntilGivenUp(via, job!.id);
  const after = Date.now();
  const rows = await jobsOfType(database, type);
  expect(rows).toHaveLength(2);
  expect(rows[0]).toMatchObject({ id: job!.id, status: "failed", last_error: error });
  expect(rows[1]!.status).toBe("queued");
  expect(Date.parse(rows[1]!.run_at)).toBeGreaterThanOrEqual(before + everyMs);
  expect(Date.parse(rows[1]!.run_at)).toBeLessThanOrEqual(after + everyMs);
  expect(await runNextJob(database)).toBe(false);
  return rows[1]!.id;
}

describeEachEngine("recurring jobs", (get) => {
  beforeEach(async () => {
    const database = get();
    dataDir = database.dataDir;
    down = false;
    await database.db.deleteFrom("jobs").execute();
  });

  it("a scheduled backup that keeps failing still has its next backup queued, once", async () => {
    const database = get();
    backupsTo(6);
    await ensureBackupSchedule(database, 6);
    down = true;
    await expectNextRunAfterGivingUp(database, BACKUP_JOB, 6 * HOUR_MS, "bucket unreachable");
    // A restart finds the chain alive and adds nothing.
    await ensureBackupSchedule(database, 6);
    expect((await jobsOfType(database, BACKUP_JOB)).filter((job) => job.status === "queued")).toHaveLength(1);
  });

  it("the retention job that keeps failing still runs again a day later, once", async () => {
    const database = get();
    await ensureRetentionJob(database);
    // The database refuses the deletion; everything else it answers.
    const hiccup = {
      ...database,
      db: database.db.withPlugin({
        transformQuery: ({ node }) => {
          if (node.kind === "DeleteQueryNode") throw new Error("database hiccup");
          return node;
        },
        transformResult: async ({ result }) => result,
      }),
    };
    await expectNextRunAfterGivingUp(database, RETENTION_JOB, 24 * HOUR_MS, "database hiccup", hiccup);
    await ensureRetentionJob(database);
    expect((await jobsOfType(database, RETENTION_JOB)).filter((job) => job.status === "queued")).toHaveLength(1);
  });

  it("the storage clean-up that keeps failing still runs again six hours later, once", async () => {
    const database = get();
    await ensureCleanupJob(database);
    down = true;
    await expectNextRunAfterGivingUp(database, CLEANUP_JOB, 6 * HOUR_MS, "bucket unreachable");
    await ensureCleanupJob(database);
    expect((await jobsOfType(database, CLEANUP_JOB)).filter((job) => job.status === "queued")).toHaveLength(1);
  });

  it("a backup a dead process left running after backups were turned off neither backs up nor runs again", async () => {
    const database = get();
    backupsTo(6);
    await ensureBackupSchedule(database, 6);
    // A process of this machine that has exited since.
    const deadPid = spawnSync(process.execPath, ["-e", ""]).pid;
    const job = await claimNextJob(database, `${os.hostname()}:${deadPid}`, { types: [BACKUP_JOB] });
    expect(job).toBeDefined();
    // The next start has BACKUP_INTERVAL_HOURS unset.
    backupsTo(0);
    await ensureBackupSchedule(database, undefined);
    expect(await releaseDeadLocalLocks(database)).toBe(1);
    expect(await runNextJob(database)).toBe(true);
    expect(await getJob(database, job!.id)).toMatchObject({ status: "done" });
    expect(await runNextJob(database)).toBe(false);
    expect((await jobsOfType(database, BACKUP_JOB)).filter((row) => row.status === "queued")).toHaveLength(0);
    expect(archives()).toEqual([]);
  });
});
