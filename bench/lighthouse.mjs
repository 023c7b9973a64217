// npm run bench lighthouse
//
// Lighthouse 12.8 (mobile emulation, simulated slow 4G and CPU slow-down:
// its default configuration) against the production build, 3 runs per page
// (BENCH_RUNS), for every page in the site's sitemap (or BENCH_PAGES,
// comma-separated paths, which may name the blocks bench's 30-block page,
// /about/thirty-blocks, to have it added to the data folder): the median
// of each figure, and the worst run's TBT and performance score, since one
// slow run in three is what a visitor meets one time in three and a median
// hides it. Also per page: the DOM
// size Lighthouse counts (elements in <body>) and the raw bytes of the
// inline stylesheet, the two things the browser lays out and parses. Lighthouse lives in its own tools package
// (bench/tools/package.json), installed on first use into bench/.tools,
// because its dependency tree does not fit the app's lockfile. Chromium is
// CHROME_PATH, else /usr/bin/chromium. Pages are viewed once before
// measuring, as a visitor after the first would find them (full-page cache).
// Prints a table, appends it to docs/performance.md and writes every failed
// audit to bench/.tools/lighthouse-failures.json.
import { execSync } from "node:child_process";
import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";
import os from "node:os";
import { appendReport, BUILD_DIR, ensureBuild, freePort, machine, printTable, root, serverEnv, startServer, stopServer, tempDir } from "./lib/common.mjs";
import { inlineCssBytes, PAGE_BUDGETS, WEIGHED_PAGE } from "./lib/page-weight.mjs";
import { addBlocksPage, BLOCKS_PAGE_PATH } from "./lib/blocks-page.mjs";

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const toolsDir = path.join(root, "bench/.tools");
const CHROME_PATH = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const GOALS = { score: 100, lcpMs: 1000, cls: 0.01, tbtMs: 30, lcpImageBytes: 60 * 1024, contentPageBytes: 150 * 1024 };

function installTools() {
  const wanted = fs.readFileSync(path.join(root, "bench/tools/package.json"), "utf8");
  const installed = path.join(toolsDir, "package.json");
  if (fs.existsSync(installed) && fs.readFileSync(installed, "utf8") === wanted && fs.existsSync(path.join(toolsDir, "node_modules/lighthouse"))) return;
  console.log("[bench lighthouse] installing the tools package into bench/.tools…");
  fs.mkdirSync(toolsDir, { recursive: true });
  fs.writeFileSync(installed, wanted);
  fs.copyFileSync(path.join(root, "bench/tools/package-lock.json"), path.join(toolsDir, "package-lock.json"));
  execSync("npm ci --no-audit --no-fund --omit=dev", { cwd: toolsDir, stdio: "inherit" });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The figures this benchmark keeps from one Lighthouse result. */
function figures(lhr) {
  if (lhr.runtimeError) throw new Error(`Lighthouse could not measure ${lhr.finalDisplayedUrl}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
  const audit = (id) => lhr.audits[id];
  const summary = audit("resource-summary")?.details?.items ?? [];
  const bytesOf = (type) => summary.find((i) => i.resourceType === type)?.transferSize ?? 0;
  const lcpElement = audit("largest-contentful-paint-element")?.details?.items?.[0]?.items?.[0]?.node;
  const network = audit("network-requests")?.details?.items ?? [];
  const lcpImageUrl = /src="([^"]+)"/.exec(lcpElement?.snippet ?? "")?.[1];
  const lcpImage = lcpImageUrl ? network.find((r) => r.url.endsWith(lcpImageUrl.split("?")[0])) : undefined;
  return {
    performance: Math.round(lhr.categories.performance.score * 100),
    accessibility: Math.round(lhr.categories.accessibility.score * 100),
    bestPractices: Math.round(lhr.categories["best-practices"].score * 100),
    seo: Math.round(lhr.categories.seo.score * 100),
    lcp: audit("largest-contentful-paint").numericValue,
    fcp: audit("first-contentful-paint").numericValue,
    cls: audit("cumulative-layout-shift").numericValue,
    tbt: audit("total-blocking-time").numericValue,
    // Elements in <body> (Lighthouse's DOMStats), as e2e/budget.spec.ts counts them.
    domSize: audit("dom-size")?.numericValue ?? NaN,
    total: bytesOf("total"),
    script: bytesOf("script"),
    css: bytesOf("stylesheet"),
    images: bytesOf("image"),
    lcpImage: lcpImage?.transferSize ?? 0,
    lcpElement: lcpElement?.snippet?.slice(0, 120) ?? "",
    failed: Object.values(lhr.audits)
      .filter((a) => a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== "informative" && a.scoreDisplayMode !== "notApplicable" && a.scoreDisplayMode !== "manual")
      .map((a) => ({ id: a.id, title: a.title, score: a.score, displayValue: a.displayValue })),
  };
}

const started = Date.now();
const loadAtStart = os.loadavg().map((l) => l.toFixed(1)).join(", ");
ensureBuild();
installTools();
const require = createRequire(path.join(toolsDir, "package.json"));
const { default: lighthouse } = await import(pathToFileURL(require.resolve("lighthouse")).href);
const chromeLauncher = await import(pathToFileURL(require.resolve("chrome-launcher")).href);

const dataDir = path.join(tempDir("bench-lighthouse-"), "data");
const port = await freePort();
const askedPages = process.env.BENCH_PAGES?.split(",").map((p) => p.trim()).filter(Boolean);
if (askedPages?.includes(BLOCKS_PAGE_PATH)) {
  // The 30-block page of the blocks bench is not built in: the server makes the data folder, then the page is added while it is stopped.
  await stopServer((await startServer(serverEnv(port, dataDir))).child);
  addBlocksPage(dataDir);
}
const { child, url } = await startServer(serverEnv(port, dataDir));
let chrome;
const perPage = [];
try {
  let pages = askedPages;
  if (!pages?.length) {
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  }
  chrome = await chromeLauncher.launch({
    chromePath: CHROME_PATH,
    chromeFlags: ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update", "--disable-sync", "--disable-quic", "--no-first-run"],
  });
  console.log(`[bench lighthouse] ${pages.length} pages × ${RUNS} runs`);
  for (const page of pages) {
    const inlineCss = inlineCssBytes(await (await fetch(`${url}${page}`)).text());
    // The first time a page is sent from memory, the server redoes its brotli copy at the best quality in the
    // background (~60 ms of CPU, page-cache.server.ts). A visitor's phone does not share the server's cores; the
    // Chromium here does, so the measured runs start once that is done, and all three get the copy visitors get.
    await new Promise((resolve) => setTimeout(resolve, 500));
    const runs = [];
    for (let i = 0, failures = 0; i < RUNS; i++) {
      const result = await lighthouse(`${url}${page}`, { port: chrome.port, output: "json", logLevel: "error" });
      // Tracing sometimes fails on a busy machine (NO_NAVSTART…): run that one again, up to 3 times.
      if (result.lhr.runtimeError && ++failures <= 3) {
        i--;
        continue;
      }
      runs.push(figures(result.lhr));
    }
    const pick = (key) => median(runs.map((r) => r[key]));
    const row = {
      page,
      ...Object.fromEntries(["performance", "accessibility", "bestPractices", "seo", "lcp", "fcp", "cls", "tbt", "total", "script", "css", "images", "lcpImage", "domSize"].map((k) => [k, pick(k)])),
      worstPerformance: Math.min(...runs.map((r) => r.performance)),
      worstTbt: Math.max(...runs.map((r) => r.tbt)),
      tbtRuns: runs.map((r) => Math.round(r.tbt)),
      inlineCss,
      lcpElement: runs[0].lcpElement,
      failed: [...new Map(runs.flatMap((r) => r.failed).map((f) => [f.id, f])).values()],
    };
    perPage.push(row);
    console.log(
      `  ${page}: ${row.performance} (worst ${row.worstPerformance})/${row.accessibility}/${row.bestPractices}/${row.seo}, LCP ${(row.lcp / 1000).toFixed(2)} s, CLS ${row.cls.toFixed(3)}, TBT ${row.tbtRuns.join(", ")} ms, DOM ${row.domSize}, inline CSS ${(row.inlineCss / 1024).toFixed(1)} KB, ${(row.total / 1024).toFixed(0)} KB${row.failed.length ? `; below 0.9: ${row.failed.map((f) => f.id).join(", ")}` : ""}`,
    );
  }
} finally {
  if (chrome) await chrome.kill();
  await stopServer(child);
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
}

fs.writeFileSync(path.join(toolsDir, "lighthouse-failures.json"), JSON.stringify(perPage.map((p) => ({ page: p.page, lcpElement: p.lcpElement, failed: p.failed })), null, 1));
const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
const header = ["page", "perf", "perf, worst run", "a11y", "best pr.", "SEO", "LCP", "CLS", "TBT", "TBT, worst run", "TBT, each run", "DOM", "inline CSS (raw)", "JS", "CSS", "images", "LCP image", "all"];
const rows = perPage.map((p) => [
  p.page,
  p.performance,
  p.worstPerformance,
  p.accessibility,
  p.bestPractices,
  p.seo,
  `${(p.lcp / 1000).toFixed(2)} s`,
  p.cls.toFixed(3),
  `${Math.round(p.tbt)} ms`,
  `${Math.round(p.worstTbt)} ms`,
  p.tbtRuns.join(", "),
  p.domSize,
  kb(p.inlineCss),
  kb(p.script),
  kb(p.css),
  kb(p.images),
  kb(p.lcpImage),
  kb(p.total),
]);
printTable(header, rows);
const worst = (key, fn = Math.max) => fn(...perPage.map((p) => p[key]));
const allHundred = perPage.filter((p) => p.performance === 100 && p.accessibility === 100 && p.bestPractices === 100 && p.seo === 100).length;
const hundredEveryRun = perPage.filter((p) => p.worstPerformance === 100).length;
const tbtEveryRun = perPage.filter((p) => p.worstTbt <= GOALS.tbtMs).length;
const weighed = perPage.find((p) => p.page === WEIGHED_PAGE);
const goals = [
  ["pages scoring 100 in all four categories (median)", `${allHundred} of ${perPage.length}`, "all", allHundred === perPage.length ? "met" : "NOT met"],
  ["pages scoring performance 100 in every run", `${hundredEveryRun} of ${perPage.length}`, "all", hundredEveryRun === perPage.length ? "met" : "NOT met"],
  ["lowest score (perf / a11y / best pr. / SEO, median)", `${worst("performance", Math.min)} / ${worst("accessibility", Math.min)} / ${worst("bestPractices", Math.min)} / ${worst("seo", Math.min)}`, "100", ""],
  ["lowest performance score in any run", String(worst("worstPerformance", Math.min)), "100", ""],
  ["slowest LCP", `${(worst("lcp") / 1000).toFixed(2)} s`, "≤ 1.0 s", worst("lcp") <= GOALS.lcpMs ? "met" : "NOT met"],
  ["largest CLS", worst("cls").toFixed(3), "≤ 0.01", worst("cls") <= GOALS.cls ? "met" : "NOT met"],
  ["largest TBT (median)", `${Math.round(worst("tbt"))} ms`, "≤ 30 ms", worst("tbt") <= GOALS.tbtMs ? "met" : "NOT met"],
  ["largest TBT in any run", `${Math.round(worst("worstTbt"))} ms`, "≤ 30 ms", worst("worstTbt") <= GOALS.tbtMs ? "met" : "NOT met"],
  ["pages with TBT ≤ 30 ms in every run", `${tbtEveryRun} of ${perPage.length}`, "all", tbtEveryRun === perPage.length ? "met" : "NOT met"],
  ...(weighed
    ? [
        [`DOM size of ${WEIGHED_PAGE} (elements in <body>)`, String(weighed.domSize), `≤ ${PAGE_BUDGETS.bodyElements}`, weighed.domSize <= PAGE_BUDGETS.bodyElements ? "met" : "NOT met"],
        [`inline CSS of ${WEIGHED_PAGE} (raw)`, kb(weighed.inlineCss), `≤ ${kb(PAGE_BUDGETS.inlineCssGoal)}`, weighed.inlineCss <= PAGE_BUDGETS.inlineCssGoal ? "met" : "NOT met"],
      ]
    : []),
  ["largest DOM size", String(worst("domSize")), "", ""],
  ["largest LCP image", kb(worst("lcpImage")), "≤ 60 KB", worst("lcpImage") <= GOALS.lcpImageBytes ? "met" : "NOT met"],
  ["heaviest page, all transfers", kb(worst("total")), "≤ 150 KB (content page, one image)", worst("total") <= GOALS.contentPageBytes ? "met" : "NOT met"],
];
printTable(["goal", "measured", "target", ""], goals);
appendReport(
  "Lighthouse benchmark",
  `Machine: ${machine()} (at the start ${loadAtStart}). Run: \`npm run bench lighthouse\` (${Math.round((Date.now() - started) / 60000)} min; build folder \`${BUILD_DIR}\`). Lighthouse ${require("lighthouse/package.json").version}, default (mobile) configuration: Moto G Power emulation, simulated slow 4G and 4× CPU slow-down; Chromium ${CHROME_PATH}; ${RUNS} runs per page: the median of each figure, and the worst run's performance score and TBT; ${process.env.BENCH_PAGES ? `the pages ${process.env.BENCH_PAGES}` : "every page of the sitemap"}, each viewed once first (page cache warm), fresh SQLite data folder with the built-in content. Sizes are transferred bytes; DOM is Lighthouse's count of elements in <body>; inline CSS is the raw bytes of the page's <style>.`,
  [
    { header: ["goal", "measured", "target", ""], rows: goals },
    { header, rows },
  ],
);
