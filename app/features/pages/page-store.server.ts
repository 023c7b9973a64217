import crypto from "node:crypto";
import type { Selectable } from "kysely";
import { builtInPageContent, builtInPageImages, getPageById } from "#app/content/pages";
import type { BuiltInPage, Layout, PageContent, PageImage } from "#app/content/types";
import { LAYOUTS } from "#app/content/types";
import type { PageContentRevisionsTable, PageContentTable } from "#app/platform/db/schema";
import { getDatabase, isUniqueViolation, nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { bumpContentVersion, keptUntilContentChanges, notifyContentChange } from "#app/platform/content-version.server";
import { logger } from "#app/platform/log/logger.server";
import { pageImageSchema, renumber, type PageContentForm } from "./page-content.schema";
import { isUploadAddress, siteImageSrc } from "#app/features/media/media-addresses.server";
import { listSectionImages, mediaByUrl, toPublicSectionImages } from "./section-images.server";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import type { Actor } from "#app/features/audit/actor";

/**
 * Page content staff save in the Pages and Content tabs. Each field
 * overrides the built-in copy on its own: a field left empty (stored as
 * null) shows the built-in text. Every save is kept as a numbered revision
 * with who made it and when, so nothing is lost by a later save, and any
 * revision (or the built-in copy, revision 0) can be restored.
 */


/** What is stored for a page: null fields follow the built-in copy. */
export interface StoredFields {
  heroTitle: string | null;
  heroSubtitle: string | null;
  mainTitle: string | null;
  content: string | null;
  layout: Layout | null;
  images: PageImage[] | null;
}

export interface StoredPageContent extends StoredFields {
  pageId: string;
  revision: number;
  updatedAt: string;
  updatedByEmail: string | null;
}

export interface PageRevision extends StoredFields {
  id: string;
  pageId: string;
  revision: number;
  restoredFrom: number | null;
  createdAt: string;
  createdByEmail: string | null;
}

function parseImages(raw: string | null): PageImage[] | null {
  if (raw === null) return null;
  try {
    const parsed = JSON.parse(raw) as unknown;
    if (!Array.isArray(parsed)) return null;
    // Stored data passed the same schema on the way in; this keeps a hand-edited row from breaking a page.
    return renumber(parsed.flatMap((entry) => {
      const result = pageImageSchema.safeParse(entry);
      return result.success ? [result.data] : [];
    }));
  } catch {
    return null;
  }
}

const toLayout = (v: string | null): Layout | null => (v && (LAYOUTS as readonly string[]).includes(v) ? (v as Layout) : null);

function toFields(row: Selectable<PageContentTable> | Selectable<PageContentRevisionsTable>): StoredFields {
  return {
    heroTitle: row.hero_title,
    heroSubtitle: row.hero_subtitle,
    mainTitle: row.main_title,
    content: row.content,
    layout: toLayout(row.layout),
    images: parseImages(row.images),
  };
}

export async function getStoredPageContent({ db }: Database, pageId: string): Promise<StoredPageContent | null> {
  const row = await db.selectFrom("page_content").selectAll().where("page_id", "=", pageId).executeTakeFirst();
  if (!row) return null;
  return { pageId, ...toFields(row), revision: toNum(row.revision), updatedAt: row.updated_at, updatedByEmail: row.updated_by_email };
}

/**
 * Of these pages, the ones whose main text is still the built-in copy (never
 * saved, or saved empty, which falls back to it): for pages that ship with
 * placeholder text, such as the privacy policy.
 */
export async function pagesWithBuiltInText({ db }: Database, pageIds: readonly string[]): Promise<string[]> {
  if (pageIds.length === 0) return [];
  const rows = await db.selectFrom("page_content").select(["page_id", "content"]).where("page_id", "in", pageIds).execute();
  const written = new Set(rows.filter((row) => row.content && row.content.trim() !== "").map((row) => row.page_id));
  return pageIds.filter((id) => !written.has(id));
}

/** A stored text field wins unless it is empty. */
const pick = (stored: string | null | undefined, builtIn: string) => (stored && stored.trim() !== "" ? stored : builtIn);

/** The built-in copy with staff's saved fields laid over it, field by field. */
export function mergePageContent(page: BuiltInPage, stored: StoredFields | null): PageContent {
  const base = builtInPageContent(page);
  if (!stored) return base;
  return {
    ...base,
    heroTitle: pick(stored.heroTitle, base.heroTitle),
    heroSubtitle: pick(stored.heroSubtitle, base.heroSubtitle),
    mainTitle: pick(stored.mainTitle, base.mainTitle),
    content: pick(stored.content, base.content),
    layout: stored.layout ?? base.layout,
    images: stored.images ?? base.images,
  };
}

const sameImages = (a: readonly PageImage[], b: readonly PageImage[]) =>
  JSON.stringify(a.map(({ responsive: _r, ...rest }) => rest)) === JSON.stringify(b.map(({ responsive: _r, ...rest }) => rest));

/**
 * What to store for a submitted form: a field equal to (or emptied back to)
 * the built-in copy is stored as null, so it keeps following the built-in
 * text if that is improved later.
 */
export function toStoredFields(page: BuiltInPage, form: Pick<PageContentForm, "heroTitle" | "heroSubtitle" | "mainTitle" | "content" | "layout" | "images">, current: StoredFields | null): StoredFields {
  const base = builtInPageContent(page);
  const own = (value: string, builtIn: string) => (value === "" || value === builtIn ? null : value);
  const layout = form.layout ?? current?.layout ?? null;
  const images = form.images === undefined ? (current?.images ?? null) : form.images;
  return {
    heroTitle: own(form.heroTitle, base.heroTitle),
    heroSubtitle: own(form.heroSubtitle, base.heroSubtitle),
    mainTitle: own(form.mainTitle, base.mainTitle),
    content: own(form.content, base.content),
    layout: layout === null || layout === base.layout ? null : layout,
    images: images === null || sameImages(images, builtInPageImages(page)) ? null : images,
  };
}

export type SaveResult =
  | { ok: true; revision: number }
  | { ok: false; reason: "conflict"; current: { revision: number; updatedAt: string; updatedByEmail: string | null } }
  | { ok: false; reason: "unknown-page" };

const columns = (f: StoredFields) => ({
  hero_title: f.heroTitle,
  hero_subtitle: f.heroSubtitle,
  main_title: f.mainTitle,
  content: f.content,
  layout: f.layout,
  images: f.images === null ? null : JSON.stringify(f.images),
});

/**
 * Writes a page's next revision. `next` is the fields to store, or works
 * them out from the current ones (null: the built-in copy), read in the
 * same transaction.
 */
async function writeVersion(
  database: Database,
  pageId: string,
  next: StoredFields | ((current: StoredFields | null) => StoredFields),
  actor: Actor,
  options: { baseRevision?: number; restoredFrom?: number | null },
): Promise<SaveResult> {
  const now = nowIso();
  try {
    const outcome = await database.db.transaction().execute(async (trx) => {
      const current = await trx.selectFrom("page_content").selectAll().where("page_id", "=", pageId).executeTakeFirst();
      const currentRevision = current ? toNum(current.revision) : 0;
      if (options.baseRevision !== undefined && options.baseRevision !== currentRevision) {
        return {
          ok: false as const,
          reason: "conflict" as const,
          current: { revision: currentRevision, updatedAt: current?.updated_at ?? now, updatedByEmail: current?.updated_by_email ?? null },
        };
      }
      const revision = currentRevision + 1;
      const fields = typeof next === "function" ? next(current ? toFields(current) : null) : next;
      await trx
        .insertInto("page_content_revisions")
        .values({
          id: crypto.randomUUID(),
          page_id: pageId,
          revision,
          ...columns(fields),
          restored_from: options.restoredFrom ?? null,
          created_at: now,
          created_by: actor.id,
          created_by_email: actor.email,
        })
        .execute();
      const row = { ...columns(fields), revision, updated_at: now, updated_by: actor.id, updated_by_email: actor.email };
      await trx
        .insertInto("page_content")
        .values({ page_id: pageId, ...row })
        .onConflict((oc) => oc.column("page_id").doUpdateSet(row))
        .execute();
      await bumpContentVersion(trx);
      return { ok: true as const, revision };
    });
    if (outcome.ok) notifyContentChange({ kind: "page", pageId });
    return outcome;
  } catch (error) {
    if (!isUniqueViolation(error)) throw error;
    const current = await getStoredPageContent(database, pageId);
    return {
      ok: false,
      reason: "conflict",
      current: { revision: current?.revision ?? 0, updatedAt: current?.updatedAt ?? now, updatedByEmail: current?.updatedByEmail ?? null },
    };
  }
}

/**
 * Saves the editor's form as the page's new revision. With baseRevision
 * (the revision the editor opened) and no `force`, a page someone else
 * saved in the meantime is reported as a conflict instead of overwritten
 * unseen; their version stays in the revisions either way.
 */
export async function savePageContent(database: Database, form: PageContentForm, actor: Actor): Promise<SaveResult> {
  const page = getPageById(form.pageId);
  if (!page) return { ok: false, reason: "unknown-page" };
  // A form without images or layout (the Content tab's) keeps the page's
  // current ones: read in the transaction that writes, so a save made in
  // between (say, the Pages tab's) is what is kept, never an older read.
  return writeVersion(database, page.id, (current) => toStoredFields(page, form, current), actor, {
    baseRevision: form.force ? undefined : form.baseRevision,
  });
}

/** Every saved version of a page, newest first. */
export async function listRevisions({ db }: Database, pageId: string, limit = 50): Promise<PageRevision[]> {
  const rows = await db
    .selectFrom("page_content_revisions")
    .selectAll()
    .where("page_id", "=", pageId)
    .orderBy("revision", "desc")
    .limit(limit)
    .execute();
  return rows.map((row) => ({
    id: row.id,
    pageId: row.page_id,
    revision: toNum(row.revision),
    restoredFrom: row.restored_from === null ? null : toNum(row.restored_from),
    createdAt: row.created_at,
    createdByEmail: row.created_by_email,
    ...toFields(row),
  }));
}

const BUILT_IN: StoredFields = { heroTitle: null, heroSubtitle: null, mainTitle: null, content: null, layout: null, images: null };

/**
 * Saves an earlier revision (0: the built-in text) again as the newest, so
 * the version it replaces is kept too. With `baseRevision` (the current
 * revision when the admin chose it), a save made since is a conflict and
 * nothing is restored, as for a save. With `wordsOnly` (the Content tab,
 * which edits only the words), the page's images and layout stay as they
 * are now.
 */
export async function restoreRevision(
  database: Database,
  pageId: string,
  revision: number,
  actor: Actor,
  baseRevision?: number,
  { wordsOnly = false }: { wordsOnly?: boolean } = {},
): Promise<SaveResult | { ok: false; reason: "unknown-revision" }> {
  if (!getPageById(pageId)) return { ok: false, reason: "unknown-page" };
  let fields: StoredFields = BUILT_IN;
  if (revision !== 0) {
    const row = await database.db
      .selectFrom("page_content_revisions")
      .selectAll()
      .where("page_id", "=", pageId)
      .where("revision", "=", revision)
      .executeTakeFirst();
    if (!row) return { ok: false, reason: "unknown-revision" };
    fields = toFields(row);
  }
  const restored = fields;
  const next = wordsOnly ? (current: StoredFields | null) => ({ ...restored, layout: current?.layout ?? null, images: current?.images ?? null }) : restored;
  return writeVersion(database, pageId, next, actor, { restoredFrom: revision, baseRevision });
}

// ── What the public site shows ────────────────────────────────────────────

/**
 * Gives each image its resolved address (see resolveImageSrc) and, for uploads, its size
 * and variants. An upload the library no longer holds is left out: a
 * revision restored, or an editor saved over a newer version, can name a
 * file deleted since, which would only show visitors a broken picture.
 * The stored fields keep it, so the editor still shows it to staff.
 */
export async function resolvePageImages(database: Database, images: readonly PageImage[]): Promise<PageImage[]> {
  const withSrc = images.map((image) => ({ ...image, filename: siteImageSrc(image.filename) }));
  const sizes = await mediaByUrl(database, withSrc.map((i) => i.filename));
  return withSrc.flatMap((image) => {
    const found = sizes.get(image.filename);
    if (!found) return isUploadAddress(image.filename) ? [] : [image];
    return [
      {
        ...image,
        width: found.width ?? image.width,
        height: found.height ?? image.height,
        responsive: found.responsive,
      },
    ];
  });
}

/** A page as a visitor sees it: built-in copy, staff's fields, resolved images and section images. */
export async function loadPageContent(database: Database, page: BuiltInPage, draft?: StoredFields | null): Promise<PageContent> {
  const [stored, sections] = await Promise.all([
    draft === undefined ? getStoredPageContent(database, page.id) : Promise.resolve(draft),
    listSectionImages(database, page.id),
  ]);
  return withResolvedImages(database, page, stored, sections);
}

/** Staff's fields over the built-in copy, with every image's current size and variants (never kept: the image worker changes those without a save). */
async function withResolvedImages(
  database: Database,
  page: BuiltInPage,
  stored: StoredFields | null,
  sections: Awaited<ReturnType<typeof listSectionImages>>,
): Promise<PageContent> {
  const merged = mergePageContent(page, stored);
  const [images, sectionImages] = await Promise.all([
    resolvePageImages(database, merged.images),
    toPublicSectionImages(database, sections),
  ]);
  return { ...merged, images, sectionImages };
}

const keptPageFields = keptUntilContentChanges(async (database, pageId) => {
  const [stored, sections] = await Promise.all([getStoredPageContent(database, pageId), listSectionImages(database, pageId)]);
  return { stored, sections };
});

/**
 * The public pages' entry point: never throws. If the database cannot be
 * read the built-in copy is shown (and the failure logged), so a database
 * hiccup degrades a page instead of breaking it.
 */
export async function getPublicPageContent(page: BuiltInPage): Promise<PageContent> {
  try {
    const database = await getDatabase();
    // What staff saved for the page is kept until the next save (decision 011); copied so the kept one cannot be changed.
    const { stored, sections } = structuredClone(await keptPageFields(database, page.id));
    return await withResolvedImages(database, page, stored, sections);
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error), page: page.id }, "failed to read saved page content; showing the built-in copy");
    noteFallback();
    return builtInPageContent(page);
  }
}
