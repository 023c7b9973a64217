import crypto from "node:crypto";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { createFirstAdmin, type SiteProcess, startTwoSiteProcesses, stopSiteProcesses } from "../../../test/site-process";
import { bumpContentVersion } from "#app/platform/content-version.server";
import { EVENT_CATEGORIES } from "#app/content/site";

/**
 * Public pages rendered into the cache before anyone asks for them,
 * against the production build with two processes sharing one database:
 * at start, and after a staff save through either process, the first
 * visitor gets a page from memory, showing the save. A page that cannot be
 * rendered properly is left to be rendered when asked for, never kept.
 *
 * HEAD is answered from a page a GET or the server stored but never stores
 * one itself, so it can watch for a page being ready without making it so.
 */

const ADMIN = { email: "prerender-admin@example.org", password: "ready before the first visitor" };

/**
 * How long the tests allow for a start or a save to have every page ready.
 * About a second on a quiet 2-core machine (docs/decisions/008-page-cache.md);
 * test runs share the machine with other suites, so the bound is generous:
 * before prerendering, the pages were never ready until a visitor asked.
 */
const READY_WITHIN_MS = 30_000;
/** Each test waits for readiness up to four times. */
const TEST_TIMEOUT_MS = 4 * READY_WITHIN_MS;

describeEachEngine("public pages ready before anyone asks", (getDb) => {
  let a: SiteProcess;
  let b: SiteProcess;
  let pages: string[];

  beforeAll(async () => {
    [a, b] = await startTwoSiteProcesses(getDb());
    const sitemap = await (await fetch(`${a.url}/sitemap.xml`)).text();
    pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
  }, 240_000);

  afterAll(async () => {
    await stopSiteProcesses(a, b);
  });

  const get = (server: SiteProcess, p: string, init: RequestInit = {}) => fetch(`${server.url}${p}`, { redirect: "manual", ...init });
  const head = (server: SiteProcess, p: string) => get(server, p, { method: "HEAD" });
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

  /**
   * Waits until `p` is answered from memory by a copy other than `unlike`
   * (an ETag), asking with HEAD, which never stores a page; throws after
   * READY_WITHIN_MS. The pages are prepared in the sitemap's order, so the
   * last one being ready means every one has been.
   */
  async function ready(server: SiteProcess, p: string, unlike?: string | null): Promise<void> {
    const started = Date.now();
    while (Date.now() - started < READY_WITHIN_MS) {
      const answer = await head(server, p);
      if (answer.headers.get("x-cache") === "hit" && answer.headers.get("etag") !== unlike) return;
      await sleep(100);
    }
    throw new Error(`${p} was not ready on ${server.url} within ${READY_WITHIN_MS} ms`);
  }

  it("has every page of the sitemap ready once started: the first visitor to each gets it from memory", async () => {
    expect(pages.length).toBeGreaterThan(20);
    for (const server of [a, b]) {
      await ready(server, pages.at(-1)!);
      const first = await Promise.all(pages.map(async (p) => [p, (await get(server, p)).headers.get("x-cache")]));
      expect(first.filter(([, cache]) => cache !== "hit"), `${server.url}: pages whose first view was not a hit`).toEqual([]);
    }
  }, TEST_TIMEOUT_MS);

  it("has the pages ready again after a staff save, on the process that took it and on the other, showing the save", async () => {
    const cookie = await createFirstAdmin(a, ADMIN);
    await ready(b, "/news");
    await ready(a, "/news");
    const before = (await head(b, "/news")).headers.get("etag");
    const title = `Calder Valley litter pick ${crypto.randomUUID().slice(0, 8)}`;
    const saved = await fetch(`${a.url}/admin/events`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: a.url, cookie },
      body: new URLSearchParams({
        intent: "create",
        title,
        category: EVENT_CATEGORIES[0]!.value,
        date: "2031-09-20",
        time: "10:00",
        location: "Hebden Bridge marina",
        description: "Gloves and bags provided.",
        published: "on",
      }),
    });
    expect(saved.status).toBe(302);
    for (const server of [b, a]) {
      // Every render has its own nonce, so a new ETag says a page was rendered, not that it was rendered after the save was seen:
      // a render begun just before the other process noticed the save may be kept until it does (within 200 ms), then redone.
      await expect
        .poll(
          async () => {
            await ready(server, "/news", before);
            const first = await get(server, "/news");
            return first.headers.get("x-cache") === "hit" && (await first.text()).includes(title);
          },
          { timeout: READY_WITHIN_MS, message: `${server.url}: /news from memory showing the save` },
        )
        .toBe(true);
    }
  }, TEST_TIMEOUT_MS);

  it("keeps no copy of a page it could not render properly, which is rendered when asked for, and prepares it once it can", async () => {
    const { db } = getDb();
    const rename = (from: string, to: string) => sql`alter table ${sql.table(from)} rename to ${sql.id(to)}`.execute(db);
    // A change by another process: a reads the shared version again within 200 ms, and prepares every page once more.
    const changeContent = async () => {
      await bumpContentVersion(db);
      await sleep(300);
    };
    // The last pages of the sitemap are events, which read neither page text nor section pictures.
    const last = pages.at(-1)!;
    expect(last).toMatch(/^\/news\//);
    await ready(a, "/about/funders");
    // Section pictures cannot be read: every content page would show its built-in copy, which nobody may keep.
    // (Not the pages table: the menus on every page read it, so no page at all could be kept.)
    await rename("section_images", "section_images_away");
    try {
      await changeContent();
      await ready(a, last);
      expect((await head(a, "/about/funders")).headers.get("x-cache")).toBe("miss");
      const page = await get(a, "/about/funders");
      expect([page.status, page.headers.get("x-cache"), page.headers.get("cache-control")]).toEqual([200, "miss", "no-store"]);
      expect(await page.text()).toContain("<h1");
    } finally {
      await rename("section_images_away", "section_images");
    }
    await changeContent();
    await ready(a, "/about/funders");
    const back = await get(a, "/about/funders");
    expect([back.status, back.headers.get("x-cache"), back.headers.get("cache-control")]).toEqual([200, "hit", "public, max-age=0, s-maxage=60, stale-while-revalidate=600"]);
  }, TEST_TIMEOUT_MS);
});
