// Records what visitors read on every public page of a fresh install into
// test/fixtures/public-text.json: run against the production build (BUILD_DIR)
// before changing how pages are put together; public-text.integration.test.ts
// then compares the rebuilt pages with it.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { capturePublicText } from "../test/public-text.mjs";

const root = path.resolve(import.meta.dirname, "..");
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "public-text-"));
const port = await new Promise((resolve) => {
  const server = net.createServer().listen(0, "127.0.0.1", () => {
    const { port } = server.address();
    server.close(() => resolve(port));
  });
});
const origin = `http://127.0.0.1:${port}`;
const child = spawn(process.execPath, ["server.js"], {
  cwd: root,
  env: { ...process.env, DATABASE_URL: "", DATA_DIR: dataDir, PORT: String(port), HOST: "127.0.0.1", PUBLIC_URL: origin, NODE_ENV: "production", LOG_LEVEL: "warn", AUTH_SECRET: "public-text-capture-secret-0123456789" },
  stdio: ["ignore", "ignore", "inherit"],
});
try {
  let up = false;
  for (let i = 0; i < 150 && !up; i++) {
    up = await fetch(`${origin}/healthz`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 200));
  }
  if (!up) throw new Error("the site did not start");
  const pages = await capturePublicText(origin);
  const out = path.join(root, "test/fixtures/public-text.json");
  fs.writeFileSync(out, `${JSON.stringify(pages, null, 2)}\n`);
  console.log(`${Object.keys(pages).length} pages recorded in ${path.relative(root, out)}`);
} finally {
  child.kill();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
