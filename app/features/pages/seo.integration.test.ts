import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, releaseSite } from "../../../test/route-actions";
import { renderHead, structuredDataOf } from "../../../test/page-head";

/**
 * What a published page's <head> tells search engines, through the public
 * routes' loaders and meta as React Router writes them, on each engine:
 * "Hide from search engines" sends robots noindex on pages drawn from a
 * record (the catch-all's and the special pages'), and the home page's
 * JSON-LD follows Settings.
 */

const staff = { id: null, email: "seo@example.org" };

async function siteOn(db: TestDatabase) {
  configureSiteFor(db);
  return {
    catchAll: await import("#app/routes/site/$"),
    donate: await import("#app/routes/site/donate"),
    home: await import("#app/routes/site/_index"),
    records: await import("#app/features/pages/page-records.server"),
    settings: await import("#app/features/settings/site-settings.server"),
    database: await import("#app/platform/db/db.server"),
  };
}

type RouteModule = { loader: (args: never) => Promise<unknown>; meta: (args: never) => unknown };

describeEachEngine("search engines and published pages", (getDb) => {
  let site: Awaited<ReturnType<typeof siteOn>>;
  beforeAll(async () => {
    site = await siteOn(getDb());
  });
  afterAll(() => releaseSite(site));

  /** The <head> tags a route's page sends for this path. */
  async function headOf(route: RouteModule, path: string): Promise<string> {
    const loaderData = await route.loader({ request: new Request(`http://127.0.0.1:3999${path}`), params: {}, context: { requestId: "test" } } as never);
    return renderHead(route.meta, loaderData, path);
  }

  async function publishWithNoindex(id: string, noindex: boolean) {
    const database = await site.database.getDatabase();
    const record = (await site.records.getPageRecord(database, id))!;
    const doc = record.published!;
    expect((await site.records.saveDraft(database, id, { ...doc, seo: { ...doc.seo, noindex } }, record.version, staff)).ok).toBe(true);
    expect((await site.records.publishPage(database, id, staff)).ok).toBe(true);
  }

  const ROBOTS = '<meta name="robots" content="noindex"/>';

  it("a page hidden from search engines says noindex once published; the others do not", async () => {
    expect(await headOf(site.catchAll, "/what-we-offer/mountains")).not.toContain("robots");
    await publishWithNoindex("mountains", true);
    const hidden = await headOf(site.catchAll, "/what-we-offer/mountains");
    expect(hidden).toContain(ROBOTS);
    expect(hidden.match(/name="robots"/g)).toHaveLength(1);
    // Everything else a search engine or a link preview reads is still there.
    expect(hidden).toContain('<link rel="canonical" href="http://127.0.0.1:3999/what-we-offer/mountains"/>');
    expect(await headOf(site.catchAll, "/what-we-deliver/haf")).not.toContain("robots");

    await publishWithNoindex("mountains", false);
    expect(await headOf(site.catchAll, "/what-we-offer/mountains")).not.toContain("robots");
  });

  it("a special page with a route of its own follows its published document too", async () => {
    expect(await headOf(site.donate, "/donate")).not.toContain("robots");
    await publishWithNoindex("donate", true);
    expect(await headOf(site.donate, "/donate")).toContain(ROBOTS);
    await publishWithNoindex("donate", false);
    expect(await headOf(site.donate, "/donate")).not.toContain("robots");
  });

  it("the home page's structured data is the charity as Settings describe it, and changes with them", async () => {
    const before = structuredDataOf(await headOf(site.home, "/"));
    expect(before).toHaveLength(1);
    expect(before[0]).toMatchObject({ "@type": "NGO", name: "Halifax Community Development", url: "http://127.0.0.1:3999/" });
    expect(before[0]).not.toHaveProperty("telephone");

    const database = await site.database.getDatabase();
    const current = await site.settings.readSettings(database);
    const { social, ...rest } = current;
    const saved = await site.settings.saveSettings(
      database,
      {
        ...rest,
        ...social,
        charityName: "Calder <Youth> & Arts",
        phone: "01422 654321",
        email: "hello@calder.example",
        postalAddress: "Dean Clough Mills\nHalifax HX3 5AX",
        charityNumber: "1190000",
        instagram: "https://instagram.com/calder",
      },
      staff,
    );
    expect(saved.ok).toBe(true);

    const head = await headOf(site.home, "/");
    // A "<" from Settings can never close the script element: it is written as \u003c, and the JSON still reads back.
    expect(head).not.toContain("<Youth>");
    expect(head).toContain("Calder \\u003cYouth\\u003e");
    const after = structuredDataOf(head);
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({
      "@type": "NGO",
      name: "Calder <Youth> & Arts",
      telephone: "01422 654321",
      email: "hello@calder.example",
      address: { "@type": "PostalAddress", streetAddress: "Dean Clough Mills, Halifax", postalCode: "HX3 5AX", addressCountry: "GB" },
      identifier: { "@type": "PropertyValue", propertyID: "Registered charity number", value: "1190000" },
      sameAs: ["https://instagram.com/calder"],
    });
  });

  it("a page's trail for search results follows the published pages above it", async () => {
    const database = await site.database.getDatabase();
    const { createPage } = await import("#app/features/pages/page-lifecycle.server");
    const made = await createPage(database, { title: "Ghyll Scrambling", parentId: "mountains", slug: "" }, staff);
    if (!made.ok) throw new Error(made.message);
    expect((await site.records.publishPage(database, made.id, staff)).ok).toBe(true);
    const title = async (id: string) => (await site.records.getPageRecord(database, id))!.published!.title;
    const trail = async () => {
      const data = structuredDataOf(await headOf(site.catchAll, made.path));
      expect(data).toHaveLength(1);
      const list = data[0] as { "@type": string; itemListElement: { position: number; name: string; item: string }[] };
      expect(list["@type"]).toBe("BreadcrumbList");
      expect(list.itemListElement.map((crumb) => crumb.position)).toEqual(list.itemListElement.map((_, i) => i + 1));
      return list.itemListElement.map((crumb) => `${crumb.name} ${crumb.item}`);
    };
    expect(await trail()).toEqual([
      `${await title("home")} http://127.0.0.1:3999/`,
      `${await title("what-we-offer")} http://127.0.0.1:3999/what-we-offer`,
      `${await title("mountains")} http://127.0.0.1:3999/what-we-offer/mountains`,
      "Ghyll Scrambling http://127.0.0.1:3999/what-we-offer/mountains/ghyll-scrambling",
    ]);
    // A page above it that is no longer published is no step a visitor could open.
    expect((await site.records.unpublishPage(database, "mountains", staff)).ok).toBe(true);
    expect(await trail()).toEqual([
      `${await title("home")} http://127.0.0.1:3999/`,
      `${await title("what-we-offer")} http://127.0.0.1:3999/what-we-offer`,
      "Ghyll Scrambling http://127.0.0.1:3999/what-we-offer/mountains/ghyll-scrambling",
    ]);
    expect((await site.records.publishPage(database, "mountains", staff)).ok).toBe(true);
    // The first step is the home page as staff titled it.
    const home = (await site.records.getPageRecord(database, "home"))!;
    expect((await site.records.saveDraft(database, "home", { ...home.published!, title: "Start" }, home.version, staff)).ok).toBe(true);
    expect((await site.records.publishPage(database, "home", staff)).ok).toBe(true);
    expect((await trail())[0]).toBe("Start http://127.0.0.1:3999/");
    // A special page with a route of its own has one too; the home page keeps only its own.
    expect(structuredDataOf(await headOf(site.donate, "/donate"))).toEqual([
      { "@context": "https://schema.org", "@type": "BreadcrumbList", itemListElement: [{ "@type": "ListItem", position: 1, name: await title("home"), item: "http://127.0.0.1:3999/" }, { "@type": "ListItem", position: 2, name: await title("donate"), item: "http://127.0.0.1:3999/donate" }] },
    ]);
    expect(structuredDataOf(await headOf(site.home, "/")).map((d) => (d as { "@type": string })["@type"])).toEqual(["NGO"]);
  });
});
