import crypto from "node:crypto";
import type fs from "node:fs";
import fsp from "node:fs/promises";
import path from "node:path";
import { logger } from "#app/platform/log/logger.server";
import { ownerState, THIS_PROCESS } from "#app/platform/process-identity.server";

/**
 * A backup writes a scratch folder DATA_DIR/tmp-backup-… (on SQLite a copy
 * of the whole database, so everyone's personal data) and the archive under
 * a temporary name "<out>.partial-…"; a restore unpacks into
 * DATA_DIR/tmp/restore-…. Their own `finally` removes these, but a process
 * killed part-way (SIGKILL, out of memory, power loss) leaves them: a copy
 * of the data outside the retention rules, and an archive's worth of disk.
 *
 * So each is named for the process that owns it,
 * "<host>_<pid namespace>_<pid>_<start>_<random>" (process-identity.server.ts).
 * The next backup or restore, the site's start and the clean-up job remove
 * those whose process is gone, and never one whose process still runs:
 * - same host and namespace, another pid: gone when signal 0 finds no such
 *   process (ESRCH). Age alone could not tell: a restore of a large site
 *   leaves its scratch folder untouched for hours while it stores the
 *   files, and `npm run backup` may run beside the site.
 * - this process's pid, another start: an earlier process that had the same
 *   pid.
 * - another host or namespace (a restarted container's earlier run, too):
 *   its pids cannot be checked from here, so by age, as for names from
 *   before owners were recorded: a partial archive not written for six
 *   hours (it grows for as long as its backup runs), a scratch folder
 *   untouched for a day.
 * A pid taken by an unrelated process after a reboot keeps a leftover until
 * that process ends. Anything else, finished archives included, is never
 * touched.
 */
const OWNER = /^([A-Za-z0-9.-]{1,40})_(\d{1,20})_(\d{1,10})_(\d{1,16})_[0-9a-f]{8}$/;

/** The owner part of a new scratch folder's or partial archive's name. */
export function ownedName(): string {
  const { host, namespace, pid, start } = THIS_PROCESS;
  return `${host}_${namespace}_${pid}_${start}_${crypto.randomBytes(4).toString("hex")}`;
}

/** Whether the process an owner part names still runs (ownerState); undefined for a name that is not an owner part. */
function leftoverOwnerState(owner: string): "running" | "stopped" | "unknown" | undefined {
  const match = OWNER.exec(owner);
  if (!match) return undefined;
  const [, host, namespace, pid, start] = match as unknown as [string, string, string, string, string];
  return ownerState({ host, namespace, pid: Number(pid), start: Number(start) });
}

interface LeftoverKind {
  /** A name of this kind, with its owner part captured. */
  name: RegExp;
  /** The same, as named before owners were recorded. */
  legacy: RegExp;
  directory: boolean;
  /** How long one whose owner cannot be checked must have been left untouched. */
  unownedAfterMs: number;
}

const BACKUP_SCRATCH: LeftoverKind = { name: /^tmp-backup-(.+)$/, legacy: /^tmp-backup-[A-Za-z0-9]{6}$/, directory: true, unownedAfterMs: 24 * 3600_000 };
const RESTORE_SCRATCH: LeftoverKind = { name: /^restore-(.+)$/, legacy: /^restore-[A-Za-z0-9]{6}$/, directory: true, unownedAfterMs: 24 * 3600_000 };
export const PARTIAL_ARCHIVE: LeftoverKind = { name: /^.+\.partial-(.+)$/, legacy: /\.tar\.gz\.partial-[0-9a-f]{8}$/, directory: false, unownedAfterMs: 6 * 3600_000 };

/** `npm run move`'s scratch folder in the system's temporary folder (a copy of the database it moves from). */
export const MOVE_SCRATCH: LeftoverKind = { name: /^site-move-(.+)$/, legacy: /^site-move-[A-Za-z0-9]{6}$/, directory: true, unownedAfterMs: 24 * 3600_000 };

/** A restore's scratch folder in DATA_DIR/tmp named for its process: the clean-up's age rule for that folder leaves it to removeBackupLeftovers. */
export function isOwnedRestoreScratch(name: string): boolean {
  const owner = RESTORE_SCRATCH.name.exec(name)?.[1];
  return owner !== undefined && OWNER.test(owner);
}

/** When a file, or a folder or anything directly in it, was last written. */
async function lastWritten(full: string): Promise<number> {
  const info = await fsp.lstat(full);
  let newest = info.mtimeMs;
  if (info.isDirectory()) {
    for (const name of await fsp.readdir(full)) newest = Math.max(newest, (await fsp.lstat(path.join(full, name)).catch(() => info)).mtimeMs);
  }
  return newest;
}

export async function removeLeftovers(dir: string, kind: LeftoverKind, now: number, removed: string[]): Promise<void> {
  let entries: fs.Dirent[];
  try {
    entries = await fsp.readdir(dir, { withFileTypes: true });
  } catch {
    return;
  }
  for (const entry of entries) {
    if (kind.directory ? !entry.isDirectory() : !entry.isFile()) continue;
    const owner = kind.name.exec(entry.name)?.[1];
    const state = owner === undefined ? undefined : leftoverOwnerState(owner);
    if (state === "running" || (state === undefined && !kind.legacy.test(entry.name))) continue;
    const full = path.join(dir, entry.name);
    try {
      if (state !== "stopped" && now - (await lastWritten(full)) < kind.unownedAfterMs) continue;
      await fsp.rm(full, { recursive: true, force: true });
      removed.push(full);
    } catch (error) {
      // Left for the next sweep: a backup must not fail over another one's leftovers.
      logger.warn({ leftover: entry.name, err: error instanceof Error ? error.message : String(error) }, "could not remove what a stopped backup or restore left behind");
    }
  }
}

/**
 * Removes the scratch folders and partial archives of backups and restores
 * that no longer run: in DATA_DIR, DATA_DIR/tmp, DATA_DIR/backups and
 * `archiveDirs` (where a backup is being written). Returns their paths.
 */
export async function removeBackupLeftovers(dataDir: string, { archiveDirs = [], now = Date.now() }: { archiveDirs?: string[]; now?: number } = {}): Promise<string[]> {
  const removed: string[] = [];
  await removeLeftovers(dataDir, BACKUP_SCRATCH, now, removed);
  await removeLeftovers(path.join(dataDir, "tmp"), RESTORE_SCRATCH, now, removed);
  for (const dir of new Set([path.join(dataDir, "backups"), ...archiveDirs].map((d) => path.resolve(d)))) await removeLeftovers(dir, PARTIAL_ARCHIVE, now, removed);
  if (removed.length) logger.info({ leftovers: removed.map((p) => path.basename(p)) }, "removed what a stopped backup or restore left behind");
  return removed;
}
