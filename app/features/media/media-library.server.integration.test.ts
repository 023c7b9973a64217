import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { BUILT_IN_IMAGES } from "#app/content/site";
import { countMediaFiles, createMediaFile, listAssignedPages, listMediaFiles, updateMediaFile, type NewMediaFile } from "./media.server";
import { findImage, listPickerImages } from "./image-picker.server";

const base: NewMediaFile = {
  filename: "1700000000000-abcdefabcdef.jpg",
  originalName: "photo.jpg",
  fileUrl: "/media/1700000000000-abcdefabcdef.jpg",
  fileType: "image",
  fileSize: 1000,
  altText: "x",
  createdBy: "admin-1",
};
const pause = () => new Promise((r) => setTimeout(r, 3));

describeEachEngine("media library search, filters and the image picker", (get) => {
  it("filters by type, category, page (or none) and a case-insensitive search with literal % and _", async () => {
    const db = get();
    const a = await createMediaFile(db, { ...base, altText: "Boxing gloves", category: "boxing", pageAssignment: "boxing-mma" });
    await pause();
    const b = await createMediaFile(db, { ...base, altText: "Finish line", caption: "Marathon 100% effort", fileType: "video", pageAssignment: "marathons" });
    await pause();
    const c = await createMediaFile(db, { ...base, altText: "plain_name", originalName: "Team_Photo.JPG" });
    const ids = (files: { id: string }[]) => files.map((f) => f.id);

    expect(ids(await listMediaFiles(db, { fileType: "video" }))).toEqual([b.id]);
    expect(ids(await listMediaFiles(db, { category: "boxing" }))).toEqual([a.id]);
    expect(ids(await listMediaFiles(db, { page: "marathons" }))).toEqual([b.id]);
    expect(ids(await listMediaFiles(db, { page: "none" }))).toEqual([c.id]);
    expect(ids(await listMediaFiles(db, { search: "GLOVES" }))).toEqual([a.id]);
    expect(ids(await listMediaFiles(db, { search: "100%" }))).toEqual([b.id]);
    // As a wildcard "h_l" would match "finisH Line"; typed by a person it means the characters.
    expect(ids(await listMediaFiles(db, { search: "h_l" }))).toEqual([]);
    expect(ids(await listMediaFiles(db, { search: "team_photo" }))).toEqual([c.id]);
    expect(await countMediaFiles(db, { fileType: "image" })).toBe(2);
    expect(ids(await listMediaFiles(db, { limit: 1, offset: 1 }))).toEqual([b.id]);
    expect(await listAssignedPages(db)).toEqual(["boxing-mma", "marathons"]);
  });

  it("offers active uploaded images first, then the built-in ones; finds by id with the built-in list first", async () => {
    const db = get();
    const older = await createMediaFile(db, { ...base, altText: "Older upload", caption: "A description" });
    await pause();
    const newer = await createMediaFile(db, { ...base, altText: "Newer upload", category: "cycling" });
    const hidden = await createMediaFile(db, { ...base, altText: "Hidden upload" });
    await updateMediaFile(db, hidden.id, { isActive: false });
    const video = await createMediaFile(db, { ...base, fileType: "video", altText: "A video" });

    const images = await listPickerImages(db);
    const uploads = images.filter((i) => i.source === "upload");
    expect(uploads.slice(0, 2).map((i) => i.alt)).toEqual(["Newer upload", "Older upload"]);
    expect(images.some((i) => i.id === hidden.id || i.id === video.id)).toBe(false);
    expect(images.slice(uploads.length).map((i) => i.id)).toEqual(BUILT_IN_IMAGES.map((i) => i.id));
    expect(images.indexOf(uploads[uploads.length - 1]!)).toBe(uploads.length - 1);
    expect(uploads.find((i) => i.id === older.id)).toMatchObject({ description: "A description", filename: base.fileUrl, category: "general" });

    expect(await findImage(db, "bike-ride")).toMatchObject({ source: "built-in", filename: "/images/cycling.svg" });
    expect(await findImage(db, newer.id)).toMatchObject({ source: "upload", alt: "Newer upload", category: "cycling" });
    expect(await findImage(db, hidden.id)).toBeNull();
    expect(await findImage(db, "no-such-image")).toBeNull();
  });

  it("falls back to the built-in images alone when the uploads cannot be read", async () => {
    const db = get();
    const broken = { ...db, db: db.db.withTables<{ media_files: never }>().withSchema("no_such_schema") } as unknown as typeof db;
    const images = await listPickerImages(broken);
    expect(images.map((i) => i.id)).toEqual(BUILT_IN_IMAGES.map((i) => i.id));
  });
});
