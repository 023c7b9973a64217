import fs from "node:fs";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../test/engines";
import { ensureProductionBuild, type SiteProcess, startSiteProcess, stopSiteProcesses } from "../test/site-process";
import { timedRequest } from "../test/timed-request";

/**
 * A form body with a million fields, against the production server: it is
 * refused (413, in words) before anything parses it, on every route, and
 * the server stays free for everyone else meanwhile.
 *
 * Before these limits each such body cost the server 0.35–1.4 s of CPU
 * parsing it, and four at once held /healthz for over 5 s. Two measures:
 * - the server's own CPU time (from /proc), which a busy test machine
 *   hardly changes: refusing one costs about 3 ms, but the process's
 *   background work (jobs, timers) is counted too while the test runs, so
 *   the bound is 100 ms a body on average, against 350 ms or more before;
 * - time to the answer, the median of several: under 50 ms on an idle
 *   machine. A machine running other suites at once slows every answer, so
 *   the bound grows by three times what /healthz alone takes just before
 *   (about 2 ms when idle); parsing again would still be far above it.
 */

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** CPU time (user and system) a process has used so far, in milliseconds (Linux clock ticks are 10 ms). */
function cpuMs(pid: number): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Waits (10 s at most) until the server has done its start-up work: under a tenth of a core over 300 ms. */
async function untilIdle(pid: number): Promise<void> {
  for (let i = 0; i < 30; i++) {
    const before = cpuMs(pid);
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (cpuMs(pid) - before <= 30) return;
  }
}

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
    await untilIdle(site.process.pid!);
    const idle: number[] = [];
    for (let i = 0; i < 5; i++) idle.push((await send("GET", "/healthz", "192.0.2.2")).ms);
    const allowance = 50 + 3 * median(idle);

    const cpuBefore = cpuMs(site.process.pid!);
    let bodies = 0;
    for (const path of ["/theme", "/contact", "/volunteer/apply", "/admin/content"]) {
      const times: number[] = [];
      for (let i = 0; i < 5; i++) {
        const declared = await send("POST", path, `192.0.2.${10 + i}`, { headers: form, body: millionFields });
        expect([declared.status, declared.body], path).toEqual([413, expect.stringMatching(/too (many fields|large)/)]);
        const streamed = await send("POST", path, `192.0.2.${20 + i}`, { headers: form, body: millionFieldsStreamed() });
        expect([streamed.status, streamed.body], path).toEqual([413, expect.stringMatching(/too many fields/)]);
        times.push(declared.ms, streamed.ms);
        bodies += 2;
      }
      expect(median(times), `${path}: ${times.map(Math.round).join(", ")} ms`).toBeLessThan(allowance);
    }

    // Four at once, as the review sent them, and the liveness check meanwhile.
    const health: number[] = [];
    for (let round = 0; round < 3; round++) {
      const floods = [1, 2, 3, 4].map((n) => send("POST", "/admin/content", `192.0.2.${30 + 4 * round + n}`, { headers: form, body: millionFields }));
      const check = await send("GET", "/healthz", "192.0.2.50");
      expect([check.status, check.body]).toEqual([200, "ok"]);
      health.push(check.ms);
      for (const flood of await Promise.all(floods)) expect(flood.status).toBe(413);
      bodies += 4;
    }
    expect(median(health), `/healthz: ${health.map(Math.round).join(", ")} ms`).toBeLessThan(allowance);
    expect((cpuMs(site.process.pid!) - cpuBefore) / bodies).toBeLessThan(100);
  });

  it("refuses a small form with more fields than any form has, which no size limit would catch", async () => {
    const refused = await send("POST", "/theme", "192.0.2.9", { headers: form, body: `theme=dark${"&a=".repeat(1000)}` });
    expect([refused.status, refused.body]).toEqual([413, expect.stringMatching(/too many fields/)]);
    const fine = await send("POST", "/theme", "192.0.2.9", { headers: form, body: "theme=dark" });
    expect(fine.status).toBe(200);
    expect(fine.headers["set-cookie"]?.join()).toMatch(/theme=dark/);
  });
});
