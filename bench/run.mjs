// npm run bench <name>: runs bench/<name>.mjs (e.g. npm run bench upload).
import { readdirSync } from "node:fs";

const name = process.argv[2];
const available = readdirSync(import.meta.dirname)
  .filter((f) => f.endsWith(".mjs") && f !== "run.mjs")
  .map((f) => f.replace(/\.mjs$/, ""));
if (!name || !available.includes(name)) {
  console.error(`Usage: npm run bench <name>\nBenchmarks: ${available.join(", ")}`);
  process.exit(2);
}
await import(`./${name}.mjs`);
