import crypto from "node:crypto";
import type { Selectable, Updateable } from "kysely";
import type { Database } from "./db.server";
import { nowIso, toBool, toNum } from "./db.server";
import type { MediaFilesTable } from "./db-schema";
import { toStoredCategory, type MediaCategory as StoredCategory } from "#app/content/site";

export type { StoredCategory };

/** SPEC §5: the stored category is restricted; anything else is general (case-insensitive). */
export function normalizeCategory(value: string | null | undefined): StoredCategory {
  return toStoredCategory((value ?? "").trim().toLowerCase());
}

/** SPEC §3: page names are stored lowercased with spaces turned to hyphens. */
export function normalizePageAssignment(value: string | null | undefined): string | null {
  const v = (value ?? "").trim().toLowerCase().replace(/\s+/g, "-");
  return v === "" || v === "none" ? null : v;
}

export type FileType = "image" | "video";

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
}

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
}

/** SPEC §7 call 6: insert and return the created row (active on creation). */
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
    caption: input.caption?.trim() ? input.caption.trim() : null,
    page_assignment: normalizePageAssignment(input.pageAssignment),
    section_assignment: input.sectionAssignment?.trim() ? input.sectionAssignment.trim() : null,
    is_active: 1,
    created_by: input.createdBy,
    created_at: nowIso(),
  };
  await db.insertInto("media_files").values(row).execute();
  return toMediaFile(row);
}

/** SPEC §7 call 1: one active file by id. */
export async function getActiveMediaFile({ db }: Database, id: string): Promise<MediaFile | null> {
  const row = await db
    .selectFrom("media_files")
    .selectAll()
    .where("id", "=", id)
    .where("is_active", "=", 1)
    .executeTakeFirst();
  return row ? toMediaFile(row) : null;
}

export async function getMediaFile({ db }: Database, id: string): Promise<MediaFile | null> {
  const row = await db.selectFrom("media_files").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toMediaFile(row) : null;
}

/** SPEC §7 call 2: all active files, newest first. */
export async function listActiveMediaFiles({ db }: Database, fileType?: FileType): Promise<MediaFile[]> {
  let query = db.selectFrom("media_files").selectAll().where("is_active", "=", 1);
  if (fileType) query = query.where("file_type", "=", fileType);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toMediaFile);
}

/** SPEC §7 call 3: active videos assigned to a page (and section when given), newest first. */
export async function listPageVideos({ db }: Database, page: string, section?: string | null): Promise<MediaFile[]> {
  let query = db
    .selectFrom("media_files")
    .selectAll()
    .where("file_type", "=", "video")
    .where("is_active", "=", 1)
    .where("page_assignment", "=", page);
  if (section) query = query.where("section_assignment", "=", section);
  const rows = await query.orderBy("created_at", "desc").orderBy("id", "desc").execute();
  return rows.map(toMediaFile);
}

/** SPEC §7 call 4: the connection test. */
export async function pingMediaTable({ db }: Database): Promise<void> {
  await db.selectFrom("media_files").select("id").limit(1).execute();
}

/** SPEC §7 call 5: the library list, every file newest first. */
export async function listMediaFiles(
  { db }: Database,
  options: { limit?: number; offset?: number } = {},
): Promise<MediaFile[]> {
  const rows = await db
    .selectFrom("media_files")
    .selectAll()
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0)
    .execute();
  return rows.map(toMediaFile);
}

export async function countMediaFiles({ db }: Database): Promise<number> {
  const row = await db
    .selectFrom("media_files")
    .select((eb) => eb.fn.countAll().as("count"))
    .executeTakeFirstOrThrow();
  return toNum(row.count);
}

export interface MediaFileChanges {
  altText?: string;
  caption?: string | null;
  pageAssignment?: string | null;
  sectionAssignment?: string | null;
  isActive?: boolean;
}

/** SPEC §7 call 7: update the descriptive fields (page 'none' clears it). */
export async function updateMediaFile({ db }: Database, id: string, changes: MediaFileChanges): Promise<MediaFile | null> {
  const set: Updateable<MediaFilesTable> = {};
  if (changes.altText !== undefined) set.alt_text = changes.altText;
  if (changes.caption !== undefined) set.caption = changes.caption?.trim() ? changes.caption.trim() : null;
  if (changes.pageAssignment !== undefined) set.page_assignment = normalizePageAssignment(changes.pageAssignment);
  if (changes.sectionAssignment !== undefined) {
    set.section_assignment = changes.sectionAssignment?.trim() && changes.sectionAssignment !== "none" ? changes.sectionAssignment.trim() : null;
  }
  if (changes.isActive !== undefined) set.is_active = changes.isActive ? 1 : 0;
  if (Object.keys(set).length > 0) {
    await db.updateTable("media_files").set(set).where("id", "=", id).execute();
  }
  return getMediaFile({ db } as Database, id);
}

/** SPEC §7 call 8: delete by id; returns the deleted row so its objects can be removed. */
export async function deleteMediaFile({ db }: Database, id: string): Promise<MediaFile | null> {
  const existing = await db.selectFrom("media_files").selectAll().where("id", "=", id).executeTakeFirst();
  if (!existing) return null;
  await db.deleteFrom("media_files").where("id", "=", id).execute();
  return toMediaFile(existing);
}
