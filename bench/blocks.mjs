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
//   - BENCH_BEFORE=<checkout>:<build folder> (e.g. a worktree of an older
//     commit and its build) adds a third page to the uncached rounds:
//     /about/mission as that commit's server renders it, on a fresh data
//     folder of its own, so "today's /about/mission" can also be read as the
//     page before pages became records, in the same rounds.
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
const [BEFORE_ROOT, BEFORE_BUILD] = process.env.BENCH_BEFORE ? process.env.BENCH_BEFORE.split(":") : [];
const BEFORE_COMMIT = BEFORE_ROOT ? execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: BEFORE_ROOT, encoding: "utf8" }).trim() : null;

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

/** Rounds of the pages (full addresses) one after another, each round starting one further on, so none always goes first. */
async function sideBySide(urls, cache, rounds) {
  const times = urls.map(() => []);
  const bytes = [];
  for (let i = 0; i < rounds; i++) {
    for (let j = 0; j < urls.length; j++) {
      const k = (i + j) % urls.length;
      const r = await timed(urls[k], cache);
      times[k].push(r.ms);
      bytes[k] = r.bytes;
    }
  }
  return { times, bytes };
}

const started = Date.now();
const loadAtStart = fs.readFileSync("/proc/loadavg", "utf8").split(" ").slice(0, 3).join(", ");
ensureBuild();
const dataDir = path.join(tempDir("bench-blocks-"), "data");
let server;
let before;
const beforeDataDir = BEFORE_ROOT ? path.join(tempDir("bench-blocks-before-"), "data") : null;
const report = {};
try {
  // The server makes the data folder (tables, built-in pages); the page goes in while it is stopped.
  server = await startServer(serverEnv(await freePort(), dataDir));
  await stopServer(server.child);
  addBlocksPage(dataDir);

  // 1. Uncached renders.
  server = await startServer(serverEnv(await freePort(), dataDir, { PAGE_CACHE: "off" }), { prefix: pin(0), probe: BASELINE });
  const urls = [server.url + BASELINE, server.url + BLOCKS_PAGE_PATH];
  if (BEFORE_ROOT) {
    before = await startServer(serverEnv(await freePort(), beforeDataDir, { PAGE_CACHE: "off", BUILD_DIR: BEFORE_BUILD }), { prefix: pin(0), probe: BASELINE, cwd: BEFORE_ROOT });
    urls.push(before.url + BASELINE);
    report.rawBytesBefore = (await (await fetch(before.url + BASELINE)).text()).length;
  }
  const html = await (await fetch(server.url + BLOCKS_PAGE_PATH)).text();
  const missing = blockTitles().filter((title) => !html.includes(title.replaceAll("'", "&#x27;")));
  report.blocksShown = 30 - missing.length;
  report.missing = missing;
  report.rawBytes = { a: (await (await fetch(server.url + BASELINE)).text()).length, b: html.length };
  await sideBySide(urls, "miss", WARM_UP);
  report.uncached = await sideBySide(urls, "miss", ROUNDS);
  const pids = [server.child.pid, server.child.pid, before?.child.pid];
  const cpu = urls.map(() => []);
  for (let batch = 0; batch < CPU_BATCHES * urls.length; batch++) {
    const k = batch % urls.length;
    const start = cpuMs(pids[k]);
    for (let i = 0; i < CPU_BATCH; i++) await timed(urls[k], "miss");
    cpu[k].push((cpuMs(pids[k]) - start) / CPU_BATCH);
  }
  report.cpu = cpu;
  await stopServer(server.child);
  if (before) await stopServer(before.child);

  // 2. What an anonymous visitor gets: the full-page cache.
  server = await startServer(serverEnv(await freePort(), dataDir), { prefix: pin(0), probe: BASELINE });
  for (const page of [BASELINE, BLOCKS_PAGE_PATH]) {
    // Until the server has rendered a page into the cache (at start, or on a first view), it is not a hit.
    for (let i = 0; i < 50 && (await fetch(server.url + page, { headers: BROWSER }).then(async (r) => (await r.arrayBuffer(), r.headers.get("x-cache")))) !== "hit"; i++) {
      await new Promise((r) => setTimeout(r, 20));
    }
  }
  const cachedUrls = [server.url + BASELINE, server.url + BLOCKS_PAGE_PATH];
  await sideBySide(cachedUrls, "hit", WARM_UP);
  report.cached = await sideBySide(cachedUrls, "hit", ROUNDS);
} finally {
  if (server) await stopServer(server.child);
  if (before) await stopServer(before.child);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
  if (beforeDataDir) fs.rmSync(path.dirname(beforeDataDir), { recursive: true, force: true });
}

const { cpu } = report;
const [uncachedA, uncachedB, uncachedC] = report.uncached.times;
const [cachedA, cachedB] = report.cached.times;
const median = (values) => quantile(values, 0.5);
const ratioOfMedians = median(uncachedB) / median(uncachedA);
const pairRatios = uncachedB.map((b, i) => b / uncachedA[i]);
const cpuRatio = median(cpu[1]) / median(cpu[0]);
const cpuCell = (values) => `${ms(median(values))} (${Math.min(...values).toFixed(1)}–${Math.max(...values).toFixed(1)})`;
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
// A third column, when asked for, is /about/mission on the build before.
const third = (cell) => (BEFORE_ROOT ? [cell] : []);
const rows = [
  ["uncached render, time to last byte: median (quartiles)", spread(uncachedA), spread(uncachedB), `${ratioOfMedians.toFixed(2)}×`, ...third(spread(uncachedC ?? []))],
  ["uncached, pair by pair: 30-block ÷ mission, median (10th–90th percentile)", "", "", `${median(pairRatios).toFixed(2)}× (${quantile(pairRatios, 0.1).toFixed(2)}–${quantile(pairRatios, 0.9).toFixed(2)})`, ...third("")],
  [`server CPU per uncached render (${CPU_BATCHES} batches of ${CPU_BATCH} each): median (range)`, cpuCell(cpu[0]), cpuCell(cpu[1]), `${cpuRatio.toFixed(2)}×`, ...third(BEFORE_ROOT ? cpuCell(cpu[2]) : "")],
  ["cached (anonymous, X-Cache: hit), time to last byte: median (quartiles)", spread(cachedA), spread(cachedB), `${(median(cachedB) / median(cachedA)).toFixed(2)}×`, ...third("not measured")],
  ["HTML, raw / brotli as sent", `${kb(report.rawBytes.a)} / ${kb(report.uncached.bytes[0])}`, `${kb(report.rawBytes.b)} / ${kb(report.uncached.bytes[1])}`, `${(report.rawBytes.b / report.rawBytes.a).toFixed(2)}×`, ...third(BEFORE_ROOT ? `${kb(report.rawBytesBefore)} / ${kb(report.uncached.bytes[2])}` : "")],
];
const header = ["measure", BASELINE, `${BLOCKS_PAGE_PATH} (30 blocks)`, "ratio", ...third(`${BASELINE} at ${BEFORE_COMMIT} (${BEFORE_BUILD})`)];
printTable(header, rows);
const goals = [
  [`30-block page's uncached render ≤ ${GOAL_RATIO}× ${BASELINE} (ratio of median times, interleaved)`, `${ratioOfMedians.toFixed(2)}× (pair by pair ${quantile(pairRatios, 0.25).toFixed(2)}–${quantile(pairRatios, 0.75).toFixed(2)}, quartiles; CPU ${cpuRatio.toFixed(2)}×)`, `≤ ${GOAL_RATIO}×`, ratioOfMedians <= GOAL_RATIO ? "met" : "NOT met"],
  ...(BEFORE_ROOT
    ? [
        [`30-block page's uncached render ÷ ${BASELINE} at ${BEFORE_COMMIT} (same rounds)`, `${(median(uncachedB) / median(uncachedC)).toFixed(2)}× (CPU ${(median(cpu[1]) / median(cpu[2])).toFixed(2)}×)`, `≤ ${GOAL_RATIO}×`, median(uncachedB) / median(uncachedC) <= GOAL_RATIO ? "met" : "NOT met"],
        [`${BASELINE} now ÷ at ${BEFORE_COMMIT}, uncached (what pages as records cost an existing page)`, `${(median(uncachedA) / median(uncachedC)).toFixed(2)}× (CPU ${(median(cpu[0]) / median(cpu[2])).toFixed(2)}×)`, "", ""],
      ]
    : []),
  ["anonymous visitors get both from the full-page cache", `X-Cache: hit on all ${ROUNDS + WARM_UP} requests of each`, "hit", "met"],
  ["blocks shown of 30 (each block's title found in the HTML)", `${report.blocksShown}${report.missing.length ? ` (not shown: ${report.missing.join("; ")})` : ""}`, "30", report.blocksShown === 30 ? "met" : "NOT met"],
];
printTable(["goal", "measured", "target", ""], goals);
appendReport(
  "Blocks benchmark",
  `Machine: ${machine()} (at the start ${loadAtStart}). Run: \`${BEFORE_ROOT ? `BENCH_BEFORE=${process.env.BENCH_BEFORE} ` : ""}npm run bench blocks\` (${Math.round((Date.now() - started) / 1000)} s; build folder \`${BUILD_DIR}\`), fresh SQLite data folder with the built-in content and the 30-block page of \`bench/lib/blocks-page.mjs\` added (published, hidden from the menu). Server pinned to core 0${TASKSET ? "" : " (taskset missing: not pinned)"}; ${ROUNDS} pairs of requests one at a time, the order swapped every pair, after ${WARM_UP} pairs of warm-up${BEFORE_ROOT ? ` (with ${BASELINE} from \`${BEFORE_ROOT}\` at ${BEFORE_COMMIT}, build \`${BEFORE_BUILD}\`, on a fresh data folder of its own, as a third request in every round, the rounds rotating the order)` : ""}; uncached on a server with \`PAGE_CACHE=off\`, cached on one with the cache on; both asked with \`Accept-Encoding: gzip, deflate, br\` as a browser asks.`,
  [
    { header: ["goal", "measured", "target", ""], rows: goals },
    { header, rows },
  ],
);
