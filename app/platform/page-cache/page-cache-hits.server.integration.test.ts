import crypto from "node:crypto";
import zlib from "node:zlib";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { rawRequest, type RawResponse } from "../../../test/raw-http";
import { createFirstAdmin, type SiteProcess, startTwoSiteProcesses, stopSiteProcesses } from "../../../test/site-process";
import { EVENT_CATEGORIES } from "#app/content/site";

/**
 * Page-cache hits answered before Hono (page-cache-hits.server.ts), against
 * the production build: what a visitor gets from a hit must be what the
 * miss that stored the page gave, and what Hono's own cache path gives (a
 * request with an absolute target, which the fast path leaves to Hono),
 * header for header and byte for byte. Two processes share one database,
 * so a save through one must end the other's hits within the version
 * check's interval.
 */

const ADMIN = { email: "fast-hits-admin@example.org", password: "kingfishers on the hebble" };

type Raw = RawResponse;

/** Headers that differ on every answer, left out when two answers are compared. */
const VARYING = ["date", "x-request-id", "x-cache"];

/** One request written byte for byte (fetch would decompress, and cannot send an absolute target), read to the end. */
async function raw(server: SiteProcess, method: string, target: string, headers: Record<string, string> = {}): Promise<Raw> {
  const lines = [`${method} ${target} HTTP/1.1`, `Host: 127.0.0.1:${server.port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
  const answer = await rawRequest(server.port, lines.join("\r\n"));
  return { ...answer, headers: answer.headers.filter(([name]) => !VARYING.includes(name.toLowerCase())) };
}

const decoded = (r: Raw) =>
  (r.get("content-encoding") === "br" ? zlib.brotliDecompressSync(r.body) : r.get("content-encoding") === "gzip" ? zlib.gunzipSync(r.body) : r.body).toString("utf8");

describeEachEngine("page-cache hits answered before Hono", (getDb) => {
  let a: SiteProcess;
  let b: SiteProcess;

  beforeAll(async () => {
    [a, b] = await startTwoSiteProcesses(getDb());
  }, 240_000);

  afterAll(async () => {
    await stopSiteProcesses(a, b);
  });

  it("answers a hit in every encoding with the status, headers and bytes of the miss that stored it and of Hono's own cache path", async () => {
    // Theme copies, which are not prepared ahead (prerender.server.ts): the first view of each is the miss that stores it.
    const variants: [string, Record<string, string>][] = [
      ["/donate", { "Accept-Encoding": "gzip, deflate, br", Cookie: "theme=dark" }],
      ["/terms", { "Accept-Encoding": "gzip", Cookie: "theme=light" }],
      ["/join-us", { Cookie: "theme=dark" }],
    ];
    const pages: string[] = [];
    for (const [page, headers] of variants) {
      const miss = await raw(a, "GET", page, headers);
      expect([miss.status, miss.get("x-cache")]).toEqual([200, "miss"]);
      // The stored brotli copy is redone at quality 11 once the page is first served from memory (a new, smaller length); let that land.
      if (miss.get("content-encoding") === "br") {
        const started = Date.now();
        while (Number((await raw(a, "GET", page, headers)).get("content-length")) >= Number(miss.get("content-length")) && Date.now() - started < 15_000) {
          await new Promise((r) => setTimeout(r, 100));
        }
      }
      const hit = await raw(a, "GET", page, headers);
      const viaHono = await raw(a, "GET", `${a.url}${page}`, headers);
      expect([hit.get("x-cache"), viaHono.get("x-cache")], page).toEqual(["hit", "hit"]);
      expect(hit.status).toBe(200);
      expect(hit.headers, `${page}: fast path and Hono send the same headers`).toEqual(viaHono.headers);
      expect(hit.body.equals(viaHono.body), `${page}: and the same bytes`).toBe(true);
      const without = (r: Raw, name: string) => r.headers.filter(([n]) => n !== name);
      if (miss.get("content-encoding") === "br") expect(without(hit, "content-length"), page).toEqual(without(miss, "content-length"));
      else {
        expect(hit.headers, `${page}: the hit sends what the miss sent`).toEqual(miss.headers);
        expect(hit.body.equals(miss.body)).toBe(true);
      }
      expect(Number(hit.get("content-length"))).toBe(hit.body.length);
      expect(decoded(hit)).toBe(decoded(miss));
      pages.push(decoded(hit));
    }
    for (const html of pages) expect(html.startsWith("<!DOCTYPE html>")).toBe(true);

    // The same page in all three encodings decompresses to the same HTML.
    const [br, gzip, identity] = await Promise.all(["br", "gzip", "identity"].map((e) => raw(a, "GET", "/donate", { "Accept-Encoding": e })));
    expect([br!.get("content-encoding"), gzip!.get("content-encoding"), identity!.get("content-encoding")]).toEqual(["br", "gzip", undefined]);
    expect(decoded(br!)).toBe(decoded(identity!));
    expect(decoded(gzip!)).toBe(decoded(identity!));
    expect(br!.get("x-content-type-options")).toBe("nosniff");
    // Scripts from the site itself, and the one inline script (the enhancement loader) by its hash.
    expect(br!.get("content-security-policy")).toMatch(/(^|; )script-src 'self' 'sha256-[\w+/]+={0,2}'(;|$)/);
  });

  it("answers If-None-Match with 304 and HEAD with headers alone, as Hono does, and echoes a request id cut to 64 characters", async () => {
    const page = "/about/mission";
    await raw(a, "GET", page);
    const hit = await raw(a, "GET", page, { "Accept-Encoding": "gzip" });
    const etag = hit.get("etag")!;
    expect(etag).toMatch(/^W\/"/);

    const notModified = await raw(a, "GET", page, { "If-None-Match": etag, "Accept-Encoding": "gzip" });
    const notModifiedViaHono = await raw(a, "GET", `${a.url}${page}`, { "If-None-Match": etag, "Accept-Encoding": "gzip" });
    expect([notModified.status, notModified.get("x-cache"), notModified.body.length]).toEqual([304, "hit", 0]);
    expect(notModified.headers).toEqual(notModifiedViaHono.headers);
    expect(notModified.get("content-length")).toBeUndefined();

    const head = await raw(a, "HEAD", page, { "Accept-Encoding": "gzip" });
    const headViaHono = await raw(a, "HEAD", `${a.url}${page}`, { "Accept-Encoding": "gzip" });
    expect([head.status, head.get("x-cache"), head.body.length]).toEqual([200, "hit", 0]);
    expect(head.headers).toEqual(headViaHono.headers);
    expect(head.get("content-length")).toBe(hit.get("content-length"));

    const id = `trace-${"x".repeat(70)}`;
    expect((await raw(a, "GET", page, { "X-Request-Id": id })).get("x-request-id")).toBe(id.slice(0, 64));
    const fresh = (await raw(a, "GET", page)).get("x-request-id");
    expect(fresh).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-/);
    expect((await raw(a, "GET", page)).get("x-request-id")).not.toBe(fresh);
  });

  it("keeps a theme's page apart, and leaves a visitor with a session cookie to a fresh render", async () => {
    await raw(a, "GET", "/news", { Cookie: "theme=dark" });
    const dark = await raw(a, "GET", "/news", { Cookie: "theme=dark" });
    expect(dark.get("x-cache")).toBe("hit");
    expect(decoded(dark)).toMatch(/<html[^>]*class="dark"/);
    await raw(a, "GET", "/news");
    const system = await raw(a, "GET", "/news");
    expect(system.get("x-cache")).toBe("hit");
    expect(decoded(system)).not.toMatch(/<html[^>]*class="dark"/);

    const withSession = await raw(a, "GET", "/news", { Cookie: "theme=dark; site.session_token=abc" });
    expect(withSession.status).toBe(200);
    expect(withSession.get("x-cache")).toBe("miss");
    expect(withSession.get("etag")).toBeUndefined();
  });

  it("serves a browser that sign-in remembers the same cached page as anyone", async () => {
    // The remembered-browser cookie belongs to sign-in (the accounts feature); the server names it to the page cache at start-up.
    await raw(a, "GET", "/donate");
    const remembered = await raw(a, "GET", "/donate", { Cookie: "site.device=abc.def" });
    expect([remembered.status, remembered.get("x-cache")]).toEqual([200, "hit"]);
  });

  it("compresses a page it renders for `Accept-Encoding: *` as it would send a cached one", async () => {
    // Both paths read the header one way (accept-encoding.ts): `*` allows brotli.
    const cached = await raw(a, "GET", "/donate", { "Accept-Encoding": "*" });
    const rendered = await raw(a, "GET", "/login", { "Accept-Encoding": "*" });
    expect([cached.get("x-cache"), cached.get("content-encoding")]).toEqual(["hit", "br"]);
    expect([rendered.status, rendered.get("x-cache"), rendered.get("content-encoding")]).toEqual([200, undefined, "br"]);
  });

  it("stops serving a page from memory once a save in another process has changed it, within the check interval", async () => {
    const post = (server: SiteProcess, p: string, fields: Record<string, string>, cookie = "") =>
      fetch(`${server.url}${p}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: { Origin: server.url, ...(cookie ? { cookie } : {}) } });
    const cookie = await createFirstAdmin(a, ADMIN);

    // Signing in bumped the version: b empties its cache within the interval and fills it again.
    await expect.poll(async () => (await raw(b, "GET", "/news")).get("x-cache"), { timeout: 5000 }).toBe("hit");

    const title = `Hebble trail walk ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await post(
      a,
      "/admin/events",
      {
        intent: "create",
        title,
        category: EVENT_CATEGORIES[0]!.value,
        date: "2031-07-12",
        time: "10:00",
        location: "Shibden Park, Halifax",
        description: "Boots, water and a sandwich.",
        published: "on",
      },
      cookie,
    );
    expect(saved.status).toBe(302);

    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 3000) {
      seen = decoded(await raw(b, "GET", "/news")).includes(title);
      if (!seen) await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen, "the new event on the other process's /news").toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
    // And serves it from memory again: at once, or after one more render when its version check landed during the render that showed it.
    let again = await raw(b, "GET", "/news");
    for (let tries = 0; again.get("x-cache") !== "hit" && tries < 20; tries++) again = await raw(b, "GET", "/news");
    expect(again.get("x-cache")).toBe("hit");
    expect(decoded(again)).toContain(title);
  });
});
