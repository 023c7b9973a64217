// Builds the site when there is no production build yet, or when the sources
// are newer than it, so `npm start` on a fresh clone just works.
import { execSync } from "node:child_process";
import { existsSync, readdirSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const marker = path.join(root, process.env.BUILD_DIR ?? "build", "server/index.js");

function newestMtime(dir) {
  let newest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else newest = Math.max(newest, statSync(full).mtimeMs);
  }
  return newest;
}

const sources = ["app", "server", "public"].map((d) => path.join(root, d)).filter(existsSync);
const stale =
  !existsSync(marker) ||
  Math.max(...sources.map(newestMtime), statSync(path.join(root, "package.json")).mtimeMs) > statSync(marker).mtimeMs;

if (stale) {
  console.log("Building the site…");
  execSync("npx react-router build", { cwd: root, stdio: "inherit" });
}
