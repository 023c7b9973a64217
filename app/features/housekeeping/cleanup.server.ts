import fsp from "node:fs/promises";
import path from "node:path";
import { purgeExpiredBin } from "#app/features/bin/bin.server";
import { isOwnedRestoreScratch, removeBackupLeftovers } from "#app/features/backup/backup-leftovers.server";
import type { Database } from "#app/platform/db/db.server";
import { enqueueJob, registerJobHandler } from "#app/platform/jobs/jobs.server";
import { logger } from "#app/platform/log/logger.server";
import { mediaKeysIn, storagePublicBase } from "#app/features/media/media-addresses.server";
import { listMediaReferences } from "#app/features/media/media-in-use.server";
import type { Storage } from "#app/platform/storage/objects";
import type { TusSetup } from "#app/features/media/tus.server";

/**
 * Clears what a crash can leave behind. Every write path is ordered so that
 * the database never points at a missing file (files are stored first, the
 * row is written last), so the only leftovers are:
 * - stored objects no row mentions (the process died between the two steps),
 *   removed once they are a day old, so an upload still being recorded is
 *   never touched;
 * - scratch files in DATA_DIR/tmp and half-written ".tmp-…" files in the
 *   uploads folder, removed after six hours;
 * - scratch folders and partial archives of a backup or restore, removed
 *   once the process that made them has stopped (removeBackupLeftovers);
 * - unfinished resumable uploads, removed by the tus store once they expire
 *   (24 hours without progress).
 * It also empties the bin of what has been there longer than 30 days (see
 * features/bin): rows for good, and a media file's stored objects with them.
 */

export const ORPHAN_MIN_AGE_MS = 24 * 3600_000;
export const SCRATCH_MIN_AGE_MS = 6 * 3600_000;

export interface CleanupOptions {
  database: Database;
  storage: Storage;
  dataDir: string;
  tus?: TusSetup | Promise<TusSetup>;
  orphanMinAgeMs?: number;
  scratchMinAgeMs?: number;
  now?: number;
}

export interface CleanupResult {
  orphans: string[];
  scratch: string[];
  expiredUploads: number;
  /** Records removed for good from the bin after their 30 days. */
  binExpired: number;
}

/** Every storage key the database points at: media files and their variants, and any /media/ URL held elsewhere. */
export async function referencedKeys(database: Database, storage: Storage): Promise<Set<string>> {
  const keys = new Set<string>();
  const media = await database.db.selectFrom("media_files").select(["filename", "variants", "file_url", "poster_url"]).execute();
  const publicBase = storagePublicBase(storage);
  for (const row of media) {
    keys.add(row.filename);
    mediaKeysIn(row.file_url, publicBase, keys);
    mediaKeysIn(row.poster_url, publicBase, keys);
    try {
      for (const variant of JSON.parse(row.variants ?? "[]") as Array<{ key?: string }>) if (variant.key) keys.add(variant.key);
    } catch {
      // A broken variants column keeps nothing alive; the original is still listed.
    }
  }
  // Images chosen for page sections, page content and events are media URLs too (and so may settings be).
  for (const reference of await listMediaReferences(database, publicBase)) for (const key of reference.keys) keys.add(key);
  return keys;
}

async function oldEntries(dir: string, minAgeMs: number, now: number, match: (name: string) => boolean): Promise<string[]> {
  const found: string[] = [];
  const walk = async (current: string) => {
    let entries;
    try {
      entries = await fsp.readdir(current, { withFileTypes: true });
    } catch {
      return;
    }
    for (const entry of entries) {
      const full = path.join(current, entry.name);
      if (match(entry.name)) {
        const info = await fsp.stat(full).catch(() => null);
        if (info && now - info.mtimeMs >= minAgeMs) found.push(full);
      } else if (entry.isDirectory()) await walk(full);
    }
  };
  await walk(dir);
  return found;
}

export async function cleanUp(options: CleanupOptions): Promise<CleanupResult> {
  const { database, storage, dataDir, now = Date.now() } = options;
  const orphanMinAgeMs = options.orphanMinAgeMs ?? ORPHAN_MIN_AGE_MS;
  const scratchMinAgeMs = options.scratchMinAgeMs ?? SCRATCH_MIN_AGE_MS;

  const binExpired = await purgeExpiredBin(database, storage, now);

  // Listed before the rows are read: an object stored after this point is not considered at all.
  const candidates: string[] = [];
  for await (const object of storage.list()) {
    if (now - object.modifiedAt.getTime() >= orphanMinAgeMs) candidates.push(object.key);
  }
  const referenced = await referencedKeys(database, storage);
  const orphans = candidates.filter((key) => !referenced.has(key));
  for (const key of orphans) await storage.delete(key);

  const backupLeftovers = await removeBackupLeftovers(dataDir, { now });
  const aged = [
    // A restore may run for longer than six hours: its scratch goes when its process has stopped, not by age.
    ...(await oldEntries(path.join(dataDir, "tmp"), scratchMinAgeMs, now, () => true)).filter((entry) => !isOwnedRestoreScratch(path.basename(entry))),
    ...(await oldEntries(path.join(dataDir, "uploads"), scratchMinAgeMs, now, (name) => name.startsWith(".tmp-"))),
  ];
  for (const entry of aged) await fsp.rm(entry, { recursive: true, force: true });
  const scratch = [...backupLeftovers, ...aged];

  let expiredUploads = 0;
  if (options.tus) {
    try {
      expiredUploads = await (await options.tus).server.cleanUpExpiredUploads();
    } catch (error) {
      logger.warn({ err: error instanceof Error ? error.message : String(error) }, "could not remove expired resumable uploads");
    }
  }
  return { orphans, scratch: scratch.map((p) => path.relative(dataDir, p)), expiredUploads, binExpired };
}

export const CLEANUP_JOB = "storage.cleanup";
const CLEANUP_EVERY_MS = 6 * 3600_000;
const nextCleanup = () => new Date(Date.now() + CLEANUP_EVERY_MS);

let context: (() => Omit<CleanupOptions, "database">) | undefined;

/**
 * Runs the clean-up at start and every six hours, as a job so only one
 * process does it at a time; a run that fails for good still leaves the
 * next one queued (by the job runner).
 */
export function registerCleanupJobs(options: () => Omit<CleanupOptions, "database">): void {
  const first = !context;
  context = options;
  if (!first) return;
  registerJobHandler(
    CLEANUP_JOB,
    async (_payload, { database, job }) => {
      const result = await cleanUp({ ...context!(), database });
      logger.info({ orphans: result.orphans.length, scratch: result.scratch.length, expiredUploads: result.expiredUploads, binExpired: result.binExpired }, "storage clean-up");
      const other = await database.db.selectFrom("jobs").select("id").where("type", "=", CLEANUP_JOB).where("status", "=", "queued").where("id", "!=", job.id).executeTakeFirst();
      if (other) return;
      return { continueAt: nextCleanup() };
    },
    { nextRun: nextCleanup },
  );
}

export async function ensureCleanupJob(database: Database): Promise<void> {
  const existing = await database.db.selectFrom("jobs").select("id").where("type", "=", CLEANUP_JOB).where("status", "in", ["queued", "running"]).executeTakeFirst();
  if (!existing) await enqueueJob(database, CLEANUP_JOB, null);
}
