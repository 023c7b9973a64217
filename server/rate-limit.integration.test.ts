import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../test/engines";
import { cookiesOf, ensureProductionBuild, type SiteProcess, startSiteProcess, stopSiteProcesses } from "../test/site-process";
import { type TimedAnswer, timedRequest } from "../test/timed-request";

/**
 * One address asking the production server for more uncached pages, or
 * sending more forms without a session, than a person ever would is told
 * to wait (429 with Retry-After and a page in words), without touching
 * other addresses, cached pages, health checks or signed-in staff.
 *
 * The server runs with TRUST_PROXY=1 so that each test speaks from
 * addresses of its own (X-Forwarded-For) and spends no other test's
 * allowance.
 */

const ADMIN = { email: "request-limits@example.org", password: "copper kettle sings at dawn 47" };

describeEachEngine("per-address limits on anonymous requests", (getDb) => {
  let site: SiteProcess;

  beforeAll(async () => {
    ensureProductionBuild();
    site = await startSiteProcess({ DATA_DIR: getDb().dataDir, DATABASE_URL: getDb().url, TRUST_PROXY: "1" });
  }, 240_000);
  afterAll(() => stopSiteProcesses(site));

  const send = (method: string, path: string, from: string, options: { headers?: Record<string, string>; body?: Buffer | string } = {}) =>
    timedRequest(site.url, method, path, { ...options, headers: { "X-Forwarded-For": from, Origin: site.url, ...options.headers } });
  const form = { "Content-Type": "application/x-www-form-urlencoded" };

  it("answers an address that asks for too many uncached pages 429 with Retry-After, and no other address or cached page", async () => {
    // The home page, stored by the cache before the address runs out.
    expect((await send("GET", "/", "198.51.100.7")).status).toBe(200);
    const started = performance.now();
    let served = 0;
    let refused: TimedAnswer | undefined;
    // robots.txt is rendered on every request (never cached) and is cheap, so the loop measures the limit, not rendering.
    for (let i = 0; i < 200 && !refused; i++) {
      const answer = await send("GET", "/robots.txt", "198.51.100.7");
      if (answer.status === 429) refused = answer;
      else {
        expect(answer.status).toBe(200);
        served++;
      }
    }
    const seconds = (performance.now() - started) / 1000;
    // A burst of 60 (the home page took one), plus what refilled at 2 a second while the loop ran.
    expect(served).toBeGreaterThanOrEqual(59);
    expect(served).toBeLessThanOrEqual(59 + Math.ceil(2 * seconds) + 1);
    expect(refused!.headers["retry-after"]).toMatch(/^[1-9]\d*$/);
    expect(refused!.headers["content-type"]).toMatch(/^text\/html/);
    expect(refused!.headers["cache-control"]).toBe("no-store");
    expect(refused!.body).toMatch(/Too many requests/);
    expect(refused!.body).toMatch(/Please wait \d+ seconds? and try again/);

    // The cached page is still served to that address, and a neighbour's pages are not held.
    expect((await send("GET", "/", "198.51.100.7")).status).toBe(200);
    expect((await send("GET", "/robots.txt", "198.51.100.8")).status).toBe(200);
    // Health checks are never limited.
    expect((await send("GET", "/healthz", "198.51.100.7")).status).toBe(200);
    expect((await send("GET", "/readyz", "198.51.100.7")).status).toBe(200);
  });

  it("never limits the machine's own address", async () => {
    // No X-Forwarded-For: the socket's address, as for a proxy on this machine with TRUST_PROXY unset, where every visitor would share it.
    for (let i = 0; i < 80; i++) expect((await timedRequest(site.url, "GET", "/robots.txt")).status).toBe(200);
    for (let i = 0; i < 25; i++) expect((await timedRequest(site.url, "POST", "/theme", { headers: { ...form, Origin: site.url }, body: "theme=dark" })).status).toBe(200);
  });

  it("counts an IPv6 visitor by its /64", async () => {
    let served = 0;
    for (let i = 0; i < 200; i++) {
      // Every request from another address in the same /64, as a host hopping through its privacy addresses would.
      if ((await send("GET", "/robots.txt", `2001:db8:5:6::${(i + 1).toString(16)}`)).status === 429) break;
      served++;
    }
    expect(served).toBeGreaterThanOrEqual(60);
    expect(served).toBeLessThan(200);
    expect((await send("GET", "/robots.txt", "2001:db8:5:7::1")).status).toBe(200);
  });

  it("answers sessionless forms past the burst 429 before reading them", async () => {
    const from = "203.0.113.50";
    let accepted = 0;
    let refused: TimedAnswer | undefined;
    for (let i = 0; i < 100 && !refused; i++) {
      const answer = await send("POST", "/theme", from, { headers: form, body: "theme=dark" });
      if (answer.status === 429) refused = answer;
      else accepted++;
    }
    // A burst of 20; one more comes back every 6 seconds.
    expect(accepted).toBeGreaterThanOrEqual(20);
    expect(accepted).toBeLessThanOrEqual(22);
    expect(Number(refused!.headers["retry-after"])).toBeGreaterThanOrEqual(1);
    expect(Number(refused!.headers["retry-after"])).toBeLessThanOrEqual(6);
    expect(refused!.body).toMatch(/Too many requests/);
    // A form from that address is refused before it is read, whatever it holds, and a forged session cookie is no session.
    const flood = await send("POST", "/contact", from, { headers: form, body: Buffer.from("a&".repeat(1_000_000)) });
    expect([flood.status, flood.body]).toEqual([429, expect.stringMatching(/Too many requests/)]);
    const forged = await send("POST", "/theme", from, { headers: { ...form, Cookie: "site.session_token=forged.token" }, body: "theme=dark" });
    expect(forged.status).toBe(429);
    // Reading pages is another allowance.
    expect((await send("GET", "/robots.txt", from)).status).toBe(200);
  });

  it("never limits signed-in staff, even on an address that has run out", async () => {
    // An office behind one connection: a visitor there has used up the address's allowances.
    const from = "203.0.113.60";
    while ((await send("GET", "/robots.txt", from)).status !== 429);
    while ((await send("POST", "/theme", from, { headers: form, body: "theme=dark" })).status !== 429);

    const created = await send("POST", "/login", "203.0.113.61", { headers: form, body: new URLSearchParams({ intent: "create-admin", email: ADMIN.email, password: ADMIN.password, confirm: ADMIN.password }).toString() });
    expect(created.status, created.body.slice(0, 500)).toBe(302);
    const login = await fetch(`${site.url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: site.url, "X-Forwarded-For": "203.0.113.61" },
      body: new URLSearchParams({ intent: "sign-in", ...ADMIN, redirectTo: "/admin" }),
    });
    const cookie = cookiesOf(login);
    expect([login.status, cookie]).toEqual([302, expect.stringContaining("session_token")]);

    const started = performance.now();
    for (let i = 0; i < 5; i++) expect((await send("GET", "/admin", from, { headers: { Cookie: cookie } })).status).toBe(200);
    // robots.txt is rendered on every request and cheap, so many fit in the time the address would earn a few back.
    for (let i = 0; i < 95; i++) expect((await send("GET", "/robots.txt", from, { headers: { Cookie: cookie } })).status).toBe(200);
    for (let i = 0; i < 10; i++) expect((await send("POST", "/theme", from, { headers: { ...form, Cookie: cookie }, body: "theme=light" })).status).toBe(200);
    const seconds = (performance.now() - started) / 1000;
    // Only meaningful if the address could not have earned that many back meanwhile (2 pages a second, a form every 6).
    expect(2 * seconds + 1, "the machine was too slow for this test to show anything").toBeLessThan(100);
    expect(seconds / 6 + 1).toBeLessThan(10);
  }, 120_000);
});
