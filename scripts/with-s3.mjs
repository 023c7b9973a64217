// Runs a command with uploaded files stored in a throwaway S3-compatible
// server on a free loopback port: node scripts/with-s3.mjs <command…>.
// The command gets the site's own S3_* variables, so a server it starts (an
// end-to-end run, a test that spawns the production build) keeps its files
// there. If S3_ENDPOINT is already set, the command just runs against it.
//
// The server is moto's (`moto_server`, Python) when the machine has it: it
// implements the whole multipart API, including ListParts, which resumable
// uploads straight into the bucket (@tus/s3-store) need. Otherwise it is
// s3rver from our npm dev dependencies, which lacks ListParts: everything
// but resumable library uploads works against it (see docs/decisions/004).
import { spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error("usage: node scripts/with-s3.mjs <command…>");
  process.exit(2);
}

function run(cmd, env) {
  return new Promise((resolve) => {
    const child = spawn(cmd[0], cmd.slice(1), { stdio: "inherit", env: { ...process.env, ...env } });
    const forward = (signal) => child.kill(signal);
    process.on("SIGINT", forward);
    process.on("SIGTERM", forward);
    child.on("exit", (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });
}

if (process.env.S3_ENDPOINT) process.exit(await run(command, {}));

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

const BUCKET = "media";
const REGION = "us-east-1";

async function startMoto() {
  const port = await freePort();
  const child = spawn(moto[0], [...moto.slice(1), "-H", "127.0.0.1", "-p", String(port)], { stdio: "ignore" });
  const endpoint = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    try {
      if ((await fetch(endpoint)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill();
      throw new Error("moto_server did not start");
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const credentials = { accessKeyId: "test", secretAccessKey: "test" };
  const client = new S3Client({ endpoint, region: REGION, forcePathStyle: true, credentials });
  await client.send(new CreateBucketCommand({ Bucket: BUCKET }));
  client.destroy();
  return {
    name: "moto",
    endpoint,
    credentials,
    stop: () => new Promise((resolve) => (child.exitCode !== null ? resolve() : (child.once("exit", resolve), child.kill()))),
  };
}

async function startS3rver() {
  const { default: S3rver } = await import("s3rver");
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), "s3rver-"));
  const server = new S3rver({ port: 0, address: "127.0.0.1", silent: true, directory, configureBuckets: [{ name: BUCKET, configs: [] }] });
  const { port } = await server.run();
  return {
    name: "s3rver",
    endpoint: `http://127.0.0.1:${port}`,
    credentials: { accessKeyId: "S3RVER", secretAccessKey: "S3RVER" },
    stop: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}

/** moto_server on PATH, else moto run by a Python that has it (e.g. pyenv's, when its shims are not on PATH). */
function findMoto() {
  if (spawnSync("moto_server", ["--help"], { stdio: "ignore" }).status === 0) return ["moto_server"];
  const home = os.homedir();
  for (const python of ["python3", path.join(home, ".pyenv/shims/python3"), "/usr/local/bin/python3"]) {
    if (spawnSync(python, ["-c", "import moto.server, flask"], { stdio: "ignore" }).status === 0) return [python, "-m", "moto.server"];
  }
  return null;
}

const moto = findMoto();
const hasMoto = moto !== null;
const s3 = hasMoto ? await startMoto() : await startS3rver();
if (!hasMoto) console.warn("with-s3: moto_server not found, using s3rver (no ListParts: resumable uploads into S3 will fail)");
console.log(`with-s3: ${s3.name} at ${s3.endpoint}, bucket ${BUCKET}`);

let status = 1;
try {
  status = await run(command, {
    S3_ENDPOINT: s3.endpoint,
    S3_REGION: REGION,
    S3_BUCKET: BUCKET,
    S3_ACCESS_KEY_ID: s3.credentials.accessKeyId,
    S3_SECRET_ACCESS_KEY: s3.credentials.secretAccessKey,
    // Tests can tell which server they have (only moto speaks ListParts).
    TEST_S3_SERVER: s3.name,
  });
} finally {
  await s3.stop();
}
process.exit(status);
