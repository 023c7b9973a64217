import { spawnSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";

const root = path.resolve(import.meta.dirname, "..");

/**
 * Operator commands (npm run backup, admin:create, restore) run beside the
 * site. A rebuild would delete the build the running site serves from, so
 * with --if-missing a build that exists is used even when the source is
 * newer, and said so.
 */
describe("ensure-build --if-missing", () => {
  it("leaves an existing build alone, however old, and says it is older than the source", () => {
    const buildDir = fs.mkdtempSync(path.join(os.tmpdir(), "old-build-"));
    const marker = path.join(buildDir, "server/index.js");
    fs.mkdirSync(path.dirname(marker), { recursive: true });
    fs.writeFileSync(marker, "// the build the running site serves from\n");
    const longAgo = new Date("2001-01-01T00:00:00Z");
    fs.utimesSync(marker, longAgo, longAgo);

    try {
      const run = spawnSync(process.execPath, ["scripts/ensure-build.mjs", "--if-missing"], {
        cwd: root,
        env: { ...process.env, BUILD_DIR: buildDir },
        encoding: "utf8",
        timeout: 20_000,
      });
      expect(run.status).toBe(0);
      expect(run.stdout).not.toContain("Building the site");
      expect(run.stderr).toContain("the source is newer than the build; using the build the site runs");
      expect(fs.readFileSync(marker, "utf8")).toBe("// the build the running site serves from\n");
      expect(fs.readdirSync(buildDir)).toEqual(["server"]);
    } finally {
      fs.rmSync(buildDir, { recursive: true, force: true });
    }
  });
});
