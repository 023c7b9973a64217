import { describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { BUILT_IN_PAGES, getPageById } from "#app/content/pages";
import * as m0014 from "#app/platform/db/migrations/0014-pages";
import { getContentVersion } from "#app/platform/content-version.server";
import { getJob } from "#app/platform/jobs/jobs.server";
import type { Database } from "#app/platform/db/db.server";
import { richTextToMarkdown } from "#app/features/blocks/rich-text";
import type { BlockOf } from "#app/features/blocks/block-schema";
import type { PageDocument } from "./page-document";
import {
  findRedirect,
  getPageRecord,
  getPublishedPageByPath,
  listPageRecords,
  listPageRevisions,
  publishPage,
  restoreRevisionToDraft,
  runScheduledPublish,
  saveDraft,
  schedulePublish,
  unpublishPage,
  type PublishJobPayload,
} from "./page-records.server";
import { movePage } from "./page-paths.server";
import { seedDocument } from "./seed/seed-document";

const staff = { id: "user-1", email: "editor@example.org" };
const other = { id: "user-2", email: "second@example.org" };

const hero = (doc: PageDocument | null) => doc!.blocks.find((b): b is BlockOf<"hero"> => b.type === "hero")!;
const text = (doc: PageDocument | null) => doc!.blocks.find((b): b is BlockOf<"text"> => b.type === "text")!;

const image = (id: string, order: number) => ({ id, filename: `https://cdn.example.org/${id}.jpg`, alt: `Photo ${id}`, caption: "", position: "inline", order });

/** Writes rows as the Pages tab of decision 009 did: the current fields and every revision. */
async function writeOldOverrides({ db }: Database) {
  const revisions = [
    { revision: 1, hero_title: "About our charity", hero_subtitle: null, main_title: null, content: null, layout: null, images: null, restored_from: null },
    {
      revision: 2,
      hero_title: "About our charity",
      hero_subtitle: "Since 2010",
      main_title: "Our story",
      content: "## Beginnings\n\nWe started with **one** club and *many* ideas. See [our mission](/about/mission).\n\n- Youth club\n- Sport",
      layout: "image-right",
      images: JSON.stringify([image("b", 2), image("a", 1)]),
      restored_from: null,
    },
    { revision: 3, hero_title: "About our charity", hero_subtitle: null, main_title: null, content: null, layout: null, images: null, restored_from: 1 },
    {
      revision: 4,
      hero_title: "About our charity",
      hero_subtitle: "Since 2010",
      main_title: "Our story",
      content: "## Beginnings\n\nWe started with **one** club and *many* ideas. See [our mission](/about/mission).\n\n- Youth club\n- Sport",
      layout: "image-right",
      images: JSON.stringify([image("b", 2), image("a", 1)]),
      restored_from: 2,
    },
  ];
  for (const r of revisions) {
    await db
      .insertInto("page_content_revisions")
      .values({ id: `rev-${r.revision}`, page_id: "about", ...r, created_at: `2026-0${r.revision}-01T10:00:00.000Z`, created_by: "old-user", created_by_email: `editor${r.revision}@example.org` })
      .execute();
  }
  const last = revisions[3]!;
  const { revision: _r, restored_from: _f, ...fields } = last;
  await db.insertInto("page_content").values({ page_id: "about", ...fields, revision: 4, updated_at: "2026-04-01T10:00:00.000Z", updated_by: "old-user", updated_by_email: "editor4@example.org" }).execute();
  // A page with only an emptied image list and layout saved.
  await db
    .insertInto("page_content")
    .values({ page_id: "haf", hero_title: "", hero_subtitle: null, main_title: null, content: null, layout: "hero-content", images: "[]", revision: 1, updated_at: "2026-05-01T10:00:00.000Z", updated_by: null, updated_by_email: null })
    .execute();
  await db
    .insertInto("page_content_revisions")
    .values({ id: "haf-1", page_id: "haf", revision: 1, hero_title: "", hero_subtitle: null, main_title: null, content: null, layout: "hero-content", images: "[]", restored_from: null, created_at: "2026-05-01T10:00:00.000Z", created_by: null, created_by_email: null })
    .execute();
}

describeEachEngine("pages migration (0014)", (database) => {
  it("turns every kind of saved override into published records, and each old revision into a page revision", async () => {
    const { db, engine } = database();
    await m0014.down(db as never);
    await writeOldOverrides(database());
    await m0014.up(db as never, engine);

    const about = await getPageRecord(database(), "about");
    expect(about?.path).toBe("/about");
    expect(about?.template).toBe("content");
    expect(about?.draft).toBeNull();
    expect(hero(about!.published).title).toBe("About our charity");
    expect(hero(about!.published).subtitle).toBe("Since 2010");
    const body = text(about!.published);
    expect(body.title).toBe("Our story");
    expect(body.layout).toBe("image-right");
    expect(body.images.map((i) => [i.id, i.order])).toEqual([["a", 1], ["b", 2]]);
    expect(body.body.content[0]).toEqual({ type: "heading", attrs: { level: 2 }, content: [{ type: "text", text: "Beginnings" }] });
    expect(richTextToMarkdown(body.body)).toBe("## Beginnings\n\nWe started with **one** club and *many* ideas. See [our mission](/about/mission).\n\n- Youth club\n- Sport");

    const history = await listPageRevisions(database(), "about");
    expect(history.map((r) => [r.revision, r.action, r.restoredFrom, r.createdByEmail, r.createdAt])).toEqual([
      [4, "migration", 2, "editor4@example.org", "2026-04-01T10:00:00.000Z"],
      [3, "migration", 1, "editor3@example.org", "2026-03-01T10:00:00.000Z"],
      [2, "migration", null, "editor2@example.org", "2026-02-01T10:00:00.000Z"],
      [1, "migration", null, "editor1@example.org", "2026-01-01T10:00:00.000Z"],
    ]);
    // Revision 1 changed only the hero title: the rest is the built-in copy.
    const built = getPageById("about")!;
    expect(hero(history[3]!.document).title).toBe("About our charity");
    expect(hero(history[3]!.document).subtitle).toBe(built.heroSubtitle);
    expect(text(history[3]!.document).title).toBe(built.mainTitle);
    expect(text(history[2]!.document).title).toBe("Our story");
    expect(history[0]!.document).toEqual(about!.published);

    // An emptied hero title follows the built-in one; an emptied image list stays empty.
    const haf = await getPageRecord(database(), "haf");
    expect(hero(haf!.published).title).toBe(getPageById("haf")!.heroTitle);
    expect(text(haf!.published).layout).toBe("hero-content");
    expect(text(haf!.published).images).toEqual([]);
    expect((await listPageRevisions(database(), "haf")).map((r) => r.action)).toEqual(["migration"]);

    // Pages nobody changed are seeded.
    const mission = await getPageRecord(database(), "mission");
    expect(mission?.published).toEqual(seedDocument(getPageById("mission")!));
    expect(mission?.parentId).toBe("about");
    expect((await listPageRevisions(database(), "mission")).map((r) => [r.revision, r.action])).toEqual([[1, "seed"]]);
  });
});

describeEachEngine("page records", (database) => {
  it("seeds every built-in page published on a fresh install, with the special routes' templates", async () => {
    const list = await listPageRecords(database());
    expect(list).toHaveLength(BUILT_IN_PAGES.length);
    expect(BUILT_IN_PAGES).toHaveLength(36);
    for (const page of BUILT_IN_PAGES) {
      const record = await getPublishedPageByPath(database(), page.path);
      expect(record?.id, page.path).toBe(page.id);
      expect(record?.published).toEqual(seedDocument(page));
    }
    expect(list.every((p) => p.status === "published")).toBe(true);
    const templates = Object.fromEntries(list.map((p) => [p.id, p.template]));
    expect(templates).toMatchObject({ home: "home", contact: "contact", "volunteer-apply": "apply", haf: "content", "privacy-policy": "content" });
  });

  it("saves a draft without changing the public page or the content version; publishing does both", async () => {
    const record = (await getPageRecord(database(), "sports"))!;
    const before = await getContentVersion(database());
    const draft = { ...record.published!, blocks: record.published!.blocks.map((b) => (b.type === "hero" ? { ...b, title: "Sport for everyone" } : b)) };
    const saved = await saveDraft(database(), "sports", draft, record.version, staff);
    expect(saved).toEqual({ ok: true, version: record.version + 1 });
    expect(hero((await getPublishedPageByPath(database(), "/what-we-deliver/sports"))!.published).title).toBe(getPageById("sports")!.heroTitle);
    expect(await getContentVersion(database())).toBe(before);
    expect((await listPageRecords(database())).find((p) => p.id === "sports")?.status).toBe("draft-changes");

    const published = await publishPage(database(), "sports", staff);
    expect(published.ok).toBe(true);
    const live = await getPublishedPageByPath(database(), "/what-we-deliver/sports");
    expect(hero(live!.published).title).toBe("Sport for everyone");
    expect(live!.draft).toBeNull();
    expect(await getContentVersion(database())).toBe(before + 1);
    expect((await listPageRevisions(database(), "sports")).map((r) => [r.revision, r.action])).toEqual([[2, "publish"], [1, "seed"]]);
    // Nothing left to publish.
    expect(await publishPage(database(), "sports", staff)).toMatchObject({ ok: false, reason: "refused" });
  });

  it("refuses a save over a newer version, and an invalid document, changing nothing", async () => {
    const record = (await getPageRecord(database(), "football"))!;
    const doc = record.published!;
    expect((await saveDraft(database(), "football", { ...doc, title: "First" }, record.version, staff)).ok).toBe(true);
    const stale = await saveDraft(database(), "football", { ...doc, title: "Second" }, record.version, other);
    expect(stale).toMatchObject({ ok: false, reason: "conflict", current: { version: record.version + 1, updatedByEmail: "editor@example.org" } });
    expect((await getPageRecord(database(), "football"))!.draft!.title).toBe("First");

    const invalid = await saveDraft(database(), "football", { ...doc, title: "" }, record.version + 1, staff);
    expect(invalid).toMatchObject({ ok: false, reason: "invalid", issues: [{ path: "title", message: "Page title is required" }] });
    expect((await getPageRecord(database(), "football"))!.version).toBe(record.version + 1);
  });

  it("refuses a schedule in the past; a scheduled job publishes the draft at its time", async () => {
    const record = (await getPageRecord(database(), "marathons"))!;
    await saveDraft(database(), "marathons", { ...record.published!, title: "Marathons 2027" }, record.version, staff);
    const now = new Date("2026-12-01T09:00:00Z");
    const past = await schedulePublish(database(), "marathons", new Date("2026-12-01T08:59:00Z"), staff, now);
    expect(past).toEqual({ ok: false, reason: "refused", message: "Choose a time in the future: that time has already passed." });
    expect((await getPageRecord(database(), "marathons"))!.scheduledAt).toBeNull();

    const at = new Date(Date.now() + 60 * 60_000);
    expect((await schedulePublish(database(), "marathons", at, staff)).ok).toBe(true);
    const scheduled = (await getPageRecord(database(), "marathons"))!;
    expect(scheduled.scheduledAt).toBe(at.toISOString());
    expect((await listPageRecords(database())).find((p) => p.id === "marathons")?.status).toBe("scheduled");
    expect(scheduled.published!.title).toBe("Marathons");
    const { db } = database();
    const job = await db.selectFrom("jobs").selectAll().where("type", "=", "pages.publish").where("status", "=", "queued").executeTakeFirstOrThrow();
    expect(job.run_at).toBe(at.toISOString());
    expect((await getJob(database(), job.id))?.status).toBe("queued");

    // The job runner hands the handler its payload once the time has come.
    await runScheduledPublish(database(), JSON.parse(job.payload) as PublishJobPayload);
    const live = (await getPublishedPageByPath(database(), "/what-we-offer/marathons"))!;
    expect(live.published!.title).toBe("Marathons 2027");
    expect(live.scheduledAt).toBeNull();
    expect((await listPageRevisions(database(), "marathons"))[0]).toMatchObject({ action: "scheduled" });
  });

  it("unpublishing takes the page off the site, keeping its words as the draft", async () => {
    expect((await unpublishPage(database(), "tough-mudder", staff)).ok).toBe(true);
    expect(await getPublishedPageByPath(database(), "/what-we-offer/tough-mudder")).toBeNull();
    const record = (await getPageRecord(database(), "tough-mudder"))!;
    expect(record.draft?.title).toBe("Tough Mudder");
    expect((await listPageRecords(database())).find((p) => p.id === "tough-mudder")?.status).toBe("unpublished");
    expect(await unpublishPage(database(), "contact", staff)).toMatchObject({ ok: false, reason: "refused" });
  });

  it("restores a revision into the draft, leaving the public page alone", async () => {
    const record = (await getPageRecord(database(), "sports"))!;
    expect((await restoreRevisionToDraft(database(), "sports", 1, staff, record.version)).ok).toBe(true);
    const after = (await getPageRecord(database(), "sports"))!;
    expect(hero(after.draft).title).toBe(getPageById("sports")!.heroTitle);
    expect(hero(after.published).title).toBe("Sport for everyone");
  });

  it("moves a page and its children, keeping the old addresses as redirects; refuses reserved and taken addresses", async () => {
    const before = await getContentVersion(database());
    expect(await movePage(database(), "what-we-offer", "/admin/offer", staff)).toEqual({ ok: false, reason: "refused", message: "/admin belongs to the site itself: choose another address." });
    expect(await movePage(database(), "what-we-offer", "/about", staff)).toEqual({ ok: false, reason: "refused", message: "/about is already the address of another page: choose another." });
    expect(await movePage(database(), "contact", "/get-in-touch", staff)).toMatchObject({ ok: false, reason: "refused", message: "This page's address belongs to its form or list, so it cannot change." });
    expect(await movePage(database(), "haf", "/Holiday Fun", staff)).toMatchObject({ ok: false, reason: "refused" });
    expect(await getContentVersion(database())).toBe(before);

    expect(await movePage(database(), "what-we-offer", "/our-offer", staff)).toEqual({ ok: true, path: "/our-offer" });
    expect((await getPublishedPageByPath(database(), "/our-offer"))?.id).toBe("what-we-offer");
    expect((await getPublishedPageByPath(database(), "/our-offer/football"))?.id).toBe("football");
    expect(await getPublishedPageByPath(database(), "/what-we-offer")).toBeNull();
    expect(await findRedirect(database(), "/what-we-offer")).toBe("/our-offer");
    expect(await findRedirect(database(), "/what-we-offer/football/")).toBe("/our-offer/football");
    expect(await getContentVersion(database())).toBe(before + 1);

    // Moving back drops the redirect at the address the page takes again; two renames never chain.
    expect(await movePage(database(), "what-we-offer", "/what-we-offer", staff)).toEqual({ ok: true, path: "/what-we-offer" });
    expect(await findRedirect(database(), "/what-we-offer")).toBeNull();
    expect(await findRedirect(database(), "/our-offer")).toBe("/what-we-offer");
  });
});

describe("seed documents", () => {
  it("give every built-in page a hero and a text block with readable ids", () => {
    for (const page of BUILT_IN_PAGES) {
      const doc = seedDocument(page);
      // The hero opens every page; the main text follows it or the special sections placed before it.
      expect(doc.blocks[0]).toMatchObject({ id: "hero", type: "hero" });
      expect(doc.blocks.filter((b) => b.id === "text").map((b) => b.type)).toEqual(["text"]);
      expect(doc.seo.description).toBe(page.description);
    }
  });
});
