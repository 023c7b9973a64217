import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { VALID_EVENT } from "../../../test/event-fixture";
import { describeEachEngine } from "../../../test/engines";
import { smallPng } from "../../../test/media-fixtures";
import { startS3Server } from "../../../test/s3-server";
import { BUILT_IN_IMAGES, NEWS_CARDS } from "#app/content/site";
import {
  countEvents,
  createEvent,
  EVENT_IMAGE_NOT_HELD,
  eventImages,
  deleteEvent,
  duplicateEvent,
  getEvent,
  getPublishedEventBySlug,
  listEvents,
  listPublishedEvents,
  listUpcomingPublishedEvents,
  setEventPublished,
  slugify,
  toPublicEvent,
  updateEvent,
} from "./events.server";
import { eventShareImage, eventStructuredData, type PublicEvent } from "./event-format";
import { buildCalendar } from "./ical";
import { createMediaFile, updateMediaFile } from "#app/features/media/media.server";
import { storagePublicBase } from "#app/features/media/media-addresses.server";
import { createStorage } from "#app/platform/storage/storage.server";
import { type Storage } from "#app/platform/storage/objects";
import { TEST_ACTOR } from "../../../test/actor";

const TODAY = "2026-05-10";
const ORIGIN = "https://charity.example";

const valid = { ...VALID_EVENT, published: "on" };

describeEachEngine("events", (get) => {
  it("starts with the three News cards as published, undated regular sessions", async () => {
    const { regular, upcoming, past } = await listPublishedEvents(get(), TODAY);
    expect(regular.map((e) => [e.slug, e.title, e.scheduleNote, e.category])).toEqual(
      NEWS_CARDS.map((c) => [c.id, c.title, c.frequency, c.category]),
    );
    expect(regular.every((e) => e.date === null && e.time === null && e.published)).toBe(true);
    expect(upcoming).toEqual([]);
    expect(past).toEqual([]);
    expect(await listUpcomingPublishedEvents(get(), TODAY)).toEqual([]);
    expect(await countEvents(get(), TODAY)).toEqual({ all: 3, published: 3, drafts: 0, upcoming: 0 });
  });

  it.each([
    ["title", "Title is required"],
    ["category", "Category is required: choose one from the list"],
    ["date", "Date is required"],
    ["time", "Time is required"],
    ["location", "Location is required"],
    ["description", "Description is required"],
  ])("refuses an event without its %s, naming the field, and saves nothing", async (field, message) => {
    const before = (await countEvents(get(), TODAY)).all;
    for (const blank of [undefined, "", "  "]) {
      const result = await createEvent(get(), { ...valid, [field]: blank });
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.errors[field]).toEqual([message]);
        expect(Object.keys(result.errors)).toEqual([field]);
        expect(result.values.title).toBe(field === "title" ? (blank ?? "") : valid.title);
      }
    }
    expect((await countEvents(get(), TODAY)).all).toBe(before);
  });

  it("names every missing field at once", async () => {
    const result = await createEvent(get(), {});
    expect(result.ok ? [] : Object.keys(result.errors).sort()).toEqual(["category", "date", "description", "location", "time", "title"]);
  });

  it("refuses impossible dates and times, and an unknown category", async () => {
    const bad = async (values: Record<string, string>) => {
      const r = await createEvent(get(), { ...valid, ...values });
      return r.ok ? null : r.errors;
    };
    expect((await bad({ date: "2026-02-30" }))?.date).toEqual(["Date must be a real date (YYYY-MM-DD)"]);
    expect((await bad({ date: "20/06/2026" }))?.date).toEqual(["Date must be a real date (YYYY-MM-DD)"]);
    expect((await bad({ time: "25:00" }))?.time).toEqual(["Time must be a time of day (HH:MM)"]);
    expect((await bad({ category: "parties" }))?.category).toEqual(["Category is required: choose one from the list"]);
    expect((await bad({ imageUrl: "javascript:alert(1)" }))?.imageUrl).toBeTruthy();
  });

  it("lets a regular session go without a date only when its schedule is given", async () => {
    const noSchedule = await createEvent(get(), { ...valid, regular: "on", date: "", time: "" });
    expect(noSchedule.ok ? null : noSchedule.errors).toEqual({
      scheduleNote: ["Schedule is required for a regular session, e.g. Weekly"],
    });
    const timeOnly = await createEvent(get(), { ...valid, regular: "on", date: "", scheduleNote: "Weekly" });
    expect(timeOnly.ok ? null : timeOnly.errors).toEqual({ date: ["Date is required"] });
    const ok = await createEvent(get(), { ...valid, title: "Homework Club", regular: "on", date: "", time: "", scheduleNote: "Weekly" });
    expect(ok.ok && ok.data).toMatchObject({ date: null, time: null, scheduleNote: "Weekly" });
    if (ok.ok) await deleteEvent(get(), ok.data.id, TEST_ACTOR);
  });

  it("takes an image only from the media library or the built-in pictures, naming the field otherwise", async () => {
    const db = get();
    const upload = await createMediaFile(db, {
      filename: "events/fun-day.jpg",
      originalName: "fun-day.jpg",
      fileUrl: "/media/events/fun-day.jpg",
      fileType: "image",
      fileSize: 1000,
      altText: "Children on a bouncy castle",
      createdBy: null,
      width: 1600,
      height: 900,
    });
    const video = await createMediaFile(db, {
      filename: "events/clip.mp4",
      originalName: "clip.mp4",
      fileUrl: "/media/events/clip.mp4",
      fileType: "video",
      fileSize: 1000,
      altText: "A clip",
      createdBy: null,
    });
    const hidden = await createMediaFile(db, {
      filename: "events/old.jpg",
      originalName: "old.jpg",
      fileUrl: "/media/events/old.jpg",
      fileType: "image",
      fileSize: 1000,
      altText: "An old picture",
      createdBy: null,
    });
    await updateMediaFile(db, hidden.id, { isActive: false });
    const before = (await countEvents(db, TODAY)).all;

    for (const imageUrl of [
      "https://elsewhere.example/picture.jpg",
      "//elsewhere.example/picture.jpg",
      "javascript:alert(1)",
      "/media/events/missing.jpg",
      "/media/../secrets.json",
      video.fileUrl,
      hidden.fileUrl,
      "/images/not-a-built-in.svg",
    ]) {
      const result = await createEvent(db, { ...valid, imageUrl, imageAlt: "A picture" });
      expect(result.ok, imageUrl).toBe(false);
      if (!result.ok) {
        expect(result.errors, imageUrl).toEqual({ imageUrl: [expect.stringMatching(/^Image must be a picture from the media library/)] });
        expect(result.values.imageUrl).toBe(imageUrl);
      }
    }
    expect((await countEvents(db, TODAY)).all).toBe(before);

    // A library upload: its description is the alt text unless staff give one.
    const withUpload = await createEvent(db, { ...valid, title: "Fun Day With Picture", imageUrl: upload.fileUrl });
    if (!withUpload.ok) throw new Error(JSON.stringify(withUpload.errors));
    expect(withUpload.data).toMatchObject({ imageUrl: upload.fileUrl, imageAlt: "Children on a bouncy castle" });
    const builtIn = BUILT_IN_IMAGES.find((i) => i.filename.startsWith("/images/") && !i.filename.includes("logo"))!;
    const withBuiltIn = await updateEvent(db, withUpload.data.id, { ...valid, title: "Fun Day With Picture", imageUrl: builtIn.filename, imageAlt: "Our own words" });
    expect(withBuiltIn?.ok && withBuiltIn.data).toMatchObject({ imageUrl: builtIn.filename, imageAlt: "Our own words" });
    // Editing to a picture the site does not hold is refused and keeps the stored one.
    const refused = await updateEvent(db, withUpload.data.id, { ...valid, imageUrl: "https://elsewhere.example/x.jpg" });
    expect(refused?.ok ? null : refused?.errors).toEqual({ imageUrl: [EVENT_IMAGE_NOT_HELD] });
    expect((await getEvent(db, withUpload.data.id))?.imageUrl).toBe(builtIn.filename);

    // Public pages get the picture's real size.
    const shown = await eventImages(db, [(await getEvent(db, withUpload.data.id))!]);
    expect(shown.get(withUpload.data.id)).toMatchObject({ src: builtIn.filename, alt: "Our own words", width: builtIn.width, height: builtIn.height });
    const back = await updateEvent(db, withUpload.data.id, { ...valid, title: "Fun Day With Picture", imageUrl: upload.fileUrl, imageAlt: "" });
    expect(back?.ok).toBe(true);
    const uploaded = await eventImages(db, [(await getEvent(db, withUpload.data.id))!]);
    expect(uploaded.get(withUpload.data.id)).toMatchObject({ src: upload.fileUrl, alt: "Children on a bouncy castle", width: 1600, height: 900 });
    // Removing the picture is allowed.
    const removed = await updateEvent(db, withUpload.data.id, { ...valid, title: "Fun Day With Picture", imageUrl: "" });
    expect(removed?.ok && removed.data).toMatchObject({ imageUrl: null, imageAlt: null });
    await deleteEvent(db, withUpload.data.id, TEST_ACTOR);
  });

  it("creates, edits, publishes, unpublishes, duplicates and deletes", async () => {
    const db = get();
    // The picture the edit below chooses is in the media library.
    await createMediaFile(db, {
      filename: "general/fun-day.jpg",
      originalName: "fun-day.jpg",
      fileUrl: "/media/fun-day.jpg",
      fileType: "image",
      fileSize: 1000,
      altText: "A picture",
      createdBy: null,
    });
    const created = await createEvent(db, { ...valid, published: undefined });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const e = created.data;
    expect(e).toMatchObject({ slug: "summer-fun-day", published: false, date: "2026-06-20", time: "12:00", imageUrl: null });
    expect(await getPublishedEventBySlug(db, e.slug)).toBeNull();
    expect((await listPublishedEvents(db, TODAY)).upcoming).toEqual([]);
    expect((await listEvents(db, TODAY)).upcoming.map((x) => x.id)).toEqual([e.id]);

    await setEventPublished(db, e.id, true);
    expect((await getPublishedEventBySlug(db, "summer-fun-day"))?.id).toBe(e.id);

    const edited = await updateEvent(db, e.id, {
      ...valid,
      title: "Summer Fun Day 2026",
      location: "Park",
      imageUrl: "/media/fun-day.jpg",
      imageAlt: "Children on a bouncy castle",
    });
    expect(edited?.ok && edited.data).toMatchObject({
      title: "Summer Fun Day 2026",
      slug: "summer-fun-day",
      location: "Park",
      imageUrl: "/media/fun-day.jpg",
      imageAlt: "Children on a bouncy castle",
      published: true,
    });
    const refused = await updateEvent(db, e.id, { ...valid, location: "" });
    expect(refused?.ok).toBe(false);
    expect((await getEvent(db, e.id))?.location).toBe("Park");

    const copy = await duplicateEvent(db, e.id);
    expect(copy).toMatchObject({ title: "Summer Fun Day 2026 (copy)", published: false, date: "2026-06-20", location: "Park" });
    expect(copy!.slug).not.toBe(e.slug);
    expect(await getPublishedEventBySlug(db, copy!.slug)).toBeNull();
    expect(await countEvents(db, TODAY)).toEqual({ all: 5, published: 4, drafts: 1, upcoming: 1 });

    await setEventPublished(db, e.id, false);
    expect(await getPublishedEventBySlug(db, e.slug)).toBeNull();
    expect((await deleteEvent(db, e.id, TEST_ACTOR))?.id).toBe(e.id);
    expect((await deleteEvent(db, copy!.id, TEST_ACTOR))?.id).toBe(copy!.id);
    expect(await getEvent(db, e.id)).toBeNull();
    expect(await deleteEvent(db, e.id, TEST_ACTOR)).toBeNull();
    expect(await setEventPublished(db, e.id, true)).toBeNull();
    expect(await updateEvent(db, e.id, valid)).toBeNull();
  });

  it("makes two copies with addresses of their own when Duplicate is pressed twice at once", async () => {
    const db = get();
    const created = await createEvent(db, { ...valid, title: "Bike Rally" });
    if (!created.ok) throw new Error("not created");
    const copies = await Promise.all([duplicateEvent(db, created.data.id), duplicateEvent(db, created.data.id), duplicateEvent(db, created.data.id)]);
    const slugs = copies.map((c) => c!.slug).sort();
    expect(slugs).toEqual(["bike-rally-copy", "bike-rally-copy-2", "bike-rally-copy-3"]);
    for (const copy of copies) expect(copy).toMatchObject({ title: "Bike Rally (copy)", published: false });
    for (const event of [created.data, ...copies]) await deleteEvent(db, event!.id, TEST_ACTOR);
  });

  it("refuses an edit from a form opened before the event was unpublished or saved, changing nothing", async () => {
    const db = get();
    const created = await createEvent(db, { ...valid, title: "Summer Fun Dya" });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    onTestFinished(async () => void (await deleteEvent(db, created.data.id, TEST_ACTOR)));
    // A opens the event to edit it: the form carries updated_at as loaded.
    const opened = (await getEvent(db, created.data.id))!;
    expect(opened.published).toBe(true);
    // B unpublishes it (cancelled) with the list's one-click action, which still works.
    const unpublished = await setEventPublished(db, opened.id, false);
    expect(unpublished).toMatchObject({ published: false });
    expect(unpublished!.updatedAt).not.toBe(opened.updatedAt);
    // A fixes the typo and saves the form, which still says Published.
    const typed = { ...valid, title: "Summer Fun Day", published: "on" };
    const stale = await updateEvent(db, opened.id, typed, { baseUpdatedAt: opened.updatedAt });
    expect(stale).toEqual({ ok: false, conflict: { updatedAt: unpublished!.updatedAt }, errors: {}, values: typed });
    expect(await getEvent(db, opened.id)).toEqual(unpublished);
    expect(await getPublishedEventBySlug(db, opened.slug)).toBeNull();
    // Stale is said before field errors, and a form without updated_at is stale too.
    const staleAndBlank = await updateEvent(db, opened.id, { ...typed, location: "" }, { baseUpdatedAt: opened.updatedAt });
    expect(staleAndBlank).toMatchObject({ ok: false, conflict: { updatedAt: unpublished!.updatedAt } });
    expect(await updateEvent(db, opened.id, typed, { baseUpdatedAt: "" })).toMatchObject({ ok: false, conflict: { updatedAt: unpublished!.updatedAt } });
    expect(await getEvent(db, opened.id)).toEqual(unpublished);

    // Reopened, the form carries the new updated_at: the save is made, once.
    const fresh = await updateEvent(db, opened.id, { ...typed, published: undefined }, { baseUpdatedAt: unpublished!.updatedAt });
    if (!fresh?.ok) throw new Error(JSON.stringify(fresh));
    expect(fresh.data).toMatchObject({ title: "Summer Fun Day", published: false });
    expect(fresh.data.updatedAt).not.toBe(unpublished!.updatedAt);
    // The same form sent again (or another opened before that save) is stale now.
    const again = await updateEvent(db, opened.id, { ...typed, title: "Summer Fun Day!" }, { baseUpdatedAt: unpublished!.updatedAt });
    expect(again).toMatchObject({ ok: false, conflict: { updatedAt: fresh.data.updatedAt } });
    expect(await getEvent(db, opened.id)).toEqual(fresh.data);
    // One-click publishing is not held to an opened form.
    expect(await setEventPublished(db, opened.id, true)).toMatchObject({ title: "Summer Fun Day", published: true });
    // A deleted event is still "not found", not a conflict.
    await deleteEvent(db, opened.id, TEST_ACTOR);
    expect(await updateEvent(db, opened.id, typed, { baseUpdatedAt: fresh.data.updatedAt })).toBeNull();
  });

  it("gives search engines and link previews the picture the event page shows, none once its library file is deactivated", async () => {
    const db = get();
    const file = await createMediaFile(db, {
      filename: "events/share.jpg",
      originalName: "share.jpg",
      fileUrl: "/media/events/share.jpg",
      fileType: "image",
      fileSize: 1000,
      altText: "Families at the summer fun day",
      createdBy: null,
    });
    const created = await createEvent(db, { ...valid, title: "Fun Day To Share", imageUrl: file.fileUrl });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    onTestFinished(async () => void (await deleteEvent(db, created.data.id, TEST_ACTOR)));
    const publicEvent = async () => {
      const found = (await getPublishedEventBySlug(db, created.data.slug))!;
      return toPublicEvent(found, (await eventImages(db, [found])).get(found.id));
    };
    const shown = await publicEvent();
    expect(eventShareImage(shown, ORIGIN)).toEqual({ src: `${ORIGIN}/media/events/share.jpg`, alt: "Families at the summer fun day" });
    expect(eventStructuredData(shown, { origin: ORIGIN, siteName: "Charity", description: "" }).image).toBe(`${ORIGIN}/media/events/share.jpg`);

    await updateMediaFile(db, file.id, { isActive: false });
    const withdrawn = await publicEvent();
    expect(withdrawn).toMatchObject({ imageUrl: file.fileUrl, image: null });
    expect(eventShareImage(withdrawn, ORIGIN)).toBeNull();
    expect(eventStructuredData(withdrawn, { origin: ORIGIN, siteName: "Charity", description: "" })).not.toHaveProperty("image");
  });

  it("gives each event its own address, even with the same title", async () => {
    const db = get();
    const a = await createEvent(db, { ...valid, title: "Quiz Night!" });
    const b = await createEvent(db, { ...valid, title: "Quiz night" });
    expect([a.ok && a.data.slug, b.ok && b.data.slug]).toEqual(["quiz-night", "quiz-night-2"]);
    expect(slugify("Café & Crafts: Art 101")).toBe("cafe-and-crafts-art-101");
    for (const r of [a, b]) if (r.ok) await deleteEvent(db, r.data.id, TEST_ACTOR);
  });

  it("lists only published events: upcoming soonest first (today included), then past most recent first", async () => {
    const db = get();
    const make = async (title: string, date: string, time: string, published = "on") => {
      const r = await createEvent(db, { ...valid, title, date, time, published });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.data;
    };
    await make("Later", "2026-08-01", "10:00");
    await make("Today evening", TODAY, "19:00");
    await make("Today morning", TODAY, "09:00");
    await make("Draft", "2026-06-01", "10:00", "");
    await make("Long ago", "2025-01-01", "10:00");
    await make("Last week", "2026-05-03", "10:00");

    const { upcoming, past, regular } = await listPublishedEvents(db, TODAY);
    expect(upcoming.map((e) => e.title)).toEqual(["Today morning", "Today evening", "Later"]);
    expect(past.map((e) => e.title)).toEqual(["Last week", "Long ago"]);
    expect(regular).toHaveLength(3);
    expect((await listUpcomingPublishedEvents(db, TODAY)).map((e) => e.title)).toEqual(["Today morning", "Today evening", "Later"]);
    expect((await countEvents(db, TODAY)).upcoming).toBe(3);
  });
});

describeEachEngine("an event's time on the days the UK clocks change", (get) => {
  it("refuses a time the spring change skips, saving nothing, and keeps autumn's repeated hour, one instant on the page and in the calendar", async () => {
    const db = get();
    const before = (await countEvents(db, TODAY)).all;
    const skipped = await createEvent(db, { ...valid, title: "Night Walk", date: "2026-03-29", time: "01:30" });
    expect(skipped.ok ? null : skipped.errors).toEqual({ time: ["That time does not exist in the UK: the clocks go forward from 1am to 2am that night. Choose another time"] });
    expect((await countEvents(db, TODAY)).all).toBe(before);

    const created = await createEvent(db, { ...valid, title: "Night Walk", date: "2026-03-29", time: "02:30" });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const skippedOnEdit = await updateEvent(db, created.data.id, { ...valid, title: "Night Walk", date: "2026-03-29", time: "01:00" });
    expect(skippedOnEdit?.ok ? null : skippedOnEdit?.errors).toEqual({ time: [expect.stringMatching(/^That time does not exist in the UK/)] });
    expect(await getEvent(db, created.data.id)).toMatchObject({ date: "2026-03-29", time: "02:30" });

    // 25 October 2026: 01:30 happens twice; it is taken, as before, as the second one (GMT).
    const autumn = await createEvent(db, { ...valid, title: "Extra Hour Party", date: "2026-10-25", time: "01:30" });
    if (!autumn.ok) throw new Error(JSON.stringify(autumn.errors));
    const shown = toPublicEvent(autumn.data);
    expect(eventStructuredData(shown, { origin: ORIGIN, siteName: "Charity", description: "" }).startDate).toBe("2026-10-25T01:30:00+00:00");
    const ics = buildCalendar([{ uid: "u", title: "t", description: "", location: "", date: "2026-10-25", time: "01:30", url: ORIGIN }], { name: "n", stamp: new Date(0) });
    expect(ics).toContain("DTSTART:20261025T013000Z");
    for (const r of [created, autumn]) await deleteEvent(db, r.data.id, TEST_ACTOR);
  });
});

describeEachEngine("an event's picture from a library kept in an S3 bucket with a public address", (get) => {
  let s3: Awaited<ReturnType<typeof startS3Server>>;
  let dataDir: string;
  let storage: Storage;

  beforeAll(async () => {
    s3 = await startS3Server();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "events-s3-"));
    // S3_PUBLIC_URL: the bucket's own address on the S3 server, as a site serving straight from the bucket sets it.
    storage = createStorage({ dataDir, s3: { ...s3.config, publicUrl: `${s3.config.endpoint}/${s3.config.bucket}` } });
  });
  afterAll(async () => {
    await s3?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  /** A real picture stored in the bucket, and its library row as an upload makes it. */
  async function bucketImage(altText: string) {
    const key = `events/${Date.now()}-${crypto.randomBytes(6).toString("hex")}.png`;
    const bytes = await smallPng();
    await storage.putStream(key, Readable.from([bytes]), { contentType: "image/png" });
    return createMediaFile(get(), {
      filename: key,
      originalName: "picnic.png",
      fileUrl: storage.publicUrl(key),
      fileType: "image",
      fileSize: bytes.length,
      altText,
      createdBy: null,
      mimeType: "image/png",
      width: 400,
      height: 300,
    });
  }

  it("takes the picture by the address the library gives, and still refuses addresses the library does not hold", async () => {
    const db = get();
    const base = storagePublicBase(storage);
    expect(base).toBe(`${s3.config.endpoint}/${s3.config.bucket}/`);
    const file = await bucketImage("Families at the picnic");
    expect(file.fileUrl.startsWith(base)).toBe(true);
    expect(await storage.stat(file.filename)).not.toBeNull();

    const created = await createEvent(db, { ...valid, title: "Picnic In The Park", imageUrl: file.fileUrl });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(created.data).toMatchObject({ imageUrl: file.fileUrl, imageAlt: "Families at the picnic" });
    const images = await eventImages(db, [created.data]);
    expect(images.get(created.data.id)).toMatchObject({ src: file.fileUrl, alt: "Families at the picnic", width: 400, height: 300 });

    const hidden = await bucketImage("An old picture");
    await updateMediaFile(db, hidden.id, { isActive: false });
    const before = (await countEvents(db, TODAY)).all;
    for (const imageUrl of [
      `${base}events/not-in-the-library.png`,
      `https://elsewhere.example/${file.filename}`,
      `${file.fileUrl}?download=1`,
      hidden.fileUrl,
    ]) {
      const result = await createEvent(db, { ...valid, title: "Picnic Elsewhere", imageUrl });
      expect(result.ok ? null : result.errors, imageUrl).toEqual({ imageUrl: [EVENT_IMAGE_NOT_HELD] });
    }
    expect((await countEvents(db, TODAY)).all).toBe(before);
    expect((await getEvent(db, created.data.id))?.imageUrl).toBe(file.fileUrl);
    await deleteEvent(db, created.data.id, TEST_ACTOR);
  });
});

describe("an event's share image (og:image and JSON-LD)", () => {
  const event: PublicEvent = {
    id: "e1",
    slug: "fun-day",
    title: "Fun Day",
    category: "community",
    date: "2026-06-20",
    time: "12:00",
    scheduleNote: null,
    location: "Park",
    description: "Games",
    imageUrl: "/media/events/withdrawn.jpg",
    imageAlt: "Stored description",
    image: null,
  };
  const site = { origin: ORIGIN, siteName: "Charity", description: "Games" };

  it("is the resolved picture, made absolute, never the stored imageUrl", () => {
    // No resolved picture (its library file was deactivated): none, though imageUrl is set.
    expect(eventShareImage(event, ORIGIN)).toBeNull();
    expect(eventStructuredData(event, site)).not.toHaveProperty("image");
    const image = { src: "/images/community.svg", alt: "People together", width: 1200, height: 675 };
    expect(eventShareImage({ ...event, image }, `${ORIGIN}/`)).toEqual({ src: `${ORIGIN}/images/community.svg`, alt: "People together" });
    expect(eventStructuredData({ ...event, image }, site).image).toBe(`${ORIGIN}/images/community.svg`);
    const absolute = { ...image, src: "https://cdn.example/picture.jpg" };
    expect(eventStructuredData({ ...event, image: absolute }, site).image).toBe("https://cdn.example/picture.jpg");
  });
});
