import crypto from "node:crypto";
import { sql, type Selectable, type SelectQueryBuilder, type Updateable } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { nowIso, toBool, toNum } from "#app/platform/db/db.server";
import type { DatabaseSchema, MediaFilesTable } from "#app/platform/db/schema";
import { toStoredCategory, type MediaCategory as StoredCategory } from "#app/content/site";
import { bumpContentVersion, notifyContentChange } from "#app/platform/content-version.server";
import { normaliseLineBreaks } from "#app/web/multiline";

// The media library's rows (media_files): adding, reading, listing and changing them. Image addresses,
// where files are used, inactive files, the image work queue and the picker each have a module beside this one.

export type { StoredCategory };

/** The stored category is one of MEDIA_CATEGORIES, matched ignoring case; anything else is stored as general. */
export function normalizeCategory(value: string | null | undefined): StoredCategory {
  return toStoredCategory((value ?? "").trim().toLowerCase());
}

/** Page names are stored lowercased with spaces turned to hyphens, the form in which a page's video gallery asks for its videos. */
export function normalizePageAssignment(value: string | null | undefined): string | null {
  const v = (value ?? "").trim().toLowerCase().replace(/\s+/g, "-");
  return v === "" || v === "none" ? null : v;
}

export type FileType = "image" | "video";

/** A generated responsive copy of an image (content-addressed, cached forever). */
export interface MediaVariant {
  width: number;
  height: number;
  format: "webp" | "avif";
  key: string;
  url: string;
  size: number;
}

/** Where the background image work stands: null means there is nothing to do (videos). */
export type ProcessingState = "pending" | "processing" | "done" | "failed" | null;

export interface MediaFile {
  id: string;
  filename: string;
  originalName: string;
  fileUrl: string;
  fileType: FileType;
  fileSize: number;
  category: StoredCategory;
  altText: string;
  caption: string | null;
  pageAssignment: string | null;
  sectionAssignment: string | null;
  isActive: boolean;
  createdBy: string | null;
  createdAt: string;
  mimeType: string | null;
  width: number | null;
  height: number | null;
  /** A tiny blurred image as a data: URL, shown while the real one loads. */
  placeholder: string | null;
  variants: MediaVariant[];
  posterUrl: string | null;
  processing: ProcessingState;
}

export function parseVariants(value: string | null): MediaVariant[] {
  if (!value) return [];
  try {
    const parsed = JSON.parse(value) as unknown;
    return Array.isArray(parsed) ? (parsed as MediaVariant[]) : [];
  } catch {
    return [];
  }
}

const nullableNum = (v: unknown): number | null => (v === null || v === undefined ? null : toNum(v));

function toMediaFile(row: Selectable<MediaFilesTable>): MediaFile {
  return {
    id: row.id,
    filename: row.filename,
    originalName: row.original_name,
    fileUrl: row.file_url,
    fileType: row.file_type === "video" ? "video" : "image",
    fileSize: toNum(row.file_size),
    category: normalizeCategory(row.category),
    altText: row.alt_text,
    caption: row.caption,
    pageAssignment: row.page_assignment,
    sectionAssignment: row.section_assignment,
    isActive: toBool(row.is_active),
    createdBy: row.created_by,
    createdAt: row.created_at,
    mimeType: row.mime_type ?? null,
    width: nullableNum(row.width),
    height: nullableNum(row.height),
    placeholder: row.placeholder ?? null,
    variants: parseVariants(row.variants ?? null),
    posterUrl: row.poster_url ?? null,
    processing: (row.processing ?? null) as ProcessingState,
  };
}

export interface NewMediaFile {
  filename: string;
  originalName: string;
  fileUrl: string;
  fileType: FileType;
  fileSize: number;
  category?: string | null;
  altText: string;
  caption?: string | null;
  pageAssignment?: string | null;
  sectionAssignment?: string | null;
  createdBy: string | null;
  mimeType?: string | null;
  contentHash?: string | null;
  width?: number | null;
  height?: number | null;
  /** Images are queued for variant generation; videos have nothing to do. */
  processing?: ProcessingState;
  /** The resumable upload the file came from, so finishing it twice creates one row. */
  uploadId?: string | null;
}

/** The longest caption kept, as the caption fields' maxLength counts it. */
export const CAPTION_MAX = 2000;

/**
 * A caption as stored: line breaks as "\n" (a textarea sends CRLF, which
 * would count twice against the limit the browser applied), trimmed, at
 * most CAPTION_MAX characters; empty is none.
 */
function storedCaption(value: string | null | undefined): string | null {
  const caption = normaliseLineBreaks(value ?? "").trim().slice(0, CAPTION_MAX);
  return caption || null;
}

/** Insert and return the created row (active on creation). */
export async function createMediaFile({ db }: Database, input: NewMediaFile): Promise<MediaFile> {
  const row = {
    id: crypto.randomUUID(),
    filename: input.filename,
    original_name: input.originalName,
    file_url: input.fileUrl,
    file_type: input.fileType,
    file_size: input.fileSize,
    category: normalizeCategory(input.category),
    alt_text: input.altText,
    caption: storedCaption(input.caption),
    page_assignment: normalizePageAssignment(input.pageAssignment),
    section_assignment: input.sectionAssignment?.trim() ? input.sectionAssignment.trim() : null,
    is_active: 1,
    created_by: input.createdBy,
    created_at: nowIso(),
    mime_type: input.mimeType ?? null,
    content_hash: input.contentHash ?? null,
    width: input.width ?? null,
    height: input.height ?? null,
    placeholder: null,
    variants: null,
    poster_url: null,
    processing: input.processing ?? null,
    processing_started_at: null,
    upload_id: input.uploadId ?? null,
    processing_attempts: 0,
    processing_retry_at: null,
    deleted_at: null,
    deleted_by: null,
  };
  await db.insertInto("media_files").values(row).execute();
  return toMediaFile(row);
}

/** One active file by id. */
export async function getActiveMediaFile({ db }: Database, id: string): Promise<MediaFile | null> {
  const row = await db
    .selectFrom("media_files").where("deleted_at", "is", null)
    .selectAll()
    .where("id", "=", id)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return row ? toMediaFile(row) : null;
}

export async function getMediaFile({ db }: Database, id: string): Promise<MediaFile | null> {
  const row = await db.selectFrom("media_files").where("deleted_at", "is", null).selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toMediaFile(row) : null;
}

/** All active files, newest first. */
export async function listActiveMediaFiles({ db }: Database, fileType?: FileType): Promise<MediaFile[]> {
  let query = db.selectFrom("media_files").where("deleted_at", "is", null).selectAll().where("is_active", "=", 1);
  if (fileType) query = query.where("file_type", "=", fileType);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toMediaFile);
}

/** Active videos assigned to a page (and section when given), newest first. */
export async function listPageVideos({ db }: Database, page: string, section?: string | null): Promise<MediaFile[]> {
  let query = db
    .selectFrom("media_files").where("deleted_at", "is", null)
    .selectAll()
    .where("file_type", "=", "video")
    .where("is_active", "=", 1)
    .where("page_assignment", "=", page);
  if (section) query = query.where("section_assignment", "=", section);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toMediaFile);
}

/** The connection test behind the quick uploader's connection indicator and the readiness check. */
export async function pingMediaTable({ db }: Database): Promise<void> {
  await db.selectFrom("media_files").select("id").limit(1).execute();
}

/** What the library can be narrowed to once it grows. */
export interface MediaFilter {
  /** Matched case-insensitively against alt text, caption and original name. */
  search?: string | null;
  fileType?: FileType | null;
  category?: string | null;
  /** A page name, or "none" for files on no page. */
  page?: string | null;
  /** Only uploads whose image work failed or has not finished (the dashboard's count). */
  unfinished?: boolean;
}

/** The processing states of an upload that is not ready: waiting, running, or given up on. */
export const UNFINISHED_PROCESSING = ["pending", "processing", "failed"] as const;

function applyFilter<Q extends SelectQueryBuilder<DatabaseSchema, "media_files", object>>(query: Q, filter: MediaFilter): Q {
  let q = query;
  const search = filter.search?.trim().toLowerCase();
  if (search) {
    // LIKE wildcards typed by the user are matched literally.
    const pattern = `%${search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    q = q.where((eb) =>
      eb.or([
        eb(sql`lower(alt_text)`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(caption, ''))`, "like", sql`${pattern} escape '\\'`),
        eb(sql`lower(original_name)`, "like", sql`${pattern} escape '\\'`),
      ]),
    ) as Q;
  }
  if (filter.fileType) q = q.where("file_type", "=", filter.fileType) as Q;
  if (filter.category) q = q.where("category", "=", filter.category) as Q;
  if (filter.page === "none") q = q.where("page_assignment", "is", null) as Q;
  else if (filter.page) q = q.where("page_assignment", "=", filter.page) as Q;
  if (filter.unfinished) q = q.where("processing", "in", [...UNFINISHED_PROCESSING]) as Q;
  return q;
}

/** The library list, every file newest first (a page of it, filtered). */
export async function listMediaFiles(
  { db }: Database,
  options: { limit?: number; offset?: number } & MediaFilter = {},
): Promise<MediaFile[]> {
  const rows = await applyFilter(db.selectFrom("media_files").where("deleted_at", "is", null).selectAll(), options)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0)
    .execute();
  return rows.map(toMediaFile);
}

export async function countMediaFiles({ db }: Database, filter: MediaFilter = {}): Promise<number> {
  const row = await applyFilter(db.selectFrom("media_files").where("deleted_at", "is", null).select((eb) => eb.fn.countAll().as("count")), filter).executeTakeFirstOrThrow();
  return toNum(row.count);
}

/** The distinct pages files are assigned to, for the library's filter. */
export async function listAssignedPages({ db }: Database): Promise<string[]> {
  const rows = await db
    .selectFrom("media_files").where("deleted_at", "is", null)
    .select("page_assignment")
    .distinct()
    .where("page_assignment", "is not", null)
    .orderBy("page_assignment")
    .execute();
  return rows.map((r) => r.page_assignment!).filter(Boolean);
}

export async function getMediaFileByUploadId({ db }: Database, uploadId: string): Promise<MediaFile | null> {
  const row = await db.selectFrom("media_files").selectAll().where("upload_id", "=", uploadId).executeTakeFirst();
  return row ? toMediaFile(row) : null;
}

/** Every stored object of a file: the original and its generated copies. */
export function storedKeys(file: MediaFile): string[] {
  return [...new Set([file.filename, ...file.variants.map((v) => v.key)])];
}

export interface MediaFileChanges {
  altText?: string;
  caption?: string | null;
  pageAssignment?: string | null;
  sectionAssignment?: string | null;
  isActive?: boolean;
  /** One of MEDIA_CATEGORIES' values (the route checks it). */
  category?: string;
}

/** Update the descriptive fields (page 'none' clears it). */
export async function updateMediaFile({ db }: Database, id: string, changes: MediaFileChanges): Promise<MediaFile | null> {
  const set: Updateable<MediaFilesTable> = {};
  if (changes.altText !== undefined) set.alt_text = changes.altText;
  if (changes.caption !== undefined) set.caption = storedCaption(changes.caption);
  if (changes.pageAssignment !== undefined) set.page_assignment = normalizePageAssignment(changes.pageAssignment);
  if (changes.sectionAssignment !== undefined) {
    set.section_assignment = changes.sectionAssignment?.trim() && changes.sectionAssignment !== "none" ? changes.sectionAssignment.trim() : null;
  }
  if (changes.isActive !== undefined) set.is_active = changes.isActive ? 1 : 0;
  if (changes.category !== undefined) set.category = changes.category;
  if (changes.isActive !== undefined) {
    // Whether a file is active changes what the public site shows: the content version moves with it, in one transaction.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("media_files").where("deleted_at", "is", null).set(set).where("id", "=", id).execute();
      await bumpContentVersion(trx);
    });
    notifyContentChange({ kind: "media" });
  } else if (Object.keys(set).length > 0) {
    await db.updateTable("media_files").where("deleted_at", "is", null).set(set).where("id", "=", id).execute();
  }
  return getMediaFile({ db } as Database, id);
}

/**
 * Delete by id; returns the deleted row so its objects can be removed. The
 * row is read by the DELETE itself: the image worker may record the file's
 * sizes at any moment, and a row read a moment before deleting would miss
 * them and leave them stored (and served) for good. Either the sizes are
 * recorded first and come back here, or the worker finds the row gone and
 * removes them itself (see generateVariants).
 */
export async function deleteMediaFile({ db }: Database, id: string): Promise<MediaFile | null> {
  const deleted = await db.deleteFrom("media_files").where("id", "=", id).returningAll().executeTakeFirst();
  return deleted ? toMediaFile(deleted) : null;
}
