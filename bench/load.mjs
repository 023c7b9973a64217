// npm run bench load
//
// 200 visitors at once (autocannon) on every public page for 60 s, on
// loopback against the production build, while an admin uploads images
// through the quick upload and the resumable (tus) library path and saves
// the About page again and again. Passes only with zero visitor errors
// (non-2xx answers, timeouts) and nothing lost: every upload is in
// media_files and readable, every save is a revision and the page shows the
// last one. Uses DATABASE_URL and S3_* when set (e.g. under
// scripts/with-postgres.mjs and scripts/with-s3.mjs).
// BENCH_LOAD_SECONDS and BENCH_LOAD_CONNECTIONS change the size,
// BENCH_LOAD_ADMIN_PAUSE_MS the admin's pace (500 ms between actions); the figures
// are printed and appended to docs/performance.md (BENCH_LOAD_RECORD=0: not).
import { appendReport, machine, printTable } from "./lib/common.mjs";
import { runLoad } from "./lib/load.mjs";

const seconds = Number(process.env.BENCH_LOAD_SECONDS ?? 60);
const connections = Number(process.env.BENCH_LOAD_CONNECTIONS ?? 200);
const adminPauseMs = Number(process.env.BENCH_LOAD_ADMIN_PAUSE_MS ?? 500);
const log = (...args) => console.log("[bench load]", ...args);

const started = Date.now();
const r = await runLoad({ seconds, connections, adminPauseMs, log });
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : "—");
const rows = [
  ["visitors, pages", `${r.connections} connections over ${r.paths} public paths for ${r.seconds} s`],
  ["visitor requests", `${r.visitors.requests} (${Math.round(r.visitors.perSecond)}/s, ${(r.visitors.bytesPerSecond / 1024 / 1024).toFixed(1)} MB/s)`],
  ["visitor latency p50 / p90 / p99 / max", `${r.visitors.latency.p50} / ${r.visitors.latency.p90} / ${r.visitors.latency.p99} / ${r.visitors.latency.max} ms`],
  ["visitor non-2xx, errors, timeouts", `${r.visitors.non2xx}, ${r.visitors.errors}, ${r.visitors.timeouts}`],
  ["admin quick uploads (640×480 PNG)", `${r.admin.quickUploads}, p50 ${ms(r.admin.p50.quick)}, p99 ${ms(r.admin.p99.quick)}`],
  ["admin tus uploads + complete (800×600 PNG)", `${r.admin.tusUploads}, p50 ${ms(r.admin.p50.tus)}, p99 ${ms(r.admin.p99.tus)}`],
  ["admin page saves (About)", `${r.admin.saves}, p50 ${ms(r.admin.p50.save)}, p99 ${ms(r.admin.p99.save)}`],
  ["admin failures", `${r.admin.failures} (a ${adminPauseMs} ms pause before each action)`],
  ["server CPU time", `${r.serverCpuSeconds.toFixed(1)} s over ${r.seconds} s`],
  ["nothing lost (rows, files, revisions, page)", r.problems.length === 0 ? "yes" : `no: ${r.problems.length} problems`],
];
printTable(["measure", "result"], rows);
for (const problem of r.problems) console.error(`PROBLEM: ${problem}`);

if (process.env.BENCH_LOAD_RECORD !== "0") {
  appendReport(
    "Load benchmark",
    `Machine: ${machine()}. ${r.database}, ${r.storage} storage, page cache ${process.env.PAGE_CACHE === "off" ? "off" : "on"}. Run: \`npm run bench load\` (${Math.round((Date.now() - started) / 1000)} s); the server, autocannon and the admin loop share the machine's cores.`,
    [{ header: ["measure", "result"], rows }],
  );
}
process.exit(r.problems.length === 0 ? 0 : 1);
