import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { getContentVersion } from "#app/platform/content-version.server";
import { binKind, listBin, purgeExpiredBin, purgeFromBin, restoreFromBin } from "#app/features/bin/bin.server";
import { LocalStorage } from "#app/platform/storage/local-storage.server";
import { createPage, deletePage, duplicatePage } from "./page-lifecycle.server";
import { findRedirect, getPageRecord, getPublishedPageByPath, listPageRecords, listPageRevisions, publishPage, saveDraft, schedulePublish, setPageMenuHidden } from "./page-records.server";
import { movePage } from "./page-paths.server";
import { sitemapPaths } from "./sitemap.server";

const staff = { id: "user-1", email: "editor@example.org", ip: "203.0.113.9" };

describeEachEngine("page lifecycle", (database) => {
  const pageKind = () => binKind("page")!;
  const storage = () => new LocalStorage(`${database().dataDir}/uploads`);
  const auditActions = async () => (await database().db.selectFrom("audit_log").select(["action", "detail"]).orderBy("created_at").execute()).map((r) => [r.action, JSON.parse(r.detail ?? "{}") as Record<string, unknown>] as const);

  it("makes a new page under another as a draft nobody sees, at an address suggested from its title", async () => {
    const versionBefore = await getContentVersion(database());
    const made = await createPage(database(), { title: "Youth Club (Tuesdays)", parentId: "what-we-offer", slug: "" }, staff);
    expect(made).toMatchObject({ ok: true, path: "/what-we-offer/youth-club-tuesdays", title: "Youth Club (Tuesdays)" });
    if (!made.ok) return;
    const record = await getPageRecord(database(), made.id);
    expect(record).toMatchObject({ parentId: "what-we-offer", category: "offer", template: "content", published: null, menuHidden: false });
    expect(record!.draft!.blocks.map((b) => [b.type, "title" in b ? b.title : null])).toEqual([
      ["hero", "Youth Club (Tuesdays)"],
      ["text", ""],
    ]);
    // A draft: not on the site, not in the sitemap, and nothing visitors see changed.
    expect(await getPublishedPageByPath(database(), made.path)).toBeNull();
    expect(await sitemapPaths(database())).not.toContain(made.path);
    expect(await getContentVersion(database())).toBe(versionBefore);
    // The last among its siblings.
    const siblings = (await listPageRecords(database())).filter((p) => p.parentId === "what-we-offer" && !p.inBin);
    expect(siblings.at(-1)?.id).toBe(made.id);

    expect((await publishPage(database(), made.id, staff)).ok).toBe(true);
    expect((await getPublishedPageByPath(database(), made.path))?.id).toBe(made.id);
    expect(await sitemapPaths(database())).toContain(made.path);
    expect((await auditActions()).find(([action]) => action === "page.created")?.[1]).toEqual({ pageId: made.id, title: "Youth Club (Tuesdays)", path: made.path });
  });

  it("refuses, in words and changing nothing, a missing title, a bad or taken or reserved address and a parent that is gone", async () => {
    const count = async () => (await listPageRecords(database())).length;
    const before = await count();
    expect(await createPage(database(), { title: "  ", parentId: null, slug: "x" }, staff)).toEqual({ ok: false, field: "title", message: "Give the page a title" });
    expect(await createPage(database(), { title: "Club", parentId: null, slug: "Club Night!" }, staff)).toMatchObject({ ok: false, field: "slug", message: expect.stringContaining("lower-case letters") });
    expect(await createPage(database(), { title: "Mission again", parentId: "about", slug: "mission" }, staff)).toEqual({
      ok: false,
      field: "slug",
      message: "/about/mission is already the address of another page: choose another.",
    });
    expect(await createPage(database(), { title: "Admin", parentId: null, slug: "admin" }, staff)).toEqual({ ok: false, field: "slug", message: "/admin belongs to the site itself: choose another address." });
    expect(await createPage(database(), { title: "Orphan", parentId: "no-such-page", slug: "" }, staff)).toMatchObject({ ok: false, field: "parentId" });
    expect(await count()).toBe(before);
  });

  it("gives a new page an address an old page left behind, which then no longer redirects", async () => {
    const first = await createPage(database(), { title: "Summer Camp", parentId: "what-we-offer", slug: "" }, staff);
    if (!first.ok) throw new Error(first.message);
    await publishPage(database(), first.id, staff);
    expect((await movePage(database(), first.id, "/what-we-offer/summer-camps", staff)).ok).toBe(true);
    expect(await findRedirect(database(), "/what-we-offer/summer-camp")).toBe("/what-we-offer/summer-camps");
    const second = await createPage(database(), { title: "Summer Camp", parentId: "what-we-offer", slug: "" }, staff);
    expect(second).toMatchObject({ ok: true, path: "/what-we-offer/summer-camp" });
    expect(await findRedirect(database(), "/what-we-offer/summer-camp")).toBeNull();
  });

  it("copies a page's current draft beside it at the first free -copy address, and refuses a page with a form of its own", async () => {
    const draft = await getPageRecord(database(), "mission");
    const doc = structuredClone(draft!.published!);
    doc.blocks[0] = { ...doc.blocks[0]!, title: "Our mission, being rewritten" } as never;
    expect((await saveDraft(database(), "mission", doc, undefined, staff)).ok).toBe(true);

    const copy = await duplicatePage(database(), "mission", staff);
    expect(copy).toMatchObject({ ok: true, path: "/about/mission-copy", title: `${doc.title} (copy)` });
    const again = await duplicatePage(database(), "mission", staff);
    expect(again).toMatchObject({ ok: true, path: "/about/mission-copy-2" });
    if (!copy.ok) return;
    const record = await getPageRecord(database(), copy.id);
    expect(record).toMatchObject({ parentId: "about", category: "about", published: null });
    expect(record!.draft!.blocks.map((b) => b.type)).toEqual(doc.blocks.map((b) => b.type));
    expect(record!.draft!.blocks[0]).toMatchObject({ title: "Our mission, being rewritten" });
    expect(await duplicatePage(database(), "donate", staff)).toMatchObject({ ok: false, message: expect.stringContaining("forms or lists") });
  });

  it("hides a page from the menu without taking it off the site, and refuses a stale or repeated change", async () => {
    const record = (await getPageRecord(database(), "funders"))!;
    const versionBefore = await getContentVersion(database());
    expect(await setPageMenuHidden(database(), "funders", true, staff, record.version - 1)).toMatchObject({ ok: false, reason: "conflict" });
    expect(await setPageMenuHidden(database(), "funders", true, staff, record.version)).toMatchObject({ ok: true });
    expect((await getPageRecord(database(), "funders"))!.menuHidden).toBe(true);
    expect((await getPublishedPageByPath(database(), "/about/funders"))?.id).toBe("funders");
    expect(await getContentVersion(database())).toBeGreaterThan(versionBefore);
    expect(await setPageMenuHidden(database(), "funders", true, staff)).toMatchObject({ ok: false, reason: "refused", message: "This page is already hidden from the menu." });
    expect(await setPageMenuHidden(database(), "funders", false, staff)).toMatchObject({ ok: true });
    expect((await getPageRecord(database(), "funders"))!.menuHidden).toBe(false);
  });

  it("puts a page in the Bin (off the site, its schedule cancelled) and restores it as it was", async () => {
    const made = await createPage(database(), { title: "Walking Football", parentId: "what-we-offer", slug: "" }, staff);
    if (!made.ok) throw new Error(made.message);
    await publishPage(database(), made.id, staff);
    const live = (await getPageRecord(database(), made.id))!;
    await saveDraft(database(), made.id, { ...live.published!, title: "Walking Football for over-50s" }, live.version, staff);
    expect((await schedulePublish(database(), made.id, new Date(Date.now() + 3_600_000), staff)).ok).toBe(true);
    const versionBefore = await getContentVersion(database());

    expect(await deletePage(database(), made.id, staff)).toEqual({ ok: true, title: "Walking Football for over-50s", path: made.path });
    expect(await getPublishedPageByPath(database(), made.path)).toBeNull();
    expect(await getPageRecord(database(), made.id)).toBeNull();
    expect(await sitemapPaths(database())).not.toContain(made.path);
    expect(await getContentVersion(database())).toBeGreaterThan(versionBefore);
    const binned = await database().db.selectFrom("pages").select(["scheduled_at", "schedule_job_id", "deleted_by"]).where("id", "=", made.id).executeTakeFirstOrThrow();
    expect(binned).toEqual({ scheduled_at: null, schedule_job_id: null, deleted_by: staff.email });
    expect((await listBin(database())).find((item) => item.id === made.id)).toMatchObject({ kind: "page", label: "Page", name: made.path, daysLeft: 30 });

    const restored = await restoreFromBin(database(), pageKind(), made.id, staff);
    expect(restored.ok).toBe(true);
    expect((await getPublishedPageByPath(database(), made.path))?.id).toBe(made.id);
    expect((await getPageRecord(database(), made.id))!.draft?.title).toBe("Walking Football for over-50s");
  });

  it("refuses to delete the home page, a page with a form of its own, and a page with pages under it", async () => {
    expect(await deletePage(database(), "home", staff)).toMatchObject({ ok: false, reason: "refused" });
    expect(await deletePage(database(), "contact", staff)).toMatchObject({ ok: false, reason: "refused" });
    expect(await deletePage(database(), "about", staff)).toMatchObject({ ok: false, reason: "refused", message: expect.stringContaining("/about/mission") });
    expect(await getPageRecord(database(), "about")).not.toBeNull();
    expect(await deletePage(database(), "no-such-page", staff)).toMatchObject({ ok: false, reason: "unknown-page" });
  });

  it("puts a page and the page it sat under back in order, and removes them for good in order", async () => {
    const parent = await createPage(database(), { title: "Clubs", parentId: null, slug: "" }, staff);
    if (!parent.ok) throw new Error(parent.message);
    const child = await createPage(database(), { title: "Chess", parentId: parent.id, slug: "" }, staff);
    if (!child.ok) throw new Error(child.message);
    expect((await deletePage(database(), child.id, staff)).ok).toBe(true);
    expect((await deletePage(database(), parent.id, staff)).ok).toBe(true);

    // The page under it first would be back on the site beneath an address with no page.
    const early = await restoreFromBin(database(), pageKind(), child.id, staff);
    expect(early).toEqual({ ok: false, reason: "held", message: "Page '/clubs/chess' could not be restored: the page it sits under, '/clubs', is in the Bin. Restore that one first; this one stays in the Bin." });
    expect((await listBin(database())).some((item) => item.id === child.id)).toBe(true);
    // Removing the parent for good would leave the other nowhere to go back to.
    expect(await purgeFromBin(database(), storage(), pageKind(), parent.id, staff)).toEqual({
      ok: false,
      reason: "held",
      message: "Page '/clubs' was not deleted permanently: the pages under it ('/clubs/chess') are in the Bin. Delete those permanently first, or restore this page and then them.",
    });
    expect((await listBin(database())).some((item) => item.id === parent.id)).toBe(true);
    // A page outside the Bin is not there to remove, whatever is under it.
    expect(await purgeFromBin(database(), storage(), pageKind(), "about", staff)).toEqual({ ok: false, reason: "missing" });

    expect((await restoreFromBin(database(), pageKind(), parent.id, staff)).ok).toBe(true);
    expect((await restoreFromBin(database(), pageKind(), child.id, staff)).ok).toBe(true);

    // The daily clean-up takes the page under it first, then its parent.
    expect((await deletePage(database(), child.id, staff)).ok).toBe(true);
    expect((await deletePage(database(), parent.id, staff)).ok).toBe(true);
    const later = Date.now() + 31 * 24 * 60 * 60 * 1000;
    const binned = async () => (await listBin(database())).filter((item) => item.id === parent.id || item.id === child.id).map((item) => item.name);
    await purgeExpiredBin(database(), storage(), later);
    expect(await binned()).toEqual([]);
    expect(await database().db.selectFrom("pages").select("id").where("id", "in", [parent.id, child.id]).execute()).toEqual([]);
  });

  it("keeps a binned page in the Bin when its address was taken meanwhile, and removes it for good with its history", async () => {
    const made = await createPage(database(), { title: "Chess Club", parentId: null, slug: "" }, staff);
    if (!made.ok) throw new Error(made.message);
    await publishPage(database(), made.id, staff);
    await movePage(database(), made.id, "/chess", staff);
    expect((await deletePage(database(), made.id, staff)).ok).toBe(true);
    const taker = await createPage(database(), { title: "Chess", parentId: null, slug: "chess" }, staff);
    expect(taker.ok).toBe(true);

    const clash = await restoreFromBin(database(), pageKind(), made.id, staff);
    expect(clash).toEqual({ ok: false, reason: "clash", message: "Page '/chess' could not be restored: another page now uses its address. Rename or delete that one first; this one stays in the Bin." });
    expect((await listBin(database())).some((item) => item.id === made.id)).toBe(true);

    expect(await purgeFromBin(database(), storage(), pageKind(), made.id, staff)).toEqual({ ok: true });
    expect(await database().db.selectFrom("pages").select("id").where("id", "=", made.id).executeTakeFirst()).toBeUndefined();
    expect(await listPageRevisions(database(), made.id)).toEqual([]);
    expect(await database().db.selectFrom("page_redirects").select("path").where("page_id", "=", made.id).execute()).toEqual([]);
    // Only pages in the Bin are ever removed this way.
    expect(await purgeFromBin(database(), storage(), pageKind(), "mission", staff)).toEqual({ ok: false, reason: "missing" });
    expect(await getPageRecord(database(), "mission")).not.toBeNull();
  });
});
