// Builds the site when there is no production build yet, or when anything it
// is built from is newer than it, so `npm start` on a fresh clone just works
// and `npm test` builds once for both its stages.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
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
const newestSource = Math.max(...folders.map(newestMtime), ...files.map((f) => statSync(f).mtimeMs));
const stale = !existsSync(marker) || newestSource > statSync(marker).mtimeMs;

if (stale) {
  console.log("Building the site…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}
