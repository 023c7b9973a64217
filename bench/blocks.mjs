// npm run bench blocks
//
// How long a page of 30 blocks (bench/lib/blocks-page.mjs: hero, rich text
// with headings, lists and links, cards, impact figures, steps, questions,
// buttons, pictures and galleries of built-in images, testimonials, events,
// donation amounts) takes to render beside /about/mission, measured side by
// side on one server, against the goal of at most 1.5 times as long.
// The production build runs on a fresh data folder with the page written
// into it (published, hidden from the menu so no other page changes).
//   - Uncached: a server with PAGE_CACHE=off (as the throughput bench's
//     uncached case), pinned to core 0, asked for the two pages one request
//     at a time, alternately (A B, then B A, so neither always goes first),
//     BENCH_ROUNDS pairs (default 200) after 20 of each to warm up. Reported:
//     time to the last byte of each (median, quartiles), the ratio of the
//     medians and the spread of the ratio pair by pair; and the server's CPU
//     time per render, from alternating batches of 25 of each (CPU time is
//     what a busy machine disturbs least).
//   - Cached: the same data folder with the full-page cache on, as an
//     anonymous visitor gets it: every answer must say X-Cache: hit.
// Prints the tables and appends them to docs/performance.md.
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { appendReport, BUILD_DIR, cpuMs, ensureBuild, freePort, machine, printTable, serverEnv, startServer, stopServer, tempDir } from "./lib/common.mjs";
import { addBlocksPage, BLOCKS_PAGE_PATH, blockTitles } from "./lib/blocks-page.mjs";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 200);
const WARM_UP = 20;
const CPU_BATCH = 25;
const CPU_BATCHES = 4;
const BASELINE = "/about/mission";
const GOAL_RATIO = 1.5;
const BROWSER = { "accept-encoding": "gzip, deflate, br" };

const TASKSET = (() => {
  try {
    execFileSync("sh", ["-c", "command -v taskset"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
})();
const pin = (core) => (TASKSET ? ["taskset", "-c", String(core)] : []);

/** One request, timed to its last byte; the answer must be a 200 and (for `cache`) hit or not. */
async function timed(url, cache) {
  const start = performance.now();
  const res = await fetch(url, { headers: BROWSER });
  const body = await res.arrayBuffer();
  const ms = performance.now() - start;
  if (res.status !== 200) throw new Error(`${url}: ${res.status}`);
  const hit = res.headers.get("x-cache") === "hit";
  if (hit !== (cache === "hit")) throw new Error(`${url}: X-Cache ${res.headers.get("x-cache")}, expected ${cache === "hit" ? "hit" : "not a hit"}`);
  return { ms, bytes: Number(res.headers.get("content-length") ?? body.byteLength) };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const lo = Math.floor(at);
  return sorted[lo] + (sorted[Math.min(lo + 1, sorted.length - 1)] - sorted[lo]) * (at - lo);
};
const ms = (v) => `${v.toFixed(2)} ms`;
const spread = (values) => `${ms(quantile(values, 0.5))} (${quantile(values, 0.25).toFixed(2)}–${quantile(values, 0.75).toFixed(2)})`;

/** Rounds of the two pages one after the other, the order swapped every round. */
async function sideBySide(url, cache, rounds) {
  const a = [];
  const b = [];
  for (let i = 0; i < rounds; i++) {
    if (i % 2 === 0) {
      a.push(await timed(url + BASELINE, cache));
      b.push(await timed(url + BLOCKS_PAGE_PATH, cache));
    } else {
      b.push(await timed(url + BLOCKS_PAGE_PATH, cache));
      a.push(await timed(url + BASELINE, cache));
    }
  }
  return { a: a.map((r) => r.ms), b: b.map((r) => r.ms), bytesA: a[0].bytes, bytesB: b[0].bytes };
}

const started = Date.now();
const loadAtStart = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
ensureBuild();
const dataDir = path.join(tempDir("bench-blocks-"), "data");
let server;
const report = {};
try {
  // The server makes the data folder (tables, built-in pages); the page goes in while it is stopped.
  server = await startServer(serverEnv(await freePort(), dataDir));
  await stopServer(server.child);
  addBlocksPage(dataDir);

  // 1. Uncached renders.
  server = await startServer(serverEnv(await freePort(), dataDir, { PAGE_CACHE: "off" }), { prefix: pin(0), probe: BASELINE });
  const html = await (await fetch(server.url + BLOCKS_PAGE_PATH)).text();
  const missing = blockTitles().filter((title) => !html.includes(title.replaceAll("'", "&#x27;")));
  report.blocksShown = 30 - missing.length;
  report.missing = missing;
  report.rawBytes = { a: (await (await fetch(server.url + BASELINE)).text()).length, b: html.length };
  await sideBySide(server.url, "miss", WARM_UP);
  report.uncached = await sideBySide(server.url, "miss", ROUNDS);
  const cpu = { a: [], b: [] };
  for (let batch = 0; batch < CPU_BATCHES * 2; batch++) {
    const page = batch % 2 === 0 ? BASELINE : BLOCKS_PAGE_PATH;
    const before = cpuMs(server.child.pid);
    for (let i = 0; i < CPU_BATCH; i++) await timed(server.url + page, "miss");
    (page === BASELINE ? cpu.a : cpu.b).push((cpuMs(server.child.pid) - before) / CPU_BATCH);
  }
  report.cpu = cpu;
  await stopServer(server.child);

  // 2. What an anonymous visitor gets: the full-page cache.
  server = await startServer(serverEnv(await freePort(), dataDir), { prefix: pin(0), probe: BASELINE });
  for (const page of [BASELINE, BLOCKS_PAGE_PATH]) {
    // The first view stores the page (the 30-block page is not in the sitemap the server renders at start).
    for (let i = 0; i < 50 && (await fetch(server.url + page, { headers: BROWSER }).then(async (r) => (await r.arrayBuffer(), r.headers.get("x-cache")))) !== "hit"; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  await sideBySide(server.url, "hit", WARM_UP);
  report.cached = await sideBySide(server.url, "hit", ROUNDS);
} finally {
  if (server) await stopServer(server.child);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

const { uncached, cached, cpu } = report;
const ratioOfMedians = quantile(uncached.b, 0.5) / quantile(uncached.a, 0.5);
const pairRatios = uncached.b.map((b, i) => b / uncached.a[i]);
const cpuRatio = quantile(cpu.b, 0.5) / quantile(cpu.a, 0.5);
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const rows = [
  ["uncached render, time to last byte: median (quartiles)", spread(uncached.a), spread(uncached.b), `${ratioOfMedians.toFixed(2)}×`],
  ["uncached, pair by pair: 30-block ÷ mission, median (10th–90th percentile)", "", "", `${quantile(pairRatios, 0.5).toFixed(2)}× (${quantile(pairRatios, 0.1).toFixed(2)}–${quantile(pairRatios, 0.9).toFixed(2)})`],
  [`server CPU per uncached render (${CPU_BATCHES} batches of ${CPU_BATCH} each): median (range)`, `${ms(quantile(cpu.a, 0.5))} (${Math.min(...cpu.a).toFixed(1)}–${Math.max(...cpu.a).toFixed(1)})`, `${ms(quantile(cpu.b, 0.5))} (${Math.min(...cpu.b).toFixed(1)}–${Math.max(...cpu.b).toFixed(1)})`, `${cpuRatio.toFixed(2)}×`],
  ["cached (anonymous, X-Cache: hit), time to last byte: median (quartiles)", spread(cached.a), spread(cached.b), `${(quantile(cached.b, 0.5) / quantile(cached.a, 0.5)).toFixed(2)}×`],
  ["HTML, raw / brotli as sent", `${kb(report.rawBytes.a)} / ${kb(uncached.bytesA)}`, `${kb(report.rawBytes.b)} / ${kb(uncached.bytesB)}`, `${(report.rawBytes.b / report.rawBytes.a).toFixed(2)}×`],
];
const header = ["measure", BASELINE, `${BLOCKS_PAGE_PATH} (30 blocks)`, "ratio"];
printTable(header, rows);
const goals = [
  [`30-block page's uncached render ≤ ${GOAL_RATIO}× ${BASELINE} (ratio of median times, interleaved)`, `${ratioOfMedians.toFixed(2)}× (pair by pair ${quantile(pairRatios, 0.25).toFixed(2)}–${quantile(pairRatios, 0.75).toFixed(2)}, quartiles; CPU ${cpuRatio.toFixed(2)}×)`, `≤ ${GOAL_RATIO}×`, ratioOfMedians <= GOAL_RATIO ? "met" : "NOT met"],
  ["anonymous visitors get both from the full-page cache", `X-Cache: hit on all ${ROUNDS + WARM_UP} requests of each`, "hit", "met"],
  ["blocks shown of 30 (each block's title found in the HTML)", `${report.blocksShown}${report.missing.length ? ` (not shown: ${report.missing.join("; ")})` : ""}`, "30", report.blocksShown === 30 ? "met" : "NOT met"],
];
printTable(["goal", "measured", "target", ""], goals);
appendReport(
  "Blocks benchmark",
  `Machine: ${machine()} (at the start ${loadAtStart}). Run: \`npm run bench blocks\` (${Math.round((Date.now() - started) / 1000)} s; build folder \`${BUILD_DIR}\`), fresh SQLite data folder with the built-in content and the 30-block page of \`bench/lib/blocks-page.mjs\` added (published, hidden from the menu). Server pinned to core 0${TASKSET ? "" : " (taskset missing: not pinned)"}; ${ROUNDS} pairs of requests one at a time, the order swapped every pair, after ${WARM_UP} pairs of warm-up; uncached on a server with \`PAGE_CACHE=off\`, cached on one with the cache on; both asked with \`Accept-Encoding: gzip, deflate, br\` as a browser asks.`,
  [
    { header: ["goal", "measured", "target", ""], rows: goals },
    { header, rows },
  ],
);
