import { sql } from "kysely";
import { beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { NAVIGATION, SECONDARY_LINKS } from "#app/content/navigation";
import { BUILT_IN_PAGES } from "#app/content/pages";
import { migrateToLatest } from "#app/platform/db/db.server";
import { migrations } from "#app/platform/db/migrations";
import { getContentVersion } from "#app/platform/content-version.server";
import { getMenu, readPublicMenus, saveMenu } from "./navigation-store.server";
import { navigationPages } from "./navigation-pages.server";
import { resolveMenu } from "./resolve-menu";
import { publishPage, unpublishPage } from "#app/features/pages/page-records.server";
import { movePage } from "#app/features/pages/page-paths.server";
import type { MenuItem } from "./menu-schema";

const ACTOR = { id: null, email: "office@example.org", ip: "192.0.2.1" };

describeEachEngine("stored menus", (getDb) => {
  let seededHeader: MenuItem[] = [];
  beforeAll(async () => {
    seededHeader = (await getMenu(getDb(), "header")).items;
  });

  it("starts as the menus the site had: the same labels and addresses in the same order", async () => {
    const menus = await readPublicMenus(getDb());
    expect(menus.header).toEqual(NAVIGATION);
    expect(menus.footer).toEqual(SECONDARY_LINKS);
  });

  it("stores every link to a built-in page as the page's id", async () => {
    const ids = new Set(BUILT_IN_PAGES.map((page) => page.id));
    const footer = (await getMenu(getDb(), "footer")).items;
    for (const item of [...seededHeader.flatMap((top) => [top, ...(top.children ?? [])]), ...footer]) {
      expect(item.href, item.label).toBeUndefined();
      expect(ids.has(item.pageId!), item.label).toBe(true);
    }
    expect(seededHeader.find((item) => item.label === "About")?.pageId).toBe("about");
  });

  it("saves a menu with the version it was opened at, bumps the content version and writes the audit entry", async () => {
    const db = getDb();
    const before = await getMenu(db, "footer");
    const contentBefore = await getContentVersion(db);
    const items = [...before.items, { id: "annual-report", label: "Annual Report", href: "https://example.org/report.pdf" }];
    expect(await saveMenu(db, "footer", items, before.version, ACTOR)).toEqual({ ok: true, version: before.version + 1 });
    const after = await getMenu(db, "footer");
    expect(after.items.at(-1)).toEqual({ id: "annual-report", label: "Annual Report", href: "https://example.org/report.pdf" });
    expect(after.updatedByEmail).toBe("office@example.org");
    expect(await getContentVersion(db)).toBeGreaterThan(contentBefore);
    expect((await readPublicMenus(db)).footer.at(-1)).toEqual({ name: "Annual Report", href: "https://example.org/report.pdf" });
    const audit = await db.db.selectFrom("audit_log").select(["action", "detail", "actor_email"]).where("action", "=", "navigation.saved").execute();
    expect(audit).toEqual([{ action: "navigation.saved", actor_email: "office@example.org", detail: JSON.stringify({ menu: "footer", items: 5 }) }]);
  });

  it("refuses a save over someone else's, changing nothing", async () => {
    const db = getDb();
    const opened = await getMenu(db, "header");
    const renamed = opened.items.map((item) => (item.pageId === "news" ? { ...item, label: "What's On" } : item));
    expect(await saveMenu(db, "header", renamed, opened.version, ACTOR)).toMatchObject({ ok: true });
    const theirs = await getMenu(db, "header");
    const mine = opened.items.map((item) => (item.pageId === "news" ? { ...item, label: "Events" } : item));
    expect(await saveMenu(db, "header", mine, opened.version, { ...ACTOR, email: "late@example.org" })).toEqual({
      ok: false,
      reason: "conflict",
      current: { version: theirs.version, updatedAt: theirs.updatedAt, updatedByEmail: "office@example.org" },
    });
    expect(await getMenu(db, "header")).toEqual(theirs);
    // Put back for the tests below.
    expect(await saveMenu(db, "header", seededHeader, theirs.version, ACTOR)).toMatchObject({ ok: true });
  });

  it("refuses a bad item with its message beside it (by id), changing nothing", async () => {
    const db = getDb();
    const opened = await getMenu(db, "header");
    const refuse = async (name: "header" | "footer", items: unknown) => {
      const result = await saveMenu(db, name, items, (await getMenu(db, name)).version, ACTOR);
      if (result.ok || result.reason !== "invalid") throw new Error(`expected a refusal, got ${JSON.stringify(result)}`);
      return result.errors;
    };
    const withFirst = (change: Record<string, unknown>) => [{ ...opened.items[0], ...change }, ...opened.items.slice(1)];
    expect((await refuse("header", withFirst({ label: "  " }))).items).toEqual({ "header-0": "Give the item a label." });
    expect((await refuse("header", withFirst({ label: "x".repeat(61) }))).items["header-0"]).toBe("Keep the label to 60 characters or fewer.");
    expect((await refuse("header", withFirst({ pageId: undefined, href: "javascript:alert(1)" }))).items["header-0"]).toMatch(/^Type an address on this site starting with \//);
    expect((await refuse("header", withFirst({ pageId: undefined, href: "//evil.example" }))).items["header-0"]).toMatch(/^Type an address/);
    expect((await refuse("header", withFirst({ pageId: undefined }))).items["header-0"]).toBe("Choose a page for this item, or type an address.");
    expect((await refuse("header", withFirst({ pageId: "no-such-page" }))).items["header-0"]).toBe("That page is no longer on the site: choose another.");
    // The same page twice in one list.
    const twice = [...opened.items, { id: "again", label: "Home again", pageId: "home" }];
    expect((await refuse("header", twice)).items).toEqual({ again: '"Home" in this list already links there.' });
    // Too many top-level items, and too many sub-items.
    const many = Array.from({ length: 13 }, (_, i) => ({ id: `item-${i}`, label: `Item ${i}`, href: `/page-${i}` }));
    expect((await refuse("header", many)).menu).toBe("The header menu can hold at most 12 top-level items: nest some under another item.");
    const crowded = [{ id: "parent", label: "Parent", pageId: "home", children: Array.from({ length: 21 }, (_, i) => ({ id: `c-${i}`, label: `C ${i}`, href: `/c-${i}` })) }];
    expect((await refuse("header", crowded)).items).toEqual({ parent: "An item can hold at most 20 sub-items." });
    // A third level, and sub-items in the footer, are not part of a menu's shape.
    const deep = [{ id: "a", label: "A", pageId: "about", children: [{ id: "b", label: "B", pageId: "mission", children: [{ id: "c", label: "C", pageId: "funders" }] }] }];
    expect(Object.keys((await refuse("header", deep)).items)).toEqual(["b"]);
    expect(Object.keys((await refuse("footer", [{ id: "a", label: "A", pageId: "about", children: [] }])).items)).toEqual(["a"]);
    expect(await getMenu(db, "header")).toEqual(opened);
  });

  it("follows a page to its new address and leaves out pages visitors cannot reach, with their sub-items", async () => {
    const stored = (await getMenu(getDb(), "header")).items;
    const pages = (await navigationPages(getDb())).map((page) =>
      page.id === "mission" ? { ...page, path: "/about/our-mission" } : page.id === "what-we-offer" || page.id === "faqs" ? { ...page, visible: false } : page,
    );
    const menu = resolveMenu(stored, pages);
    expect(menu.find((item) => item.name === "About")?.subItems?.[0]).toEqual({ name: "Our Mission", href: "/about/our-mission" });
    expect(menu.map((item) => item.name)).toEqual(["Home", "About", "What We Deliver", "News and Events", "Volunteer", "Contact"]);
    expect(menu.find((item) => item.name === "Contact")?.subItems?.map((item) => item.name)).toEqual(["Register Your Child Now", "Contact Us"]);
  });

  it("follows the page records: a moved page's new address, an unpublished or hidden page left out", async () => {
    const paths = (items: { href: string; subItems?: { href: string }[] }[]) => items.flatMap((i) => [i.href, ...(i.subItems ?? []).map((s) => s.href)]);
    expect((await movePage(getDb(), "marathons", "/what-we-offer/running", ACTOR)).ok).toBe(true);
    expect(paths((await readPublicMenus(getDb())).header)).toContain("/what-we-offer/running");
    expect((await unpublishPage(getDb(), "marathons", ACTOR)).ok).toBe(true);
    expect(paths((await readPublicMenus(getDb())).header)).not.toContain("/what-we-offer/running");
    expect((await publishPage(getDb(), "marathons", ACTOR)).ok).toBe(true);
    expect((await movePage(getDb(), "marathons", "/what-we-offer/marathons", ACTOR)).ok).toBe(true);
    expect(paths((await readPublicMenus(getDb())).header)).toContain("/what-we-offer/marathons");
    await getDb().db.updateTable("pages").set({ menu_hidden: 1 }).where("id", "=", "bike-rides").execute();
    expect(paths((await readPublicMenus(getDb())).header)).not.toContain("/what-we-offer/bike-rides");
    await getDb().db.updateTable("pages").set({ menu_hidden: 0 }).where("id", "=", "bike-rides").execute();
  });

  it("is added by its migration to a database that already holds content, keeping that content", async () => {
    const db = getDb();
    const name = "0015-navigation";
    await migrations[name]!.down!(db.db as never, db.engine);
    await sql`delete from kysely_migration where name = ${name}`.execute(db.db);
    await db.db
      .insertInto("site_settings")
      .values({ key: "charityName", value: JSON.stringify("Calder Youth"), updated_at: "2026-01-01T00:00:00.000Z", updated_by: null })
      .onConflict((oc) => oc.column("key").doNothing())
      .execute();
    expect(await migrateToLatest(db)).toEqual([name]);
    expect((await readPublicMenus(db)).header).toEqual(NAVIGATION);
    expect((await getMenu(db, "footer")).version).toBe(1);
    expect((await db.db.selectFrom("site_settings").select("value").where("key", "=", "charityName").executeTakeFirst())?.value).toBe(JSON.stringify("Calder Youth"));
  });
});
