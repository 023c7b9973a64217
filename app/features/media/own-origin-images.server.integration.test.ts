import { expect, it, vi } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { libraryImage } from "../../../test/library-image";
import { getPageById } from "#app/content/pages";
import { nowIso } from "#app/platform/db/db.server";
import { createEvent, deleteEvent, EVENT_IMAGE_NOT_HELD } from "#app/features/events/events.server";
import { updateMediaFile, type MediaFile } from "./media.server";
import { getInactiveMedia, isInactiveUrl } from "./media-inactive.server";
import { loadLivePage, setPageFields } from "../../../test/page-records";
import { withoutInactiveImages } from "#app/features/pages/public-page-data.server";
import { pageContentFormSchemaFor } from "#app/features/pages/page-content.schema";
import { assignSectionImage, listSectionImages, mediaByUrl, toPublicSectionImages } from "#app/features/pages/section-images.server";
import { TEST_ACTOR } from "../../../test/actor";

/** The site's public origin, read once by env(): set before anything reads it. */
const SITE = vi.hoisted(() => {
  process.env.PUBLIC_URL = "https://www.example.org";
  return "https://www.example.org";
});

const staff = { id: "user-1", email: "editor@example.org" };

/** An uploaded image with one generated size, as "copy image address" on the public page would give it. */
async function uploadedImage(db: TestDatabase, altText: string): Promise<{ file: MediaFile; copied: string }> {
  const { file } = await libraryImage(db, altText, { folder: "general", createdBy: staff.id });
  expect(file.fileUrl).toMatch(/^\/media\/general\//);
  return { file, copied: `${SITE}${file.fileUrl}` };
}

function pageForm(pageId: string, images: { filename: string; alt: string }[]) {
  const page = getPageById(pageId)!;
  // The site's own origin, which the action accepts as showableImageOrigins() gives it.
  const result = pageContentFormSchemaFor([SITE]).safeParse({
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

describeEachEngine("an upload's full address on the site's own origin", (get) => {
  it("gives a page image its size and srcset, and leaves it out once the file is deactivated", async () => {
    const db = get();
    const { file, copied } = await uploadedImage(db, "Children at the summer camp");
    const other = await uploadedImage(db, "Volunteers at the food bank");
    await setPageFields(
      db,
      "volunteer",
      pageForm("volunteer", [
        { filename: copied, alt: "Summer camp" },
        { filename: other.file.fileUrl, alt: "Food bank" },
      ]),
      staff,
    );

    const page = await loadLivePage(db, "volunteer");
    const shown = page.images.find((i) => i.alt === "Summer camp")!;
    // Served from its path on this site, like any other upload.
    expect(shown).toMatchObject({ filename: file.fileUrl, width: 400, height: 300 });
    expect(shown.responsive?.srcSet).toContain(`${file.variants[0]!.url} 320w`);

    await updateMediaFile(db, file.id, { isActive: false });
    const visible = withoutInactiveImages(await loadLivePage(db, "volunteer"), await getInactiveMedia(db));
    expect(visible.images.map((i) => i.alt)).toEqual(["Food bank"]);
  });

  it("is kept as its path when typed as a section image, which then gets its srcset and goes when the file is deactivated", async () => {
    const db = get();
    const { file, copied } = await uploadedImage(db, "The youth club's new kitchen");
    const applied = await assignSectionImage(db, { pageId: "about", section: "team", imageUrl: copied, altText: "The new kitchen" }, staff);
    expect(applied).toMatchObject({ ok: true, image: { imageUrl: file.fileUrl } });

    // A section image saved before, as its full address, is found too.
    const legacy = await uploadedImage(db, "The allotment");
    await db.db
      .insertInto("section_images")
      .values({ page_id: "about", section: "mission", image_url: legacy.copied, alt_text: "The allotment", media_id: null, width: null, height: null, updated_at: nowIso(), updated_by: staff.id })
      .execute();

    const publicImages = async () => toPublicSectionImages(db, await listSectionImages(db, "about"));
    const before = await publicImages();
    expect(before.team).toMatchObject({ src: file.fileUrl, width: 400, height: 300 });
    expect(before.team?.responsive?.srcSet).toContain(`${file.variants[0]!.url} 320w`);
    expect(before.mission).toMatchObject({ src: legacy.copied, width: 400, height: 300 });
    expect(before.mission?.responsive?.srcSet).toContain(`${legacy.file.variants[0]!.url} 320w`);

    await updateMediaFile(db, file.id, { isActive: false });
    await updateMediaFile(db, legacy.file.id, { isActive: false });
    const after = await publicImages();
    expect(after.team).toBeUndefined();
    expect(after.mission).toBeUndefined();
  });

  it("is kept as its path when chosen for an event, and the same path on another origin is refused", async () => {
    const db = get();
    const { file, copied } = await uploadedImage(db, "Canal boat trip");
    const event = { title: "Canal Boat Trip", category: "community", date: "2031-06-14", time: "10:00", location: "Hebble Trail", description: "A day on the water.", published: "on" };
    const created = await createEvent(db, { ...event, imageUrl: copied });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    expect(created.data).toMatchObject({ imageUrl: file.fileUrl, imageAlt: "Canal boat trip" });
    const elsewhere = await createEvent(db, { ...event, title: "Canal Boat Trip Elsewhere", imageUrl: copied.replace(SITE, "https://elsewhere.example") });
    expect(elsewhere.ok ? null : elsewhere.errors).toEqual({ imageUrl: [EVENT_IMAGE_NOT_HELD] });
    await deleteEvent(db, created.data.id, TEST_ACTOR);
  });

  it("is found by address lookups, keyed as asked, while the same path on another origin is not", async () => {
    const db = get();
    const { file, copied } = await uploadedImage(db, "A bouncy castle");
    const elsewhere = `https://images.example.net${file.fileUrl}`;
    const found = await mediaByUrl(db, [copied, elsewhere, file.fileUrl]);
    expect(found.get(copied)).toMatchObject({ width: 400, height: 300, isActive: true });
    expect(found.get(file.fileUrl)).toMatchObject({ width: 400, height: 300, isActive: true });
    expect(found.has(elsewhere)).toBe(false);

    await updateMediaFile(db, file.id, { isActive: false });
    expect((await mediaByUrl(db, [copied])).get(copied)).toMatchObject({ isActive: false });
    const inactive = await getInactiveMedia(db);
    expect(isInactiveUrl(inactive, copied)).toBe(true);
    expect(isInactiveUrl(inactive, `${SITE}${file.variants[0]!.url}`)).toBe(true);
    expect(isInactiveUrl(inactive, elsewhere)).toBe(false);
  });
});
