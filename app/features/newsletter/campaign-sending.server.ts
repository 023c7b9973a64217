import crypto from "node:crypto";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { registerJobHandler, type JobContext, type JobOutcome } from "#app/platform/jobs/jobs.server";
import { logger } from "#app/platform/log/logger.server";
import { withoutEmailAddresses } from "#app/platform/log/log-scrub.server";
import { sendMail } from "#app/platform/mail/mailer.server";
import { renderCampaignEmail } from "./campaign-email.server";
import { listUnsubscribeHeaders } from "./newsletter-tokens.server";

/**
 * The background job that sends a queued campaign, a batch at a time at the
 * configured rate, waiting and trying again while the mail server is
 * unavailable.
 */

export const CAMPAIGN_JOB = "newsletter.send";

/**
 * How long the job waits after the mail server was unavailable (or asked to
 * try later), before each next try: 8 tries over about an hour. A try that
 * fails the same way once these are used up gives up (see sendCampaignStep).
 */
export const RETRY_DELAYS_MS = [1, 2, 4, 8, 15, 15, 15].map((minutes) => minutes * 60_000);

let rateOverride: { batchSize?: number; ratePerMinute?: number; retryDelaysMs?: number[] } | undefined;
/**
 * Tests use small batches and short waits; the site reads
 * NEWSLETTER_BATCH_SIZE and NEWSLETTER_RATE_PER_MINUTE, and waits
 * RETRY_DELAYS_MS for a mail server that is down.
 */
export function configureNewsletterRate(rate: { batchSize?: number; ratePerMinute?: number; retryDelaysMs?: number[] } | undefined): void {
  rateOverride = rate;
}

function sendingRate() {
  const config = env();
  return {
    batchSize: rateOverride?.batchSize ?? config.NEWSLETTER_BATCH_SIZE,
    ratePerMinute: rateOverride?.ratePerMinute ?? config.NEWSLETTER_RATE_PER_MINUTE,
    retryDelaysMs: rateOverride?.retryDelaysMs ?? RETRY_DELAYS_MS,
  };
}

interface CampaignJobPayload {
  campaignId: string;
  /**
   * How many runs in a row ended on the mail server being unavailable with
   * nothing delivered or refused since; absent when the last run got through.
   * Handed to the next run with the job (JobOutcome.payload), so it counts across runs.
   */
  deferrals?: number;
}

/** The payload for the next run, with the count of runs in a row that found the mail server unavailable (none: 0). */
function withDeferrals(payload: CampaignJobPayload, deferrals: number): CampaignJobPayload {
  const { deferrals: _previous, ...rest } = payload;
  return deferrals > 0 ? { ...rest, deferrals } : rest;
}

/**
 * Puts a recipient whose message the mail server could not take for now
 * (deliverMail removed its outbox row: nothing went) back in the queue, with
 * the reason kept on the row until it is sent. If the campaign was cancelled
 * while the message was being handed over, the recipient is cancelled like
 * the others instead. The campaign row is locked (PostgreSQL; SQLite has one
 * writer) so a cancel is either wholly before or wholly after this.
 */
async function returnToQueue(database: Database, campaignId: string, recipientId: string, error: string): Promise<void> {
  await database.db.transaction().execute(async (trx) => {
    const campaign = await trx
      .selectFrom("campaigns")
      .select("status")
      .where("id", "=", campaignId)
      .$if(database.engine === "postgres", (q) => q.forUpdate())
      .executeTakeFirst();
    await trx
      .updateTable("campaign_recipients")
      .set({ status: campaign?.status === "sending" ? "pending" : "cancelled", claimed_at: null, outbox_id: null, error: error.slice(0, 1000) })
      .where("id", "=", recipientId)
      .where("status", "=", "sending")
      .execute();
  });
}

/**
 * Gives up on a campaign whose mail server stayed unavailable through every
 * retry: the recipient in hand and everyone still waiting are marked failed
 * with the last error, so the campaign ends instead of staying "sending".
 */
async function failRemaining(database: Database, campaignId: string, recipientId: string, reason: string): Promise<void> {
  const error = reason.slice(0, 1000);
  await database.db.transaction().execute(async (trx) => {
    await trx.updateTable("campaign_recipients").set({ status: "failed", error }).where("id", "=", recipientId).where("status", "=", "sending").execute();
    await trx.updateTable("campaign_recipients").set({ status: "failed", error }).where("campaign_id", "=", campaignId).where("status", "=", "pending").execute();
  });
}

function describeWait(ms: number): string {
  const minutes = Math.round(ms / 60_000);
  if (minutes >= 1) return `about ${minutes} minute${minutes === 1 ? "" : "s"}`;
  return `${Math.max(1, Math.round(ms / 1000))} seconds`;
}

/**
 * Settles recipients a previous run left 'sending' (the process stopped
 * between claiming a recipient and recording the outcome). The outbox row
 * written before the hand-over to SMTP tells us how far it got:
 * - no outbox row: nothing was sent, so the recipient goes back in the queue;
 * - recorded as sent (or kept in the outbox): mark them sent;
 * - still 'sending' in the outbox: SMTP may or may not have taken it. We do
 *   not resend (at most once: a duplicate newsletter is worse than a missing
 *   one) and record it as a failure staff can see.
 */
async function settleInterrupted(database: Database, campaignId: string): Promise<void> {
  const stuck = await database.db
    .selectFrom("campaign_recipients")
    .leftJoin("outbox", "outbox.id", "campaign_recipients.outbox_id")
    .select(["campaign_recipients.id as id", "outbox.status as outboxStatus", "outbox.error as outboxError", "outbox.created_at as outboxAt"])
    .where("campaign_recipients.campaign_id", "=", campaignId)
    .where("campaign_recipients.status", "=", "sending")
    .execute();
  for (const row of stuck) {
    const update = database.db.updateTable("campaign_recipients").where("id", "=", row.id).where("status", "=", "sending");
    if (!row.outboxStatus) await update.set({ status: "pending", claimed_at: null, outbox_id: null }).execute();
    else if (row.outboxStatus === "sent" || row.outboxStatus === "outbox") await update.set({ status: "sent", sent_at: row.outboxAt }).execute();
    else if (row.outboxStatus === "failed") await update.set({ status: "failed", error: row.outboxError }).execute();
    else {
      await update
        .set({ status: "failed", error: "Interrupted while the mail server was taking it; not resent, so nobody gets it twice." })
        .execute();
    }
  }
}

/**
 * One step of sending a campaign: settles what a previous run left in doubt,
 * then sends a batch. When the mail server is unavailable or asks to try
 * later (a temporary failure, not a refusal), the recipient goes back to
 * waiting, the step stops and the job comes back after a wait (growing, see
 * RETRY_DELAYS_MS), so a short outage or a provider's throttling delays the
 * campaign instead of failing everyone left. Runs in a row that get nothing
 * through are counted; past the last wait, everyone left is marked failed.
 */
async function sendCampaignStep(payload: CampaignJobPayload, context: JobContext): Promise<JobOutcome> {
  const { campaignId } = payload;
  const { database, signal } = context;
  const campaign = await database.db.selectFrom("campaigns").selectAll().where("id", "=", campaignId).executeTakeFirst();
  if (!campaign || campaign.status !== "sending") return;
  await settleInterrupted(database, campaignId);
  const { batchSize, ratePerMinute, retryDelaysMs } = sendingRate();
  const batch = await database.db
    .selectFrom("campaign_recipients")
    .select(["id", "subscriber_id", "email"])
    .where("campaign_id", "=", campaignId)
    .where("status", "=", "pending")
    .orderBy("email")
    .limit(batchSize)
    .execute();

  let handled = 0;
  for (const recipient of batch) {
    if (signal.aborted) break;
    // Claim before sending, one at a time, so a crash leaves at most one recipient in doubt.
    const outboxId = crypto.randomUUID();
    const claim = await database.db
      .updateTable("campaign_recipients")
      .set({ status: "sending", claimed_at: nowIso(), outbox_id: outboxId })
      .where("id", "=", recipient.id)
      .where("status", "=", "pending")
      .executeTakeFirst();
    if (toNum(claim.numUpdatedRows) === 0) continue; // cancelled meanwhile
    const subscriber = await database.db.selectFrom("subscribers").select("status").where("id", "=", recipient.subscriber_id).executeTakeFirst();
    if (subscriber?.status !== "confirmed") {
      // Unsubscribed after the list was fixed: respect it.
      await database.db.updateTable("campaign_recipients").set({ status: "skipped", outbox_id: null }).where("id", "=", recipient.id).execute();
      continue;
    }
    const email = await renderCampaignEmail(recipient.subscriber_id, campaign);
    const result = await sendMail(
      database,
      {
        id: outboxId,
        to: recipient.email,
        subject: email.subject,
        text: email.text,
        html: email.html,
        kind: "newsletter",
        campaignId,
        headers: listUnsubscribeHeaders(recipient.subscriber_id),
      },
      // A temporary failure comes back as 'deferred' with its outbox row removed, not as 'failed'.
      { deferTemporaryFailures: true },
    );
    if (result.status === "deferred") {
      // Only runs that got nothing through count towards giving up: a
      // provider that throttles every so often still lets the campaign finish.
      const deferrals = handled > 0 ? 1 : (payload.deferrals ?? 0) + 1;
      if (deferrals > retryDelaysMs.length) {
        const waited = retryDelaysMs.reduce((sum, ms) => sum + ms, 0);
        // Every recipient left gets this reason: the last error named one of them, so addresses are taken out.
        const reason = `Not sent: the mail server was unavailable for ${deferrals} tries over ${describeWait(waited)}. Last error: ${withoutEmailAddresses(result.error)}`;
        await failRemaining(database, campaignId, recipient.id, reason);
        logger.error({ campaignId, deferrals, err: withoutEmailAddresses(result.error) }, "newsletter: gave up waiting for the mail server; the recipients left are marked failed");
        break;
      }
      await returnToQueue(database, campaignId, recipient.id, result.error);
      const waitMs = Math.max(retryDelaysMs[deferrals - 1]!, Math.ceil((handled / ratePerMinute) * 60_000));
      logger.warn({ campaignId, deferrals, waitMs, err: withoutEmailAddresses(result.error) }, "newsletter: the mail server is unavailable; trying again later");
      // The count goes with the job to its next run.
      return { continueAt: new Date(Date.now() + waitMs), payload: withDeferrals(payload, deferrals) };
    }
    await database.db
      .updateTable("campaign_recipients")
      .set(result.status === "failed" ? { status: "failed", error: result.error ?? "delivery failed" } : { status: "sent", sent_at: nowIso(), error: null })
      .where("id", "=", recipient.id)
      .execute();
    handled += 1;
    if (!(await context.heartbeat())) return; // cancelled or taken over
  }
  const remaining = await database.db
    .selectFrom("campaign_recipients")
    .select((eb) => eb.fn.countAll().as("n"))
    .where("campaign_id", "=", campaignId)
    .where("status", "in", ["pending", "sending"])
    .executeTakeFirst();
  if (toNum(remaining?.n) > 0) {
    const pauseMs = signal.aborted ? 0 : Math.ceil((handled / ratePerMinute) * 60_000);
    // The mail server answered this run, so a later outage counts from nothing.
    return { continueAt: new Date(Date.now() + pauseMs), payload: handled > 0 ? withDeferrals(payload, 0) : payload };
  }
  const now = nowIso();
  await database.db
    .updateTable("campaigns")
    .set({ status: "sent", finished_at: now, updated_at: now })
    .where("id", "=", campaignId)
    .where("status", "=", "sending")
    .execute();
  logger.info({ campaignId }, "newsletter sent");
}

let registered = false;
/** Called once at start-up (server/workers.ts) so this process can work newsletter jobs. */
export function registerNewsletterJobs(): void {
  if (registered) return;
  registered = true;
  registerJobHandler(CAMPAIGN_JOB, sendCampaignStep);
}
