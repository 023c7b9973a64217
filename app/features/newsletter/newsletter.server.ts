import crypto from "node:crypto";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { sql, type ExpressionBuilder, type SelectQueryBuilder } from "kysely";
import { z } from "zod";
import { recordAudit, type AuditActor } from "#app/features/audit/audit.server";
import { csvCell } from "#app/web/csv";
import type { DatabaseSchema } from "#app/platform/db/schema";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { stampAfter } from "#app/web/stale-edit.server";
import { env, loadSecrets } from "#app/platform/env.server";
import { enqueueJob, cancelJob, registerJobHandler, type JobContext, type JobOutcome } from "#app/platform/jobs/jobs.server";
import { logger } from "#app/platform/log/logger.server";
import { withoutEmailAddresses } from "#app/platform/log/log-scrub.server";
import { isEmailAddress, queueMail, sendMail } from "#app/platform/mail/mailer.server";
import { withoutFormatCharacters } from "#app/web/text";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { NewsletterEmail, newsletterText, type NewsletterEmailProps } from "#app/features/newsletter/admin/newsletter-email";
import { NEWSLETTER_CONSENT_TEXT } from "#app/features/newsletter/site/newsletter-form";

/** The public sign-up form: an address (pasted ones without invisible formatting characters) and consent. */
export const newsletterSignUpSchema = z.object({
  email: z
    .string()
    .overwrite(withoutFormatCharacters)
    .trim()
    .min(1, "Please enter your email address.")
    .max(254, "That email address is too long.")
    .refine(isEmailAddress, "Please enter a valid email address, like name@example.com."),
  consent: z.literal(true, { error: "Please tick the box to agree to receive our emails." }),
});

/**
 * The newsletter: double opt-in subscriptions with a consent record,
 * one-click unsubscribe, and campaigns sent by a background job.
 *
 * Links in e-mails carry HMAC-signed tokens. A confirmation token expires
 * and works once (it names a random value stored on the subscriber, cleared
 * when used); an unsubscribe token never expires, because a link in an old
 * newsletter must still work.
 */

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";
export const SUBSCRIBER_STATUSES: SubscriberStatus[] = ["confirmed", "pending", "unsubscribed"];

export const CONFIRM_LINK_HOURS = 48;
/** A second request for the same address within this time sends no second e-mail (no mail-bombing). */
const RESEND_AFTER_MS = 10 * 60_000;

export const CONSENT_TEXT = NEWSLETTER_CONSENT_TEXT;

export interface Subscriber {
  id: string;
  email: string;
  status: SubscriberStatus;
  consentSource: string | null;
  consentText: string | null;
  requestedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  createdAt: string;
}

// ── Tokens ──────────────────────────────────────────────────────────────

type TokenPurpose = "confirm" | "unsubscribe";
interface TokenPayload {
  /** subscriber id */
  s: string;
  p: TokenPurpose;
  /** confirm only: the subscriber's current confirm_nonce */
  n?: string;
  /** confirm only: expiry, ms since epoch */
  e?: number;
}

let secretOverride: string | undefined;
/** Tests sign with their own secret; the site uses AUTH_SECRET or the generated one in DATA_DIR. */
export function setNewsletterSecret(secret: string | undefined): void {
  secretOverride = secret;
}

function tokenKey(): Buffer {
  const secret = secretOverride ?? loadSecrets(env().DATA_DIR).authSecret;
  // A key of its own, so a newsletter token can never pass for any other signed value.
  return crypto.createHmac("sha256", secret).update("newsletter-token-v1").digest();
}

function sign(payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const mac = crypto.createHmac("sha256", tokenKey()).update(body).digest("base64url");
  return `${body}.${mac}`;
}

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: "invalid" | "expired" };

export function verifyToken(token: string | null | undefined, purpose: TokenPurpose, now = Date.now()): TokenCheck {
  if (!token || token.length > 1000) return { ok: false, reason: "invalid" };
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = crypto.createHmac("sha256", tokenKey()).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenPayload;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (payload.p !== purpose || typeof payload.s !== "string") return { ok: false, reason: "invalid" };
  if (purpose === "confirm" && (typeof payload.e !== "number" || payload.e < now)) return { ok: false, reason: "expired" };
  return { ok: true, payload };
}

export function unsubscribeToken(subscriberId: string): string {
  return sign({ s: subscriberId, p: "unsubscribe" });
}

function confirmToken(subscriberId: string, nonce: string, now = Date.now()): string {
  return sign({ s: subscriberId, p: "confirm", n: nonce, e: now + CONFIRM_LINK_HOURS * 3600_000 });
}

function siteUrl(): string {
  return env().PUBLIC_URL;
}

export function confirmUrl(token: string): string {
  return `${siteUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(subscriberId: string): string {
  return `${siteUrl()}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscriberId))}`;
}

/** RFC 2369 and RFC 8058: mail programs show an Unsubscribe button that POSTs to the link. */
export function listUnsubscribeHeaders(subscriberId: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(subscriberId)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}

// ── Subscribers ─────────────────────────────────────────────────────────

type SubscriberRow = {
  id: string;
  email: string;
  status: string;
  confirm_nonce: string | null;
  confirm_sent_at: string | null;
  consent_source: string | null;
  consent_text: string | null;
  requested_at: string;
  confirmed_at: string | null;
  unsubscribed_at: string | null;
  created_at: string;
  updated_at: string;
};

function toSubscriber(row: SubscriberRow): Subscriber {
  return {
    id: row.id,
    email: row.email,
    status: row.status as SubscriberStatus,
    consentSource: row.consent_source,
    consentText: row.consent_text,
    requestedAt: row.requested_at,
    confirmedAt: row.confirmed_at,
    unsubscribedAt: row.unsubscribed_at,
    createdAt: row.created_at,
  };
}

export function normalizeEmail(email: string): string {
  return email.trim().toLowerCase();
}

export async function getSubscriberByEmail(database: Database, email: string): Promise<Subscriber | undefined> {
  const row = await database.db.selectFrom("subscribers").selectAll().where("email", "=", normalizeEmail(email)).executeTakeFirst();
  return row ? toSubscriber(row) : undefined;
}

export async function getSubscriber(database: Database, id: string): Promise<Subscriber | undefined> {
  const row = await database.db.selectFrom("subscribers").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toSubscriber(row) : undefined;
}

/** What happened, for logs and tests; the visitor is always shown the same message. */
export type SubscribeOutcome = "confirmation-sent" | "already-subscribed-notice" | "recently-sent";

/**
 * Starts a subscription: records the request and e-mails a confirmation
 * link. Nothing is subscribed until the link is followed. A known address
 * gets a reminder instead, and the visitor cannot tell the difference.
 */
export async function requestSubscription(
  database: Database,
  input: { email: string; source: string; consentText?: string },
): Promise<SubscribeOutcome> {
  const email = normalizeEmail(input.email);
  if (!isEmailAddress(email)) throw new Error("not an e-mail address");
  const now = nowIso();
  const source = input.source.slice(0, 200);
  const consentText = input.consentText ?? CONSENT_TEXT;
  let existing = await database.db.selectFrom("subscribers").selectAll().where("email", "=", email).executeTakeFirst();

  if (existing && existing.confirm_sent_at && Date.now() - Date.parse(existing.confirm_sent_at) < RESEND_AFTER_MS) {
    return "recently-sent";
  }

  if (existing?.status === "confirmed") {
    await database.db.updateTable("subscribers").set({ confirm_sent_at: now, updated_at: now }).where("id", "=", existing.id).execute();
    await sendAlreadySubscribed(database, existing.id, email);
    return "already-subscribed-notice";
  }

  const nonce = crypto.randomBytes(16).toString("base64url");
  if (!existing) {
    const id = crypto.randomUUID();
    const inserted = await database.db
      .insertInto("subscribers")
      .values({
        id,
        email,
        status: "pending",
        confirm_nonce: nonce,
        confirm_sent_at: now,
        consent_source: source,
        consent_text: consentText,
        requested_at: now,
        confirmed_at: null,
        unsubscribed_at: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column("email").doNothing())
      .executeTakeFirst();
    if (toNum(inserted.numInsertedOrUpdatedRows) === 0) {
      // Someone else sent the same address a moment ago: theirs stands.
      return "recently-sent";
    }
    existing = { id } as SubscriberRow;
  } else {
    // Pending again, or unsubscribed and asking to come back: consent is asked for afresh.
    const updated = await database.db
      .updateTable("subscribers")
      .set({ status: existing.status === "unsubscribed" ? "pending" : existing.status, confirm_nonce: nonce, confirm_sent_at: now, consent_source: source, consent_text: consentText, requested_at: now, updated_at: now })
      .where("id", "=", existing.id)
      .executeTakeFirst();
    // Deleted a moment ago (an admin, or the expiry of an old unconfirmed sign-up): this request starts afresh.
    if (toNum(updated.numUpdatedRows) === 0) return requestSubscription(database, input);
  }
  await sendConfirmation(database, existing.id, email, nonce);
  return "confirmation-sent";
}

async function sendConfirmation(database: Database, subscriberId: string, email: string, nonce: string): Promise<void> {
  const { charityName } = await getSiteSettings();
  const link = confirmUrl(confirmToken(subscriberId, nonce));
  const text = [
    "Hello,",
    "",
    `Please confirm that you would like to receive news from ${charityName} by opening this link and pressing "Confirm my subscription":`,
    "",
    link,
    "",
    `The link works for ${CONFIRM_LINK_HOURS} hours. If you did not ask to subscribe, ignore this e-mail: you will not be added to any list.`,
    "",
    charityName,
  ].join("\n");
  // Recorded now, delivered without holding the visitor's page (queueMail).
  await queueMail(database, { to: email, subject: `Please confirm your subscription to ${charityName} news`, text, kind: "transactional", about: { type: "subscriber", id: subscriberId } });
}

async function sendAlreadySubscribed(database: Database, subscriberId: string, email: string): Promise<void> {
  const { charityName } = await getSiteSettings();
  const text = [
    "Hello,",
    "",
    `Someone (probably you) asked to subscribe this address to news from ${charityName}. You are already subscribed, so nothing has changed.`,
    "",
    `If you would rather not receive our news, unsubscribe here: ${unsubscribeUrl(subscriberId)}`,
    "",
    charityName,
  ].join("\n");
  await queueMail(database, { to: email, subject: `You are already subscribed to ${charityName} news`, text, kind: "transactional", about: { type: "subscriber", id: subscriberId } });
}

export type ConfirmResult =
  | { ok: true; email: string; alreadyConfirmed: boolean; subscriberId: string }
  | { ok: false; reason: "invalid" | "expired" | "used" };

/** What the confirmation page shows before the visitor presses the button (changes nothing). */
export async function checkConfirmation(database: Database, token: string | null): Promise<ConfirmResult> {
  const check = verifyToken(token, "confirm");
  if (!check.ok) return check;
  const subscriber = await database.db.selectFrom("subscribers").selectAll().where("id", "=", check.payload.s).executeTakeFirst();
  if (!subscriber) return { ok: false, reason: "invalid" };
  if (subscriber.status === "confirmed") return { ok: true, email: subscriber.email, alreadyConfirmed: true, subscriberId: subscriber.id };
  if (subscriber.status !== "pending" || subscriber.confirm_nonce !== check.payload.n) return { ok: false, reason: "used" };
  return { ok: true, email: subscriber.email, alreadyConfirmed: false, subscriberId: subscriber.id };
}

/** Confirms a pending subscription (a POST from the landing page, so link scanners cannot). */
export async function confirmSubscription(database: Database, token: string | null): Promise<ConfirmResult> {
  const check = await checkConfirmation(database, token);
  if (!check.ok || check.alreadyConfirmed) return check;
  const now = nowIso();
  const payload = (verifyToken(token, "confirm") as { ok: true; payload: TokenPayload }).payload;
  const result = await database.db
    .updateTable("subscribers")
    .set({ status: "confirmed", confirm_nonce: null, confirmed_at: now, unsubscribed_at: null, updated_at: now })
    .where("id", "=", payload.s)
    .where("status", "=", "pending")
    .where("confirm_nonce", "=", payload.n ?? "")
    .executeTakeFirst();
  if (toNum(result.numUpdatedRows) === 0) return checkConfirmation(database, token);
  return { ...check, alreadyConfirmed: false };
}

export type UnsubscribeResult = { ok: true; email: string; status: SubscriberStatus; subscriberId: string } | { ok: false; reason: "invalid" };

/** Who an unsubscribe link is for (changes nothing). */
export async function checkUnsubscribe(database: Database, token: string | null): Promise<UnsubscribeResult> {
  const check = verifyToken(token, "unsubscribe");
  if (!check.ok) return { ok: false, reason: "invalid" };
  const subscriber = await getSubscriber(database, check.payload.s);
  if (!subscriber) return { ok: false, reason: "invalid" };
  return { ok: true, email: subscriber.email, status: subscriber.status, subscriberId: subscriber.id };
}

export async function unsubscribe(database: Database, token: string | null): Promise<UnsubscribeResult> {
  const check = await checkUnsubscribe(database, token);
  if (!check.ok) return check;
  if (check.status !== "unsubscribed") {
    const now = nowIso();
    await database.db
      .updateTable("subscribers")
      .set({ status: "unsubscribed", unsubscribed_at: now, confirm_nonce: null, updated_at: now })
      .where("id", "=", check.subscriberId)
      .execute();
  }
  return { ...check, status: "unsubscribed" };
}

/**
 * Undoes an unsubscribe from the same page. The link proves the visitor
 * reads this mailbox and had confirmed before, so no second confirmation
 * is needed; the consent record says how they came back.
 */
export async function resubscribe(database: Database, token: string | null): Promise<UnsubscribeResult> {
  const check = await checkUnsubscribe(database, token);
  if (!check.ok) return check;
  if (check.status !== "confirmed") {
    const now = nowIso();
    await database.db
      .updateTable("subscribers")
      .set({
        status: "confirmed",
        confirmed_at: now,
        unsubscribed_at: null,
        confirm_nonce: null,
        consent_source: "resubscribed from the unsubscribe page",
        consent_text: CONSENT_TEXT,
        updated_at: now,
      })
      .where("id", "=", check.subscriberId)
      .execute();
  }
  return { ...check, status: "confirmed" };
}

export type SubscriberDeleteResult = "deleted" | "not-found" | "sending";

/**
 * Erases a subscriber on request: their row (address and consent record),
 * every Outbox copy of a message to them (confirmations, issues of the
 * newsletter), and their address in the campaigns' recipient lists, which
 * keep an anonymous row so a campaign's counts stay true. One transaction;
 * refused while a newsletter is being handed to them at this moment (a
 * minute later it can be done). Audited with the id only.
 */
export async function deleteSubscriber(database: Database, id: string, actor: AuditActor): Promise<SubscriberDeleteResult> {
  try {
    return await database.db.transaction().execute(async (trx): Promise<SubscriberDeleteResult> => {
      const subscriber = await trx.selectFrom("subscribers").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
      if (!subscriber) return "not-found";
      // First, what is not yet sent to them is skipped: these updates hold the rows, so the campaign worker cannot claim
      // one of them now, and one it claimed a moment before is seen as 'sending' below.
      await trx.updateTable("campaign_recipients").set({ status: "skipped" }).where("subscriber_id", "=", id).where("status", "=", "pending").execute();
      const inHand = await trx.selectFrom("campaign_recipients").select("id").where("subscriber_id", "=", id).where("status", "=", "sending").executeTakeFirst();
      // Rolled back: nothing is skipped or deleted while an issue is being handed to them.
      if (inHand) throw new SubscriberInHand();
      await trx
        .deleteFrom("outbox")
        .where((eb) =>
          eb.or([
            eb.and([eb("about_type", "=", "subscriber"), eb("about_id", "=", id)]),
            eb("id", "in", eb.selectFrom("campaign_recipients").select("outbox_id").where("subscriber_id", "=", id).where("outbox_id", "is not", null)),
            legacySubscriberMail(eb, [subscriber.email]),
          ]),
        )
        .execute();
      // A delivery failure's reason may quote the address, so it goes with it.
      await trx.updateTable("campaign_recipients").set({ email: "", outbox_id: null, error: null }).where("subscriber_id", "=", id).execute();
      await trx.deleteFrom("subscribers").where("id", "=", id).execute();
      // In the same transaction: a subscriber is never gone without a record of who deleted them.
      await recordAudit({ ...database, db: trx }, { action: "subscriber.deleted", actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail: { subscriberId: id } });
      return "deleted";
    });
  } catch (error) {
    if (error instanceof SubscriberInHand) return "sending";
    throw error;
  }
}

class SubscriberInHand extends Error {}

/**
 * Confirmation and "already subscribed" e-mails written before they named the
 * subscriber they are about (about_type 'subscriber'): found by address and
 * subject, so deleting a subscriber or an expired sign-up takes them too.
 */
function legacySubscriberMail(eb: ExpressionBuilder<DatabaseSchema, "outbox">, emails: readonly string[] | SelectQueryBuilder<DatabaseSchema, "subscribers", { email: string }>) {
  return eb.and([
    eb("about_type", "is", null),
    eb("kind", "=", "transactional"),
    eb("to_address", "in", emails),
    eb.or([eb("subject", "like", "Please confirm your subscription to % news"), eb("subject", "like", "You are already subscribed to % news")]),
  ]);
}

/** How long a sign-up that was never confirmed is kept (its link works for CONFIRM_LINK_HOURS). */
export const UNCONFIRMED_KEEP_DAYS = 30;

/**
 * The daily retention run's part for the newsletter: a sign-up never
 * confirmed within UNCONFIRMED_KEEP_DAYS is deleted with the copies of its
 * confirmation e-mails (anyone can type someone else's address into the
 * form, and that person never agreed to anything); someone who had
 * unsubscribed and asked to come back without confirming is unsubscribed
 * again, as before the request. Returns how many of each.
 */
export async function expireUnconfirmedSignUps(database: Database, now = new Date()): Promise<{ deleted: number; unsubscribedAgain: number }> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_KEEP_DAYS * 24 * 3600_000).toISOString();
  return database.db.transaction().execute(async (trx) => {
    const never = () =>
      trx.selectFrom("subscribers").where("status", "=", "pending").where("requested_at", "<", cutoff).where("unsubscribed_at", "is", null).where("confirmed_at", "is", null);
    await trx
      .deleteFrom("outbox")
      .where((eb) =>
        eb.or([eb.and([eb("about_type", "=", "subscriber"), eb("about_id", "in", never().select("id"))]), legacySubscriberMail(eb, never().select("email"))]),
      )
      .execute();
    const back = await trx
      .updateTable("subscribers")
      .set({ status: "unsubscribed", confirm_nonce: null, updated_at: nowIso() })
      .where("status", "=", "pending")
      .where("requested_at", "<", cutoff)
      .where("unsubscribed_at", "is not", null)
      .executeTakeFirst();
    const gone = await trx
      .deleteFrom("subscribers")
      .where("status", "=", "pending")
      .where("requested_at", "<", cutoff)
      .where("unsubscribed_at", "is", null)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    return { deleted: toNum(gone.numDeletedRows), unsubscribedAgain: toNum(back.numUpdatedRows) };
  });
}

export async function listSubscribers(
  database: Database,
  { search, status, limit = 50, offset = 0 }: { search?: string; status?: SubscriberStatus; limit?: number; offset?: number } = {},
): Promise<{ subscribers: Subscriber[]; total: number }> {
  let query = database.db.selectFrom("subscribers");
  if (status) query = query.where("status", "=", status);
  const term = search?.trim().toLowerCase();
  if (term) {
    const escaped = term.replace(/[\\%_]/g, (c) => `\\${c}`);
    query = query.where(sql<boolean>`email like ${`%${escaped}%`} escape '\\'`);
  }
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("email").limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { subscribers: rows.map(toSubscriber), total: toNum(count?.n) };
}

/**
 * The subscriber list (or the part the filter shows) as CSV, written to the
 * audit log with how many rows and which filter (whether a search was used,
 * never what was searched for, which may be an address).
 */
export async function exportSubscribersCsv(
  database: Database,
  filter: { search?: string; status?: SubscriberStatus },
  actor: AuditActor,
): Promise<{ csv: string; count: number }> {
  const { subscribers } = await listSubscribers(database, { ...filter, limit: 1_000_000 });
  const header = ["email", "status", "requested_at", "confirmed_at", "unsubscribed_at", "consent_source", "consent_text"];
  const lines = subscribers.map((s) =>
    [s.email, s.status, s.requestedAt, s.confirmedAt, s.unsubscribedAt, s.consentSource, s.consentText].map(csvCell).join(","),
  );
  await recordAudit(database, {
    action: "subscribers.exported",
    actorId: actor.id,
    actorEmail: actor.email,
    ip: actor.ip ?? null,
    detail: { count: subscribers.length, status: filter.status ?? "all", searched: Boolean(filter.search) },
  });
  return { csv: `${[header.join(","), ...lines].join("\r\n")}\r\n`, count: subscribers.length };
}

export interface NewsletterStats {
  subscribers: number;
  newLast30Days: number;
  pending: number;
  unsubscribed: number;
  sentCampaigns: number;
  deliveryFailures: number;
}

export async function newsletterStats(database: Database): Promise<NewsletterStats> {
  const since = new Date(Date.now() - 30 * 24 * 3600_000).toISOString();
  const [byStatus, recent, campaigns, failures] = await Promise.all([
    database.db.selectFrom("subscribers").select(["status", (eb) => eb.fn.countAll().as("n")]).groupBy("status").execute(),
    database.db
      .selectFrom("subscribers")
      .select((eb) => eb.fn.countAll().as("n"))
      .where("status", "=", "confirmed")
      .where("confirmed_at", ">=", since)
      .executeTakeFirst(),
    database.db.selectFrom("campaigns").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "sent").executeTakeFirst(),
    database.db.selectFrom("campaign_recipients").select((eb) => eb.fn.countAll().as("n")).where("status", "=", "failed").executeTakeFirst(),
  ]);
  const count = (status: string) => toNum(byStatus.find((r) => r.status === status)?.n);
  return {
    subscribers: count("confirmed"),
    newLast30Days: toNum(recent?.n),
    pending: count("pending"),
    unsubscribed: count("unsubscribed"),
    sentCampaigns: toNum(campaigns?.n),
    deliveryFailures: toNum(failures?.n),
  };
}

// ── Campaigns ───────────────────────────────────────────────────────────

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

type CampaignRow = {
  id: string;
  template: string;
  subject: string;
  content: string;
  status: string;
  created_at: string;
  updated_at: string;
  queued_at: string | null;
  finished_at: string | null;
};

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

async function emailProps(subscriberId: string | null, input: { subject: string; content: string }): Promise<NewsletterEmailProps> {
  const settings = await getSiteSettings();
  return {
    subject: input.subject,
    content: input.content,
    charityName: settings.charityName,
    siteUrl: siteUrl(),
    unsubscribeUrl: subscriberId ? unsubscribeUrl(subscriberId) : `${siteUrl()}/newsletter/unsubscribe`,
    postalAddress: settings.postalAddress || undefined,
  };
}

/** The e-mail exactly as a recipient gets it: subject, plain text and HTML from one component. */
export async function renderCampaignEmail(subscriberId: string | null, input: { subject: string; content: string }) {
  const props = await emailProps(subscriberId, input);
  return {
    subject: input.subject,
    text: newsletterText(props),
    html: `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${escapeTitle(input.subject)}</title></head><body style="margin:0">${renderToStaticMarkup(createElement(NewsletterEmail, props))}</body></html>`,
  };
}

function escapeTitle(value: string): string {
  return value.replace(/[&<>"]/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" })[c]!);
}

/** A test send: the same e-mail, marked as a test, to one address; no subscriber is involved. */
export async function sendTestEmail(database: Database, input: { subject: string; content: string }, to: string) {
  const email = await renderCampaignEmail(null, input);
  return sendMail(database, { to, subject: `[Test] ${email.subject}`, text: email.text, html: email.html, kind: "newsletter" });
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

// ── The sending job ─────────────────────────────────────────────────────

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
/** Called once at start-up (server/app.ts) so this process can work newsletter jobs. */
export function registerNewsletterJobs(): void {
  if (registered) return;
  registered = true;
  registerJobHandler(CAMPAIGN_JOB, sendCampaignStep);
}
