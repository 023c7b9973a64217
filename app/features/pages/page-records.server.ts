import crypto from "node:crypto";
import type { Selectable, Transaction } from "kysely";
import type { DatabaseSchema, PagesTable } from "#app/platform/db/schema";
import { isUniqueViolation, nowIso, toBool, toNum, type Database } from "#app/platform/db/db.server";
import { bumpContentVersion, notifyContentChange } from "#app/platform/content-version.server";
import { cancelJob, enqueueJob, registerJobHandler } from "#app/platform/jobs/jobs.server";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { pageDocumentSchema, type PageDocument } from "./page-document";
import { getPageById } from "#app/content/pages";
import { CONTENT_TEMPLATE, seedDocument, TEXT_BLOCK_ID } from "./seed/seed-document";

/**
 * Pages as records (decision 015): each has a published document (what
 * visitors see), maybe a draft (what staff are working on) and a version
 * every change bumps, so an editor opened on an older version cannot
 * silently overwrite a newer one. Publishing, unpublishing, moving and the
 * bin change what visitors see: they bump the content version in the same
 * transaction and tell this process's caches. A draft save does neither.
 */

export type PageStatus = "published" | "draft-changes" | "scheduled" | "unpublished";

export interface PageRecord {
  id: string;
  parentId: string | null;
  slug: string;
  path: string;
  category: string;
  position: number;
  menuHidden: boolean;
  template: string;
  published: PageDocument | null;
  draft: PageDocument | null;
  version: number;
  scheduledAt: string | null;
  publishedAt: string | null;
  updatedAt: string;
  updatedByEmail: string | null;
  deletedAt: string | null;
}

/** A stored document, or null when it is missing or no longer reads (never thrown: one bad row must not break the site). */
export function readDocument(json: string | null): PageDocument | null {
  if (json === null) return null;
  try {
    const parsed = pageDocumentSchema.safeParse(JSON.parse(json));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

function toRecord(row: Selectable<PagesTable>): PageRecord {
  return {
    id: row.id,
    parentId: row.parent_id,
    slug: row.slug,
    path: row.path,
    category: row.category,
    position: toNum(row.position),
    menuHidden: toBool(row.menu_hidden),
    template: row.template,
    published: readDocument(row.published),
    draft: readDocument(row.draft),
    version: toNum(row.version),
    scheduledAt: row.scheduled_at,
    publishedAt: row.published_at,
    updatedAt: row.updated_at,
    updatedByEmail: row.updated_by_email,
    deletedAt: row.deleted_at,
  };
}

/** The page's status in words the Pages tab shows. */
export function pageStatus(record: Pick<PageRecord, "published" | "draft" | "scheduledAt">): PageStatus {
  if (record.scheduledAt) return "scheduled";
  if (!record.published) return "unpublished";
  return record.draft ? "draft-changes" : "published";
}

/** The document staff edit: the draft when there is one, else what is live. */
export function editedDocument(record: PageRecord): PageDocument | null {
  return record.draft ?? record.published;
}

export async function getPageRecord({ db }: Database, id: string): Promise<PageRecord | null> {
  const row = await db.selectFrom("pages").selectAll().where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
  return row ? toRecord(row) : null;
}

/** Trailing slashes do not make another page. */
export function normalizePagePath(path: string): string {
  const trimmed = path.replace(/\/+$/, "");
  return trimmed === "" ? "/" : trimmed;
}

/** The live page at an address, or null (no such page, in the bin, or unpublished). */
export async function getPublishedPageByPath({ db }: Database, path: string): Promise<PageRecord | null> {
  const row = await db
    .selectFrom("pages")
    .selectAll()
    .where("path", "=", normalizePagePath(path))
    .where("deleted_at", "is", null)
    .where("published", "is not", null)
    .executeTakeFirst();
  const record = row ? toRecord(row) : null;
  return record?.published ? record : null;
}

/** Where an old address of a moved page now is (the page's current path), or null. */
export async function findRedirect({ db }: Database, path: string): Promise<string | null> {
  const row = await db
    .selectFrom("page_redirects")
    .innerJoin("pages", "pages.id", "page_redirects.page_id")
    .select("pages.path")
    .where("page_redirects.path", "=", normalizePagePath(path))
    .where("pages.deleted_at", "is", null)
    .where("pages.published", "is not", null)
    .executeTakeFirst();
  return row && row.path !== normalizePagePath(path) ? row.path : null;
}

export interface PageListItem {
  id: string;
  title: string;
  path: string;
  category: string;
  parentId: string | null;
  position: number;
  menuHidden: boolean;
  template: string;
  status: PageStatus;
  scheduledAt: string | null;
  inBin: boolean;
}

/** Every page for the admin (those in the bin too, marked), in site order. */
export async function listPageRecords({ db }: Database): Promise<PageListItem[]> {
  const rows = await db.selectFrom("pages").selectAll().orderBy("category").orderBy("position").orderBy("path").execute();
  return rows.map((row) => {
    const record = toRecord(row);
    const doc = editedDocument(record);
    return {
      id: record.id,
      title: doc?.title ?? record.slug,
      path: record.path,
      category: record.category,
      parentId: record.parentId,
      position: record.position,
      menuHidden: record.menuHidden,
      template: record.template,
      status: pageStatus(record),
      scheduledAt: record.scheduledAt,
      inBin: record.deletedAt !== null,
    };
  });
}

// ── Changes ──────────────────────────────────────────────────────────────

export type Conflict = { ok: false; reason: "conflict"; current: { version: number; updatedAt: string; updatedByEmail: string | null } };
export type Missing = { ok: false; reason: "unknown-page" };
export type Refused = { ok: false; reason: "refused"; message: string };
export type Invalid = { ok: false; reason: "invalid"; issues: { path: string; message: string }[] };
export type ChangeResult = { ok: true; version: number } | Conflict | Missing | Refused;

type Trx = Transaction<DatabaseSchema>;

const conflictOf = (row: Selectable<PagesTable>): Conflict => ({
  ok: false,
  reason: "conflict",
  current: { version: toNum(row.version), updatedAt: row.updated_at, updatedByEmail: row.updated_by_email },
});

/**
 * Runs one change to a page in a transaction: reads the row (refusing a
 * page in the bin, and a stale `baseVersion`), lets `change` write, then
 * bumps the page's version. `visible` changes also bump the content version
 * and, after commit, tell this process's caches.
 */
async function changePage(
  database: Database,
  id: string,
  actor: Actor,
  options: { baseVersion?: number; visible: boolean },
  change: (trx: Trx, row: Selectable<PagesTable>, now: string) => Promise<Refused | void>,
): Promise<ChangeResult> {
  const outcome = await database.db.transaction().execute(async (trx): Promise<ChangeResult> => {
    const row = await trx.selectFrom("pages").selectAll().where("id", "=", id).where("deleted_at", "is", null).executeTakeFirst();
    if (!row) return { ok: false, reason: "unknown-page" };
    if (options.baseVersion !== undefined && options.baseVersion !== toNum(row.version)) return conflictOf(row);
    const now = nowIso();
    const refused = await change(trx, row, now);
    if (refused) return refused;
    const version = toNum(row.version) + 1;
    // Checked against the version read, so of two changes racing from it only one lands.
    const updated = await trx
      .updateTable("pages")
      .set({ version, updated_at: now, updated_by: actor.id, updated_by_email: actor.email })
      .where("id", "=", id)
      .where("version", "=", row.version)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) !== 1) throw new StaleWrite();
    if (options.visible) await bumpContentVersion(trx);
    return { ok: true, version };
  }).catch(async (error: unknown) => {
    if (!(error instanceof StaleWrite) && !isUniqueViolation(error)) throw error;
    const row = await database.db.selectFrom("pages").selectAll().where("id", "=", id).executeTakeFirst();
    return row ? conflictOf(row) : ({ ok: false, reason: "unknown-page" } as const);
  });
  if (outcome.ok && options.visible) notifyContentChange({ kind: "page", pageId: id });
  return outcome;
}

class StaleWrite extends Error {}

/** Validates a submitted document; the issues name the field and say what to do. */
export function checkDocument(input: unknown): { ok: true; document: PageDocument } | Invalid {
  const parsed = pageDocumentSchema.safeParse(input);
  if (parsed.success) return { ok: true, document: parsed.data };
  return { ok: false, reason: "invalid", issues: parsed.error.issues.map((issue) => ({ path: issue.path.join("."), message: issue.message })) };
}

/** Saves the draft only: the public page, the sitemap and the caches stay as they are. */
export async function saveDraft(database: Database, id: string, input: unknown, baseVersion: number | undefined, actor: Actor): Promise<ChangeResult | Invalid> {
  const checked = checkDocument(input);
  if (!checked.ok) return checked;
  const result = await changePage(database, id, actor, { baseVersion, visible: false }, async (trx, _row, _now) => {
    await trx.updateTable("pages").set({ draft: JSON.stringify(checked.document) }).where("id", "=", id).execute();
  });
  if (result.ok) await recordAudit(database, { action: "page.saved", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { pageId: id, version: result.version, draft: true } });
  return result;
}

async function nextRevision(trx: Trx, pageId: string): Promise<number> {
  const row = await trx.selectFrom("page_revisions").select((eb) => eb.fn.max("revision").as("top")).where("page_id", "=", pageId).executeTakeFirst();
  return toNum(row?.top ?? 0) + 1;
}

async function insertRevision(trx: Trx, pageId: string, document: PageDocument, action: string, actor: Actor, now: string, restoredFrom: number | null = null): Promise<number> {
  const revision = await nextRevision(trx, pageId);
  await trx
    .insertInto("page_revisions")
    .values({
      id: crypto.randomUUID(),
      page_id: pageId,
      revision,
      document: JSON.stringify(document),
      action,
      restored_from: restoredFrom,
      created_at: now,
      created_by: actor.id,
      created_by_email: actor.email,
    })
    .execute();
  return revision;
}

/**
 * Makes the draft live: copies it into `published` with its revision row,
 * clears the draft and any schedule. Nothing to publish (no draft) is refused.
 */
export async function publishPage(
  database: Database,
  id: string,
  actor: Actor,
  options: { baseVersion?: number; scheduled?: boolean } = {},
): Promise<ChangeResult & { revision?: number }> {
  let revision = 0;
  let jobId: string | null = null;
  const result = await changePage(database, id, actor, { baseVersion: options.baseVersion, visible: true }, async (trx, row, now) => {
    const draft = readDocument(row.draft);
    if (!draft) return { ok: false, reason: "refused", message: "There are no draft changes to publish: the page is as it is on the site." };
    revision = await insertRevision(trx, id, draft, options.scheduled ? "scheduled" : "publish", actor, now);
    jobId = options.scheduled ? null : row.schedule_job_id;
    await trx
      .updateTable("pages")
      .set({ published: JSON.stringify(draft), draft: null, published_at: now, scheduled_at: null, schedule_job_id: null })
      .where("id", "=", id)
      .execute();
  });
  if (!result.ok) return result;
  // A publish by hand makes a pending scheduled one pointless.
  if (jobId) await cancelJob(database, jobId);
  await recordAudit(database, {
    action: "page.published",
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip,
    detail: { pageId: id, revision, ...(options.scheduled ? { scheduled: true } : {}) },
  });
  return { ...result, revision };
}

/** Takes the page off the site (it answers 404); what was live becomes the draft, so nothing is lost. */
export async function unpublishPage(database: Database, id: string, actor: Actor, baseVersion?: number): Promise<ChangeResult> {
  const result = await changePage(database, id, actor, { baseVersion, visible: true }, async (trx, row) => {
    const published = readDocument(row.published);
    if (!published) return { ok: false, reason: "refused", message: "This page is not on the site." };
    if (row.id === "home" || row.template !== CONTENT_TEMPLATE) {
      return { ok: false, reason: "refused", message: "This page holds one of the site's forms or lists, so it stays on the site: change its words instead." };
    }
    await trx
      .updateTable("pages")
      .set({ published: null, draft: row.draft ?? row.published })
      .where("id", "=", id)
      .execute();
  });
  if (result.ok) await recordAudit(database, { action: "page.unpublished", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { pageId: id } });
  return result;
}

/**
 * Leaves the page out of the header menu and footer links (or puts it back)
 * without taking it off the site: its address still answers. Visible to
 * visitors, so it moves the content version like a publish.
 */
export async function setPageMenuHidden(database: Database, id: string, hidden: boolean, actor: Actor, baseVersion?: number): Promise<ChangeResult> {
  const result = await changePage(database, id, actor, { baseVersion, visible: true }, async (trx, row) => {
    if (toBool(row.menu_hidden) === hidden) {
      return { ok: false, reason: "refused", message: hidden ? "This page is already hidden from the menu." : "This page is already shown in the menu." };
    }
    await trx.updateTable("pages").set({ menu_hidden: hidden ? 1 : 0 }).where("id", "=", id).execute();
  });
  if (result.ok) {
    const entry = { actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { pageId: id } };
    await recordAudit(database, hidden ? { action: "page.menu-hidden", ...entry } : { action: "page.menu-shown", ...entry });
  }
  return result;
}

export const PUBLISH_JOB = "pages.publish";

/**
 * Publishes the draft at `at` through the jobs table (so it survives a
 * restart and runs once across processes). A time not in the future is refused.
 */
export async function schedulePublish(database: Database, id: string, at: Date, actor: Actor, now: Date = new Date(), baseVersion?: number): Promise<ChangeResult> {
  if (!(at.getTime() > now.getTime())) {
    return { ok: false, reason: "refused", message: "Choose a time in the future: that time has already passed." };
  }
  const atIso = at.toISOString();
  let oldJob: string | null = null;
  const jobId = crypto.randomUUID();
  const result = await changePage(database, id, actor, { baseVersion, visible: false }, async (trx, row) => {
    if (!row.draft) return { ok: false, reason: "refused", message: "There are no draft changes to schedule: save your changes first." };
    oldJob = row.schedule_job_id;
    await trx.updateTable("pages").set({ scheduled_at: atIso, schedule_job_id: jobId }).where("id", "=", id).execute();
  });
  if (!result.ok) return result;
  if (oldJob) await cancelJob(database, oldJob);
  await enqueueJob(database, PUBLISH_JOB, { pageId: id, at: atIso, token: jobId }, { runAt: at, maxAttempts: 5 });
  await recordAudit(database, { action: "page.scheduled", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { pageId: id, at: atIso } });
  return result;
}

export async function cancelSchedule(database: Database, id: string, actor: Actor): Promise<ChangeResult> {
  let oldJob: string | null = null;
  const result = await changePage(database, id, actor, { visible: false }, async (trx, row) => {
    if (!row.scheduled_at) return { ok: false, reason: "refused", message: "This page has no scheduled publish." };
    oldJob = row.schedule_job_id;
    await trx.updateTable("pages").set({ scheduled_at: null, schedule_job_id: null }).where("id", "=", id).execute();
  });
  if (!result.ok) return result;
  if (oldJob) await cancelJob(database, oldJob);
  await recordAudit(database, { action: "page.schedule-cancelled", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { pageId: id } });
  return result;
}

export interface PublishJobPayload {
  pageId: string;
  at: string;
  /** The schedule this job belongs to: a rescheduled or cancelled one finds another (or none) on the page and does nothing. */
  token: string;
}

/** The `pages.publish` job: publishes what the draft holds now, if this schedule still stands. */
export async function runScheduledPublish(database: Database, payload: PublishJobPayload): Promise<void> {
  const row = await database.db.selectFrom("pages").select(["schedule_job_id"]).where("id", "=", payload.pageId).where("deleted_at", "is", null).executeTakeFirst();
  if (!row || row.schedule_job_id !== payload.token) return;
  const result = await publishPage(database, payload.pageId, { id: null, email: "scheduled publish" }, { scheduled: true });
  // A race with a publish by hand leaves nothing to do; anything else is retried by the job runner.
  if (!result.ok && result.reason === "conflict") throw new Error("the page changed while it was being published");
}

// ── Revisions ────────────────────────────────────────────────────────────

export interface PageRevisionItem {
  revision: number;
  action: string;
  restoredFrom: number | null;
  createdAt: string;
  createdByEmail: string | null;
  document: PageDocument | null;
}

/** What went live, newest first. */
export async function listPageRevisions({ db }: Database, pageId: string, limit = 50): Promise<PageRevisionItem[]> {
  const rows = await db.selectFrom("page_revisions").selectAll().where("page_id", "=", pageId).orderBy("revision", "desc").limit(limit).execute();
  return rows.map((row) => ({
    revision: toNum(row.revision),
    action: row.action,
    restoredFrom: row.restored_from === null ? null : toNum(row.restored_from),
    createdAt: row.created_at,
    createdByEmail: row.created_by_email,
    document: readDocument(row.document),
  }));
}

/** Copies a revision into the draft, to be checked and published (or not) like any other change. */
export async function restoreRevisionToDraft(database: Database, pageId: string, revision: number, actor: Actor, baseVersion?: number): Promise<ChangeResult> {
  const row = await database.db.selectFrom("page_revisions").select("document").where("page_id", "=", pageId).where("revision", "=", revision).executeTakeFirst();
  const document = row ? readDocument(row.document) : null;
  if (!document) return { ok: false, reason: "refused", message: "That revision no longer exists." };
  const result = await changePage(database, pageId, actor, { baseVersion, visible: false }, async (trx) => {
    await trx.updateTable("pages").set({ draft: JSON.stringify(document) }).where("id", "=", pageId).execute();
  });
  if (result.ok) await recordAudit(database, { action: "page.restored", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { pageId, from: revision, toDraft: true } });
  return result;
}

let jobsRegistered = false;
/** Called once at start-up (server/workers.ts) so this process can publish scheduled pages. */
export function registerPageJobs(): void {
  if (jobsRegistered) return;
  jobsRegistered = true;
  registerJobHandler<PublishJobPayload>(PUBLISH_JOB, (payload, { database }) => runScheduledPublish(database, payload));
}

/**
 * Of these built-in pages, the ones whose live main text is still the
 * built-in copy: for pages that ship with placeholder text, such as the
 * privacy policy.
 */
export async function pagesWithBuiltInText(database: Database, pageIds: readonly string[]): Promise<string[]> {
  const out: string[] = [];
  for (const id of pageIds) {
    const page = getPageById(id);
    const record = await getPageRecord(database, id);
    if (!page || !record?.published) continue;
    const text = record.published.blocks.find((b) => b.type === "text" && b.id === TEXT_BLOCK_ID);
    const seedText = seedDocument(page).blocks.find((b) => b.type === "text" && b.id === TEXT_BLOCK_ID);
    if (!text || !seedText || (text.type === "text" && seedText.type === "text" && JSON.stringify(text.body) === JSON.stringify(seedText.body))) out.push(id);
  }
  return out;
}
