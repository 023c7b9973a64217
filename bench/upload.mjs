// npm run bench upload
//
// A 500 MB upload through the media library's resumable path (tus), against
// the production build on its own data folder:
//   1. one uninterrupted upload: throughput, compared with copying the same
//      file on disk, and the server's peak memory growth while receiving it;
//   2. a second upload whose server is killed (SIGKILL) half-way and
//      restarted: the client resumes, completes, and the stored file's
//      SHA-256 must equal the source's.
// Prints a table and appends the figures to docs/performance.md.
import { execFileSync, execSync, spawn } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { pipeline } from "node:stream/promises";
import * as tus from "tus-js-client";

const root = path.resolve(import.meta.dirname, "..");
const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const SIZE = Number(process.env.BENCH_UPLOAD_BYTES ?? 500 * 1024 * 1024);
const CHUNK = 16 * 1024 * 1024; // what the browser uses
const RSS_GOAL_MB = 64;
const ADMIN = { email: "bench-admin@example.org", password: "bench upload passphrase 9 long" };

const mb = (bytes) => bytes / 1024 / 1024;
const log = (...args) => console.log("[bench upload]", ...args);

function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

/** Kilobytes from /proc/<pid>/status (VmRSS, VmHWM). */
function procStatus(pid) {
  try {
    const text = fs.readFileSync(`/proc/${pid}/status`, "utf8");
    const get = (k) => Number(new RegExp(`^${k}:\\s+(\\d+)`, "m").exec(text)?.[1] ?? 0);
    return { rss: get("VmRSS"), hwm: get("VmHWM") };
  } catch {
    return null;
  }
}

async function startServer(env, port) {
  const child = spawn(process.execPath, ["server.js"], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 300; i++) {
    try {
      if ((await fetch(`${url}/healthz`)).ok) return child;
    } catch {
      // not yet
    }
    if (child.exitCode !== null) throw new Error("server exited during start");
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("server did not start");
}

async function signIn(url) {
  const body = new URLSearchParams({ email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" });
  const res = await fetch(`${url}/login`, { method: "POST", body, redirect: "manual" });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]).filter((c) => !c.startsWith("toast="));
  if (res.status !== 302 || cookies.length === 0) throw new Error(`sign-in failed: ${res.status}`);
  return cookies.join("; ");
}

/** A file the server accepts as WebM: a real EBML header, then random bytes. */
async function makeSource(file) {
  const header = Buffer.from([
    0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01, 0x42, 0xf7, 0x81, 0x01, 0x42, 0xf2, 0x81, 0x04, 0x42, 0xf3, 0x81, 0x08, 0x42, 0x82, 0x84,
    0x77, 0x65, 0x62, 0x6d, 0x42, 0x87, 0x81, 0x02, 0x42, 0x85, 0x81, 0x02,
  ]);
  const out = fs.createWriteStream(file);
  const hash = crypto.createHash("sha256");
  const write = (buf) => {
    hash.update(buf);
    return out.write(buf) ? Promise.resolve() : new Promise((r) => out.once("drain", r));
  };
  await write(header);
  let left = SIZE - header.length;
  while (left > 0) {
    const n = Math.min(left, 4 * 1024 * 1024);
    // Random bytes, but never "<" so no markup signature can appear by chance.
    const buf = crypto.randomBytes(n).map((b) => (b === 0x3c ? 0x3d : b));
    await write(buf);
    left -= n;
  }
  await new Promise((r) => out.end(r));
  return hash.digest("hex");
}

async function sha256(file) {
  const hash = crypto.createHash("sha256");
  await pipeline(fs.createReadStream(file), hash);
  return hash.digest("hex");
}

/** Samples a process's memory every 50 ms until stopped. */
function sampler(pid) {
  const base = procStatus(pid);
  let peak = base?.rss ?? 0;
  const timer = setInterval(() => {
    const s = procStatus(pid);
    if (s) peak = Math.max(peak, s.rss);
  }, 50);
  return {
    stop() {
      clearInterval(timer);
      const end = procStatus(pid);
      return { baseKb: base?.rss ?? 0, peakKb: Math.max(peak, end?.rss ?? 0), hwmKb: end?.hwm ?? 0 };
    },
  };
}

function upload(url, cookie, file, { uploadUrl, onProgress } = {}) {
  let instance;
  const done = new Promise((resolve, reject) => {
    instance = new tus.Upload(fs.createReadStream(file), {
      endpoint: `${url}/api/uploads`,
      uploadUrl,
      uploadSize: SIZE,
      chunkSize: CHUNK,
      retryDelays: [],
      headers: { Cookie: cookie },
      metadata: { filename: "bench.webm", filetype: "video/webm" },
      onProgress: (sent) => onProgress?.(sent, instance),
      onError: reject,
      onSuccess: () => resolve(instance.url),
    });
    instance.start();
  });
  return { done, get instance() {
    return instance;
  } };
}

async function complete(url, cookie, uploadUrl) {
  const form = new FormData();
  form.set("uploadId", uploadUrl.split("/").pop());
  form.set("altText", "Benchmark video");
  const res = await fetch(`${url}/api/media/complete`, { method: "POST", body: form, headers: { Cookie: cookie } });
  const body = await res.json();
  if (!body.ok) throw new Error(`complete failed: ${res.status} ${JSON.stringify(body)}`);
  return body.file;
}

async function main() {
  const started = Date.now();
  execSync("node scripts/ensure-build.mjs", { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR } });
  const work = fs.mkdtempSync(path.join(os.tmpdir(), "bench-upload-"));
  const dataDir = path.join(work, "data");
  const source = path.join(work, "source.webm");
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = { ...process.env, BUILD_DIR, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, LOG_LEVEL: "warn", NODE_ENV: "production" };
  let server;
  try {
    log(`making a ${mb(SIZE).toFixed(0)} MB source file…`);
    const sourceHash = await makeSource(source);

    // Baseline: the same bytes copied on the same disk.
    let t = performance.now();
    await pipeline(fs.createReadStream(source), fs.createWriteStream(path.join(work, "copy.webm")));
    const copySeconds = (performance.now() - t) / 1000;
    fs.rmSync(path.join(work, "copy.webm"));

    execFileSync(process.execPath, ["scripts/cli.mjs", "admin:create", "--email", ADMIN.email, "--password", ADMIN.password], {
      cwd: root,
      env: { ...env, LOG_LEVEL: "silent" },
      stdio: "pipe",
    });
    server = await startServer(env, port);
    const cookie = await signIn(url);

    // 1. Uninterrupted.
    log("uploading without interruption…");
    let mem = sampler(server.pid);
    t = performance.now();
    const first = await upload(url, cookie, source).done;
    const uploadSeconds = (performance.now() - t) / 1000;
    const firstMem = mem.stop();
    const firstFile = await complete(url, cookie, first);
    const firstStored = path.join(dataDir, "uploads", ...firstFile.filename.split("/"));
    const firstOk = (await sha256(firstStored)) === sourceHash;

    // 2. Killed half-way, restarted, resumed.
    log("uploading again; the server is killed half-way…");
    mem = sampler(server.pid);
    let killedAt = 0;
    let uploadUrl = "";
    const second = upload(url, cookie, source, {
      onProgress(sent, instance) {
        if (!killedAt && sent >= SIZE / 2) {
          killedAt = sent;
          uploadUrl = instance.url;
          server.kill("SIGKILL");
        }
      },
    });
    await second.done.then(
      () => {
        throw new Error("the upload finished although the server was killed");
      },
      () => undefined,
    );
    const secondMem = mem.stop();
    await new Promise((r) => (server.exitCode !== null ? r() : server.once("exit", r)));
    server = await startServer(env, port);
    const head = await fetch(uploadUrl, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0", Cookie: cookie } });
    const resumeOffset = Number(head.headers.get("upload-offset"));
    mem = sampler(server.pid);
    let resumedFrom = -1;
    const resumed = await upload(url, cookie, source, {
      uploadUrl,
      onProgress(sent) {
        if (resumedFrom < 0) resumedFrom = sent;
      },
    }).done;
    const thirdMem = mem.stop();
    const secondFile = await complete(url, cookie, resumed);
    const secondStored = path.join(dataDir, "uploads", ...secondFile.filename.split("/"));
    const resumedHash = await sha256(secondStored);
    const resumeOk = resumedHash === sourceHash;

    const growthMb = Math.max(firstMem.peakKb - firstMem.baseKb, secondMem.peakKb - secondMem.baseKb, thirdMem.peakKb - thirdMem.baseKb) / 1024;
    const throughput = mb(SIZE) / uploadSeconds;
    const copyThroughput = mb(SIZE) / copySeconds;
    const rows = [
      ["file size", `${mb(SIZE).toFixed(0)} MB`],
      ["disk copy (same file)", `${copySeconds.toFixed(2)} s, ${copyThroughput.toFixed(0)} MB/s`],
      ["tus upload, uninterrupted", `${uploadSeconds.toFixed(2)} s, ${throughput.toFixed(0)} MB/s (${((throughput / copyThroughput) * 100).toFixed(0)}% of disk copy)`],
      ["server RSS before → peak (uninterrupted)", `${(firstMem.baseKb / 1024).toFixed(0)} → ${(firstMem.peakKb / 1024).toFixed(0)} MB`],
      ["peak RSS growth while receiving (worst run)", `${growthMb.toFixed(1)} MB (goal < ${RSS_GOAL_MB} MB: ${growthMb < RSS_GOAL_MB ? "met" : "NOT met"})`],
      ["server killed (SIGKILL) at", `${mb(killedAt).toFixed(0)} MB sent by the client`],
      ["after restart the server had", `${mb(resumeOffset).toFixed(0)} MB; the client resumed from ${mb(resumedFrom).toFixed(0)} MB`],
      ["checksums (sha256) equal", `uninterrupted: ${firstOk ? "yes" : "NO"}, resumed: ${resumeOk ? "yes" : "NO"}`],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    console.log();
    for (const [k, v] of rows) console.log(`${k.padEnd(width)}  ${v}`);
    console.log();

    const commit = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
    const doc = path.join(root, "docs/performance.md");
    if (!fs.existsSync(doc)) fs.writeFileSync(doc, "# Performance\n");
    const section = [
      "",
      `## Upload benchmark, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit}`,
      "",
      `Machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, Node ${process.version}, local-disk storage, SQLite. Run: \`npm run bench upload\` (${Math.round((Date.now() - started) / 1000)} s).`,
      "",
      "| measure | result |",
      "| --- | --- |",
      ...rows.map(([k, v]) => `| ${k} | ${v} |`),
      "",
    ].join("\n");
    fs.appendFileSync(doc, section);
    log(`appended to docs/performance.md`);
    if (!firstOk || !resumeOk || resumeOffset <= 0 || resumedFrom < resumeOffset) process.exitCode = 1;
  } finally {
    if (server && server.exitCode === null) server.kill("SIGTERM");
    fs.rmSync(work, { recursive: true, force: true });
  }
}

await main();
