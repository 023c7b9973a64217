import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { YOUTUBE_URL_MESSAGE } from "./youtube";
import {
  countYoutubeVideos,
  createYoutubeVideo,
  deleteYoutubeVideo,
  getYoutubeVideo,
  listPageYoutubeVideos,
  listYoutubeVideos,
  moveYoutubeVideo,
  updateYoutubeVideo,
  youtubeVideoVersion,
} from "./videos.server";
import { TEST_ACTOR } from "../../../test/actor";

const valid = {
  url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=5s",
  title: "Marathon training week 1",
  description: "Our first long run together.",
  page: "marathons",
};

describeEachEngine("youtube_videos", (get) => {
  it("starts empty", async () => {
    expect(await listYoutubeVideos(get())).toEqual([]);
    expect(await countYoutubeVideos(get())).toEqual({ all: 0, pages: 0 });
  });

  it.each([
    ["url", "YouTube URL is required"],
    ["title", "Title is required"],
    ["page", "Page is required: choose the page the video belongs to"],
  ])("refuses a video without its %s, naming the field, and saves nothing", async (field, message) => {
    for (const blank of [undefined, "", "  "]) {
      const result = await createYoutubeVideo(get(), { ...valid, [field]: blank });
      expect(result.ok ? null : result.errors).toEqual({ [field]: [message] });
    }
    expect((await countYoutubeVideos(get())).all).toBe(0);
  });

  it("refuses a link that is not one YouTube video, and an unknown page", async () => {
    for (const url of ["https://vimeo.com/1234", "https://www.youtube.com/@charity", "dQw4w9WgXcQ"]) {
      const result = await createYoutubeVideo(get(), { ...valid, url });
      expect(result.ok ? null : result.errors).toEqual({ url: [YOUTUBE_URL_MESSAGE] });
      if (!result.ok) expect(result.values.url).toBe(url);
    }
    const page = await createYoutubeVideo(get(), { ...valid, page: "not-a-page" });
    expect(page.ok ? null : page.errors.page).toBeTruthy();
    expect((await countYoutubeVideos(get())).all).toBe(0);
  });

  it("stores only the video id, edits, moves between pages and deletes", async () => {
    const db = get();
    const created = await createYoutubeVideo(db, { ...valid, description: undefined });
    if (!created.ok) throw new Error(JSON.stringify(created.errors));
    const v = created.data;
    expect(v).toMatchObject({ videoId: "dQw4w9WgXcQ", title: valid.title, description: "", page: "marathons", sortOrder: 1 });
    expect((await getYoutubeVideo(db, v.id))?.videoId).toBe("dQw4w9WgXcQ");

    const other = await createYoutubeVideo(db, { ...valid, url: "https://youtu.be/aaaaaaaaaaa", page: "football" });
    expect(other.ok && other.data.sortOrder).toBe(1);

    const edited = await updateYoutubeVideo(db, v.id, { ...valid, url: "https://youtube.com/shorts/bbbbbbbbbbb", title: "Week 2" });
    expect(edited?.ok && edited.data).toMatchObject({ videoId: "bbbbbbbbbbb", title: "Week 2", page: "marathons", sortOrder: 1 });
    const refused = await updateYoutubeVideo(db, v.id, { ...valid, url: "https://example.org/x" });
    expect(refused?.ok).toBe(false);
    expect((await getYoutubeVideo(db, v.id))?.videoId).toBe("bbbbbbbbbbb");

    const moved = await updateYoutubeVideo(db, v.id, { ...valid, page: "football" });
    expect(moved?.ok && moved.data).toMatchObject({ page: "football", sortOrder: 2 });
    expect((await listPageYoutubeVideos(db, "marathons")).length).toBe(0);
    expect((await listPageYoutubeVideos(db, "football")).map((x) => x.id)).toEqual([other.ok && other.data.id, v.id]);
    expect(await countYoutubeVideos(db)).toEqual({ all: 2, pages: 1 });

    for (const id of [v.id, other.ok ? other.data.id : ""]) expect((await deleteYoutubeVideo(db, id, TEST_ACTOR))?.id).toBe(id);
    expect(await getYoutubeVideo(db, v.id)).toBeNull();
    expect(await deleteYoutubeVideo(db, v.id, TEST_ACTOR)).toBeNull();
    expect(await updateYoutubeVideo(db, v.id, valid)).toBeNull();
  });

  it("keeps each page's own order, changed with up and down", async () => {
    const db = get();
    const add = async (title: string, page = "marathons") => {
      const r = await createYoutubeVideo(db, { ...valid, title, page });
      if (!r.ok) throw new Error(JSON.stringify(r.errors));
      return r.data;
    };
    const a = await add("A");
    const b = await add("B");
    const c = await add("C");
    await add("Elsewhere", "about");
    const titles = async () => (await listPageYoutubeVideos(db, "marathons")).map((v) => v.title);
    expect(await titles()).toEqual(["A", "B", "C"]);
    expect(await moveYoutubeVideo(db, c.id, "up")).toBe(true);
    expect(await titles()).toEqual(["A", "C", "B"]);
    expect(await moveYoutubeVideo(db, a.id, "up")).toBe(false);
    expect(await moveYoutubeVideo(db, a.id, "down")).toBe(true);
    expect(await titles()).toEqual(["C", "A", "B"]);
    expect(await moveYoutubeVideo(db, b.id, "down")).toBe(false);
    expect((await listPageYoutubeVideos(db, "about")).map((v) => v.title)).toEqual(["Elsewhere"]);
  });

  it("refuses an edit from a form opened before a colleague's edit, changing nothing; moving it does not", async () => {
    const db = get();
    const first = await createYoutubeVideo(db, valid);
    const second = await createYoutubeVideo(db, { ...valid, title: "Week 2" });
    if (!first.ok || !second.ok) throw new Error("not created");
    const opened = youtubeVideoVersion(second.data);
    // Moved up meanwhile: A's form cannot undo that, so it does not count.
    expect(await moveYoutubeVideo(db, second.data.id, "up")).toBe(true);
    const byB = await updateYoutubeVideo(db, second.data.id, { ...valid, title: "Week 2: hills" }, { baseVersion: opened });
    if (!byB?.ok) throw new Error(JSON.stringify(byB));
    const typed = { ...valid, title: "Week two", page: "football" };
    const stale = await updateYoutubeVideo(db, second.data.id, typed, { baseVersion: opened });
    expect(stale).toEqual({ ok: false, conflict: { updatedAt: byB.data.updatedAt }, errors: {}, values: typed });
    expect(await getYoutubeVideo(db, second.data.id)).toEqual(byB.data);
    expect(await updateYoutubeVideo(db, second.data.id, { ...typed, url: "" }, { baseVersion: opened })).toMatchObject({ ok: false, conflict: {} });
    expect(await updateYoutubeVideo(db, second.data.id, { ...typed, title: "Week 2: hills, again" }, { baseVersion: youtubeVideoVersion(byB.data) })).toMatchObject({
      ok: true,
      data: { title: "Week 2: hills, again" },
    });
    await deleteYoutubeVideo(db, first.data.id, TEST_ACTOR);
    await deleteYoutubeVideo(db, second.data.id, TEST_ACTOR);
    expect(await updateYoutubeVideo(db, second.data.id, typed, { baseVersion: opened })).toBeNull();
  });
});
