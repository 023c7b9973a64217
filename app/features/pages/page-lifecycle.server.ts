import crypto from "node:crypto";
import type { Database } from "#app/platform/db/db.server";
import { isUniqueViolation, nowIso, toNum } from "#app/platform/db/db.server";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { moveToBin } from "#app/features/bin/bin-mark.server";
import { EMPTY_RICH_TEXT } from "#app/features/blocks/rich-text";
import { pageDocumentSchema, type PageDocument } from "./page-document";
import { cancelSchedule, editedDocument, getPageRecord, normalizePagePath } from "./page-records.server";
import { pathProblem, slugFromTitle } from "./page-paths.server";
import { CONTENT_TEMPLATE, HERO_BLOCK_ID, TEXT_BLOCK_ID } from "./seed/seed-document";

/**
 * A page's life in the Pages tab beyond its words: made new (as a draft
 * nobody sees until it is published), copied, and put in the Bin. The Bin
 * itself restores a page and removes it for good (bin.server.ts).
 */

export type LifecycleField = "title" | "parentId" | "slug";
export type LifecycleResult = { ok: true; id: string; path: string; title: string } | { ok: false; field?: LifecycleField; message: string };

const refused = (message: string, field?: LifecycleField): LifecycleResult => ({ ok: false, field, message });

/** Pages that are a new page's category when they have no parent: the selector's "Main" group. */
const TOP_LEVEL_CATEGORY = "main";

/** A new page's first document: its title in a hero band over an empty main text, the two blocks the Content tab edits. */
export function newPageDocument(title: string): PageDocument {
  return pageDocumentSchema.parse({
    title,
    blocks: [
      { id: HERO_BLOCK_ID, type: "hero", hidden: false, title, subtitle: "", image: null, buttons: [], style: "banner" },
      { id: TEXT_BLOCK_ID, type: "text", hidden: false, title: "", body: EMPTY_RICH_TEXT, layout: "text-only", images: [] },
    ],
  });
}

function checkTitle(raw: string): string | LifecycleResult {
  const title = raw.trim();
  if (!title) return refused("Give the page a title", "title");
  if (title.length > 120) return refused("A title must be at most 120 characters", "title");
  return title;
}

/** The live page a new one goes under, or null for the top level (no parent, or the home page). */
async function parentFor(database: Database, parentId: string | null) {
  if (!parentId) return { parent: null };
  const parent = await database.db.selectFrom("pages").select(["id", "path", "category"]).where("id", "=", parentId).where("deleted_at", "is", null).executeTakeFirst();
  if (!parent) return { error: refused("That parent page no longer exists: choose another", "parentId") };
  return { parent: parent.path === "/" ? null : parent };
}

async function nextPosition(database: Database, parentId: string | null): Promise<number> {
  let query = database.db.selectFrom("pages").select((eb) => eb.fn.max("position").as("top"));
  query = parentId ? query.where("parent_id", "=", parentId) : query.where("parent_id", "is", null);
  const row = await query.executeTakeFirst();
  return row?.top === null || row?.top === undefined ? 0 : toNum(row.top) + 1;
}

/**
 * Inserts a page as a draft at `path`. Refused in words for a taken
 * address; an old address kept as a redirect is given up, since a page
 * lives there now.
 */
async function insertPage(
  database: Database,
  page: { path: string; parent: { id: string; category: string } | null; document: PageDocument },
  actor: Actor,
  audit: { action: "page.created" | "page.duplicated"; from?: string },
): Promise<LifecycleResult> {
  const id = crypto.randomUUID();
  const now = nowIso();
  const taken = `${page.path} is already the address of another page: choose another.`;
  try {
    const inserted = await database.db.transaction().execute(async (trx) => {
      const clash = await trx.selectFrom("pages").select("id").where("path", "=", page.path).where("deleted_at", "is", null).executeTakeFirst();
      if (clash) return false;
      await trx.deleteFrom("page_redirects").where("path", "=", page.path).execute();
      await trx
        .insertInto("pages")
        .values({
          id,
          parent_id: page.parent?.id ?? null,
          slug: page.path.slice(page.path.lastIndexOf("/") + 1),
          path: page.path,
          category: page.parent?.category ?? TOP_LEVEL_CATEGORY,
          position: await nextPosition({ ...database, db: trx }, page.parent?.id ?? null),
          menu_hidden: 0,
          template: CONTENT_TEMPLATE,
          // Not on the site until someone publishes it: the new page is all draft.
          published: null,
          draft: JSON.stringify(page.document),
          version: 1,
          scheduled_at: null,
          schedule_job_id: null,
          published_at: null,
          created_at: now,
          created_by: actor.id,
          updated_at: now,
          updated_by: actor.id,
          updated_by_email: actor.email,
          deleted_at: null,
          deleted_by: null,
        })
        .execute();
      return true;
    });
    if (!inserted) return refused(taken, "slug");
  } catch (error) {
    if (isUniqueViolation(error)) return refused(taken, "slug");
    throw error;
  }
  await recordAudit(database, {
    action: audit.action,
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip ?? null,
    detail: { pageId: id, title: page.document.title, path: page.path, ...(audit.from ? { from: audit.from } : {}) },
  });
  return { ok: true, id, path: page.path, title: page.document.title };
}

/**
 * New page: a title, the page it goes under (none: the top level) and the
 * last part of its address, suggested from the title when left empty.
 */
export async function createPage(database: Database, input: { title: string; parentId: string | null; slug: string }, actor: Actor): Promise<LifecycleResult> {
  const title = checkTitle(input.title);
  if (typeof title !== "string") return title;
  const slug = input.slug.trim().toLowerCase() || slugFromTitle(title);
  if (!slug) return refused("Give the page an address: letters or digits, for example new-club", "slug");
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(slug)) return refused("Use lower-case letters, digits and hyphens for the address, for example new-club", "slug");
  const found = await parentFor(database, input.parentId || null);
  if ("error" in found) return found.error!;
  const path = normalizePagePath(`${found.parent?.path ?? ""}/${slug}`);
  const problem = pathProblem(path);
  if (problem) return refused(problem, "slug");
  return insertPage(database, { path, parent: found.parent, document: newPageDocument(title) }, actor, { action: "page.created" });
}

/**
 * A copy of a page's current words and blocks (its draft, or what is live)
 * as a new draft page beside it, at the first free address of the form
 * `<address>-copy`, `<address>-copy-2`… Pages that hold one of the site's
 * forms or lists are not copied: their address belongs to their route.
 */
export async function duplicatePage(database: Database, id: string, actor: Actor): Promise<LifecycleResult> {
  const record = await getPageRecord(database, id);
  const doc = record ? editedDocument(record) : null;
  if (!record || !doc) return refused("That page no longer exists.");
  if (record.template !== CONTENT_TEMPLATE) return refused("This page holds one of the site's forms or lists, so it cannot be copied: make a new page instead.");
  const title = `${doc.title} (copy)`.slice(0, 120);
  const parent = record.parentId ? await database.db.selectFrom("pages").select(["id", "category"]).where("id", "=", record.parentId).where("deleted_at", "is", null).executeTakeFirst() : undefined;
  const live = new Set((await database.db.selectFrom("pages").select("path").where("deleted_at", "is", null).execute()).map((p) => p.path));
  let path = `${record.path}-copy`;
  for (let n = 2; live.has(path); n++) path = `${record.path}-copy-${n}`;
  const problem = pathProblem(path);
  if (problem) return refused(problem);
  const document: PageDocument = { ...structuredClone(doc), title };
  return insertPage(database, { path, parent: parent ? { id: parent.id, category: record.category } : null, document }, actor, { action: "page.duplicated", from: id });
}

export type DeletePageResult = { ok: true; title: string; path: string } | { ok: false; reason: "unknown-page" | "refused"; message: string };

/**
 * Puts a page in the Bin (restorable for 30 days): it leaves the site, the
 * menus and the sitemap at once, and a publish scheduled for it is
 * cancelled. The home page and the pages with a form or list of their own
 * stay; a page with pages under it waits until they are moved or deleted,
 * so no page is left at an address under one that is gone.
 */
export async function deletePage(database: Database, id: string, actor: Actor): Promise<DeletePageResult> {
  const record = await getPageRecord(database, id);
  if (!record) return { ok: false, reason: "unknown-page", message: "That page no longer exists." };
  const title = editedDocument(record)?.title ?? record.slug;
  if (record.path === "/" || record.template !== CONTENT_TEMPLATE) {
    return { ok: false, reason: "refused", message: "This page holds one of the site's forms or lists, so it stays: change its words, or hide it from the menu, instead." };
  }
  const children = await database.db.selectFrom("pages").select("path").where("deleted_at", "is", null).where("path", "like", `${record.path}/%`).orderBy("path").execute();
  if (children.length > 0) {
    return { ok: false, reason: "refused", message: `Pages are under this one (${children.map((c) => c.path).join(", ")}): move or delete them first.` };
  }
  if (record.scheduledAt) await cancelSchedule(database, id, actor);
  const moved = await moveToBin(database, "pages", id, actor, { kind: "page", name: record.path });
  if (!moved) return { ok: false, reason: "unknown-page", message: "That page no longer exists." };
  return { ok: true, title, path: record.path };
}

/** Removes a page in the Bin for good, with its history, old addresses and section pictures. */
/**
 * Why a page in the Bin cannot be restored or removed for good just now, in
 * words, or null. Pages nest: a page can only be deleted once the pages
 * under it are gone, so a parent and its pages can be in the Bin together.
 * Restoring one of those pages first would put it back on the site under an
 * address whose page is not there; removing the parent for good would leave
 * them nowhere to go back to.
 */
export async function pageBinHold(database: Database, id: string, step: "restore" | "purge"): Promise<string | null> {
  const page = await database.db.selectFrom("pages").select(["path", "parent_id"]).where("id", "=", id).executeTakeFirst();
  if (!page) return null;
  if (step === "restore") {
    if (!page.parent_id) return null;
    const parent = await database.db.selectFrom("pages").select(["path", "deleted_at"]).where("id", "=", page.parent_id).executeTakeFirst();
    if (!parent) return `Page '${page.path}' could not be restored: the page it sat under has been deleted permanently. This one stays in the Bin.`;
    return parent.deleted_at ? `Page '${page.path}' could not be restored: the page it sits under, '${parent.path}', is in the Bin. Restore that one first; this one stays in the Bin.` : null;
  }
  const under = await database.db.selectFrom("pages").select("path").where("parent_id", "=", id).orderBy("path").execute();
  if (under.length === 0) return null;
  return `Page '${page.path}' was not deleted permanently: the pages under it (${under.map((u) => `'${u.path}'`).join(", ")}) are in the Bin. Delete those permanently first, or restore this page and then them.`;
}

export async function purgePage(database: Database, id: string): Promise<boolean> {
  return database.db.transaction().execute(async (trx) => {
    const page = await trx.selectFrom("pages").select("id").where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
    if (!page) return false;
    await trx.deleteFrom("page_revisions").where("page_id", "=", id).execute();
    await trx.deleteFrom("page_redirects").where("page_id", "=", id).execute();
    await trx.deleteFrom("section_images").where("page_id", "=", id).execute();
    const result = await trx.deleteFrom("pages").where("id", "=", id).where("deleted_at", "is not", null).executeTakeFirst();
    return toNum(result.numDeletedRows) > 0;
  });
}
