import fs from "node:fs";
import path from "node:path";
import { logger } from "#app/platform/log/logger.server";

/**
 * DATA_DIR holds the SQLite database (every registration, application and
 * admin account), the site's secret, uploaded files and backups. On a shared
 * machine any other user could read a folder made with the usual 0755 and a
 * database made 0644, so the folder is kept 0700 (which also covers uploads
 * and backups inside it) and the database files 0600.
 *
 * SQLite makes its write-ahead log (-wal) and shared memory (-shm) files
 * with the database file's own permissions, so creating site.db 0600 before
 * SQLite first opens it keeps those private too (see createPrivateFile).
 */

const PRIVATE_DIR = 0o700;
const PRIVATE_FILE = 0o600;

/** Folders and database files already made private by this process: each is checked once, at start. */
const checked = new Set<string>();

const octal = (mode: number) => (mode & 0o777).toString(8).padStart(4, "0");

/**
 * Creates DATA_DIR readable by the site's user only, or makes an existing
 * one so, with the SQLite database files in it (`sqliteFile`, its -wal and
 * -shm) and secrets.json. What had to change is logged in one line, since
 * an operator may want to know that something else (a backup agent running
 * as another user, say) can no longer read it. A folder the site cannot
 * change (it belongs to another user) is reported, not fatal.
 */
export function keepDataDirPrivate(dataDir: string, sqliteFile = "site.db"): void {
  const key = `${path.resolve(dataDir)}\0${sqliteFile}`;
  if (checked.has(key)) return;
  fs.mkdirSync(dataDir, { recursive: true, mode: PRIVATE_DIR });
  const changed: string[] = [];
  const failed: string[] = [];
  const tighten = (target: string, label: string, mode: number) => {
    let current: number;
    try {
      current = fs.statSync(target).mode & 0o777;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
      throw error;
    }
    // Only bits for the group and others are taken away; an owner's own narrower choice stays.
    if ((current & 0o077) === 0) return;
    const wanted = current & mode;
    try {
      fs.chmodSync(target, wanted);
      changed.push(`${label} ${octal(current)} → ${octal(wanted)}`);
    } catch (error) {
      failed.push(`${label} (${(error as NodeJS.ErrnoException).code ?? "error"})`);
    }
  };
  tighten(dataDir, "DATA_DIR", PRIVATE_DIR);
  for (const name of [sqliteFile, `${sqliteFile}-wal`, `${sqliteFile}-shm`, "secrets.json"]) tighten(path.join(dataDir, name), name, PRIVATE_FILE);
  if (changed.length > 0) logger.warn({ dataDir, changed }, "made the data folder private: other users on this machine could read it");
  if (failed.length > 0) logger.error({ dataDir, failed }, "could not make the data folder private: other users on this machine may read it; change its owner or permissions");
  checked.add(key);
}

/**
 * Creates `file` empty with mode 0600 unless it exists, for SQLite to open:
 * SQLite would make it 0644, and its -wal and -shm files after it.
 */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, "a", PRIVATE_FILE));
}
