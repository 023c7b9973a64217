import crypto from "node:crypto";
import type { Actor } from "#app/features/audit/actor";
import { moveToBin } from "#app/features/bin/bin-mark.server";
import type { Kysely, Selectable } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { nowIso, toNum } from "#app/platform/db/db.server";
import type { DatabaseSchema, YoutubeVideosTable } from "#app/platform/db/schema";
import { youtubeSchema } from "./video.schema";
import { parseForm, type FormResult } from "#app/web/parse-form";
import { editConflict, editVersion, type EditResult } from "#app/web/stale-edit.server";

export interface YoutubeVideo {
  id: string;
  /** The 11-character YouTube id. */
  videoId: string;
  title: string;
  description: string;
  /** The page-assignment name of the gallery it appears in. */
  page: string;
  sortOrder: number;
  /** Our own copy of the thumbnail, when one was saved; never a YouTube URL. */
  thumbnailUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

function toVideo(row: Selectable<YoutubeVideosTable>): YoutubeVideo {
  return {
    id: row.id,
    videoId: row.video_id,
    title: row.title,
    description: row.description,
    page: row.page_assignment,
    sortOrder: toNum(row.sort_order),
    thumbnailUrl: row.thumbnail_url,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

type Values = Record<string, unknown> | FormData;


/** The edit version of what the video form edits (see edit-version.server.ts); its place in the gallery does not count. */
export function youtubeVideoVersion(v: Pick<YoutubeVideo, "videoId" | "title" | "description" | "page">): string {
  return editVersion({ videoId: v.videoId, title: v.title, description: v.description, page: v.page });
}

async function nextOrder(db: Kysely<DatabaseSchema>, page: string): Promise<number> {
  // Videos in the bin count too, so one restored later never shares a place with a newer one.
  const row = await db
    .selectFrom("youtube_videos")
    .select((eb) => eb.fn.max("sort_order").as("max"))
    .where("page_assignment", "=", page)
    .executeTakeFirst();
  return toNum(row?.max ?? 0) + 1;
}

/** Adds a video to the end of its page's gallery. */
export async function createYoutubeVideo({ db }: Database, values: Values): Promise<FormResult<YoutubeVideo>> {
  const parsed = parseForm(youtubeSchema, values);
  if (!parsed.ok) return parsed;
  const now = nowIso();
  const row = {
    id: crypto.randomUUID(),
    video_id: parsed.data.url,
    title: parsed.data.title,
    description: parsed.data.description,
    page_assignment: parsed.data.page,
    sort_order: await nextOrder(db, parsed.data.page),
    thumbnail_url: null,
    created_at: now,
    updated_at: now,
    deleted_at: null,
    deleted_by: null,
  };
  await db.insertInto("youtube_videos").values(row).execute();
  return { ok: true, data: toVideo(row) };
}

/**
 * Edits a video; moving it to another page puts it at the end of that
 * page's gallery. With `baseVersion` (youtubeVideoVersion of the video as
 * the form showed it) nothing is changed if someone has edited it since, and
 * the conflict is reported; the admin form always sends it.
 */
export async function updateYoutubeVideo(
  database: Database,
  id: string,
  values: Values,
  { baseVersion }: { baseVersion?: string } = {},
): Promise<EditResult<YoutubeVideo> | null> {
  // Read, check, change and read back in one transaction: if any of it fails, nothing was changed.
  return database.db.transaction().execute(async (db): Promise<EditResult<YoutubeVideo> | null> => {
    const current = await db
      .selectFrom("youtube_videos").where("deleted_at", "is", null)
      .selectAll()
      .where("id", "=", id)
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!current) return null;
    // Said before any field errors: fixing those would not make this form's save possible.
    if (baseVersion !== undefined && youtubeVideoVersion(toVideo(current)) !== baseVersion) {
      return editConflict(current.updated_at, values);
    }
    const parsed = parseForm(youtubeSchema, values);
    if (!parsed.ok) return parsed;
    const pageChanged = current.page_assignment !== parsed.data.page;
    await db
      .updateTable("youtube_videos").where("deleted_at", "is", null)
      .set({
        video_id: parsed.data.url,
        title: parsed.data.title,
        description: parsed.data.description,
        page_assignment: parsed.data.page,
        sort_order: pageChanged ? await nextOrder(db, parsed.data.page) : current.sort_order,
        // A different video's saved thumbnail would be wrong.
        thumbnail_url: current.video_id === parsed.data.url ? current.thumbnail_url : null,
        updated_at: nowIso(),
      })
      .where("id", "=", id)
      .execute();
    const updated = await getYoutubeVideo({ ...database, db }, id);
    return updated ? { ok: true, data: updated } : null;
  });
}

export async function getYoutubeVideo({ db }: Database, id: string): Promise<YoutubeVideo | null> {
  const row = await db.selectFrom("youtube_videos").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toVideo(row) : null;
}

/** Moves a video to the bin: it leaves the site at once and can be restored for 30 days. */
export async function deleteYoutubeVideo(database: Database, id: string, actor: Actor): Promise<YoutubeVideo | null> {
  const video = await getYoutubeVideo(database, id);
  if (!video) return null;
  return (await moveToBin(database, "youtube_videos", id, actor, { kind: "video", name: video.title })) ? video : null;
}

/** Every video, grouped by page and in each page's order (or one page's). */
export async function listYoutubeVideos({ db }: Database, page?: string): Promise<YoutubeVideo[]> {
  let query = db.selectFrom("youtube_videos").where("deleted_at", "is", null).selectAll();
  if (page) query = query.where("page_assignment", "=", page);
  const rows = await query
    .orderBy("page_assignment", "asc")
    .orderBy("sort_order", "asc")
    .orderBy("created_at", "asc")
    .orderBy("id", "asc")
    .execute();
  return rows.map(toVideo);
}

/** A page's video gallery, in the order staff set. */
export function listPageYoutubeVideos(database: Database, page: string): Promise<YoutubeVideo[]> {
  return listYoutubeVideos(database, page);
}

export async function countYoutubeVideos({ db }: Database): Promise<{ all: number; pages: number }> {
  const row = await db
    .selectFrom("youtube_videos").where("deleted_at", "is", null)
    .select((eb) => [eb.fn.countAll().as("all"), eb.fn.count("page_assignment").distinct().as("pages")])
    .executeTakeFirstOrThrow();
  return { all: toNum(row.all), pages: toNum(row.pages) };
}

/** Moves a video one place earlier or later in its page's gallery; false at either end. */
export async function moveYoutubeVideo({ db }: Database, id: string, direction: "up" | "down"): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const current = await trx.selectFrom("youtube_videos").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
    if (!current) return false;
    const order = toNum(current.sort_order);
    const neighbour = await trx
      .selectFrom("youtube_videos").where("deleted_at", "is", null)
      .selectAll()
      .where("page_assignment", "=", current.page_assignment)
      .where("sort_order", direction === "up" ? "<" : ">", order)
      .orderBy("sort_order", direction === "up" ? "desc" : "asc")
      .executeTakeFirst();
    if (!neighbour) return false;
    const now = nowIso();
    await trx
      .updateTable("youtube_videos").where("deleted_at", "is", null)
      .set({ sort_order: toNum(neighbour.sort_order), updated_at: now })
      .where("id", "=", id)
      .execute();
    await trx.updateTable("youtube_videos").where("deleted_at", "is", null).set({ sort_order: order, updated_at: now }).where("id", "=", neighbour.id).execute();
    return true;
  });
}
