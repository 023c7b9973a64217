import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

/**
 * End-to-end tests drive the production build in real Chromium: Debian's
 * (CHROMIUM_PATH or /usr/bin/chromium), else Playwright's own browser.
 */
const chromiumPath = [process.env.CHROMIUM_PATH, "/usr/bin/chromium"].find((p) => p && fs.existsSync(p));
const port = Number(process.env.E2E_PORT ?? 4173);
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-"));
process.env.E2E_DATA_DIR = dataDir;

export default defineConfig({
  testDir: "e2e",
  // The engine pass of .ci/run (PostgreSQL + S3) skips specs that only render
  // built-in pages, and the SMTP-delivery ones: those start a second server on
  // a data folder of its own, which with DATABASE_URL would share (and fight
  // over) the first server's database and job queue.
  testIgnore: process.env.E2E_ENGINE_PASS ? ["**/foundation.spec.ts", "**/public-site.spec.ts", "**/budget.spec.ts", "**/inline-css.spec.ts", "**/admin-mail.spec.ts"] : undefined,
  grepInvert: process.env.E2E_ENGINE_PASS ? /over SMTP/ : undefined,
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [["list"]] : [["list"]],
  outputDir: "test-results",
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: "retain-on-failure",
    screenshot: "only-on-failure",
    launchOptions: {
      executablePath: chromiumPath,
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--disable-quic",
        "--no-first-run",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: "node server.js",
    url: `http://127.0.0.1:${port}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: {
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
    },
  },
});
