import crypto from "node:crypto";
import { sql, type ExpressionBuilder, type Selectable, type SelectQueryBuilder, type Updateable } from "kysely";
import type { Database } from "#app/platform/db/db.server";
import { nowIso, toBool, toNum } from "#app/platform/db/db.server";
import type { DatabaseSchema, MediaFilesTable } from "#app/platform/db/schema";
import { getPageById } from "#app/content/pages";
import { BUILT_IN_IMAGES, toStoredCategory, type MediaCategory as StoredCategory } from "#app/content/site";
import { bumpContentVersion, keptUntilContentChanges, notifyContentChange } from "#app/platform/content-version.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import { resolveImageSrc, sectionLabel } from "#app/features/pages/page-image-src";
import { normaliseLineBreaks } from "#app/web/multiline";
import { getStorage, type Storage } from "#app/platform/storage/storage.server";

export type { StoredCategory };

/**
 * An image address as the site keys it (resolveImageSrc): one on the site's
 * own origin (PUBLIC_URL), as staff get from "copy image address", is its
 * path, so /media/… lookups find the upload it shows.
 */
export function siteImageSrc(address: string): string {
  return resolveImageSrc(address, env().PUBLIC_URL);
}

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

function parseVariants(value: string | null): MediaVariant[] {
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

/** What the library can be narrowed to once it grows. */
export interface MediaFilter {
  /** Matched case-insensitively against alt text, caption and original name. */
  search?: string | null;
  fileType?: FileType | null;
  category?: string | null;
  /** A page name, or "none" for files on no page. */
  page?: string | null;
}

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
  return q;
}

/** SPEC §7 call 5: the library list, every file newest first (a page of it, filtered). */
export async function listMediaFiles(
  { db }: Database,
  options: { limit?: number; offset?: number } & MediaFilter = {},
): Promise<MediaFile[]> {
  const rows = await applyFilter(db.selectFrom("media_files").selectAll(), options)
    .orderBy("created_at", "desc")
    .orderBy("id", "desc")
    .limit(options.limit ?? 100)
    .offset(options.offset ?? 0)
    .execute();
  return rows.map(toMediaFile);
}

export async function countMediaFiles({ db }: Database, filter: MediaFilter = {}): Promise<number> {
  const row = await applyFilter(db.selectFrom("media_files").select((eb) => eb.fn.countAll().as("count")), filter).executeTakeFirstOrThrow();
  return toNum(row.count);
}

/** The distinct pages files are assigned to, for the library's filter. */
export async function listAssignedPages({ db }: Database): Promise<string[]> {
  const rows = await db
    .selectFrom("media_files")
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

// ── The image work queue: rows whose processing is pending ──────────────────

/** A claim older than this is taken to belong to a process that died. */
export const PROCESSING_STALE_MS = 10 * 60 * 1000;

/** How many times an image's sizes are tried (a claim that went stale counts) before it is left as failed. */
export const PROCESSING_MAX_ATTEMPTS = 5;

/**
 * The wait after the first, second, third and fourth failed attempt: a
 * dropped connection or a storage hiccup is usually over in minutes, an
 * outage may take an hour, and past that staff can upload the picture again.
 */
export const PROCESSING_RETRY_DELAYS_MS = [2, 10, 30, 60].map((minutes) => minutes * 60_000);

/**
 * Rows this process may take now: pending ones whose wait is over, and
 * claims gone stale that have attempts left (those without are given up by
 * giveUpAbandonedProcessing).
 */
function claimable(eb: ExpressionBuilder<DatabaseSchema, "media_files">, now: string) {
  const stale = new Date(Date.parse(now) - PROCESSING_STALE_MS).toISOString();
  return eb.or([
    eb.and([eb("processing", "=", "pending"), eb.or([eb("processing_retry_at", "is", null), eb("processing_retry_at", "<=", now)])]),
    eb.and([eb("processing", "=", "processing"), eb("processing_started_at", "<", stale), eb("processing_attempts", "<", PROCESSING_MAX_ATTEMPTS)]),
  ]);
}

/** Ids of files whose variants may be made now, oldest first. */
export async function listPendingProcessing({ db }: Database, limit = 20): Promise<string[]> {
  const rows = await db
    .selectFrom("media_files")
    .select("id")
    .where((eb) => claimable(eb, nowIso()))
    .orderBy("created_at")
    .limit(limit)
    .execute();
  return rows.map((r) => r.id);
}

/** This process's hold on one file's image work, as claimProcessing gave it. */
export interface ProcessingClaim {
  /** When it was claimed: also what tells this claim from a later one of the same file. */
  claimedAt: string;
  /** Which attempt this is, from 1. */
  attempt: number;
}

/**
 * Takes a file's image work for this process, counting an attempt. The
 * conditional UPDATE is the lock: of several processes sharing the
 * database, exactly one succeeds. Null when another process has it, or it
 * is not waiting (any more, or yet).
 */
export async function claimProcessing({ db }: Database, id: string): Promise<ProcessingClaim | null> {
  const now = nowIso();
  const result = await db
    .updateTable("media_files")
    .set({ processing: "processing", processing_started_at: now, processing_retry_at: null, processing_attempts: sql`processing_attempts + 1` })
    .where("id", "=", id)
    .where((eb) => claimable(eb, now))
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) !== 1) return null;
  const row = await db.selectFrom("media_files").select("processing_attempts").where("id", "=", id).executeTakeFirst();
  return { claimedAt: now, attempt: row ? toNum(row.processing_attempts) : 1 };
}

export async function completeProcessing(
  { db }: Database,
  id: string,
  result: { placeholder: string | null; variants: MediaVariant[]; width?: number; height?: number },
): Promise<void> {
  await db
    .updateTable("media_files")
    .set({
      processing: "done",
      processing_retry_at: null,
      placeholder: result.placeholder,
      variants: JSON.stringify(result.variants),
      ...(result.width ? { width: result.width, height: result.height } : {}),
    })
    .where("id", "=", id)
    .execute();
}

/**
 * Records that an attempt failed. A failure that may pass (the storage or
 * the disk, say) queues the image again after PROCESSING_RETRY_DELAYS_MS
 * while attempts are left; a permanent one (the file cannot be decoded), or
 * the last attempt, leaves it failed: the site then shows the original
 * without responsive sizes. Only while this claim still holds the file: a
 * process that lost it (it took so long the claim went stale) changes
 * nothing. Returns what became of the file.
 */
export async function failProcessing(
  { db }: Database,
  id: string,
  claim: ProcessingClaim,
  options: { permanent: boolean },
): Promise<"retry" | "failed" | "lost"> {
  const retry = !options.permanent && claim.attempt < PROCESSING_MAX_ATTEMPTS;
  const delay = PROCESSING_RETRY_DELAYS_MS[Math.min(claim.attempt, PROCESSING_RETRY_DELAYS_MS.length) - 1]!;
  const result = await db
    .updateTable("media_files")
    .set(retry ? { processing: "pending", processing_retry_at: new Date(Date.now() + delay).toISOString() } : { processing: "failed", processing_retry_at: null })
    .where("id", "=", id)
    .where("processing", "=", "processing")
    .where("processing_started_at", "=", claim.claimedAt)
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) !== 1) return "lost";
  return retry ? "retry" : "failed";
}

/**
 * Leaves as failed the images whose last attempt's process died (a claim
 * gone stale with no attempts left), which nothing would otherwise pick up.
 * Returns how many.
 */
export async function giveUpAbandonedProcessing({ db }: Database): Promise<number> {
  const stale = new Date(Date.now() - PROCESSING_STALE_MS).toISOString();
  const result = await db
    .updateTable("media_files")
    .set({ processing: "failed", processing_retry_at: null })
    .where("processing", "=", "processing")
    .where("processing_started_at", "<", stale)
    .where("processing_attempts", ">=", PROCESSING_MAX_ATTEMPTS)
    .executeTakeFirst();
  return toNum(result.numUpdatedRows);
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
  if (changes.caption !== undefined) set.caption = storedCaption(changes.caption);
  if (changes.pageAssignment !== undefined) set.page_assignment = normalizePageAssignment(changes.pageAssignment);
  if (changes.sectionAssignment !== undefined) {
    set.section_assignment = changes.sectionAssignment?.trim() && changes.sectionAssignment !== "none" ? changes.sectionAssignment.trim() : null;
  }
  if (changes.isActive !== undefined) set.is_active = changes.isActive ? 1 : 0;
  if (changes.isActive !== undefined) {
    // Whether a file is active changes what the public site shows: the content version moves with it, in one transaction.
    await db.transaction().execute(async (trx) => {
      await trx.updateTable("media_files").set(set).where("id", "=", id).execute();
      await bumpContentVersion(trx);
    });
    notifyContentChange({ kind: "media" });
  } else if (Object.keys(set).length > 0) {
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

// ── Where files are used, and refusing to delete one that is ─────────────────

const KEY_IN_URL = /\/media\/([a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*)/g;

/** Where the storage's objects are served from ("/media/", or a bucket's public address). */
export function storagePublicBase(storage: Pick<Storage, "publicUrl">): string {
  return storage.publicUrl("KEY").replace(/KEY$/, "");
}

/**
 * Whether an address is one of the library's uploads (/media/…, or on the
 * bucket's public address with S3_PUBLIC_URL): a page shows one only while
 * the library still holds it.
 */
export function isUploadAddress(address: string, storage: Pick<Storage, "publicUrl"> = getStorage()): boolean {
  return address.startsWith("/media/") || address.startsWith(storagePublicBase(storage));
}

/**
 * The storage keys a stored value points at: every /media/ address in it,
 * and the value itself when it is an address on the storage's public base.
 * Added to `into` when given.
 */
export function mediaKeysIn(text: string | null | undefined, publicBase: string, into: Set<string> = new Set()): Set<string> {
  if (!text) return into;
  if (publicBase && text.startsWith(publicBase)) into.add(text.slice(publicBase.length).split(/[?#]/)[0]!);
  for (const [, key] of text.matchAll(KEY_IN_URL)) into.add(key!);
  return into;
}

/** One place outside the media table that shows stored files: a page's section image, a page's images, an event, a setting. */
export interface MediaReference {
  /** Where it is, in words staff know from the admin area, e.g. "Home page (Hero section image)". */
  place: string;
  /** The storage keys it points at. */
  keys: Set<string>;
  /** The library file it was chosen as, where that is recorded (section images). */
  mediaId: string | null;
}

function pageName(pageId: string): string {
  return `${getPageById(pageId)?.title ?? pageId} page`;
}

/**
 * Every place outside media_files that holds a media address: section
 * images, page content images, events' pictures and settings. Four reads
 * of small tables (one row per page, section, event or setting). The
 * storage clean-up keeps whatever these point at; the library refuses to
 * delete a file any of them uses.
 */
export async function listMediaReferences({ db }: Database, publicBase: string): Promise<MediaReference[]> {
  const [sections, pages, events, settings] = await Promise.all([
    db.selectFrom("section_images").select(["page_id", "section", "image_url", "media_id"]).orderBy("page_id").orderBy("section").execute(),
    db.selectFrom("page_content").select(["page_id", "images"]).where("images", "is not", null).orderBy("page_id").execute(),
    db.selectFrom("events").select(["id", "title", "image_url", "is_published"]).where("image_url", "is not", null).orderBy("title").execute(),
    db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute(),
  ]);
  const references: MediaReference[] = [];
  for (const s of sections) {
    references.push({ place: `${pageName(s.page_id)} (${sectionLabel(s.section)} section image)`, keys: mediaKeysIn(s.image_url, publicBase), mediaId: s.media_id });
  }
  for (const p of pages) {
    const keys = mediaKeysIn(p.images, publicBase);
    // Entries may hold a bare file name, served from the uploads folder (SPEC §5).
    try {
      const entries = JSON.parse(p.images ?? "[]") as unknown;
      if (Array.isArray(entries)) {
        for (const entry of entries as Array<{ filename?: unknown }>) {
          if (typeof entry?.filename === "string") mediaKeysIn(resolveImageSrc(entry.filename), publicBase, keys);
        }
      }
    } catch {
      // A broken images column: the addresses found in its text are all there is.
    }
    references.push({ place: pageName(p.page_id), keys, mediaId: null });
  }
  for (const e of events) {
    references.push({ place: `the event '${e.title}'${toBool(e.is_published) ? "" : " (draft)"}`, keys: mediaKeysIn(e.image_url, publicBase), mediaId: null });
  }
  for (const s of settings) {
    references.push({ place: `the site settings (${s.key})`, keys: mediaKeysIn(s.value, publicBase), mediaId: null });
  }
  return references.filter((r) => r.keys.size > 0 || r.mediaId !== null);
}

/** The places (each once, in the order listed) that show a file or one of its generated sizes. */
export function usesOf(
  file: Pick<MediaFile, "id" | "filename" | "fileUrl" | "variants">,
  references: readonly MediaReference[],
  publicBase: string,
): string[] {
  const keys = mediaKeysIn(file.fileUrl, publicBase, new Set([file.filename, ...file.variants.map((v) => v.key)]));
  const places = new Set<string>();
  for (const reference of references) {
    if (reference.mediaId === file.id || [...reference.keys].some((key) => keys.has(key))) places.add(reference.place);
  }
  return [...places];
}

export type DeleteUnusedResult = { ok: true; file: MediaFile } | { ok: false; reason: "missing" } | { ok: false; reason: "in-use"; uses: string[] };

/**
 * Deletes a library file and its stored objects, unless something on the
 * site uses it: then nothing is changed and the places are returned, so
 * staff can choose another picture there first. The row goes before the
 * objects, so the site never points at a missing file.
 */
export async function deleteUnusedMediaFile(database: Database, storage: Storage, id: string): Promise<DeleteUnusedResult> {
  const file = await getMediaFile(database, id);
  if (!file) return { ok: false, reason: "missing" };
  const publicBase = storagePublicBase(storage);
  const uses = usesOf(file, await listMediaReferences(database, publicBase), publicBase);
  if (uses.length > 0) return { ok: false, reason: "in-use", uses };
  const deleted = await deleteMediaFile(database, id);
  if (!deleted) return { ok: false, reason: "missing" };
  await Promise.all(
    storedKeys(deleted).map((key) =>
      storage.delete(key).catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error), key }, "could not remove a stored object")),
    ),
  );
  return { ok: true, file: deleted };
}

// ── Inactive files, as the public site must not show them ───────────────────

/**
 * What the public site must not show: the stored objects and addresses of
 * every inactive file. Generated sizes are named after their original
 * (variantKey: "{dir}/{base}.{hash}.{width}w.{format}"), so `stems` also
 * catches a size made after the file was deactivated.
 */
export interface InactiveMedia {
  keys: ReadonlySet<string>;
  stems: ReadonlySet<string>;
  urls: ReadonlySet<string>;
}

const VARIANT_KEY = /^(.+)\.[0-9a-f]+\.\d+w\.(?:webp|avif)$/;

function keyStem(key: string): string {
  const dot = key.lastIndexOf(".");
  return dot > key.lastIndexOf("/") ? key.slice(0, dot) : key;
}

async function loadInactiveMedia({ db }: Database): Promise<InactiveMedia> {
  const rows = await db.selectFrom("media_files").select(["filename", "file_url", "variants", "poster_url"]).where("is_active", "=", 0).execute();
  const keys = new Set<string>();
  const stems = new Set<string>();
  const urls = new Set<string>();
  for (const row of rows) {
    keys.add(row.filename);
    stems.add(keyStem(row.filename));
    urls.add(row.file_url);
    for (const variant of parseVariants(row.variants ?? null)) {
      keys.add(variant.key);
      urls.add(variant.url);
    }
    if (row.poster_url) urls.add(row.poster_url);
  }
  return { keys, stems, urls };
}

/**
 * Kept in memory until staff change anything (every staff write bumps the
 * content version; updateMediaFile does when the flag changes, and tells
 * this process at once), so the hot /media/* route pays a set lookup, plus
 * one read of one row every 200 ms shared by all requests, rather than a
 * query per request. A change in this process is seen by the next read; one
 * in another process sharing the database within 200 ms, as with the page
 * cache.
 */
const keptInactiveMedia = keptUntilContentChanges((database) => loadInactiveMedia(database));
const lastInactiveMedia = new WeakMap<Database, InactiveMedia>();

/** The inactive files; if they cannot be read, the last list read (and the failure logged), else the error is thrown. */
export async function getInactiveMedia(database: Database): Promise<InactiveMedia> {
  try {
    const inactive = await keptInactiveMedia(database, "inactive");
    lastInactiveMedia.set(database, inactive);
    return inactive;
  } catch (error) {
    const last = lastInactiveMedia.get(database);
    if (!last) throw error;
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "could not read inactive media files; using the last list read");
    return last;
  }
}

/** Whether a storage key (an original or one of its generated sizes) belongs to an inactive file. */
export function isInactiveKey(inactive: InactiveMedia, key: string): boolean {
  if (inactive.keys.has(key)) return true;
  const variant = VARIANT_KEY.exec(key);
  return variant ? inactive.stems.has(variant[1]!) : false;
}

/**
 * Whether an image address on a page is an inactive file's (its address, or
 * a /media/ path to it or one of its sizes, also when written out in full
 * on the site's own origin).
 */
export function isInactiveUrl(inactive: InactiveMedia, url: string): boolean {
  if (inactive.urls.has(url)) return true;
  const key = siteImageSrc(url).match(/^\/media\/([^?#]+)/)?.[1];
  return key ? isInactiveKey(inactive, key) : false;
}

// ── The image picker (SPEC §2, §7 calls 1, 2 and 9) ──────────────────────────

export interface PickerImage {
  id: string;
  /** The image's public URL. */
  filename: string;
  alt: string;
  description?: string;
  category: string;
  width?: number;
  height?: number;
  source: "upload" | "built-in";
}

function builtInPickerImages(): PickerImage[] {
  return BUILT_IN_IMAGES.map((img) => ({ ...img, source: "built-in" as const }));
}

function uploadToPicker(file: MediaFile): PickerImage {
  return {
    id: file.id,
    filename: file.fileUrl,
    alt: file.altText,
    description: file.caption ?? undefined,
    category: file.category,
    width: file.width ?? undefined,
    height: file.height ?? undefined,
    source: "upload",
  };
}

/**
 * Every image the picker offers: active uploaded images (newest first), then
 * the built-in ones. If the uploads cannot be read, the built-in list alone
 * (the failure is logged), so the picker still works.
 */
export async function listPickerImages(database: Database): Promise<PickerImage[]> {
  try {
    const uploads = await listActiveMediaFiles(database, "image");
    return [...uploads.map(uploadToPicker), ...builtInPickerImages()];
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "failed to read uploaded images; offering built-in images only");
    return builtInPickerImages();
  }
}

/** An image by id: the built-in list first, then an active upload (call 1). */
export async function findImage(database: Database, id: string): Promise<PickerImage | null> {
  const builtIn = BUILT_IN_IMAGES.find((img) => img.id === id);
  if (builtIn) return { ...builtIn, source: "built-in" };
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  try {
    const file = await getActiveMediaFile(database, id);
    return file && file.fileType === "image" ? uploadToPicker(file) : null;
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error), id }, "failed to read an uploaded image");
    return null;
  }
}
