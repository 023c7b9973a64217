import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { createFirstAdmin, type SiteProcess, startTwoSiteProcesses, stopSiteProcesses } from "../../../test/site-process";
import { EVENT_CATEGORIES } from "#app/content/site";
import { bumpContentVersion } from "#app/platform/content-version.server";

/**
 * The full-page cache over HTTP, against the production build, with two
 * server processes sharing one database as they would behind a load
 * balancer: a staff save through one must reach anonymous visitors of the
 * other within the version check's interval, never later.
 */

const ADMIN = { email: "cache-admin@example.org", password: "lanterns over the calder" };

describeEachEngine("full-page cache across processes", (getDb) => {
  let a: SiteProcess;
  let b: SiteProcess;

  beforeAll(async () => {
    [a, b] = await startTwoSiteProcesses(getDb());
  }, 240_000);

  afterAll(async () => {
    await stopSiteProcesses(a, b);
  });

  const get = (server: SiteProcess, p: string, headers: Record<string, string> = {}) => fetch(`${server.url}${p}`, { redirect: "manual", headers });
  const post = (server: SiteProcess, p: string, fields: Record<string, string>, cookie = "") =>
    fetch(`${server.url}${p}`, { method: "POST", body: new URLSearchParams(fields), redirect: "manual", headers: { Origin: server.url, ...(cookie ? { cookie } : {}) } });

  it("serves a public page from memory after the first view, compressed, with an ETag and a hash-based CSP", async () => {
    // The plain copy of every page is prepared at start (prerender.server.ts); a theme's copy is stored by its first view.
    const light = { cookie: "theme=light" };
    const first = await get(a, "/donate", light);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(first.headers.get("x-cache")).toBe("miss");
    const second = await get(a, "/donate", { ...light, "accept-encoding": "br" });
    expect(second.headers.get("x-cache")).toBe("hit");
    expect(second.headers.get("content-encoding")).toBe("br");
    expect(second.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    const csp = second.headers.get("content-security-policy") ?? "";
    expect(csp).not.toContain("nonce-");
    // Public pages do not hydrate (decision 010): their one inline script is the loader
    // that adds the enhancement script after load, so the cached page's CSP lets scripts
    // come from the site itself and allows that one inline script by its hash, nothing else.
    const inline = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)].filter((m) => !/\ssrc=|application\/ld\+json/.test(m[1]!));
    expect(inline.map((m) => m[2])).toEqual([expect.stringMatching(/^addEventListener\("load",.*"\/assets\/enhance\/[\w-]+\.js"/)]);
    const loaderHash = crypto.createHash("sha256").update(inline[0]![2]!, "utf8").digest("base64");
    expect(csp).toMatch(new RegExp(`(^|; )script-src 'self' 'sha256-${loaderHash.replace(/[+/=]/g, "\\$&")}'(;|$)`));
    const etag = second.headers.get("etag")!;
    const revalidated = await get(a, "/donate", { ...light, "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(await revalidated.text()).toBe("");
  });

  it("keeps each theme apart and never serves a visitor who has a session from it", async () => {
    await get(a, "/news", { cookie: "theme=dark" });
    const dark = await get(a, "/news", { cookie: "theme=dark" });
    expect(dark.headers.get("x-cache")).toBe("hit");
    expect(await dark.text()).toMatch(/<html[^>]*class="dark"/);
    const light = await get(a, "/news", { cookie: "theme=light" });
    expect(light.headers.get("x-cache")).toBe("miss");
    expect(await light.text()).toMatch(/<html[^>]*class="light"/);
    const withSession = await get(a, "/news", { cookie: "theme=dark; site.session_token=abc" });
    expect([withSession.headers.get("x-cache"), withSession.headers.get("etag")]).toEqual(["miss", null]);
  });

  it("shows a staff save made through one process to anonymous visitors of the other within the check interval", async () => {
    const cookie = await createFirstAdmin(a, ADMIN);

    // Both processes now hold /news (signing in bumped the version: each empties its cache within the interval and fills it again).
    for (const server of [a, b]) {
      await expect.poll(async () => (await get(server, "/news")).headers.get("x-cache"), { timeout: 5000 }).toBe("hit");
    }
    // A signed-in visitor bypasses the cache (and sees no stored copy).
    expect((await get(b, "/news", { cookie })).headers.get("x-cache")).toBe("miss");

    const title = `Canal clean-up ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await post(
      a,
      "/admin/events",
      {
        intent: "create",
        title,
        category: EVENT_CATEGORIES[0]!.value,
        date: "2031-06-14",
        time: "10:00",
        location: "Dean Clough, Halifax",
        description: "Bring gloves; we bring the bags.",
        published: "on",
      },
      cookie,
    );
    expect(saved.status).toBe(302);

    // The process that took the save dropped its pages at once (and is preparing them again).
    const onA = await get(a, "/news");
    expect(await onA.text()).toContain(title);
    // The other notices the shared version within ~200 ms.
    const started = Date.now();
    let seen = false;
    while (!seen && Date.now() - started < 3000) {
      seen = (await (await get(b, "/news")).text()).includes(title);
      if (!seen) await new Promise((r) => setTimeout(r, 25));
    }
    expect(seen, "the new event on the other process's /news").toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
    // And serves it from memory again: at once, or after one more render when its version check landed during the render that showed it.
    await expect.poll(async () => (await get(b, "/news")).headers.get("x-cache"), { timeout: 3000 }).toBe("hit");
  });

  it("renders a page once for a burst of visitors who all miss the cache at the same moment", async () => {
    // Open the connections first, so the 20 requests reach the server together rather than one per TCP handshake.
    await Promise.all(Array.from({ length: 20 }, async () => (await get(b, "/healthz")).arrayBuffer()));
    // A theme's copy, which is not prepared ahead.
    const responses = await Promise.all(Array.from({ length: 20 }, () => get(b, "/terms", { cookie: "theme=dark", "accept-encoding": "br" })));
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200));
    const misses = responses.filter((r) => r.headers.get("x-cache") === "miss").length;
    expect(misses).toBe(1);
    const bodies = new Set(await Promise.all(responses.map(async (r) => (await r.arrayBuffer()).byteLength)));
    expect(bodies.size).toBe(1);
  });

  it("does not keep a page drawn from its fallback while the database could not be read, and keeps it again once it can", async () => {
    const { db } = getDb();
    // A theme's copy, which is not prepared ahead: its first view renders it.
    const light = { cookie: "theme=light" };
    const rename = (from: string, to: string) => sql`alter table ${sql.table(from)} rename to ${sql.id(to)}`.execute(db);
    // The pages cannot be read: the page shows its built-in copy, and says nobody may keep it.
    await rename("pages", "pages_away");
    try {
      // The text every page was prepared from at start is kept in memory until the content version moves (decision 011).
      await bumpContentVersion(db);
      await new Promise((r) => setTimeout(r, 250));
      for (let view = 0; view < 2; view++) {
        const page = await get(a, "/about/funders", light);
        expect(page.status).toBe(200);
        expect(page.headers.get("cache-control")).toBe("no-store");
        expect(page.headers.get("x-cache")).not.toBe("hit");
        expect(await page.text()).toContain("<h1");
      }
    } finally {
      await rename("pages_away", "pages");
    }
    const back = await get(a, "/about/funders", light);
    expect(back.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(back.headers.get("x-cache")).toBe("miss");
    expect((await get(a, "/about/funders", light)).headers.get("x-cache")).toBe("hit");

    // The open volunteer roles cannot be read: the vacancies page says so instead of "no open vacancies", and is not kept.
    await rename("volunteer_opportunities", "volunteer_opportunities_away");
    try {
      const page = await get(a, "/volunteer/vacancies", light);
      expect(page.status).toBe(200);
      expect(page.headers.get("cache-control")).toBe("no-store");
      const html = await page.text();
      expect(html).toContain("We cannot show our vacancies just now.");
      expect(html).not.toContain("We have no open vacancies right now");
    } finally {
      await rename("volunteer_opportunities_away", "volunteer_opportunities");
    }
    const vacancies = await get(a, "/volunteer/vacancies", light);
    expect(vacancies.headers.get("cache-control")).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=600");
    expect(await vacancies.text()).not.toContain("We cannot show our vacancies just now.");
  });
});
