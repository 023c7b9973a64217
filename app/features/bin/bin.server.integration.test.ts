import { expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { libraryImage, uploadsOf } from "../../../test/library-image";
import { TEST_ACTOR } from "../../../test/actor";
import { listAudit } from "#app/features/audit/audit.server";
import { createEvent, deleteEvent, getEvent, getPublishedEventBySlug, listEvents, listPublishedEvents } from "#app/features/events/events.server";
import { sitemapPaths } from "#app/features/pages/sitemap.server";
import { createTestimonial, deleteTestimonial, listApprovedTestimonials, listTestimonials } from "#app/features/testimonials/testimonials.server";
import { createYoutubeVideo, deleteYoutubeVideo, listPageYoutubeVideos } from "#app/features/videos/videos.server";
import { createOpportunity, deleteOpportunity, listOpportunities } from "#app/features/volunteers/volunteer-roles.server";
import { getMediaFile, listMediaFiles } from "#app/features/media/media.server";
import { binUnusedMediaFile } from "#app/features/media/media-in-use.server";
import { listPickerImages } from "#app/features/media/image-picker.server";
import { getInactiveMedia, isInactiveKey } from "#app/features/media/media-inactive.server";
import { cleanUp } from "#app/features/housekeeping/cleanup.server";
import { BIN_KINDS, binKind, listBin, purgeFromBin, restoreFromBin } from "./bin.server";

const DAY_MS = 24 * 3600_000;

const eventValues = (title: string) => ({
  title,
  category: "community",
  date: "2030-06-20",
  time: "12:00",
  location: "Community Centre, Halifax",
  description: "Games, food and music for all the family.",
  published: "on",
});

async function newEvent(db: TestDatabase, title: string) {
  const created = await createEvent(db, eventValues(title));
  if (!created.ok) throw new Error(JSON.stringify(created.errors));
  return created.data;
}

/** The row exactly as stored, every column. */
const rowOf = (db: TestDatabase, table: "events" | "media_files" | "testimonials", id: string) =>
  db.db.selectFrom(table).selectAll().where("id", "=", id).executeTakeFirst();

/** Puts a binned row's deletion this many days in the past. */
async function binnedDaysAgo(db: TestDatabase, table: "events" | "media_files" | "testimonials", id: string, days: number) {
  await db.db.updateTable(table).set({ deleted_at: new Date(Date.now() - days * DAY_MS).toISOString() }).where("id", "=", id).execute();
}

const auditActions = async (db: TestDatabase, id: string) =>
  (await listAudit(db, { limit: 500, offset: 0 })).entries.filter((e) => e.detail?.id === id).map((e) => e.action).reverse();

describeEachEngine("the bin", (get) => {
  it("a deleted event leaves the public site and the admin list at once, and comes back exactly on restore", async () => {
    const db = get();
    const event = await newEvent(db, "Summer fun day");
    const before = await rowOf(db, "events", event.id);
    expect((await deleteEvent(db, event.id, TEST_ACTOR))?.id).toBe(event.id);

    expect((await listPublishedEvents(db)).upcoming.map((e) => e.id)).not.toContain(event.id);
    expect((await listEvents(db)).upcoming.map((e) => e.id)).not.toContain(event.id);
    expect(await getPublishedEventBySlug(db, event.slug)).toBeNull();
    expect(await getEvent(db, event.id)).toBeNull();
    expect(await sitemapPaths(db)).not.toContain(`/events/${event.slug}`);
    const inBin = (await listBin(db)).find((item) => item.id === event.id);
    expect(inBin).toMatchObject({ kind: "event", label: "Event", name: "Summer fun day", deletedBy: TEST_ACTOR.email, daysLeft: 30 });
    // A second delete finds nothing to delete.
    expect(await deleteEvent(db, event.id, TEST_ACTOR)).toBeNull();

    const restored = await restoreFromBin(db, binKind("event")!, event.id, TEST_ACTOR);
    expect(restored).toMatchObject({ ok: true });
    expect(await rowOf(db, "events", event.id)).toEqual(before);
    expect((await getPublishedEventBySlug(db, event.slug))?.id).toBe(event.id);
    expect((await listBin(db)).some((item) => item.id === event.id)).toBe(false);
    expect(await auditActions(db, event.id)).toEqual(["bin.deleted", "bin.restored"]);
  });

  it("keeps a binned event's address, so a new event of the same name gets another and the restore notes the namesake", async () => {
    const db = get();
    const first = await newEvent(db, "Quiz night");
    await deleteEvent(db, first.id, TEST_ACTOR);
    const second = await newEvent(db, "Quiz night");
    expect(second.slug).not.toBe(first.slug);
    const restored = await restoreFromBin(db, binKind("event")!, first.id, TEST_ACTOR);
    expect(restored).toMatchObject({ ok: true, note: "Another event named 'Quiz night' was added meanwhile: both are now listed." });
    expect((await getPublishedEventBySlug(db, first.slug))?.id).toBe(first.id);
    expect((await getPublishedEventBySlug(db, second.slug))?.id).toBe(second.id);
  });

  it("hides binned testimonials, videos and roles from the site and the admin lists, and restores them", async () => {
    const db = get();
    const t = await createTestimonial(db, { name: "Amira", role: "Parent", rating: "5", text: "Brilliant coaches.", color: "primary" }, "approved");
    const v = await createYoutubeVideo(db, { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Boxing club", description: "", page: "marathons" });
    const r = await createOpportunity(db, { title: "Sports Coach", type: "coaching", timeCommitment: "2 hours a week", skills: "Patience", description: "Help run sessions." });
    if (!t.ok || !v.ok || !r.ok) throw new Error("fixtures not created");
    await deleteTestimonial(db, t.data.id, TEST_ACTOR);
    await deleteYoutubeVideo(db, v.data.id, TEST_ACTOR);
    expect(await deleteOpportunity(db, r.data.id, TEST_ACTOR)).toBe(true);

    expect((await listApprovedTestimonials(db)).map((x) => x.id)).not.toContain(t.data.id);
    expect((await listTestimonials(db)).map((x) => x.id)).not.toContain(t.data.id);
    expect((await listPageYoutubeVideos(db, "marathons")).map((x) => x.id)).not.toContain(v.data.id);
    expect((await listOpportunities(db, { openOnly: true })).map((x) => x.id)).not.toContain(r.data.id);
    expect((await listOpportunities(db)).map((x) => x.id)).not.toContain(r.data.id);
    const bin = await listBin(db);
    expect(bin.find((i) => i.id === t.data.id)).toMatchObject({ kind: "testimonial", name: "Amira" });
    expect(bin.find((i) => i.id === v.data.id)).toMatchObject({ kind: "video", name: "Boxing club" });
    expect(bin.find((i) => i.id === r.data.id)).toMatchObject({ kind: "volunteer-role", name: "Sports Coach" });

    for (const [kind, id] of [["testimonial", t.data.id], ["video", v.data.id], ["volunteer-role", r.data.id]] as const) {
      expect(await restoreFromBin(db, binKind(kind)!, id, TEST_ACTOR)).toMatchObject({ ok: true });
    }
    expect((await listApprovedTestimonials(db)).map((x) => x.id)).toContain(t.data.id);
    expect((await listPageYoutubeVideos(db, "marathons")).map((x) => x.id)).toContain(v.data.id);
    expect((await listOpportunities(db, { openOnly: true })).map((x) => x.id)).toContain(r.data.id);
  });

  it("never lists, restores or purges a row as another kind", async () => {
    const db = get();
    const event = await newEvent(db, "Kind check");
    const t = await createTestimonial(db, { name: "Kind check", role: "", rating: "", text: "Words.", color: "primary" });
    if (!t.ok) throw new Error("not created");
    await deleteEvent(db, event.id, TEST_ACTOR);
    await deleteTestimonial(db, t.data.id, TEST_ACTOR);
    await binnedDaysAgo(db, "events", event.id, 2);
    await binnedDaysAgo(db, "testimonials", t.data.id, 1);
    const bin = await listBin(db);
    expect(bin.filter((i) => i.id === event.id).map((i) => i.kind)).toEqual(["event"]);
    expect(bin.filter((i) => i.id === t.data.id).map((i) => i.kind)).toEqual(["testimonial"]);
    // Newest first.
    expect(bin.findIndex((i) => i.id === t.data.id)).toBeLessThan(bin.findIndex((i) => i.id === event.id));

    expect(await restoreFromBin(db, binKind("testimonial")!, event.id, TEST_ACTOR)).toEqual({ ok: false, reason: "missing" });
    expect(await purgeFromBin(db, uploadsOf(db), binKind("video")!, t.data.id, TEST_ACTOR)).toEqual({ ok: false, reason: "missing" });
    // A live record is never purged through the bin.
    const live = await newEvent(db, "Not binned");
    expect(await purgeFromBin(db, uploadsOf(db), binKind("event")!, live.id, TEST_ACTOR)).toEqual({ ok: false, reason: "missing" });
    expect(await getEvent(db, live.id)).not.toBeNull();
    expect(await rowOf(db, "events", event.id)).toBeDefined();
    expect(await rowOf(db, "testimonials", t.data.id)).toBeDefined();
    expect(BIN_KINDS.map((k) => k.kind)).toEqual(["media", "event", "testimonial", "video", "volunteer-role", "page"]);
  });

  it("bins an unused media file without touching its files, hides it everywhere, and restores it exactly", async () => {
    const db = get();
    const { file, variant } = await libraryImage(db, "Football team photo");
    const storage = uploadsOf(db);
    const before = await rowOf(db, "media_files", file.id);
    expect(await binUnusedMediaFile(db, storage, file.id, TEST_ACTOR)).toMatchObject({ ok: true });

    expect(await getMediaFile(db, file.id)).toBeNull();
    expect((await listMediaFiles(db)).map((f) => f.id)).not.toContain(file.id);
    expect((await listPickerImages(db)).map((p) => p.id)).not.toContain(file.id);
    const inactive = await getInactiveMedia(db);
    expect([isInactiveKey(inactive, file.filename), isInactiveKey(inactive, variant)]).toEqual([true, true]);
    expect([await storage.stat(file.filename), await storage.stat(variant)].every(Boolean)).toBe(true);
    expect((await listBin(db)).find((i) => i.id === file.id)).toMatchObject({ kind: "media", name: "photo.png" });

    expect(await restoreFromBin(db, binKind("media")!, file.id, TEST_ACTOR)).toMatchObject({ ok: true });
    expect(await rowOf(db, "media_files", file.id)).toEqual(before);
    expect(isInactiveKey(await getInactiveMedia(db), file.filename)).toBe(false);
    expect((await listPickerImages(db)).map((p) => p.id)).toContain(file.id);
  });

  it("refuses to bin a media file an event shows, naming it, and still names it once the event is in the bin", async () => {
    const db = get();
    const { file } = await libraryImage(db, "Boxing gloves");
    const storage = uploadsOf(db);
    const event = await newEvent(db, "Boxing open day");
    await db.db.updateTable("events").set({ image_url: file.fileUrl }).where("id", "=", event.id).execute();
    expect(await binUnusedMediaFile(db, storage, file.id, TEST_ACTOR)).toEqual({ ok: false, reason: "in-use", uses: ["the event 'Boxing open day'"] });
    await deleteEvent(db, event.id, TEST_ACTOR);
    expect(await binUnusedMediaFile(db, storage, file.id, TEST_ACTOR)).toEqual({ ok: false, reason: "in-use", uses: ["the event 'Boxing open day' (in the Bin)"] });
    expect(await getMediaFile(db, file.id)).not.toBeNull();
  });

  it("the clean-up removes what has been in the bin over 30 days, with a media file's stored objects, and keeps the rest", async () => {
    const db = get();
    const storage = uploadsOf(db);
    const { file, variant } = await libraryImage(db, "Old photo");
    const old = await newEvent(db, "Last year's fair");
    const recent = await newEvent(db, "Last week's fair");
    await binUnusedMediaFile(db, storage, file.id, TEST_ACTOR);
    await deleteEvent(db, old.id, TEST_ACTOR);
    await deleteEvent(db, recent.id, TEST_ACTOR);
    await binnedDaysAgo(db, "media_files", file.id, 31);
    await binnedDaysAgo(db, "events", old.id, 30.1);
    await binnedDaysAgo(db, "events", recent.id, 29);

    const result = await cleanUp({ database: db, storage, dataDir: db.dataDir });
    expect(result.binExpired).toBeGreaterThanOrEqual(2);
    expect(await rowOf(db, "media_files", file.id)).toBeUndefined();
    expect([await storage.stat(file.filename), await storage.stat(variant)]).toEqual([null, null]);
    expect(await rowOf(db, "events", old.id)).toBeUndefined();
    expect(await rowOf(db, "events", recent.id)).toBeDefined();
    expect((await listBin(db)).find((i) => i.id === recent.id)?.daysLeft).toBe(1);
    expect(await auditActions(db, old.id)).toEqual(["bin.deleted", "bin.expired"]);
  });

  it("Delete permanently removes the row and a media file's stored objects at once, audited", async () => {
    const db = get();
    const storage = uploadsOf(db);
    const { file, variant } = await libraryImage(db, "To go");
    await binUnusedMediaFile(db, storage, file.id, TEST_ACTOR);
    expect(await purgeFromBin(db, storage, binKind("media")!, file.id, TEST_ACTOR)).toEqual({ ok: true });
    expect(await rowOf(db, "media_files", file.id)).toBeUndefined();
    expect([await storage.stat(file.filename), await storage.stat(variant)]).toEqual([null, null]);
    expect(await auditActions(db, file.id)).toEqual(["bin.deleted", "bin.purged"]);
    expect(await restoreFromBin(db, binKind("media")!, file.id, TEST_ACTOR)).toEqual({ ok: false, reason: "missing" });
  });
});
