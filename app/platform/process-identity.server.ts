import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { performance } from "node:perf_hooks";

/**
 * This process as named in what it owns and may leave behind if it is
 * killed (a job's lock, a backup's scratch folder), and whether the owner of
 * such a thing still runs. A pid alone is not enough to say:
 * - containers can share a data folder or database and, in a Kubernetes pod
 *   or with host networking, even a hostname, each with pid numbers of its
 *   own, so the pid namespace is part of the name;
 * - a pid is used again within one namespace (rarely, once the numbers wrap
 *   round), so the moment the process started is part of it too
 *   (performance.timeOrigin: fixed for its life, whatever the clock does
 *   later). A restarted container has a new namespace: what its earlier run
 *   owned cannot be checked from here and is left to the caller's rule for
 *   owners it cannot see (a stale lock, an age).
 * The host is the hostname as it is when it is short and plain, else a hash
 * of it, so two machines whose long names differ only at the end stay apart.
 */

export interface ProcessOwner {
  host: string;
  /** The pid namespace's inode on Linux ("pid:[4026531836]"); "0" where there is none to read, and the hostname alone tells. */
  namespace: string;
  pid: number;
  /** When the process started (ms since the epoch, rounded). */
  start: number;
}

/** A hostname as owners name it: itself when short and plain (letters, digits, dots, dashes; at most 40), else "h-" and a hash of it. */
export function ownerHost(name: string): string {
  return /^[A-Za-z0-9.-]{1,40}$/.test(name) ? name : `h-${crypto.createHash("sha256").update(name).digest("hex").slice(0, 16)}`;
}

export const THIS_PROCESS: ProcessOwner = {
  host: ownerHost(os.hostname()),
  namespace: (() => {
    try {
      return /\[(\d+)\]/.exec(fs.readlinkSync("/proc/self/ns/pid"))?.[1] ?? "0";
    } catch {
      return "0";
    }
  })(),
  pid: process.pid,
  start: Math.round(performance.timeOrigin),
};

/** Whether a process of this host and pid namespace exists (EPERM: it does, as another user). */
export function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code !== "ESRCH";
  }
}

/**
 * Whether the process an owner names still runs: "unknown" when it belongs
 * to another host or pid namespace, whose pids cannot be checked from here.
 * A pid taken by an unrelated process since counts as running.
 */
export function ownerState(owner: ProcessOwner): "running" | "stopped" | "unknown" {
  if (owner.host !== THIS_PROCESS.host || owner.namespace !== THIS_PROCESS.namespace || !(owner.pid >= 1 && owner.pid <= 0x7fffffff)) return "unknown";
  if (owner.pid === THIS_PROCESS.pid) return owner.start === THIS_PROCESS.start ? "running" : "stopped";
  return pidExists(owner.pid) ? "running" : "stopped";
}
