import { describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import {
  CAPTION_MAX,
  countMediaFiles,
  createMediaFile,
  deleteMediaFile,
  getActiveMediaFile,
  listActiveMediaFiles,
  listMediaFiles,
  listPageVideos,
  normalizeCategory,
  normalizePageAssignment,
  pingMediaTable,
  updateMediaFile,
  type NewMediaFile,
} from "./media.server";

const base: NewMediaFile = {
  filename: "hero/1700000000000-abc123.jpg",
  originalName: "Summer Camp.jpg",
  fileUrl: "/media/hero/1700000000000-abc123.jpg",
  fileType: "image",
  fileSize: 123_456,
  category: "football",
  altText: "Young people playing football",
  createdBy: "user-1",
};

describe("media field rules", () => {
  it("falls back to general for an unknown category", () => {
    expect(normalizeCategory("Branding")).toBe("general");
    expect(normalizeCategory("BOXING")).toBe("boxing");
    expect(normalizeCategory(undefined)).toBe("general");
  });
  it("lowercases page names and turns spaces into hyphens; none clears", () => {
    expect(normalizePageAssignment("Serving Humanity")).toBe("serving-humanity");
    expect(normalizePageAssignment("none")).toBeNull();
    expect(normalizePageAssignment("  ")).toBeNull();
  });
});

describeEachEngine("media_files", (get) => {
  it("creates a row that is active, with a UUID and an ISO timestamp, and reads it back the same", async () => {
    const created = await createMediaFile(get(), { ...base, caption: "  ", pageAssignment: "About Us" });
    expect(created.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(created.isActive).toBe(true);
    expect(created.caption).toBeNull();
    expect(created.pageAssignment).toBe("about-us");
    expect(new Date(created.createdAt).toISOString()).toBe(created.createdAt);
    const read = await getActiveMediaFile(get(), created.id);
    expect(read).toEqual(created);
    expect(typeof read!.fileSize).toBe("number");
    expect(typeof read!.isActive).toBe("boolean");
  });

  it("lists newest first, counts as a number, and hides inactive files from the public reads", async () => {
    const db = get();
    const first = await createMediaFile(db, { ...base, altText: "first" });
    await new Promise((r) => setTimeout(r, 5));
    const second = await createMediaFile(db, { ...base, altText: "second", category: "nonsense" });
    expect(second.category).toBe("general");
    const all = await listMediaFiles(db);
    expect(all.map((f) => f.id).slice(0, 2)).toEqual([second.id, first.id]);
    const count = await countMediaFiles(db);
    expect(typeof count).toBe("number");
    expect(count).toBe(all.length);

    await updateMediaFile(db, first.id, { isActive: false });
    expect(await getActiveMediaFile(db, first.id)).toBeNull();
    expect((await listActiveMediaFiles(db)).some((f) => f.id === first.id)).toBe(false);
    expect((await listMediaFiles(db)).find((f) => f.id === first.id)?.isActive).toBe(false);
  });

  it("updates alt text, caption, page and section, and 'none' clears the page", async () => {
    const db = get();
    const file = await createMediaFile(db, base);
    const updated = await updateMediaFile(db, file.id, {
      altText: "New alt",
      caption: "A caption",
      pageAssignment: "Marathons",
      sectionAssignment: "hero",
    });
    expect(updated).toMatchObject({ altText: "New alt", caption: "A caption", pageAssignment: "marathons", sectionAssignment: "hero" });
    const cleared = await updateMediaFile(db, file.id, { pageAssignment: "none" });
    expect(cleared?.pageAssignment).toBeNull();
  });

  it("keeps a caption's line breaks as one character each, as the caption field counted them", async () => {
    const db = get();
    // 2,000 characters as the browser counts them, sent with CRLF line breaks.
    const paragraph = "The under-12s at the Calder Valley tournament.";
    const typed = Array.from({ length: 40 }, () => paragraph).join("\r\n\r\n");
    const asCounted = typed.replaceAll("\r\n", "\n");
    const full = asCounted + "x".repeat(CAPTION_MAX - asCounted.length);
    const sent = full.replaceAll("\n", "\r\n");
    expect(sent.length).toBeGreaterThan(CAPTION_MAX);
    const created = await createMediaFile(db, { ...base, caption: sent });
    expect(created.caption).toBe(full);
    const edited = await updateMediaFile(db, created.id, { caption: `${sent}\r\nmore than the field allows` });
    expect(edited?.caption).toBe(full);
  });

  it("returns only active videos for the given page, filtered by section when given", async () => {
    const db = get();
    const video = { ...base, fileType: "video" as const, pageAssignment: "marathons" };
    const a = await createMediaFile(db, { ...video, sectionAssignment: "hero" });
    await new Promise((r) => setTimeout(r, 5));
    const b = await createMediaFile(db, video);
    const hidden = await createMediaFile(db, video);
    await updateMediaFile(db, hidden.id, { isActive: false });
    await createMediaFile(db, { ...video, pageAssignment: "football" });
    await createMediaFile(db, { ...base, pageAssignment: "marathons" });

    expect((await listPageVideos(db, "marathons")).map((v) => v.id)).toEqual([b.id, a.id]);
    expect((await listPageVideos(db, "marathons", "hero")).map((v) => v.id)).toEqual([a.id]);
    expect(await listPageVideos(db, "about")).toEqual([]);
  });

  it("deletes by id and reports what it deleted", async () => {
    const db = get();
    const file = await createMediaFile(db, base);
    expect((await deleteMediaFile(db, file.id))?.id).toBe(file.id);
    expect(await deleteMediaFile(db, file.id)).toBeNull();
    await expect(pingMediaTable(db)).resolves.toBeUndefined();
  });
});
