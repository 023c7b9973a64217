import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../test/engines";
import { ensureProductionBuild, type SiteProcess, startSiteProcess, stopSiteProcesses } from "../test/site-process";
import { timedRequest } from "../test/timed-request";

/**
 * A form body with a million fields, against the production server: it is
 * refused (413, in words) before anything parses it, on every route, and
 * the server stays free for everyone else meanwhile.
 *
 * Timing bounds: refusing a body costs reading its first piece (about a
 * millisecond of the server's time); before these limits, parsing a
 * million fields took 0.4–1.4 s here and four such bodies held /healthz for
 * over 5 s. Each case is timed several times: the median must be under
 * 50 ms and the slowest under 300 ms, so a test machine busy with other
 * work passes while a regression to parsing (every attempt ≥ 400 ms) fails.
 */

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

describeEachEngine("form bodies refused before parsing", (getDb) => {
  let site: SiteProcess;

  beforeAll(async () => {
    ensureProductionBuild();
    // TRUST_PROXY=1: each request speaks from its own address, so no per-address limit answers for the body limits.
    site = await startSiteProcess({ DATA_DIR: getDb().dataDir, DATABASE_URL: getDb().url, TRUST_PROXY: "1" });
  }, 240_000);
  afterAll(() => stopSiteProcesses(site));

  const send = (method: string, path: string, from: string, options: { headers?: Record<string, string>; body?: Buffer | string | Buffer[] } = {}) =>
    timedRequest(site.url, method, path, { ...options, headers: { "X-Forwarded-For": from, Origin: site.url, ...options.headers } });
  const form = { "Content-Type": "application/x-www-form-urlencoded" };
  /** A million empty fields in 2 MB: under the staff area's size limit, so only counting them can refuse it quickly. */
  const millionFields = Buffer.from("a&".repeat(1_000_000));
  /** The same fields as they stream in, without a declared length. */
  const millionFieldsStreamed = () => Array.from({ length: 1000 }, () => Buffer.from("a=&".repeat(1000)));

  it("refuses a million-field form with 413 in words, in well under 50 ms, on any route, while /healthz answers at once", async () => {
    // Warm the process up (the first request loads modules), so the timings below measure the limits.
    await send("POST", "/theme", "192.0.2.1", { headers: form, body: "theme=dark" });
    for (const path of ["/theme", "/contact", "/volunteer/apply", "/admin/content"]) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const declared = await send("POST", path, `192.0.2.${10 + i}`, { headers: form, body: millionFields });
        expect([declared.status, declared.body], path).toEqual([413, expect.stringMatching(/too (many fields|large)/)]);
        const streamed = await send("POST", path, `192.0.2.${20 + i}`, { headers: form, body: millionFieldsStreamed() });
        expect([streamed.status, streamed.body], path).toEqual([413, expect.stringMatching(/too many fields/)]);
        times.push(declared.ms, streamed.ms);
      }
      expect(median(times), path).toBeLessThan(50);
      expect(Math.max(...times), path).toBeLessThan(300);
    }

    // Four at once, as the review sent them, and the liveness check meanwhile.
    const health: number[] = [];
    for (let round = 0; round < 3; round++) {
      const floods = [1, 2, 3, 4].map((n) => send("POST", "/admin/content", `192.0.2.${30 + 4 * round + n}`, { headers: form, body: millionFields }));
      const check = await send("GET", "/healthz", "192.0.2.50");
      expect([check.status, check.body]).toEqual([200, "ok"]);
      health.push(check.ms);
      for (const flood of await Promise.all(floods)) {
        expect(flood.status).toBe(413);
        expect(flood.ms).toBeLessThan(300);
      }
    }
    expect(median(health)).toBeLessThan(50);
    expect(Math.max(...health)).toBeLessThan(300);
  });

  it("refuses a small form with more fields than any form has, which no size limit would catch", async () => {
    const refused = await send("POST", "/theme", "192.0.2.9", { headers: form, body: `theme=dark${"&a=".repeat(1000)}` });
    expect([refused.status, refused.body]).toEqual([413, expect.stringMatching(/too many fields/)]);
    const fine = await send("POST", "/theme", "192.0.2.9", { headers: form, body: "theme=dark" });
    expect(fine.status).toBe(200);
    expect(fine.headers["set-cookie"]?.join()).toMatch(/theme=dark/);
  });
});
