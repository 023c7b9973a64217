import crypto from "node:crypto";
import { sql, type Selectable } from "kysely";
import type { SubscribersTable } from "#app/platform/db/schema";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import { csvCell } from "#app/web/csv";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { isEmailAddress, queueMail } from "#app/platform/mail/mailer.server";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { mayMailVisitor } from "#app/features/public-forms/recipient-throttle.server";
import { NEWSLETTER_CONSENT_TEXT } from "./newsletter-consent";
import { CONFIRM_LINK_HOURS, confirmToken, confirmUrl, unsubscribeUrl, verifyToken, type TokenPayload } from "./newsletter-tokens.server";

/**
 * The newsletter's subscribers: double opt-in subscriptions with a consent
 * record, and one-click unsubscribe. Erasure is in subscriber-erasure.server.ts,
 * campaigns in campaigns.server.ts.
 */

export type SubscriberStatus = "pending" | "confirmed" | "unsubscribed";
export const SUBSCRIBER_STATUSES: SubscriberStatus[] = ["confirmed", "pending", "unsubscribed"];

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

type SubscriberRow = Selectable<SubscribersTable>;

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
export type SubscribeOutcome = "confirmation-sent" | "already-subscribed-notice" | "recently-sent" | "throttled";

/**
 * Starts a subscription: records the request and e-mails a confirmation
 * link. Nothing is subscribed until the link is followed. A known address
 * gets a reminder instead, and an address that has had three messages from
 * public forms today gets nothing; the visitor cannot tell the difference.
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
  // The address has had its day's mail from public forms: nothing is sent,
  // and nothing changes either, so the link it was last sent still works.
  if (!(await mayMailVisitor(database, email, { form: "newsletter", id: existing?.id }))) return "throttled";

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
  actor: Actor,
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
