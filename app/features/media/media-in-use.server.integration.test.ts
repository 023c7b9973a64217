import crypto from "node:crypto";
import { Readable } from "node:stream";
import { expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { libraryImage, uploadsOf } from "../../../test/library-image";
import { smallPng } from "../../../test/media-fixtures";
import { describeMediaUses } from "#app/features/media/admin/media-options";
import { getPageById } from "#app/content/pages";
import { serveMedia } from "./media-serve.server";
import { createEvent, eventImages, getEvent } from "#app/features/events/events.server";
import { getMediaFile, updateMediaFile, type MediaFile } from "./media.server";
import { deleteUnusedMediaFile } from "./media-in-use.server";
import { getInactiveMedia } from "./media-inactive.server";
import { loadLivePage, setPageFields } from "../../../test/page-records";
import { withoutInactiveImages } from "#app/features/pages/public-page-data.server";
import { pageContentFormSchema } from "#app/features/pages/page-content.schema";
import { assignSectionImage, listSectionImages, toPublicSectionImages } from "#app/features/pages/section-images.server";
import { variantKey } from "#app/platform/storage/storage.server";

const staff = { id: "user-1", email: "editor@example.org" };

/** A real image in the library: its original and one generated size on disk, and its row. */
const storedImage = (db: TestDatabase, altText: string) => libraryImage(db, altText, { createdBy: staff.id });
const storageOf = uploadsOf;

/** Whether the row and every stored object of a file are still there. */
async function stillThere(db: TestDatabase, file: MediaFile, variant: string): Promise<boolean[]> {
  const storage = storageOf(db);
  return [(await getMediaFile(db, file.id)) !== null, (await storage.stat(file.filename)) !== null, (await storage.stat(variant)) !== null];
}

function pageForm(pageId: string, images: { filename: string; alt: string }[]) {
  const page = getPageById(pageId)!;
  const result = pageContentFormSchema.safeParse({
    pageId,
    heroTitle: "",
    heroSubtitle: "",
    mainTitle: "",
    content: page.content,
    layout: "gallery",
    images: JSON.stringify(images.map((image, i) => ({ id: `img-${i + 1}`, caption: "", position: "gallery", order: i + 1, ...image }))),
    baseRevision: "0",
  });
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

const validEvent = {
  category: "community",
  date: "2026-06-20",
  time: "12:00",
  location: "Community Centre, Halifax",
  description: "Games, food and music for all the family.",
  published: "on",
};

describeEachEngine("deleting a library file that the site uses", (get) => {
  it("refuses while a page section shows it, naming the page and section, and changes nothing", async () => {
    const db = get();
    const { file, variant } = await storedImage(db, "Children at the summer camp");
    const applied = await assignSectionImage(db, { pageId: "home", section: "hero", imageId: file.id }, staff);
    expect(applied.ok).toBe(true);

    const result = await deleteUnusedMediaFile(db, storageOf(db), file.id);
    expect(result).toEqual({ ok: false, reason: "in-use", uses: ["Home page (Hero section image)"] });
    expect(await stillThere(db, file, variant)).toEqual([true, true, true]);
    expect((await listSectionImages(db, "home")).map((s) => s.imageUrl)).toEqual([file.fileUrl]);
  });

  it("refuses while a page's images include it (as an address or a bare file name)", async () => {
    const db = get();
    const { file, variant } = await storedImage(db, "Volunteers at the food bank");
    await setPageFields(db, "about", pageForm("about", [{ filename: file.fileUrl, alt: "Volunteers" }]), staff);
    
    const bare = await storedImage(db, "The team");
    await setPageFields(db, "mission", pageForm("mission", [{ filename: bare.file.filename, alt: "The team" }]), staff);
    

    expect(await deleteUnusedMediaFile(db, storageOf(db), file.id)).toEqual({ ok: false, reason: "in-use", uses: ["About Us page"] });
    expect(await stillThere(db, file, variant)).toEqual([true, true, true]);
    expect(await deleteUnusedMediaFile(db, storageOf(db), bare.file.id)).toMatchObject({ ok: false, reason: "in-use", uses: [expect.stringMatching(/ page$/)] });
    expect(await stillThere(db, bare.file, bare.variant)).toEqual([true, true, true]);
  });

  it("refuses while an event shows it, and says 'and N more' past a few places", async () => {
    const db = get();
    const { file, variant } = await storedImage(db, "A bouncy castle");
    for (const title of ["Summer Fun Day", "Autumn Fair", "Winter Fair", "Spring Fair"]) {
      const created = await createEvent(db, { ...validEvent, title, imageUrl: file.fileUrl });
      if (!created.ok) throw new Error(JSON.stringify(created.errors));
    }
    await assignSectionImage(db, { pageId: "sports", section: "activities", imageId: file.id }, staff);

    const result = await deleteUnusedMediaFile(db, storageOf(db), file.id);
    expect(result).toMatchObject({ ok: false, reason: "in-use" });
    const uses = result.ok || result.reason !== "in-use" ? [] : result.uses;
    expect(uses).toHaveLength(5);
    expect(uses).toContain("the event 'Summer Fun Day'");
    expect(describeMediaUses(uses)).toMatch(/^[^,]+, [^,]+, [^,]+ and 2 more$/);
    expect(await stillThere(db, file, variant)).toEqual([true, true, true]);
  });

  it("still deletes a file nothing uses: its row, its original and its generated sizes", async () => {
    const db = get();
    const { file, variant } = await storedImage(db, "An unused picture");
    const result = await deleteUnusedMediaFile(db, storageOf(db), file.id);
    expect(result).toMatchObject({ ok: true, file: { id: file.id } });
    expect(await stillThere(db, file, variant)).toEqual([false, false, false]);
    expect(await deleteUnusedMediaFile(db, storageOf(db), file.id)).toEqual({ ok: false, reason: "missing" });
  });
});

describeEachEngine("a deactivated library file on the public site", (get) => {
  it("leaves its section image out of the public section images until it is activated again", async () => {
    const db = get();
    const { file } = await storedImage(db, "A child who may no longer be shown");
    await assignSectionImage(db, { pageId: "about", section: "team", imageId: file.id }, staff);
    await assignSectionImage(db, { pageId: "about", section: "hero", imageId: "community-gathering" }, staff);
    const publicImages = async () => toPublicSectionImages(db, await listSectionImages(db, "about"));
    expect((await publicImages()).team).toMatchObject({ src: file.fileUrl });

    await updateMediaFile(db, file.id, { isActive: false });
    const hidden = await publicImages();
    expect(hidden.team).toBeUndefined();
    expect(hidden.hero).toBeDefined();
    expect((await loadLivePage(db, "about")).sectionImages?.team).toBeUndefined();

    await updateMediaFile(db, file.id, { isActive: true });
    expect((await publicImages()).team).toMatchObject({ src: file.fileUrl });
  });

  it("leaves its page images out of what a page shows", async () => {
    const db = get();
    const shown = await storedImage(db, "Shown");
    const withdrawn = await storedImage(db, "Withdrawn");
    await setPageFields(db, "volunteer", pageForm("volunteer", [
        { filename: shown.file.fileUrl, alt: "Shown" },
        { filename: withdrawn.file.fileUrl, alt: "Withdrawn" },
      ]),
      staff,
    );
    await updateMediaFile(db, withdrawn.file.id, { isActive: false });
    const page = await loadLivePage(db, "volunteer");
    const visible = withoutInactiveImages(page, await getInactiveMedia(db));
    expect(visible.images.map((i) => i.filename)).toEqual([shown.file.fileUrl]);
  });

  it("leaves its picture off an event that uses it", async () => {
    const db = get();
    const { file } = await storedImage(db, "Children at the fun day");
    const created = await createEvent(db, { ...validEvent, title: "Fun day with a withdrawn photo", imageUrl: file.fileUrl });
    if (!created.ok) throw new Error("event not created");
    const picture = async () => (await eventImages(db, [(await getEvent(db, created.data.id))!])).get(created.data.id);
    expect(await picture()).toMatchObject({ src: file.fileUrl, alt: "Children at the fun day" });
    await updateMediaFile(db, file.id, { isActive: false });
    expect(await picture()).toBeUndefined();
  });

  it("answers 404 for its original and its generated sizes to visitors, 200 to admins, and 200 to everyone once active again", async () => {
    const db = get();
    const storage = storageOf(db);
    const { file, variant } = await storedImage(db, "A photo whose consent was withdrawn");
    const visitor = { storage, database: async () => db, isAdmin: async () => false };
    const admin = { ...visitor, isAdmin: async () => true };
    const fetchKey = (key: string, as = visitor) => serveMedia(new Request(`http://localhost/media/${key}`), key, as);

    expect((await fetchKey(file.filename)).status).toBe(200);
    expect((await fetchKey(variant)).status).toBe(200);

    await updateMediaFile(db, file.id, { isActive: false });
    // A size generated after it was deactivated is withheld too.
    const later = variantKey(file.filename, crypto.randomBytes(8).toString("hex"), 640, "avif");
    await storage.putStream(later, Readable.from([await smallPng()]), { contentType: "image/avif" });
    for (const key of [file.filename, variant, later]) {
      const response = await fetchKey(key);
      expect(response.status, key).toBe(404);
      expect(response.headers.get("cache-control")).toBe("no-store");
    }
    // Admins still see it in the library, and no cache keeps that answer.
    const forAdmin = await fetchKey(file.filename, admin);
    expect(forAdmin.status).toBe(200);
    expect(forAdmin.headers.get("cache-control")).toBe("private, no-store");
    expect(Buffer.from(await forAdmin.arrayBuffer()).equals(await smallPng())).toBe(true);

    await updateMediaFile(db, file.id, { isActive: true });
    for (const key of [file.filename, variant]) {
      const response = await fetchKey(key);
      expect(response.status, key).toBe(200);
      expect(response.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      await response.body?.cancel();
    }
  });
});
