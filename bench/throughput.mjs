// npm run bench throughput
//
// Requests per second and latency on loopback, with autocannon for 10 s per
// case (BENCH_SECONDS to change), against the production build on a
// throwaway data folder. The server is pinned to core 0 and autocannon to
// core 1 (taskset), so each case has the same single core to serve with:
//   - a content page from the full-page cache (brotli, as browsers ask);
//   - the same server sending a static file of the same size from the build;
//   - the same page rendered on every request (PAGE_CACHE=off);
//   - the cached page at 200 concurrent connections (p99 latency), with
//     autocannon and with bench/lib/latency.mjs, a leaner generator that
//     does not become the bottleneck (the goal is judged on its figure);
//   - nginx sending the same file from disk, when nginx is installed
//     (gzip_static, compared with our cached page sent gzip);
//   - what links carry: the page with a random `?utm_source=` on every
//     request beside the plain page (both with the lean generator, 10
//     connections), and 80% plain + 20% random link tags at 200
//     connections; the cache drops the tags from its key;
//   - the first view after staff publish a change (bench/lib/publish.mjs).
// Prints a table and appends it to docs/performance.md.
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";
import { appendReport, BUILD_DIR, cpuMs, ensureBuild, freePort, machine, printTable, root, serverEnv, startServer, stopServer, tempDir } from "./lib/common.mjs";
import { createPublisher, firstViewsAfterPublish } from "./lib/publish.mjs";

const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const PAGE = process.env.BENCH_PAGE ?? "/about/mission";
const STATIC_NAME = "bench-static-page.html";
/** How soon after a save the pages are ready again, as docs/decisions/008-page-cache.md says. */
const PUBLISH_WAIT_MS = 1000;
const has = (command) => {
  try {
    execFileSync("sh", ["-c", `command -v ${command}`], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
};
const TASKSET = has("taskset");
const pin = (core) => (TASKSET ? ["taskset", "-c", String(core)] : []);

/** Runs autocannon (its CLI, pinned to core 1) and returns its JSON summary. */
function autocannon(url, { connections = 10, headers = {} } = {}) {
  const args = [...pin(1), process.execPath, path.join(root, "node_modules/autocannon/autocannon.js"), "-j", "-c", String(connections), "-d", String(SECONDS)];
  for (const [k, v] of Object.entries(headers)) args.push("-H", `${k}=${v}`);
  args.push(url);
  const [command, ...rest] = args;
  const out = execFileSync(command, rest, { cwd: root, encoding: "utf8", maxBuffer: 16 * 1024 * 1024, timeout: (SECONDS + 30) * 1000 });
  const result = JSON.parse(out);
  const bad = result.non2xx + result.errors + result.timeouts;
  if (bad) throw new Error(`${url}: ${result.non2xx} non-2xx, ${result.errors} errors, ${result.timeouts} timeouts`);
  return result;
}

/** Runs bench/lib/latency.mjs (pinned to core 1) and returns its JSON line. */
function leanGenerator(url, { connections, headers, options = [] }) {
  const args = [...pin(1), process.execPath, path.join(root, "bench/lib/latency.mjs"), url, String(connections), String(SECONDS), ...options];
  for (const [k, v] of Object.entries(headers)) args.push(`${k}:${v}`);
  const [command, ...rest] = args;
  const result = JSON.parse(execFileSync(command, rest, { cwd: root, encoding: "utf8", timeout: (SECONDS + 30) * 1000 }));
  if (result.failures) throw new Error(`${url}: ${result.failures} failed answers`);
  if (!result.consistent) throw new Error(`${url}: mean latency ${result.mean} ms is not connections ÷ throughput (${result.expectedMean} ms); the figures cannot be trusted`);
  return result;
}

async function fetchBytes(url, headers = {}) {
  const res = await fetch(url, { headers });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return { res, body: Buffer.from(await res.arrayBuffer()) };
}

async function startNginx(dir, port) {
  const work = tempDir("bench-nginx-");
  const conf = path.join(work, "nginx.conf");
  fs.writeFileSync(
    conf,
    `daemon off;
worker_processes 1;
pid ${work}/nginx.pid;
error_log ${work}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000;
  types { text/html html; }
  client_body_temp_path ${work}/body;
  proxy_temp_path ${work}/proxy;
  fastcgi_temp_path ${work}/fastcgi;
  uwsgi_temp_path ${work}/uwsgi;
  scgi_temp_path ${work}/scgi;
  server {
    listen 127.0.0.1:${port};
    root ${dir};
    gzip_static on;
  }
}
`,
  );
  const child = spawn(...((p) => [p[0], p.slice(1)])([...pin(0), "nginx", "-c", conf, "-p", work]), { stdio: ["ignore", "ignore", "inherit"] });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/${STATIC_NAME}`)).ok) return { child, work };
    } catch {
      // starting
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  child.kill("SIGKILL");
  throw new Error("nginx did not start");
}

const started = Date.now();
ensureBuild();
const clientDir = path.join(root, BUILD_DIR, "client");
const staticFile = path.join(clientDir, STATIC_NAME);
const dataDir = path.join(tempDir("bench-throughput-"), "data");
const results = [];
let server;
let nginx;
try {
  // 1. Cached page, and the same server sending a static file of the same size.
  const port = await freePort();
  createPublisher(serverEnv(port, dataDir));
  server = await startServer(serverEnv(port, dataDir), { prefix: pin(0), probe: PAGE });
  const pageUrl = `${server.url}${PAGE}`;
  const { body: html } = await fetchBytes(pageUrl);
  // fetch decompresses the body; the compressed size is in Content-Length.
  const { res: brRes } = await fetchBytes(pageUrl, { "accept-encoding": "br" });
  if (brRes.headers.get("x-cache") !== "hit") throw new Error(`${PAGE} is not served from the page cache (x-cache: ${brRes.headers.get("x-cache")})`);
  fs.writeFileSync(staticFile, html);
  fs.writeFileSync(`${staticFile}.br`, zlib.brotliCompressSync(html, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
  fs.writeFileSync(`${staticFile}.gz`, zlib.gzipSync(html, { level: 9 }));
  const browser = { "accept-encoding": "gzip, deflate, br" };
  const gzipOnly = { "accept-encoding": "gzip" };

  const run = (name, url, options, pid = server?.child.pid) => {
    process.stdout.write(`[bench throughput] ${name}… `);
    const cpuBefore = pid ? cpuMs(pid) : NaN;
    const r = autocannon(url, options);
    // Server CPU per request: what one dedicated core could serve, whatever else the machine was doing.
    r.cpuPerRequest = (cpuMs(pid) - cpuBefore) / r.requests.total;
    console.log(`${Math.round(r.requests.average)} req/s, ${r.cpuPerRequest.toFixed(3)} ms CPU per request`);
    results.push({ name, connections: options?.connections ?? 10, rps: r.requests.average, p50: r.latency.p50, p99: r.latency.p99, bytes: r.throughput.average / Math.max(r.requests.average, 1), cpu: r.cpuPerRequest });
    return r;
  };

  const cached = run(`cached page ${PAGE} (brotli)`, pageUrl, { headers: browser });
  const asStatic = run(`static file of the same size (brotli)`, `${server.url}/${STATIC_NAME}`, { headers: browser });
  run(`cached page, 200 connections (autocannon, itself the limit)`, pageUrl, { headers: browser, connections: 200 });
  const lean = (name, connections, options = []) => {
    process.stdout.write(`[bench throughput] ${name}… `);
    const cpuBefore = cpuMs(server.child.pid);
    const r = leanGenerator(pageUrl, { headers: browser, connections, options });
    const cpu = (cpuMs(server.child.pid) - cpuBefore) / r.requests;
    console.log(`${Math.round(r.rps)} req/s, p99 ${r.p99} ms`);
    results.push({ name, connections, rps: r.rps, p50: r.p50, p99: r.p99, bytes: NaN, cpu });
    return r;
  };
  const cached200 = lean("cached page, 200 connections (lean generator)", 200);
  // Links from Facebook and newsletters: every request another query string, which the cache's key leaves out.
  const cachedLean = lean(`cached page ${PAGE} (lean generator)`, 10, ["--random=0"]);
  const tagged = lean(`${PAGE}?utm_source=<random> on every request (lean generator)`, 10, ["--random=1", "--tags=utm"]);
  const mixed = lean("80% cached page + 20% random link tags (utm_*, fbclid, gclid, mc_*, ref, unknown), 200 connections (lean generator)", 200, ["--random=0.2", "--tags=links"]);
  // Staff publish a change: what does the first visitor get?
  process.stdout.write(`[bench throughput] first view after a publish… `);
  const published = await firstViewsAfterPublish(server.url, { headers: browser, waitMs: PUBLISH_WAIT_MS });
  console.log(`${published.afterWait.cache} after ${published.waitMs} ms, ${published.immediately.cache} at once, every page ready after ${Math.round(published.readyMs)} ms`);
  const cachedGzip = has("nginx") ? run(`cached page (gzip)`, pageUrl, { headers: gzipOnly }) : null;
  await stopServer(server.child);

  // 2. Uncached rendering on one core.
  const port2 = await freePort();
  server = await startServer(serverEnv(port2, dataDir, { PAGE_CACHE: "off" }), { prefix: pin(0), probe: PAGE });
  const uncached = run(`uncached render of ${PAGE} (brotli asked, gzip sent)`, `${server.url}${PAGE}`, { headers: browser });
  await stopServer(server.child);
  server = undefined;

  // 3. nginx, same file from disk.
  let nginxRun = null;
  if (has("nginx")) {
    const port3 = await freePort();
    nginx = await startNginx(clientDir, port3);
    nginxRun = run("nginx, same file (gzip_static)", `http://127.0.0.1:${port3}/${STATIC_NAME}`, { headers: gzipOnly }, null);
  }

  const perCore = (r) => (Number.isFinite(r.cpu) && r.cpu > 0 ? Math.round(1000 / r.cpu).toLocaleString("en-GB") : "–");
  const rows = results.map((r) => [r.name, r.connections, Math.round(r.rps).toLocaleString("en-GB"), `${r.p50} ms`, `${r.p99} ms`, Number.isFinite(r.bytes) ? `${(r.bytes / 1024).toFixed(1)} KB` : "–", Number.isFinite(r.cpu) ? `${r.cpu.toFixed(3)} ms` : "–", perCore(r)]);
  const header = ["case", "connections", "requests/s", "p50", "p99", "bytes/response", "server CPU/request", "requests/s per core at that CPU cost"];
  printTable(header, rows);
  const pct = (a, b) => `${((a / b) * 100).toFixed(0)}%`;
  const goals = [
    ["cached page vs the same server's static file", pct(cached.requests.average, asStatic.requests.average), "≥ 80%", cached.requests.average >= 0.8 * asStatic.requests.average ? "met" : "NOT met"],
    nginxRun
      ? ["cached page vs nginx, same file (both gzip)", pct(cachedGzip.requests.average, nginxRun.requests.average), "≥ 25%", cachedGzip.requests.average >= 0.25 * nginxRun.requests.average ? "met" : "NOT met"]
      : ["cached page vs nginx", "nginx not installed", "≥ 25%", "not measured"],
    ["uncached render, one core", `${Math.round(uncached.requests.average).toLocaleString("en-GB")} req/s (${uncached.cpuPerRequest.toFixed(2)} ms CPU each: ${Math.round(1000 / uncached.cpuPerRequest).toLocaleString("en-GB")}/s on a core of its own)`, "≥ 1,000 req/s", uncached.requests.average >= 1000 ? "met" : "NOT met"],
    ["cached page p99 at 200 connections (lean generator)", `${cached200.p99} ms (p50 ${cached200.p50} ms, max ${cached200.max} ms, ${Math.round(cached200.rps).toLocaleString("en-GB")} req/s)`, "< 50 ms", cached200.p99 < 50 ? "met" : "NOT met"],
    [`random ?utm_source= vs the cached page, same run (lean generator, 10 connections)`, `${pct(tagged.rps, cachedLean.rps)} (${Math.round(tagged.rps).toLocaleString("en-GB")} vs ${Math.round(cachedLean.rps).toLocaleString("en-GB")} req/s)`, "≥ 90%", tagged.rps >= 0.9 * cachedLean.rps ? "met" : "NOT met"],
    ["80% cached + 20% random link tags, p99 at 200 connections (lean generator)", `${mixed.p99} ms (p50 ${mixed.p50} ms, max ${mixed.max} ms, ${Math.round(mixed.rps).toLocaleString("en-GB")} req/s)`, "< 50 ms", mixed.p99 < 50 ? "met" : "NOT met"],
    [`first view after a publish: ${published.page} asked ${published.waitMs} ms after the save answered`, `X-Cache: ${published.afterWait.cache}, ${published.afterWait.ms.toFixed(1)} ms`, "hit", published.afterWait.cache === "hit" ? "met" : "NOT met"],
    [`first view after a publish: ${published.page} asked the moment the save answered`, `X-Cache: ${published.immediately.cache}, ${published.immediately.ms.toFixed(1)} ms`, "–", "for information"],
    ["every sitemap page ready again after a publish (HEAD of the last one a hit)", `${Math.round(published.readyMs).toLocaleString("en-GB")} ms after the save answered`, `≤ ${PUBLISH_WAIT_MS.toLocaleString("en-GB")} ms`, published.readyMs <= PUBLISH_WAIT_MS ? "met" : "NOT met"],
  ];
  printTable(["goal", "measured", "target", ""], goals);
  appendReport(
    "Throughput benchmark",
    `Machine: ${machine()}. Run: \`npm run bench throughput\` (${Math.round((Date.now() - started) / 1000)} s; build folder \`${BUILD_DIR}\`). autocannon ${SECONDS} s per case over loopback${TASKSET ? ", server (and nginx) pinned to core 0, autocannon to core 1" : ""}; LOG_LEVEL=warn; fresh SQLite data folder; page \`${PAGE}\` (${(html.length / 1024).toFixed(1)} KB of HTML, ${(Number(brRes.headers.get("content-length")) / 1024).toFixed(1)} KB brotli as sent). The static file is that page's HTML written into the build's client folder with .br/.gz copies. autocannon on one core is itself a limit for the fastest cases, so their ratios understate the servers' gap; the 200-connection latency goal is judged with bench/lib/latency.mjs (same pinning, ${SECONDS} s after 1 s of warm-up, its mean checked against connections ÷ throughput). The link-tag rows use the same generator with a query string never sent before on every request (\`--random=1\`) or on one in five (\`--random=0.2\`, utm_*, fbclid, gclid, mc_*, ref or an unknown name), compared with the plain page from the same generator in the same run (\`--random=0\`: every request built as it is sent in both). The publish rows sign in as an admin made with the operator command and save the About page through /admin three times (bench/lib/publish.mjs).`,
    [
      { header: ["goal", "measured", "target", ""], rows: goals },
      { header, rows },
    ],
  );
} finally {
  if (server) await stopServer(server.child);
  if (nginx) {
    nginx.child.kill("SIGQUIT");
    await new Promise((r) => setTimeout(r, 300));
    fs.rmSync(nginx.work, { recursive: true, force: true });
  }
  for (const f of [staticFile, `${staticFile}.br`, `${staticFile}.gz`]) fs.rmSync(f, { force: true });
  fs.rmSync(path.dirname(dataDir), { recursive: true, force: true });
}
