import crypto from "node:crypto";
import type { Selectable } from "kysely";
import type { CampaignsTable } from "#app/platform/db/schema";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { stampAfter } from "#app/web/stale-edit.server";
import { enqueueJob, cancelJob } from "#app/platform/jobs/jobs.server";
import { CAMPAIGN_JOB } from "./campaign-sending.server";

/**
 * Newsletter campaigns: drafts, queueing a draft to every confirmed
 * subscriber, and cancelling a send. The sending itself is a background job
 * (campaign-sending.server.ts).
 */

export type CampaignStatus = "draft" | "sending" | "sent" | "cancelled";

export interface Campaign {
  id: string;
  template: string;
  subject: string;
  content: string;
  status: CampaignStatus;
  createdAt: string;
  updatedAt: string;
  queuedAt: string | null;
  finishedAt: string | null;
  counts: { total: number; pending: number; sent: number; failed: number; cancelled: number };
}

export interface CampaignInput {
  template: string;
  subject: string;
  content: string;
}

async function recipientCounts(database: Database, campaignIds: string[]): Promise<Map<string, Campaign["counts"]>> {
  const map = new Map<string, Campaign["counts"]>();
  if (campaignIds.length === 0) return map;
  const rows = await database.db
    .selectFrom("campaign_recipients")
    .select(["campaign_id", "status", (eb) => eb.fn.countAll().as("n")])
    .where("campaign_id", "in", campaignIds)
    .groupBy(["campaign_id", "status"])
    .execute();
  for (const row of rows) {
    const counts = map.get(row.campaign_id) ?? { total: 0, pending: 0, sent: 0, failed: 0, cancelled: 0 };
    const n = toNum(row.n);
    counts.total += n;
    if (row.status === "pending" || row.status === "sending") counts.pending += n;
    else if (row.status === "sent") counts.sent += n;
    else if (row.status === "failed") counts.failed += n;
    else if (row.status === "cancelled") counts.cancelled += n;
    map.set(row.campaign_id, counts);
  }
  return map;
}

/** The columns a campaign is read with (who made it and its job are not shown). */
type CampaignRow = Omit<Selectable<CampaignsTable>, "created_by" | "job_id">;

function toCampaign(row: CampaignRow, counts?: Campaign["counts"]): Campaign {
  return {
    id: row.id,
    template: row.template,
    subject: row.subject,
    content: row.content,
    status: row.status as CampaignStatus,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    queuedAt: row.queued_at,
    finishedAt: row.finished_at,
    counts: counts ?? { total: 0, pending: 0, sent: 0, failed: 0, cancelled: 0 },
  };
}

export async function listCampaigns(database: Database, { limit = 20 }: { limit?: number } = {}): Promise<Campaign[]> {
  const rows = await database.db.selectFrom("campaigns").selectAll().orderBy("created_at", "desc").limit(limit).execute();
  const counts = await recipientCounts(database, rows.map((r) => r.id));
  return rows.map((r) => toCampaign(r, counts.get(r.id)));
}

export async function getCampaign(database: Database, id: string): Promise<Campaign | undefined> {
  const row = await database.db.selectFrom("campaigns").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return undefined;
  return toCampaign(row, (await recipientCounts(database, [id])).get(id));
}

/** Saves a new draft and returns its id. Changes to an existing draft go through updateCampaignDraft. */
export async function saveCampaignDraft(database: Database, input: CampaignInput & { createdBy?: string }): Promise<string> {
  const id = crypto.randomUUID();
  await createCampaignDraft(database, id, input);
  return id;
}

/**
 * Saves a new draft under the id its composer was drawn with, and returns
 * its version (updated_at); null when a campaign with that id exists
 * already (the same form sent twice, or again after a lost answer), which
 * is then left as it is. The composer's id is fixed before anything is
 * sent, so two "Send" presses of one new campaign make one campaign, and
 * the second finds it no longer a draft.
 */
export async function createCampaignDraft(database: Database, id: string, input: CampaignInput & { createdBy?: string }): Promise<string | null> {
  const now = nowIso();
  const result = await database.db
    .insertInto("campaigns")
    .values({
      id,
      template: input.template,
      subject: input.subject,
      content: input.content,
      status: "draft",
      created_by: input.createdBy ?? null,
      job_id: null,
      created_at: now,
      updated_at: now,
      queued_at: null,
      finished_at: null,
    })
    .onConflict((oc) => oc.column("id").doNothing())
    .executeTakeFirst();
  return toNum(result.numInsertedOrUpdatedRows) === 1 ? now : null;
}

export type DraftUpdateResult =
  | { ok: true; version: string }
  | { ok: false; reason: "not-draft"; status: Exclude<CampaignStatus, "draft"> }
  | { ok: false; reason: "not-found" }
  /** Someone else saved the draft after the form was drawn (nothing was changed). */
  | { ok: false; reason: "changed"; updatedAt: string };

/**
 * Saves changes to the draft `id`. A campaign that is no longer a draft
 * (queued, sending, sent or cancelled, say from another tab or an earlier
 * try whose answer was lost) is refused and left as it was, and nothing new
 * is created: a stale form must never turn into a second copy of a campaign
 * that would then be sent again. With `opened` (the version the form was
 * drawn from; null for a composer that was new), a draft someone else saved
 * since is refused too, unless it already says exactly what was typed, so a
 * colleague's correction is never overwritten unseen, and sent. The draft is
 * read and written in one transaction (locked on PostgreSQL), so queueing it
 * at the same moment waits for this save or comes first and refuses it.
 */
export async function updateCampaignDraft(database: Database, id: string, input: CampaignInput, opened?: { version: string | null }): Promise<DraftUpdateResult> {
  return database.db.transaction().execute(async (trx) => {
    const row = await trx
      .selectFrom("campaigns")
      .select(["status", "template", "subject", "content", "updated_at"])
      .where("id", "=", id)
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    if (!row) return { ok: false as const, reason: "not-found" as const };
    if (row.status !== "draft") return { ok: false as const, reason: "not-draft" as const, status: row.status as Exclude<CampaignStatus, "draft"> };
    const unchanged = row.template === input.template && row.subject === input.subject && row.content === input.content;
    if (unchanged) return { ok: true as const, version: row.updated_at };
    if (opened && opened.version !== row.updated_at) return { ok: false as const, reason: "changed" as const, updatedAt: row.updated_at };
    const version = stampAfter(row.updated_at);
    await trx
      .updateTable("campaigns")
      .set({ template: input.template, subject: input.subject, content: input.content, updated_at: version })
      .where("id", "=", id)
      .where("status", "=", "draft")
      .execute();
    return { ok: true as const, version };
  });
}

export type QueueResult = { ok: true; recipients: number } | { ok: false; reason: "not-draft" | "no-subscribers" };

/**
 * Sends a draft to every confirmed subscriber: fixes the recipient list now
 * (one row each, unique per campaign) and queues the job that works through
 * it. Only a draft can be sent, so a double click cannot send twice.
 */
export async function queueCampaign(database: Database, campaignId: string): Promise<QueueResult> {
  return database.db.transaction().execute(async (trx) => {
    const tx: Database = { ...database, db: trx };
    const now = nowIso();
    const subscribers = await trx.selectFrom("subscribers").select(["id", "email"]).where("status", "=", "confirmed").orderBy("email").execute();
    if (subscribers.length === 0) return { ok: false as const, reason: "no-subscribers" as const };
    const claimed = await trx
      .updateTable("campaigns")
      .set({ status: "sending", queued_at: now, updated_at: now })
      .where("id", "=", campaignId)
      .where("status", "=", "draft")
      .executeTakeFirst();
    if (toNum(claimed.numUpdatedRows) === 0) return { ok: false as const, reason: "not-draft" as const };
    for (let i = 0; i < subscribers.length; i += 200) {
      await trx
        .insertInto("campaign_recipients")
        .values(
          subscribers.slice(i, i + 200).map((s) => ({
            id: crypto.randomUUID(),
            campaign_id: campaignId,
            subscriber_id: s.id,
            email: s.email,
            status: "pending",
            claimed_at: null,
            sent_at: null,
            outbox_id: null,
            error: null,
          })),
        )
        .onConflict((oc) => oc.columns(["campaign_id", "subscriber_id"]).doNothing())
        .execute();
    }
    const jobId = await enqueueJob(tx, CAMPAIGN_JOB, { campaignId }, { maxAttempts: 10 });
    await trx.updateTable("campaigns").set({ job_id: jobId }).where("id", "=", campaignId).execute();
    return { ok: true as const, recipients: subscribers.length };
  });
}

/**
 * Stops a send: recipients not yet reached are marked cancelled and never
 * get it, and its job is stopped, all in one transaction (the job reads the
 * recipients, so it never sees a campaign half cancelled).
 */
export async function cancelCampaign(database: Database, campaignId: string): Promise<boolean> {
  const now = nowIso();
  return database.db.transaction().execute(async (trx) => {
    const campaign = await trx.selectFrom("campaigns").select(["status", "job_id"]).where("id", "=", campaignId).executeTakeFirst();
    if (!campaign || campaign.status !== "sending") return false;
    const stopped = await trx
      .updateTable("campaigns")
      .set({ status: "cancelled", finished_at: now, updated_at: now })
      .where("id", "=", campaignId)
      .where("status", "=", "sending")
      .executeTakeFirst();
    // It finished (or another admin cancelled it) since it was read.
    if (toNum(stopped.numUpdatedRows) === 0) return false;
    await trx.updateTable("campaign_recipients").set({ status: "cancelled" }).where("campaign_id", "=", campaignId).where("status", "=", "pending").execute();
    if (campaign.job_id) await cancelJob({ ...database, db: trx }, campaign.job_id);
    return true;
  });
}

export async function deleteCampaignDraft(database: Database, campaignId: string): Promise<boolean> {
  const result = await database.db.deleteFrom("campaigns").where("id", "=", campaignId).where("status", "=", "draft").executeTakeFirst();
  return toNum(result.numDeletedRows) > 0;
}
