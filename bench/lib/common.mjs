// Helpers the benchmarks share: a production server on a throwaway data
// folder, tables on the terminal, and sections appended to docs/performance.md.
import { execSync, spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

export const root = path.resolve(import.meta.dirname, "../..");
export const BUILD_DIR = process.env.BUILD_DIR ?? "build";

export function ensureBuild() {
  execSync("node scripts/ensure-build.mjs", { cwd: root, stdio: "inherit", env: { ...process.env, BUILD_DIR } });
}

export function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, "127.0.0.1", () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
    s.on("error", reject);
  });
}

export function serverEnv(port, dataDir, extra = {}) {
  const url = `http://127.0.0.1:${port}`;
  return { ...process.env, BUILD_DIR, DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: url, LOG_LEVEL: "warn", NODE_ENV: "production", ...extra };
}

/**
 * Starts `node server.js` (optionally under a command prefix such as
 * `taskset -c 0`) and resolves once `probe` answers 200, with the time from
 * spawn to that first 200. `cwd` is the checkout whose server.js runs (another
 * commit's, to compare builds side by side).
 */
export async function startServer(env, { prefix = [], probe = "/healthz", timeoutMs = 60_000, cwd = root } = {}) {
  const started = performance.now();
  const [command, ...args] = [...prefix, process.execPath, "server.js"];
  const child = spawn(command, args, { cwd, env, stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${env.PORT}`;
  let exited = false;
  child.once("exit", () => (exited = true));
  while (performance.now() - started < timeoutMs) {
    if (exited) throw new Error(`server exited with ${child.exitCode}`);
    try {
      const res = await fetch(url + probe);
      await res.arrayBuffer();
      if (res.status === 200) return { child, url, readyMs: performance.now() - started, readyCpuMs: cpuMs(child.pid) };
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  child.kill("SIGKILL");
  throw new Error(`server did not answer ${probe} within ${timeoutMs} ms`);
}

/**
 * CPU time (user + system, ms) a process has used so far, from /proc. On a
 * shared machine wall-clock figures swing with other work; CPU time per
 * request or per start does much less.
 */
export function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
    // utime and stime are fields 14 and 15 of stat, in clock ticks (100 per second on Linux).
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return NaN;
  }
}

export function stopServer(child) {
  if (!child || child.exitCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    child.once("exit", resolve);
    child.kill("SIGTERM");
    setTimeout(() => child.kill("SIGKILL"), 5000).unref();
  });
}

export function tempDir(prefix) {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}

export function printTable(header, rows) {
  const all = [header, ...rows].map((r) => r.map(String));
  const widths = header.map((_, i) => Math.max(...all.map((r) => r[i].length)));
  console.log();
  for (const [n, r] of all.entries()) {
    console.log(r.map((cell, i) => cell.padEnd(widths[i])).join("  "));
    if (n === 0) console.log(widths.map((w) => "-".repeat(w)).join("  "));
  }
  console.log();
}

/** The machine, and how busy it was: figures taken under load are not comparable. */
export function machine() {
  const load = os.loadavg().map((l) => l.toFixed(1)).join(", ");
  return `${os.cpus().length} × ${os.cpus()[0]?.model?.trim() ?? "CPU"}, Node ${process.version}, load average at the end ${load}`;
}

export function commit() {
  // For a run from an exported copy of the tree, which is not a git checkout.
  if (process.env.BENCH_COMMIT) return process.env.BENCH_COMMIT;
  try {
    const sha = execSync("git rev-parse --short HEAD", { cwd: root }).toString().trim();
    const dirty = execSync("git status --porcelain --untracked-files=no", { cwd: root }).toString().trim();
    return dirty ? `${sha} (with uncommitted changes in the tree)` : sha;
  } catch {
    return "unknown";
  }
}

/** Appends a dated section with one or more tables to docs/performance.md. */
export function appendReport(title, intro, tables) {
  // Exploratory runs (while changing the code) can leave the record alone.
  if (process.env.BENCH_NO_REPORT === "1") return console.log("not appended (BENCH_NO_REPORT=1)");
  const doc = path.join(root, "docs/performance.md");
  if (!fs.existsSync(doc)) fs.writeFileSync(doc, "# Performance\n");
  const lines = ["", `## ${title}, ${new Date().toISOString().slice(0, 16).replace("T", " ")} UTC, commit ${commit()}`, "", intro, ""];
  for (const { header, rows, caption } of tables) {
    if (caption) lines.push(caption, "");
    lines.push(`| ${header.join(" | ")} |`, `| ${header.map(() => "---").join(" | ")} |`, ...rows.map((r) => `| ${r.join(" | ")} |`), "");
  }
  fs.appendFileSync(doc, lines.join("\n"));
  console.log("appended to docs/performance.md");
}
