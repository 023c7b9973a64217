// Builds the site when there is no production build yet, or when anything it
// is built from is newer than it, so `npm start` on a fresh clone just works
// and `npm test` builds once for both its stages.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// BUILD_DIR may be relative to the repository or absolute, as for server.js.
const marker = path.resolve(root, process.env.BUILD_DIR ?? "build", "server/index.js");

// A folder's own time changes when a file in it is added, renamed or deleted,
// so a removed route also counts as a change.
function newestMtime(dir) {
  let newest = statSync(dir).mtimeMs;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const folders = ["app", "server", "public"].map((d) => path.join(root, d)).filter(existsSync);
const files = ["package.json", "package-lock.json", "vite.config.ts", "react-router.config.ts", "tsconfig.json"].map((f) => path.join(root, f)).filter(existsSync);

function isStale() {
  const newestSource = Math.max(...folders.map(newestMtime), ...files.map((f) => statSync(f).mtimeMs));
  return !existsSync(marker) || newestSource > statSync(marker).mtimeMs;
}

// Test files run two at a time, and each makes sure of the build: two builds
// writing one folder at once would leave it broken. So a build holds a lock:
// a folder naming the process that holds it, made complete elsewhere and
// renamed into place (a rename onto a folder that exists fails, so only one
// process gets it). Whoever finds it taken waits, then looks again, and
// usually finds the build done. A lock whose process has gone (a build
// stopped with Ctrl-C) is taken over: moved aside under a name of the
// taker's own, checked to be the one seen dead, and only then removed.
const lock = `${path.dirname(path.dirname(marker))}.lock`;
/** Only for a lock that names no process (a crash in the instant it was made). */
const UNNAMED_LOCK_STALE_MS = 10 * 60_000;

/** The process a lock names: 0 when it names none. */
function holderOf(dir) {
  try {
    const pid = Number(readFileSync(path.join(dir, "pid"), "utf8"));
    return Number.isInteger(pid) && pid > 0 ? pid : 0;
  } catch {
    return 0;
  }
}

function isRunning(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return error.code !== "ESRCH";
  }
}

/** The dead process a lock names, or "unnamed-stale"; null while its holder may still be building. */
function deadHolder() {
  const pid = holderOf(lock);
  if (pid) return isRunning(pid) ? null : pid;
  try {
    return Date.now() - statSync(lock).mtimeMs > UNNAMED_LOCK_STALE_MS ? "unnamed-stale" : null;
  } catch {
    return null; // released meanwhile
  }
}

function takeLock() {
  mkdirSync(path.dirname(lock), { recursive: true });
  const mine = `${lock}.${process.pid}`;
  for (;;) {
    rmSync(mine, { recursive: true, force: true });
    mkdirSync(mine);
    writeFileSync(path.join(mine, "pid"), String(process.pid));
    try {
      renameSync(mine, lock);
      return;
    } catch (error) {
      if (!["EEXIST", "ENOTEMPTY", "EISDIR"].includes(error.code)) throw error;
    }
    const dead = deadHolder();
    if (dead === null) {
      Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
      continue;
    }
    const aside = `${lock}.${process.pid}.stale`;
    try {
      renameSync(lock, aside);
    } catch {
      continue; // someone else moved it first
    }
    // Another waiter may have taken over the dead lock between the check and
    // the move: then this is their live lock, and it goes back.
    if (dead !== "unnamed-stale" && holderOf(aside) !== dead) {
      try {
        renameSync(aside, lock);
      } catch {
        /* a third process holds the lock now; the moved one's build goes on regardless */
      }
      continue;
    }
    rmSync(aside, { recursive: true, force: true });
  }
}

// Operator commands beside a running site (npm run backup, admin:create,
// restore) pass --if-missing: rebuilding would delete the build the running
// site still serves from (its pages would ask for scripts and styles that
// are gone) and swap code under it. They build only when there is no build.
const ifMissing = process.argv.includes("--if-missing");
if (ifMissing && existsSync(marker)) {
  if (isStale()) console.error("Note: the source is newer than the build; using the build the site runs (npm start rebuilds).");
} else if (isStale()) {
  takeLock();
  try {
    if (isStale()) {
      console.log("Building the site…");
      execSync(`"${process.execPath}" scripts/build.mjs`, { cwd: root, stdio: "inherit" });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
