import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadSecrets } from "./env.server";

describe("the site's secret (secrets.json)", () => {
  const saved = process.env.AUTH_SECRET;
  afterEach(() => {
    if (saved === undefined) delete process.env.AUTH_SECRET;
    else process.env.AUTH_SECRET = saved;
  });
  const folder = () => fs.mkdtempSync(path.join(os.tmpdir(), "site-secrets-"));

  it("is made once, kept private, and read back the same", () => {
    delete process.env.AUTH_SECRET;
    const dir = folder();
    const first = loadSecrets(dir);
    expect(first.authSecret.length).toBeGreaterThanOrEqual(32);
    expect(fs.statSync(path.join(dir, "secrets.json")).mode & 0o777).toBe(0o600);
    expect(loadSecrets(dir)).toEqual(first);
  });

  it("refuses a secrets.json with no usable secret rather than replace it (which would lock out two-factor admins)", () => {
    delete process.env.AUTH_SECRET;
    for (const content of ['{"authSecret":"too short"}', "not json at all", "{}"]) {
      const dir = folder();
      fs.writeFileSync(path.join(dir, "secrets.json"), content);
      expect(() => loadSecrets(dir)).toThrow(/holds no usable secret/);
      expect(fs.readFileSync(path.join(dir, "secrets.json"), "utf8")).toBe(content);
    }
  });

  it("takes AUTH_SECRET over the file when set", () => {
    process.env.AUTH_SECRET = "an-auth-secret-from-the-environment-0123456789";
    expect(loadSecrets(folder())).toEqual({ authSecret: "an-auth-secret-from-the-environment-0123456789" });
  });
});
