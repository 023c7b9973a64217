import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { captureLogs } from "../../test/capture-logs";
import { loadSecrets, parseEnv } from "./env.server";

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

describe("the site's address and secret from the environment", () => {
  it("takes an origin for PUBLIC_URL, trailing slash or not", () => {
    expect(parseEnv({ PUBLIC_URL: "https://www.example.org/" }).PUBLIC_URL).toBe("https://www.example.org");
    expect(parseEnv({ PUBLIC_URL: "http://127.0.0.1:3000" }).PUBLIC_URL).toBe("http://127.0.0.1:3000");
  });

  it("refuses a PUBLIC_URL every e-mailed link would be wrong with, naming it", () => {
    for (const bad of ["localhost:3000", "www.example.org", "ftp://example.org", "https://example.org/site", "https://example.org/?a=1", "HTTPS://example.org"]) {
      expect(() => parseEnv({ PUBLIC_URL: bad }), bad).toThrow(/PUBLIC_URL: must be the site's origin/);
    }
  });

  it("refuses a TRUST_PROXY or PAGE_CACHE it would otherwise read as off, naming it", () => {
    expect(parseEnv({ TRUST_PROXY: "1" }).TRUST_PROXY).toBe("1");
    expect(parseEnv({ TRUST_PROXY: "" }).TRUST_PROXY).toBeUndefined();
    for (const bad of ["true", "yes", "on"]) expect(() => parseEnv({ TRUST_PROXY: bad }), bad).toThrow(/TRUST_PROXY: must be 1 when a reverse proxy sits in front/);
    expect(parseEnv({ PAGE_CACHE: "off" }).PAGE_CACHE).toBe("off");
    expect(() => parseEnv({ PAGE_CACHE: "false" })).toThrow(/PAGE_CACHE: must be on or off/);
  });

  it("refuses a PostgreSQL pool of one connection, on which a backup would wait for ever for its lock's second one", () => {
    expect(parseEnv({}).DATABASE_POOL_MAX).toBe(10);
    expect(parseEnv({ DATABASE_POOL_MAX: "4" }).DATABASE_POOL_MAX).toBe(4);
    for (const bad of ["1", "0", "two"]) expect(() => parseEnv({ DATABASE_POOL_MAX: bad }), bad).toThrow(/DATABASE_POOL_MAX: /);
    expect(() => parseEnv({ DATABASE_POOL_MAX: "1" })).toThrow(/must be at least 2/);
  });

  it("takes an AUTH_SECRET shorter than 32 characters (the site's data needs it) but says loudly to replace it", () => {
    const saved = process.env.AUTH_SECRET;
    process.env.AUTH_SECRET = "short-secret";
    const logs = captureLogs();
    try {
      expect(loadSecrets(fs.mkdtempSync(path.join(os.tmpdir(), "site-secrets-")))).toEqual({ authSecret: "short-secret" });
      logs.stop();
      expect(logs.text()).toMatch(/AUTH_SECRET is shorter than 32 characters/);
      expect(logs.text()).not.toContain("short-secret");
    } finally {
      logs.stop();
      if (saved === undefined) delete process.env.AUTH_SECRET;
      else process.env.AUTH_SECRET = saved;
    }
  });
});

describe("JOB_STALE_SECONDS", () => {
  it("is five minutes unless set, and a whole number of seconds from 1", () => {
    expect(parseEnv({}).JOB_STALE_SECONDS).toBe(300);
    expect(parseEnv({ JOB_STALE_SECONDS: "90" }).JOB_STALE_SECONDS).toBe(90);
    expect(() => parseEnv({ JOB_STALE_SECONDS: "0" })).toThrow("JOB_STALE_SECONDS: must be at least 1 second");
    expect(() => parseEnv({ JOB_STALE_SECONDS: "five" })).toThrow(/JOB_STALE_SECONDS/);
  });
});
