import http from "node:http";
import type net from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { pageCacheHitListener } from "./page-cache-hits.server";
import { PageCache, type CachedPage } from "./page-cache.server";
import { rememberDevice } from "#app/features/accounts/trusted-device.server";
import { wireFeaturesIntoPlatform } from "../../../server/wiring";
import { rawRequest, type RawResponse } from "../../../test/raw-http";

/**
 * The listener that answers page-cache hits before Hono, on a real HTTP
 * server in this process. What it does not answer goes to the fallback,
 * here a listener that says so in its body (in the site, the Hono app).
 * The same responses through the real site and Hono are compared in
 * page-cache-hits.server.integration.test.ts.
 */

const HTML = `<!DOCTYPE html><html><head><title>About</title></head><body>${"<p>Community sport, youth work and art.</p>".repeat(60)}</body></html>`;
const BASE = { "X-Content-Type-Options": "nosniff", "X-Frame-Options": "DENY" };

type Raw = RawResponse;

let server: http.Server;
let port: number;
const clock = { now: 0 };
const version = { value: 1 };
let cache: PageCache;
let entry: CachedPage;
const logged: { requestId: string; method: string; path: string; status: number; ms: number }[] = [];
let fellThrough = 0;
let listener: http.RequestListener;

function listen() {
  listener = pageCacheHitListener({
    cache,
    baseHeaders: BASE,
    log: (line) => logged.push(line),
    fallback: (_req, res) => {
      fellThrough++;
      res.end("fallback");
    },
  });
}

const raw = (head: string) => rawRequest(port, head);
const get = (target: string, ...headers: string[]) => raw([`GET ${target} HTTP/1.1`, `Host: 127.0.0.1:${port}`, ...headers].join("\r\n"));
const header = (r: Raw, name: string) => r.get(name);
const fromFallback = (r: Raw) => r.body.toString() === "fallback";

beforeAll(async () => {
  server = http.createServer((req, res) => listener(req, res));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as net.AddressInfo).port;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

beforeEach(async () => {
  clock.now = 0;
  version.value = 1;
  logged.length = 0;
  fellThrough = 0;
  cache = new PageCache({
    // As the site's routes declare: the footer's newsletter thanks on every page, a token that makes a page personal on one.
    pageParams: (pathname) => (pathname.startsWith("/invite/") ? null : { vary: ["newsletter"], personal: pathname === "/newsletter/confirm" ? ["token"] : [] }),
    readVersion: async () => version.value,
    cspForHashes: () => "script-src 'self'",
    now: () => clock.now,
    recompress: false,
  });
  await cache.get("/about\n");
  entry = await cache.store("/about\n", cache.begin().generation, new Response(HTML, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  await cache.store("/about\ndark", cache.begin().generation, new Response(HTML.replace("<html>", '<html class="dark">'), { headers: { "Content-Type": "text/html; charset=utf-8" } }));
  listen();
});

describe("page-cache hits before Hono", () => {
  // As the server does at start: it tells the cache which cookies (sign-in's remembered browser) no page depends on.
  beforeAll(() => wireFeaturesIntoPlatform());

  it("sends a stored page with the headers of PageCache.respond plus the security headers and a request id, and logs it", async () => {
    const hit = await get("/about", "Accept-Encoding: gzip, deflate, br");
    expect(hit.status).toBe(200);
    expect(hit.body.equals(entry.br)).toBe(true);
    const expected = PageCache.respond(entry, new Request("http://x/about", { headers: { "accept-encoding": "br" } }), true).headers;
    for (const [name, value] of Object.entries(BASE)) expected.set(name, value);
    const sent = hit.headers.filter(([name]) => !["date", "connection", "x-request-id"].includes(name.toLowerCase()));
    expect(sent).toEqual([...expected]);
    expect(header(hit, "x-cache")).toBe("hit");
    const requestId = header(hit, "x-request-id")!;
    expect(requestId).toMatch(/^[0-9a-f-]{36}$/);
    expect(logged).toEqual([{ requestId, method: "GET", path: "/about", status: 200, ms: expect.any(Number) }]);
    expect(fellThrough).toBe(0);
  });

  it("sends each encoding with its own length, a 304 for a matching ETag, headers only for HEAD, and echoes a request id cut to 64 characters", async () => {
    const gzip = await get("/about", "Accept-Encoding: gzip");
    expect([header(gzip, "content-encoding"), Number(header(gzip, "content-length"))]).toEqual(["gzip", entry.gzip.length]);
    expect(gzip.body.equals(entry.gzip)).toBe(true);
    const plain = await get("/about", "Accept-Encoding: br;q=0, gzip;q=0");
    expect(header(plain, "content-encoding")).toBeUndefined();
    expect(plain.body.toString()).toBe(HTML);

    const notModified = await get("/about", `If-None-Match: "other", ${entry.etag}`, "Accept-Encoding: br");
    expect(notModified.status).toBe(304);
    expect(notModified.body.length).toBe(0);
    expect(header(notModified, "content-length")).toBeUndefined();
    expect(header(notModified, "etag")).toBe(entry.etag);

    const head = await raw(`HEAD /about HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nAccept-Encoding: br`);
    expect([head.status, Number(header(head, "content-length")), head.body.length]).toEqual([200, entry.br.length, 0]);
    expect(logged.at(-1)).toMatchObject({ method: "HEAD", status: 200 });

    const id = `${"a".repeat(60)}bcdefgh`;
    expect(header(await get("/about", `X-Request-Id: ${id}`), "x-request-id")).toBe(id.slice(0, 64));
    expect(fellThrough).toBe(0);
  });

  it("sends the smaller brotli copy that replaces the first one with its own length", async () => {
    const smaller = entry.br.subarray(0, entry.br.length - 10);
    expect(Number(header(await get("/about", "Accept-Encoding: br"), "content-length"))).toBe(entry.br.length);
    entry.br = smaller;
    const after = await get("/about", "Accept-Encoding: br");
    expect(Number(header(after, "content-length"))).toBe(smaller.length);
    expect(after.body.equals(smaller)).toBe(true);
  });

  it("keys a theme cookie to its own page and reads the path as Hono would (dot segments resolved)", async () => {
    expect((await get("/about", "Cookie: theme=dark")).body.toString()).toContain('<html class="dark">');
    expect((await get("/about", "Cookie: theme=light")).body.toString(), "no light copy stored yet").toBe("fallback");
    // A remembered-browser cookie (someone who has signed in before) changes no page.
    const remembered = rememberDevice("secret-for-the-test-0123456789-0123456789", "chair@example.org", "", true).split(";")[0]!;
    expect((await get("/about", `Cookie: ${remembered}; theme=dark`)).body.toString()).toContain('<html class="dark">');
    expect((await get("/about", `Cookie: ${remembered.replace("__Host-", "")}`)).body.toString()).toBe(HTML);
    expect((await get("/news/../about")).body.toString()).toBe(HTML);
    expect(logged.at(-1)?.path).toBe("/about");
  });

  it("answers a link's tracking tags and unknown cookies from the stored page, as the Hono path keys them", async () => {
    for (const [target, ...headers] of [
      ["/about?utm_source=facebook&utm_medium=social"],
      ["/about?fbclid=IwAR0x7Hq2"],
      ["/about?gclid=Cj0KCQ&mc_cid=4f2a&ref=newsletter&whatever=1"],
      ["/about", "Cookie: _ga=GA1.1.1234.5678; _fbp=fb.1.1700000000.42"],
      ["/about", "Cookie: toast=abc; cookieconsent_status=dismiss"],
      ["/about", "Cookie: "],
    ] as string[][]) {
      const answer = await get(target!, ...headers);
      expect([header(answer, "x-cache"), answer.body.toString()], `${target} ${headers.join(" ")}`).toEqual(["hit", HTML]);
    }
    expect((await get("/about?utm_source=x", "Cookie: _ga=1; theme=dark")).body.toString()).toContain('<html class="dark">');
    // The access log keeps the path alone, as before.
    expect(logged.map((line) => line.path)).toEqual(Array(7).fill("/about"));
    expect(fellThrough).toBe(0);
  });

  it("reads a query string as the Hono path does, whatever its encoding: the same pairs, the same key", async () => {
    const targets = [
      "/about?newsletter=check%2Demail",
      "/about?newsletter=a+b%20c&utm_source=x",
      "/about?utm_source=%E2%9C%93&newsletter=%C3%A9t%C3%A9",
      "/about?&&newsletter=y&",
      "/about?newsletter",
      "/about?NEWSLETTER=x&fbclid=1",
      "/about?newsletter=%zz%",
      "/about?newsletter=1&newsletter=2",
    ];
    for (const target of targets) {
      // The key the Hono path computes for this address, with a page of its own stored under it.
      const key = cache.keyFor(new Request(`http://127.0.0.1:${port}${target}`))!;
      const html = HTML.replace("<title>About</title>", `<title>${key.replace(/\n/g, " ")}</title>`);
      if (key !== "/about\n") await cache.store(key, cache.begin().generation, new Response(html, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
      const answer = await get(target);
      expect(answer.body.toString(), target).toBe(key === "/about\n" ? HTML : html);
    }
    expect(fellThrough).toBe(0);
    // A fragment (no browser sends one) the URL parser would drop: left to Hono.
    expect(fromFallback(await get("/about?newsletter=x#y"))).toBe(true);
  });

  it("logs a hit on an invitation's address without its token, as the Hono path does", async () => {
    // The invitation page is sent private, no-store, so it is never stored; the log line must not rely on that.
    const token = "c2VjcmV0LWludml0YXRpb24tdG9rZW4tMDEyMzQ1Njc4OQ";
    await cache.store(`/invite/${token}\n`, cache.begin().generation, new Response(HTML, { headers: { "Content-Type": "text/html; charset=utf-8" } }));
    expect(fromFallback(await get(`/invite/${token}`))).toBe(false);
    expect(logged.map((line) => line.path)).toEqual(["/invite/[token]"]);
  });

  it("leaves everything but a plain hit to the fallback", async () => {
    const cases: [string, Raw][] = [
      ["a miss", await get("/contact")],
      ["a POST", await raw(`POST /about HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nContent-Length: 0`)],
      ["OPTIONS", await raw(`OPTIONS /about HTTP/1.1\r\nHost: 127.0.0.1:${port}`)],
      ["a parameter the page reads, for a page not stored", await get("/about?newsletter=check-email")],
      ["a personal parameter", await get("/newsletter/confirm?token=abc")],
      ["a query string on a route that declares nothing", await get("/invite/abc?x=1")],
      ["a session cookie", await get("/about", "Cookie: site.session_token=abc")],
      ["a session cookie over https, beside unknown ones", await get("/about", "Cookie: _ga=1; __Host-site.session_token=abc; theme=dark")],
      ["a remembered browser signed in", await get("/about", "Cookie: site.device=abc; site.session_token=abc")],
      ["two Cookie headers (Node and Hono would join them differently)", await get("/about", "Cookie: theme=dark", "Cookie: theme=dark")],
      ["an absolute request target", await get(`http://127.0.0.1:${port}/about`)],
      ["a backslash", await get("/about\\")],
      ["a percent-encoded letter (another key)", await get("/%61bout")],
      ["client-side navigation data", await get("/about.data")],
      ["a host the URL parser rewrites", await raw(`GET /about HTTP/1.1\r\nHost: 1.2.3`)],
      ["no Host", await raw(`GET /about HTTP/1.0`)],
    ];
    for (const [name, response] of cases) expect(fromFallback(response), name).toBe(true);
    expect(fellThrough).toBe(cases.length);
    expect(logged).toEqual([]);
  });

  it("still checks the shared version: a save elsewhere ends the hits once the interval has passed", async () => {
    expect(fromFallback(await get("/about"))).toBe(false);
    version.value = 2;
    clock.now = 100;
    expect(fromFallback(await get("/about")), "within the interval").toBe(false);
    clock.now = 250;
    expect(fromFallback(await get("/about")), "after it: the version moved, the page is gone").toBe(true);
    expect(cache.size).toBe(0);
  });

  it("answers nothing itself when the cache is off", async () => {
    cache = new PageCache({ enabled: false, readVersion: async () => 1, cspForHashes: () => "" });
    listen();
    expect(fromFallback(await get("/about"))).toBe(true);
  });
});
