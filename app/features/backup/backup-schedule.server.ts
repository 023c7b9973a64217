import fsp from "node:fs/promises";
import path from "node:path";
import type { Database } from "#app/platform/db/db.server";
import { enqueueJob, registerJobHandler } from "#app/platform/jobs/jobs.server";
import { logger } from "#app/platform/log/logger.server";
import type { Storage } from "#app/platform/storage/objects";
import { defaultBackupPath, type BackupManifest } from "./backup-archive.server";
import { BackupStoppedError, createBackup } from "./backup-create.server";
import { PARTIAL_ARCHIVE, removeLeftovers } from "./backup-leftovers.server";

/**
 * Scheduled backups, and how many archives are kept.
 *
 * A scheduled backup runs as a job: it renews the job's lock as it goes, so
 * a backup longer than the stale-lock time is not taken for a dead one and
 * started again by another process, and stops at shutdown, leaving nothing.
 */

/** Keeps the newest `keep` archives in a folder and deletes the rest; returns the deleted names. */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await fsp.readdir(dir).catch(() => [] as string[])).filter((n) => /^backup-.*\.tar\.gz$/.test(n)).sort().reverse();
  const old = names.slice(Math.max(0, keep));
  for (const name of old) await fsp.rm(path.join(dir, name), { force: true });
  // Leftovers of a backup killed half-way.
  await removeLeftovers(dir, PARTIAL_ARCHIVE, Date.now(), []);
  return old;
}

// ── Scheduled backups ──────────────────────────────────────────────────────

export const BACKUP_JOB = "backup.scheduled";

export interface BackupSchedule {
  intervalHours: number;
  keep: number;
  dataDir: string;
  storage: () => Storage;
}

let schedule: BackupSchedule | undefined;

/** None when BACKUP_INTERVAL_HOURS is unset: scheduled backups are off. */
function nextBackup(): Date | undefined {
  return schedule?.intervalHours ? new Date(Date.now() + schedule.intervalHours * 3600_000) : undefined;
}

/**
 * The handler writes an archive into DATA_DIR/backups, keeps the newest
 * `keep`, and queues the next run; when a backup fails for good the job
 * runner queues the next one all the same.
 */
export function registerBackupJobs(config: BackupSchedule): void {
  const first = !schedule;
  schedule = config;
  if (!first) return;
  registerJobHandler(
    BACKUP_JOB,
    async (_payload, { database, job, heartbeat, signal }) => {
      const current = schedule!;
      // Backups were turned off after this job was queued. ensureBackupSchedule
      // cancels the queued ones, but one a dead process left running is queued
      // again at start all the same; it must not back up, nor ask to run again.
      if (!nextBackup()) return;
      const out = defaultBackupPath(current.dataDir);
      let manifest: BackupManifest;
      try {
        manifest = await createBackup({ database, storage: current.storage(), dataDir: current.dataDir, out, heartbeat, signal });
      } catch (error) {
        if (!(error instanceof BackupStoppedError)) throw error;
        if (error.reason === "lost-lock") {
          // Cancelled, or another process has the job now: the job is no longer ours to settle.
          logger.warn({ jobId: job.id }, "scheduled backup stopped: its job was cancelled or taken over by another process");
          return;
        }
        // Not a failure: the backup runs again at once, in another process or at this one's next start.
        logger.info({ jobId: job.id }, "scheduled backup stopped for shutdown; it will run again");
        return { continueAt: new Date() };
      }
      const pruned = await pruneBackups(path.dirname(out), current.keep);
      logger.info({ file: path.basename(out), files: manifest.files, vanished: manifest.vanished.length, pruned: pruned.length }, "scheduled backup written");
      if (manifest.vanished.length) {
        logger.warn({ file: path.basename(out), vanished: manifest.vanished.length }, "scheduled backup: files deleted while it ran are not in it (listed in its manifest)");
      }
      const other = await database.db.selectFrom("jobs").select("id").where("type", "=", BACKUP_JOB).where("status", "=", "queued").where("id", "!=", job.id).executeTakeFirst();
      const next = nextBackup();
      if (other || !next) return;
      return { continueAt: next };
    },
    { nextRun: nextBackup },
  );
}

/** Starts the backup chain when BACKUP_INTERVAL_HOURS is set, and stops it when it is not. */
export async function ensureBackupSchedule(database: Database, intervalHours: number | undefined): Promise<void> {
  const existing = await database.db.selectFrom("jobs").select("id").where("type", "=", BACKUP_JOB).where("status", "in", ["queued", "running"]).executeTakeFirst();
  if (!intervalHours) {
    if (existing) await database.db.updateTable("jobs").set({ status: "cancelled", updated_at: new Date().toISOString() }).where("type", "=", BACKUP_JOB).where("status", "=", "queued").execute();
    return;
  }
  if (!existing) await enqueueJob(database, BACKUP_JOB, null, { maxAttempts: 3 });
}
