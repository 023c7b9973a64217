// Builds the site when there is no production build yet, or when anything it
// is built from is newer than it, so `npm start` on a fresh clone just works
// and `npm test` builds once for both its stages.
import { execSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
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
// writing one folder at once would leave it broken. So a build holds a lock
// (a folder, made or refused in one step, naming the process that holds it);
// whoever finds it taken waits, then looks again, and usually finds the build
// done. A lock whose process has gone (a build stopped with Ctrl-C) is taken
// over at once, and one older than any build could take, in any case.
const lock = `${path.dirname(path.dirname(marker))}.lock`;
const LOCK_STALE_MS = 10 * 60_000;

function holderGone() {
  let pid;
  try {
    if (Date.now() - statSync(lock).mtimeMs > LOCK_STALE_MS) return true;
    pid = Number(readFileSync(path.join(lock, "pid"), "utf8"));
  } catch {
    return false; // just made and not yet named, or just released
  }
  try {
    process.kill(pid, 0);
    return false;
  } catch (error) {
    return error.code === "ESRCH";
  }
}

function takeLock() {
  for (;;) {
    try {
      mkdirSync(lock);
      writeFileSync(path.join(lock, "pid"), String(process.pid));
      return;
    } catch (error) {
      if (error.code !== "EEXIST") throw error;
    }
    if (holderGone()) rmSync(lock, { recursive: true, force: true });
    else Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, 250);
  }
}

if (isStale()) {
  takeLock();
  try {
    if (isStale()) {
      console.log("Building the site…");
      execSync("npx react-router build", { cwd: root, stdio: "inherit" });
    }
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
}
