import crypto from "node:crypto";
import zlib from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { rememberDevice } from "#app/features/accounts/trusted-device.server";
import { wireFeaturesIntoPlatform } from "../../../server/wiring";
import { inlineScriptHashes, PageCache, PUBLIC_HTML_CACHE_CONTROL } from "./page-cache.server";
import type { PageParams } from "./page-key.server";

const HTML = `<!DOCTYPE html><html><head><script type="application/ld+json">{"@type":"Organization"}</script></head>
<body><p>Hello</p><script nonce="n1">window.a = 1;</script><script src="/assets/x.js"></script><script type="module" async>import "/assets/y.js";</script></body></html>`;

function page(body = HTML, init: ResponseInit = {}) {
  return new Response(body, { status: 200, ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers ?? {}) } });
}

/** What the site's routes declare they read (server/page-params.ts reads it from their handles). */
function sitePageParams(pathname: string): PageParams | null {
  if (pathname.startsWith("/invite/")) return null;
  const own: Record<string, string[]> = { "/contact": ["sent"], "/volunteer/apply": ["role", "sent"] };
  return { vary: ["newsletter", ...(own[pathname] ?? [])], personal: pathname === "/newsletter/confirm" ? ["token"] : [] };
}

function cache(version = { value: 1 }, clock = { now: 0 }) {
  return new PageCache({
    pageParams: sitePageParams,
    readVersion: async () => version.value,
    cspForHashes: (hashes) => `script-src 'self' ${hashes.join(" ")}`,
    now: () => clock.now,
    recompress: false,
  });
}

const request = (path: string, headers: Record<string, string> = {}, method = "GET") => new Request(`http://site.test${path}`, { method, headers });

describe("page cache", () => {
  // As the server does at start: it tells the cache which cookies are a session.
  beforeAll(() => wireFeaturesIntoPlatform());

  it("caches only anonymous GET/HEAD of pages, keyed by path and theme", () => {
    const c = cache();
    expect(c.keyFor(request("/about"))).toBe("/about\n");
    expect(c.keyFor(request("/about", {}, "HEAD"))).toBe("/about\n");
    expect(c.keyFor(request("/about", { cookie: "theme=dark" }))).toBe("/about\ndark");
    expect(c.keyFor(request("/about", { cookie: "theme=light" }))).toBe("/about\nlight");
    for (const refused of [
      request("/about", {}, "POST"),
      request("/admin"),
      request("/admin/events"),
      request("/login"),
      request("/api/media/images"),
      request("/media/a/b.webp"),
      request("/healthz"),
      request("/about.data"),
    ]) {
      expect(c.keyFor(refused), `${refused.method} ${refused.url}`).toBeNull();
    }
    expect(new PageCache({ enabled: false, readVersion: async () => 1, cspForHashes: () => "" }).keyFor(request("/about"))).toBeNull();
  });

  it("keys a page by the query parameters its route reads, and drops the rest (tracking tags, anything unknown)", () => {
    const c = cache();
    for (const tagged of [
      "/about?utm_source=facebook&utm_medium=social&utm_campaign=spring",
      "/about?fbclid=IwAR0x7Hq2",
      "/about?gclid=Cj0KCQ&mc_cid=4f2a&mc_eid=9b1c&ref=newsletter",
      "/about?whatever=the+link+carried",
      "/about?",
    ]) {
      expect(c.keyFor(request(tagged)), tagged).toBe("/about\n");
    }
    expect(c.keyFor(request("/contact?sent=question"))).toBe("/contact?sent=question\n");
    expect(c.keyFor(request("/contact?utm_source=x&sent=question"))).toBe("/contact?sent=question\n");
    // The footer's newsletter form thanks the visitor on whichever page they signed up from.
    expect(c.keyFor(request("/about?newsletter=check-email&utm_campaign=spring"))).toBe("/about?newsletter=check-email\n");
    // In the order of their names, whatever order the link had; a repeated one keeps its own order.
    expect(c.keyFor(request("/volunteer/apply?sent=1&role=b&fbclid=z&role=a", { cookie: "theme=dark" }))).toBe("/volunteer/apply?role=b&role=a&sent=1\ndark");
    expect(c.keyFor(request("/volunteer/apply?role=b&role=a&sent=1", { cookie: "theme=dark" }))).toBe("/volunteer/apply?role=b&role=a&sent=1\ndark");
    // The page is rendered for that address, so nothing in it can echo what was dropped.
    expect(PageCache.targetOf("/volunteer/apply?role=b&role=a&sent=1\ndark")).toBe("/volunteer/apply?role=b&role=a&sent=1");
    expect(PageCache.targetOf(c.keyFor(request("/about?utm_source=x"))!)).toBe("/about");

    // A parameter that makes the page one person's (a link's token shows their address): never cached.
    expect(c.keyFor(request("/newsletter/confirm?token=abc&utm_source=x"))).toBeNull();
    expect(c.keyFor(request("/newsletter/confirm?utm_source=x"))).toBe("/newsletter/confirm\n");
    // A route that declares nothing (sign-in's pages, files) may read anything: any query string keeps it out, as before.
    expect(c.keyFor(request("/invite/abc?redirectTo=/admin"))).toBeNull();
    expect(c.keyFor(request("/invite/abc"))).toBe("/invite/abc\n");
    expect(new PageCache({ readVersion: async () => 1, cspForHashes: () => "" }).keyFor(request("/about?utm_source=x"))).toBeNull();
  });

  it("lets no cookie but the theme and a session change the answer", () => {
    const c = cache();
    for (const [cookie, key] of [
      ["_ga=GA1.1.1234.5678; _fbp=fb.1.1700000000.42", "/about\n"],
      ["toast=eyJ0aXRsZSI6IkhpIn0", "/about\n"],
      ["theme=dark; _ga=GA1.1.1234.5678", "/about\ndark"],
    ]) {
      expect(c.keyFor(request("/about", { cookie })), cookie).toBe(key);
    }
    // A browser that has signed in before carries a remembered-browser cookie, which changes no page.
    const remembered = rememberDevice("secret-for-the-test-0123456789-0123456789", "chair@example.org", "", false).split(";")[0]!;
    const rememberedOverHttps = rememberDevice("secret-for-the-test-0123456789-0123456789", "chair@example.org", "", true).split(";")[0]!;
    expect(c.keyFor(request("/about", { cookie: `theme=dark; ${remembered}` }))).toBe("/about\ndark");
    expect(c.keyFor(request("/about", { cookie: rememberedOverHttps }))).toBe("/about\n");
    // A session (named by the accounts feature at start-up), over http or https, keeps the page out whatever else comes with it.
    for (const cookie of [
      "site.session_token=abc",
      "__Host-site.session_token=abc",
      `theme=dark; ${remembered}; site.session_token=abc`,
      // Two Cookie headers, as a Request joins them.
      "_ga=GA1.1.1234.5678, site.session_token=abc",
    ]) {
      expect(c.keyFor(request("/about", { cookie })), cookie).toBeNull();
    }
  });

  it("stores a page compressed both ways with an ETag, and answers If-None-Match with 304", async () => {
    const c = cache();
    expect(await c.get("/\n")).toBeUndefined();
    const entry = await c.store("/\n", c.begin().generation, page());
    expect(zlib.brotliDecompressSync(entry.br).toString()).toBe(HTML);
    expect(zlib.gunzipSync(entry.gzip).toString()).toBe(HTML);
    expect(await c.get("/\n")).toBe(entry);

    const br = PageCache.respond(entry, request("/", { "accept-encoding": "gzip, deflate, br" }), true);
    expect(br.headers.get("content-encoding")).toBe("br");
    expect(br.headers.get("cache-control")).toBe(PUBLIC_HTML_CACHE_CONTROL);
    expect(br.headers.get("x-cache")).toBe("hit");
    expect(br.headers.get("vary")).toBe("Accept-Encoding, Cookie");
    expect(PageCache.respond(entry, request("/"), false).headers.get("x-cache")).toBe("miss");
    expect(Buffer.from(await br.arrayBuffer()).equals(entry.br)).toBe(true);
    const gz = PageCache.respond(entry, request("/", { "accept-encoding": "gzip" }), true);
    expect(gz.headers.get("content-encoding")).toBe("gzip");
    const plain = PageCache.respond(entry, request("/"), true);
    expect(plain.headers.get("content-encoding")).toBeNull();
    expect(await plain.text()).toBe(HTML);

    const again = PageCache.respond(entry, request("/", { "if-none-match": entry.etag }), true);
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    expect(PageCache.respond(entry, request("/", { "if-none-match": 'W/"other"' }), true).status).toBe(200);
  });

  it("allows exactly the page's inline scripts by hash, JSON-LD included, and no external one", async () => {
    const hash = (text: string) => `'sha256-${crypto.createHash("sha256").update(text).digest("base64")}'`;
    // The JSON-LD is data the browser never runs: the policy lists only code.
    expect(inlineScriptHashes(HTML).sort()).toEqual([hash("window.a = 1;"), hash('import "/assets/y.js";')].sort());
    expect(inlineScriptHashes('<script type="importmap">{"imports":{}}</script>')).toEqual([hash('{"imports":{}}')]);
    const entry = await cache().store("/\n", 0, page());
    expect(entry.csp).toContain(hash("window.a = 1;"));
    expect(entry.csp).not.toContain("nonce");
  });

  it("keeps no page that is an error, private, sets a cookie or is not HTML", () => {
    expect(PageCache.storable(page())).toBe(true);
    expect(PageCache.storable(page(HTML, { status: 404 }))).toBe(false);
    expect(PageCache.storable(page(HTML, { headers: { "Cache-Control": "private, no-store" } }))).toBe(false);
    expect(PageCache.storable(page(HTML, { headers: { "Set-Cookie": "toast=; Max-Age=0" } }))).toBe(false);
    expect(PageCache.storable(new Response("{}", { headers: { "Content-Type": "application/json" } }))).toBe(false);
  });

  it("drops everything when the shared version moves, but only checks it once per interval", async () => {
    const version = { value: 1 };
    const clock = { now: 0 };
    let reads = 0;
    const c = new PageCache({ readVersion: async () => (reads++, version.value), cspForHashes: () => "", now: () => clock.now });
    await c.get("/\n");
    await c.store("/\n", c.begin().generation, page());
    version.value = 2;
    clock.now = 100;
    expect(await c.get("/\n"), "within the interval the old version stands").toBeDefined();
    clock.now = 250;
    expect(await c.get("/\n"), "a moved version empties the cache").toBeUndefined();
    expect(reads).toBe(2);
  });

  it("does not keep a page whose render began before a clear (a save landed meanwhile)", async () => {
    const c = cache();
    await c.get("/\n");
    const { generation } = c.begin("/\n");
    c.clear();
    const entry = await c.store("/\n", generation, page());
    expect(entry.identity.toString()).toBe(HTML);
    expect(await c.get("/\n")).toBeUndefined();
  });

  it("lets a burst of misses for one page wait for a single render, but not across a save", async () => {
    const c = cache();
    expect(c.waitFor("/\n")).toBeUndefined();
    const render = c.begin("/\n");
    // A second render of the same page while the first runs does not register itself.
    c.begin("/\n").settle();
    const waiting = c.waitFor("/\n");
    expect(waiting).toBeDefined();
    const entry = await c.store("/\n", render.generation, page());
    render.settle(entry);
    expect(await waiting).toBe(entry);
    expect(c.waitFor("/\n"), "done: nothing left to wait for").toBeUndefined();

    const uncacheable = c.begin("/404\n");
    const waitingFor404 = c.waitFor("/404\n");
    uncacheable.settle();
    expect(await waitingFor404, "waiters render themselves when the page was not cacheable").toBeUndefined();

    c.begin("/news\n");
    c.clear();
    expect(c.waitFor("/news\n"), "after a save, nobody waits for a render that began before it").toBeUndefined();
  });

  it("recompresses a page with brotli's best quality in the background once it is served from memory, not before", async () => {
    const big = HTML.replace("<p>Hello</p>", `<p>${"Community sport, youth work and art in Halifax. ".repeat(400)}</p>`);
    const c = new PageCache({ readVersion: async () => 1, cspForHashes: () => "" });
    await c.get("/\n");
    const entry = await c.store("/\n", c.begin().generation, page(big));
    const quick = entry.br;
    // A page prepared ahead that nobody asks for costs no quality-11 pass (~60 ms of CPU each).
    await new Promise((r) => setTimeout(r, 300));
    expect(entry.br).toBe(quick);
    expect(c.has("/\n")).toBe(true);
    expect(entry.br, "looking is not serving").toBe(quick);
    expect(await c.get("/\n")).toBe(entry);
    await expect.poll(() => entry.br !== quick, { timeout: 5000 }).toBe(true);
    expect(entry.br.length).toBeLessThan(quick.length);
    expect(zlib.brotliDecompressSync(entry.br).toString()).toBe(big);
  });

  it("forgets pages after their time to live and evicts the oldest past its size", async () => {
    const clock = { now: 0 };
    const c = new PageCache({ readVersion: async () => 1, cspForHashes: () => "", now: () => clock.now, ttlMs: 1000, maxEntries: 2, checkIntervalMs: 10_000 });
    await c.get("/a\n");
    for (const key of ["/a\n", "/b\n", "/c\n"]) await c.store(key, c.begin().generation, page());
    expect(c.size).toBe(2);
    expect(await c.get("/a\n")).toBeUndefined();
    expect(await c.get("/c\n")).toBeDefined();
    clock.now = 1500;
    expect(await c.get("/c\n")).toBeUndefined();
  });

  it("tells who listens when content changes, here or in another process, but not when the version cannot be read", async () => {
    let fail = false;
    const version = { value: 1 };
    const clock = { now: 0 };
    const c = new PageCache({ readVersion: async () => (fail ? Promise.reject(new Error("db down")) : version.value), cspForHashes: () => "", now: () => clock.now, recompress: false });
    let heard = 0;
    const stop = c.onChange(() => heard++);
    await c.ensureCurrent();
    expect(heard, "the first read is no change").toBe(0);
    await c.store("/\n", c.begin().generation, page());
    expect(c.has("/\n")).toBe(true);
    c.clear();
    expect([heard, c.has("/\n")]).toEqual([1, false]);
    version.value = 2;
    clock.now = 250;
    await c.ensureCurrent();
    expect(heard, "another process's save").toBe(2);
    fail = true;
    clock.now = 500;
    await c.ensureCurrent();
    expect(heard, "an unreadable version empties the cache, but is no change to prepare pages for").toBe(2);
    stop();
    c.clear();
    expect(heard).toBe(2);
  });

  it("serves nothing from the cache while the version cannot be read", async () => {
    let fail = false;
    const clock = { now: 0 };
    const c = new PageCache({ readVersion: async () => (fail ? Promise.reject(new Error("db down")) : 1), cspForHashes: () => "", now: () => clock.now });
    await c.get("/\n");
    await c.store("/\n", c.begin().generation, page());
    fail = true;
    clock.now = 1000;
    expect(await c.get("/\n")).toBeUndefined();
  });
});
