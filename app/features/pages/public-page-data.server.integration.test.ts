import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { createMediaFile, updateMediaFile, type NewMediaFile } from "#app/features/media/media.server";
import { loadGallery } from "./public-page-data.server";

const video = (name: string, page: string | null): NewMediaFile => ({
  filename: `videos/${name}.mp4`,
  originalName: `${name}.mp4`,
  fileUrl: `/media/videos/${name}.mp4`,
  fileType: "video",
  fileSize: 1000,
  altText: `${name} video`,
  caption: `${name} caption`,
  pageAssignment: page,
  createdBy: null,
});

describeEachEngine("page video galleries", (database) => {
  it("lists the page's active videos only, newest first, with only what the gallery shows", async () => {
    const older = await createMediaFile(database(), video("older", "marathons"));
    await new Promise((r) => setTimeout(r, 5));
    const newer = await createMediaFile(database(), video("newer", "marathons"));
    const hidden = await createMediaFile(database(), video("hidden", "marathons"));
    await updateMediaFile(database(), hidden.id, { isActive: false });
    await createMediaFile(database(), video("elsewhere", "football"));
    await createMediaFile(database(), { ...video("picture", "marathons"), fileType: "image" });

    const gallery = await loadGallery("marathons", { database: database() });
    expect(gallery.failed).toBe(false);
    expect(gallery.videos).toEqual([
      { id: newer.id, fileUrl: newer.fileUrl, caption: "newer caption", altText: "newer video" },
      { id: older.id, fileUrl: older.fileUrl, caption: "older caption", altText: "older video" },
    ]);
    expect((await loadGallery("tough-mudder", { database: database() })).videos).toEqual([]);
  });

  it("has nothing to read for a page without a gallery", async () => {
    expect(await loadGallery(null, { database: database() })).toEqual({ videos: [], failed: false });
  });
});

describeEachEngine("page video galleries when the database fails", (database) => {
  it("reports the failure instead of throwing, so the page still renders", async () => {
    await database().db.destroy();
    const gallery = await loadGallery("marathons", { database: database() });
    expect(gallery).toMatchObject({ videos: [], failed: true });
  });
});
