// Runs a command against a throwaway PostgreSQL cluster on a free loopback
// port: node scripts/with-postgres.mjs <command…>. If TEST_DATABASE_URL is
// already set, the command just runs against that server.
import { execFileSync, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: node scripts/with-postgres.mjs <command…>");
  process.exit(2);
}

function findBin(name) {
  const onPath = spawnSync("sh", ["-c", `command -v ${name}`], { encoding: "utf8" }).stdout.trim();
  if (onPath) return onPath;
  const root = "/usr/lib/postgresql";
  if (fs.existsSync(root)) {
    for (const version of fs.readdirSync(root).sort().reverse()) {
      const candidate = path.join(root, version, "bin", name);
      if (fs.existsSync(candidate)) return candidate;
    }
  }
  throw new Error(`${name} not found: install PostgreSQL (e.g. apt-get install -y postgresql)`);
}

function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

function run(cmd, env) {
  const result = spawnSync(cmd[0], cmd.slice(1), { stdio: "inherit", env: { ...process.env, ...env }, shell: false });
  return result.status ?? 1;
}

if (process.env.TEST_DATABASE_URL) process.exit(run(command, {}));

const isRoot = process.getuid?.() === 0;
// initdb refuses to run as root: the cluster belongs to the postgres user then.
const asPg = (bin, args) => (isRoot ? ["runuser", "-u", "postgres", "--", bin, ...args] : [bin, ...args]);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), "pg-test-"));
if (isRoot) execFileSync("chown", ["postgres:postgres", dir]);
const dataDir = path.join(dir, "data");
const port = await freePort();
const initdb = findBin("initdb");
const pgCtl = findBin("pg_ctl");
const exec = (cmd) => execFileSync(cmd[0], cmd.slice(1), { stdio: ["ignore", "ignore", "inherit"] });

let status = 1;
try {
  exec(asPg(initdb, ["-D", dataDir, "-U", "postgres", "--auth=trust", "--encoding=UTF8", "--no-sync"]));
  exec(
    asPg(pgCtl, [
      "-D", dataDir, "-l", path.join(dir, "server.log"), "-w", "-o",
      `-p ${port} -c listen_addresses=127.0.0.1 -k ${dir} -c fsync=off -c full_page_writes=off -c max_connections=200`,
      "start",
    ]),
  );
  status = run(command, { TEST_DATABASE_URL: `postgres://postgres@127.0.0.1:${port}/postgres` });
} finally {
  try {
    exec(asPg(pgCtl, ["-D", dataDir, "-m", "immediate", "stop"]));
  } catch {
    // already stopped
  }
  fs.rmSync(dir, { recursive: true, force: true });
}
process.exit(status);
