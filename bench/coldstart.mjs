// npm run bench coldstart
//
// Process start to the first 200 on / with the embedded default (SQLite and
// local files in DATA_DIR): on a fresh data folder (migrations, secrets and
// seeding included) and on an existing one, 5 times each (BENCH_RUNS), median
// and worst. Prints a table and appends it to docs/performance.md.
import fs from "node:fs";
import path from "node:path";
import { appendReport, BUILD_DIR, ensureBuild, freePort, machine, printTable, serverEnv, startServer, stopServer, tempDir } from "./lib/common.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const GOAL_MS = 1500;

async function once(dataDir) {
  const port = await freePort();
  const { child, readyMs, readyCpuMs } = await startServer(serverEnv(port, dataDir), { probe: "/" });
  await stopServer(child);
  return { wall: readyMs, cpu: readyCpuMs };
}

const started = Date.now();
ensureBuild();
const work = tempDir("bench-coldstart-");
const fresh = [];
const existing = [];
try {
  // Warm the OS file cache for the build and node_modules, as any second start would find it.
  await once(path.join(work, "warm"));
  for (let i = 0; i < RUNS; i++) {
    const dataDir = path.join(work, `fresh-${i}`);
    fresh.push(await once(dataDir));
    existing.push(await once(dataDir));
  }
} finally {
  fs.rmSync(work, { recursive: true, force: true });
}
const median = (v) => [...v].sort((a, b) => a - b)[Math.floor(v.length / 2)];
const fmt = (ms) => `${(ms / 1000).toFixed(2)} s`;
const row = (name, runs) => {
  const wall = runs.map((r) => r.wall);
  return [name, fmt(median(wall)), fmt(Math.max(...wall)), fmt(median(runs.map((r) => r.cpu))), `≤ ${fmt(GOAL_MS)}`, Math.max(...wall) <= GOAL_MS ? "met" : "NOT met"];
};
const rows = [row("fresh data folder (creates the database, runs migrations)", fresh), row("existing data folder", existing)];
const header = ["start", "median", "worst", "CPU time used (median)", "goal", ""];
printTable(header, rows);
appendReport(
  "Cold start benchmark",
  `Machine: ${machine()}. Run: \`npm run bench coldstart\` (${Math.round((Date.now() - started) / 1000)} s; build folder \`${BUILD_DIR}\`). From spawning \`node server.js\` to the first 200 on \`/\` (polled every 5 ms), ${RUNS} starts each, SQLite and local files. "CPU time used" is the server process's own user + system time until then: on a busy machine the wall-clock figure includes waiting for a core, the CPU time does not.`,
  [{ header, rows }],
);
