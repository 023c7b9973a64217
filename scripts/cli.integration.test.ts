import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, it } from "vitest";
import { buildDir, ensureProductionBuild, root } from "../test/site-process";

/**
 * The operator commands find the build wherever BUILD_DIR says, relative to
 * the project folder or absolute, as the server does.
 */
it("runs an operator command from a build named by an absolute BUILD_DIR", () => {
  ensureProductionBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "cli-build-dir-"));
  try {
    const printed = execFileSync(process.execPath, ["scripts/cli.mjs", "migrate"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: path.resolve(root, buildDir), DATA_DIR: dataDir, LOG_LEVEL: "silent", NODE_ENV: "production" },
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(printed).toContain("Database is up to date.");
    expect(fs.existsSync(path.join(dataDir, "site.db"))).toBe(true);
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}, 240_000);
