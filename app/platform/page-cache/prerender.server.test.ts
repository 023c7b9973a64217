import { afterEach, describe, expect, it } from "vitest";
import { PageCache } from "./page-cache.server";
import { startPrerendering, type Prerendering } from "./prerender.server";

/**
 * Public pages rendered into the cache before anyone asks: at start, after
 * every change, a few at a time. Here the "site" is a function that renders
 * a page the way the server's page-cache path does (a version check, a
 * claim, the page stored if it may be kept); the real thing through the
 * build is in prerender.server.integration.test.ts.
 */

const HTML = "<!DOCTYPE html><html><body><p>Halifax</p></body></html>";
const page = (init: ResponseInit = {}) => new Response(HTML, { status: 200, ...init, headers: { "Content-Type": "text/html; charset=utf-8", ...(init.headers ?? {}) } });

type Pages = Record<string, () => Response | Promise<Response>>;

function site(pages: Pages) {
  const version = { value: 1 };
  const cache = new PageCache({ readVersion: async () => version.value, cspForHashes: () => "", recompress: false, checkIntervalMs: 20 });
  const rendered: string[] = [];
  const logged: { level: string; fields: Record<string, unknown>; message: string }[] = [];
  const busy = { now: 0, most: 0 };
  const keyOf = (path: string) => cache.keyForUrl("GET", new URL(path, "http://site.test"), null)!;
  const render = async (path: string): Promise<Response> => {
    rendered.push(path);
    busy.most = Math.max(busy.most, ++busy.now);
    try {
      const key = keyOf(path);
      await cache.get(key);
      const { generation, settle } = cache.begin(key);
      await new Promise((r) => setTimeout(r, 5));
      const response = await pages[path]!();
      if (!PageCache.storable(response)) return (settle(), response);
      const entry = await cache.store(key, generation, response);
      settle(entry);
      return PageCache.respond(entry, new Request(`http://site.test${path}`), false);
    } finally {
      busy.now--;
    }
  };
  const start = () =>
    startPrerendering({
      cache,
      paths: async () => Object.keys(pages),
      render,
      log: (level, fields, message) => logged.push({ level, fields, message }),
      settleMs: 5,
      pollMs: 20,
    });
  return { cache, version, rendered, logged, busy, keyOf, start, held: () => Object.keys(pages).filter((p) => cache.has(keyOf(p))) };
}

const tenPages = (): Pages => Object.fromEntries(["/", ...Array.from({ length: 9 }, (_, i) => `/page-${i}`)].map((p) => [p, () => page()]));

let running: Prerendering | undefined;
afterEach(() => running?.stop());

describe("pages prepared before anyone asks", () => {
  it("renders every listed page into the cache at start, two at a time, the home page first", async () => {
    const s = site(tenPages());
    running = s.start();
    expect(s.held(), "nothing before the first render has finished: start-up is not held up").toEqual([]);
    await running.idle();
    expect(s.held()).toHaveLength(10);
    expect(s.rendered).toHaveLength(10);
    expect(s.rendered[0]).toBe("/");
    expect(s.busy.most).toBe(2);
    expect(s.logged.at(-1)).toMatchObject({ level: "info", fields: { pages: 10, failed: 0 } });
  });

  it("renders them again after a change, but not a page a visitor has rendered since", async () => {
    const s = site(tenPages());
    running = s.start();
    await running.idle();
    s.cache.clear();
    // A visitor asks for one page before the run begins: it is stored, and not rendered twice.
    await s.cache.get(s.keyOf("/page-3"));
    await s.cache.store(s.keyOf("/page-3"), s.cache.begin().generation, page());
    await running.idle();
    expect(s.held()).toHaveLength(10);
    expect(s.rendered.slice(10).sort()).toEqual(["/", ...Array.from({ length: 9 }, (_, i) => `/page-${i}`)].filter((p) => p !== "/page-3").sort());
  });

  it("notices a save made through another process while nobody visits, and prepares the pages again", async () => {
    const s = site(tenPages());
    running = s.start();
    await running.idle();
    s.version.value = 2;
    await expect.poll(() => s.rendered.length, { timeout: 2000 }).toBeGreaterThan(10);
    await running.idle();
    expect(s.held()).toHaveLength(10);
    expect(s.rendered).toHaveLength(20);
  });

  it("starts again from the top when a change lands during a run, so no page keeps what was rendered before it", async () => {
    const s = site(tenPages());
    running = s.start();
    await expect.poll(() => s.rendered.length, { timeout: 2000 }).toBeGreaterThanOrEqual(4);
    s.cache.clear();
    await running.idle();
    expect(s.held()).toHaveLength(10);
    // The pages rendered before the change were dropped with it and rendered again.
    expect(new Set(s.rendered.slice(-10)).size).toBe(10);
  });

  it("logs a page it cannot prepare and keeps no copy of it: an error, a page drawn from a fallback, a render that throws", async () => {
    const s = site({
      ...tenPages(),
      "/broken": () => page({ status: 500 }),
      "/fell-back": () => page({ headers: { "Cache-Control": "no-store" } }),
      "/throws": () => Promise.reject(new Error("database gone")),
    });
    running = s.start();
    await running.idle();
    expect(s.held()).toHaveLength(10);
    for (const path of ["/broken", "/fell-back", "/throws"]) expect(s.cache.has(s.keyOf(path)), path).toBe(false);
    const warnings = s.logged.filter((l) => l.level === "warn");
    expect(warnings.map((w) => w.fields.path).sort()).toEqual(["/broken", "/fell-back", "/throws"]);
    expect(warnings.find((w) => w.fields.path === "/broken")?.fields).toMatchObject({ status: 500 });
    expect(warnings.find((w) => w.fields.path === "/fell-back")?.fields).toMatchObject({ status: 200, cacheControl: "no-store" });
    expect(warnings.find((w) => w.fields.path === "/throws")?.fields).toMatchObject({ err: "database gone" });
    expect(s.logged.at(-1)).toMatchObject({ level: "info", fields: { pages: 10, failed: 3 } });
  });

  it("renders nothing more once stopped", async () => {
    const s = site(tenPages());
    running = s.start();
    await running.idle();
    running.stop();
    s.cache.clear();
    s.version.value = 2;
    await new Promise((r) => setTimeout(r, 100));
    expect(s.rendered).toHaveLength(10);
    expect(s.held()).toEqual([]);
  });
});
