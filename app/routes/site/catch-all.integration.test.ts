import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, releaseSite } from "../../../test/route-actions";
import { BUILT_IN_PAGES } from "#app/content/pages";

/**
 * Public pages read page records (decision 015): through the catch-all
 * route's loader and component, on each engine. A fresh install's pages read
 * as the built-in copy did; a draft stays off the site until it is
 * published; an unpublished page is a 404; a moved page's old address
 * answers 301.
 */

const staff = { id: null, email: "records@example.org" };

async function siteOn(db: TestDatabase) {
  configureSiteFor(db);
  return {
    route: await import("./$"),
    records: await import("#app/features/pages/page-records.server"),
    paths: await import("#app/features/pages/page-paths.server"),
    publicData: await import("#app/features/pages/public-page-data.server"),
    oldStore: await import("#app/features/pages/page-store.server"),
    contentPage: await import("#app/features/pages/site/content-page"),
    sitemap: await import("#app/features/pages/sitemap.server"),
    database: await import("#app/platform/db/db.server"),
  };
}

describeEachEngine("public pages from records", (getDb) => {
  let site: Awaited<ReturnType<typeof siteOn>>;
  beforeAll(async () => {
    site = await siteOn(getDb());
  });
  afterAll(() => releaseSite(site));

  /** What the catch-all route answers for a path: the thrown Response for a redirect or 404, else the page's HTML. */
  async function visit(path: string): Promise<{ status: number; location?: string | null; html?: string }> {
    let loaderData: unknown;
    try {
      loaderData = await site.route.loader({ request: new Request(`http://127.0.0.1:3999${path}`), params: {}, context: { requestId: "test" } } as never);
    } catch (thrown) {
      if (thrown instanceof Response) return { status: thrown.status, location: thrown.headers.get("Location") };
      if (thrown && typeof thrown === "object" && "init" in thrown) return { status: (thrown as { init: { status: number } }).init.status };
      throw thrown;
    }
    const Page = site.route.default;
    const props = { loaderData, params: {}, matches: [] } as never;
    const Stub = createRoutesStub([{ path: "*", Component: () => createElement(Page, props) }]);
    return { status: 200, html: renderToStaticMarkup(createElement(Stub, { initialEntries: [path] })) };
  }

  const render = (page: Parameters<typeof site.contentPage.ContentPage>[0]["page"]) => {
    const Stub = createRoutesStub([{ path: "*", Component: () => createElement(site.contentPage.ContentPage, { page }) }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
  };
  const visibleText = (html: string) => html.replace(/<[^>]+>/g, " ").replace(/\s+/g, " ").trim();

  it("shows every built-in page of a fresh install as the built-in copy showed it", async () => {
    const database = await site.database.getDatabase();
    for (const page of BUILT_IN_PAGES) {
      const now = (await site.publicData.loadPublicPage(page.id)).page;
      // What the page showed before pages were records: the built-in copy, with no saved fields.
      const before = await site.publicData.visiblePageContent(await site.oldStore.loadPageContent(database, page, null), database);
      const { content: nowContent, ...nowFields } = now;
      const { content: beforeContent, ...beforeFields } = before;
      expect(nowFields, page.id).toEqual(beforeFields);
      expect(visibleText(render(now)), page.id).toBe(visibleText(render(before)));
      // The Markdown body survives the trip through rich text, formatting and all (strong around a link may nest the other way).
      expect(nowContent.replace(/\*\*\[([^\]]+)\]\(([^)]+)\)\*\*/g, "[**$1**]($2)"), page.id).toBe(beforeContent.replace(/\*\*\[([^\]]+)\]\(([^)]+)\)\*\*/g, "[**$1**]($2)"));
    }
  });

  it("keeps a draft off the site until it is published", async () => {
    const database = await site.database.getDatabase();
    const record = (await site.records.getPageRecord(database, "haf"))!;
    const doc = record.published!;
    const draft = { ...doc, blocks: doc.blocks.map((b) => (b.type === "hero" ? { ...b, title: "Holiday clubs this summer" } : b)) };
    expect((await site.records.saveDraft(database, "haf", draft, record.version, staff)).ok).toBe(true);
    const before = await visit("/what-we-deliver/haf");
    expect(before.status).toBe(200);
    expect(before.html).not.toContain("Holiday clubs this summer");

    expect((await site.records.publishPage(database, "haf", staff)).ok).toBe(true);
    expect((await visit("/what-we-deliver/haf")).html).toContain("Holiday clubs this summer");
  });

  it("answers 404 for an unpublished page and leaves it out of the sitemap", async () => {
    const database = await site.database.getDatabase();
    expect((await visit("/what-we-offer/mountains")).status).toBe(200);
    expect(await site.sitemap.sitemapPaths(database)).toContain("/what-we-offer/mountains");
    expect((await site.records.unpublishPage(database, "mountains", staff)).ok).toBe(true);
    expect((await visit("/what-we-offer/mountains")).status).toBe(404);
    expect(await site.sitemap.sitemapPaths(database)).not.toContain("/what-we-offer/mountains");
    expect((await visit("/no/such/page")).status).toBe(404);
  });

  it("leaves a page hidden from search engines out of the sitemap", async () => {
    const database = await site.database.getDatabase();
    const record = (await site.records.getPageRecord(database, "terms"))!;
    await site.records.saveDraft(database, "terms", { ...record.published!, seo: { ...record.published!.seo, noindex: true } }, record.version, staff);
    expect(await site.sitemap.sitemapPaths(database)).toContain("/terms");
    await site.records.publishPage(database, "terms", staff);
    expect(await site.sitemap.sitemapPaths(database)).not.toContain("/terms");
  });

  it("answers a moved page's old address with a 301 to the new one", async () => {
    const database = await site.database.getDatabase();
    expect(await site.paths.movePage(database, "boxing-mma", "/what-we-offer/combat-sports", staff)).toEqual({ ok: true, path: "/what-we-offer/combat-sports" });
    expect(await visit("/what-we-offer/boxing-mma?from=menu")).toEqual({ status: 301, location: "/what-we-offer/combat-sports?from=menu" });
    const moved = await visit("/what-we-offer/combat-sports");
    expect(moved.status).toBe(200);
    expect(moved.html).toContain("Boxing");
  });

  it("gives a page staff made at an address a built-in page left none of that page's videos", async () => {
    const db = getDb();
    expect((await site.paths.movePage(db, "mission", "/about/our-mission", staff)).ok).toBe(true);
    const { createPage } = await import("#app/features/pages/page-lifecycle.server");
    const made = await createPage(db, { title: "Mission Statement", parentId: "about", slug: "mission" }, staff);
    if (!made.ok) throw new Error(made.message);
    const draft = (await site.records.getPageRecord(db, made.id))!.draft!;
    const more = { id: "more", type: "text", hidden: false, title: "Our values", body: { type: "doc", content: [] }, layout: "text-only", images: [] };
    expect((await site.records.saveDraft(db, made.id, { ...draft, blocks: [...draft.blocks, more] }, undefined, staff)).ok).toBe(true);
    expect((await site.records.publishPage(db, made.id, staff)).ok).toBe(true);

    // A video in the mission page's gallery: shown on the built-in page wherever it is, never on the new page.
    const { createYoutubeVideo } = await import("#app/features/videos/videos.server");
    const video = await createYoutubeVideo(db, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Mission video", description: "", page: "mission" });
    expect(video.ok).toBe(true);
    const madePage = await visit("/about/mission");
    expect(madePage.html).toContain("Our values");
    expect(madePage.html).not.toContain("Mission video");
    // The built-in page, at its new address, keeps its gallery.
    await site.records.saveDraft(db, "mission", { ...(await site.records.getPageRecord(db, "mission"))!.published!, blocks: [...(await site.records.getPageRecord(db, "mission"))!.published!.blocks, more] }, undefined, staff);
    await site.records.publishPage(db, "mission", staff);
    const builtIn = await visit("/about/our-mission");
    expect(builtIn.html).toContain("Our values");
    expect(builtIn.html).toContain("Mission video");
  });
});
