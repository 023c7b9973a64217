import type http from "node:http";
import path from "node:path";
import type { Env } from "#app/platform/env.server";
import { closeDatabase, getDatabase, type Database } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { releaseDeadLocalLocks, startJobWorker } from "#app/platform/jobs/jobs.server";
import { ensureRetentionJob, registerRegistrationJobs } from "#app/features/registrations/registrations.server";
import { startMediaWorker } from "#app/features/media/images.server";
import { getStorage } from "#app/platform/storage/storage.server";
import { getTus } from "#app/features/media/tus.server";
import { closeMailer, settleQueuedMail } from "#app/platform/mail/mailer.server";
import { registerNewsletterJobs } from "#app/features/newsletter/campaign-sending.server";
import { removeBackupLeftovers } from "#app/features/backup/backup-leftovers.server";
import { ensureBackupSchedule, registerBackupJobs } from "#app/features/backup/backup-schedule.server";
import { ensureCleanupJob, registerCleanupJobs } from "#app/features/housekeeping/cleanup.server";
import { registerPageJobs } from "#app/features/pages/page-records.server";

/**
 * The site's background work: the job handlers and the recurring jobs, the
 * job and image workers, and a graceful shutdown that lets them finish.
 */

/** Registers every job handler and queues the recurring jobs, before any worker starts. */
export async function prepareJobs(database: Database, config: Env): Promise<void> {
  registerNewsletterJobs();
  registerRegistrationJobs();
  // Pages scheduled to go live are published by a job at their time.
  registerPageJobs();
  // Children's registrations past their retention period are deleted daily.
  await ensureRetentionJob(database);
  // What a crash left behind (orphan files, scratch, expired uploads) is cleared at start and every six hours.
  registerCleanupJobs(() => ({ storage: getStorage(), dataDir: config.DATA_DIR, tus: getTus() }));
  await ensureCleanupJob(database);
  registerBackupJobs({ intervalHours: config.BACKUP_INTERVAL_HOURS ?? 0, keep: config.BACKUP_KEEP, dataDir: config.DATA_DIR, storage: getStorage });
  await ensureBackupSchedule(database, config.BACKUP_INTERVAL_HOURS);
  // A job this machine's previous process was running when it died goes back to the queue now, not in five minutes.
  await releaseDeadLocalLocks(database);
}

/** How long after listening the background workers wait, so the first visitors are not competing with them. */
const WORKER_START_DELAY_MS = 1_000;

/**
 * Starts the job worker and the media worker a moment after the site
 * listens. Returns what stops them: no new job or image is begun, and it
 * resolves once the current ones are done.
 */
export function startWorkers(database: Database, config: Env): () => Promise<void> {
  let worker: ReturnType<typeof startJobWorker> | undefined;
  let mediaWorker: ReturnType<typeof startMediaWorker> | undefined;
  let stopping = false;
  // Background jobs (newsletter sends, clean-up) run in this process and a
  // restart resumes them; image variants are made in the background, and
  // images left pending by a restart are picked up. Both start a moment
  // after the site answers, so a cold start serves its first pages first.
  const workersTimer = setTimeout(() => {
    if (stopping) return;
    worker = startJobWorker(database, { staleMs: config.JOB_STALE_SECONDS * 1000 });
    mediaWorker = startMediaWorker(getDatabase, getStorage(), path.join(config.DATA_DIR, "tmp"));
    // A backup or restore killed with the last process left a copy of the data behind: gone now, not at the next clean-up run.
    removeBackupLeftovers(config.DATA_DIR).catch((error: unknown) => logger.warn({ err: error }, "could not look for what a stopped backup left behind"));
  }, WORKER_START_DELAY_MS);
  return async () => {
    stopping = true;
    clearTimeout(workersTimer);
    const workerStopped = worker?.stop();
    // The image being made is finished, no new one begun.
    const mediaStopped = mediaWorker?.stop();
    await workerStopped;
    await mediaStopped;
  };
}

/**
 * On SIGTERM or SIGINT: the server stops taking requests and drains the
 * ones under way while the workers finish their current work, then the
 * mail still queued is sent and the database closed. A shutdown that
 * takes over 15 seconds ends the process all the same.
 */
export function stopOnSignal(server: http.Server, stopWorkers: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal }, "shutting down: draining requests");
    const workersStopped = stopWorkers();
    server.close(async () => {
      await workersStopped;
      // Staff notices and confirmations of the last forms sent, still on their way to the mail server.
      await settleQueuedMail();
      closeMailer();
      await closeDatabase();
      process.exit(0);
    });
    setTimeout(() => process.exit(1), 15_000).unref();
  };
  process.on("SIGTERM", () => stop("SIGTERM"));
  process.on("SIGINT", () => stop("SIGINT"));
}
