import crypto from "node:crypto";
import { sql } from "kysely";
import type Nodemailer from "nodemailer";
import type { Transporter } from "nodemailer";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import { withoutEmailAddresses } from "#app/platform/log/log-scrub.server";
import { escapeHtml, isEmailAddress, textToHtml } from "./mail-text";

export type MailKind = "transactional" | "notification" | "newsletter";
export type MailStatus = "sent" | "outbox" | "failed";

/**
 * The record a message is about. Its outbox copies are deleted with the
 * record (deleteMailAbout), so deleting an application, a question, a
 * registration or a subscriber leaves no copy of what was written to or about that person.
 */
export interface MailAbout {
  type: "volunteer_application" | "message" | "registration" | "subscriber";
  id: string;
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  /** Built from the text when left out, so every message has both parts. */
  html?: string;
  kind: MailKind;
  headers?: Record<string, string>;
  campaignId?: string;
  /**
   * Things the e-mail must carry but the outbox must not keep, such as a
   * one-time invitation link that is as good as a password. When the message
   * goes by SMTP the stored copy has each `value` replaced by its
   * `placeholder` (in the text and HTML) before it is written, so neither the
   * database nor a backup of it ever holds them; only the message handed to
   * the mail server does. With no SMTP the Outbox is where staff read the
   * message to pass it on, so the stored copy keeps them.
   */
  secrets?: { value: string; placeholder: string }[];
  about?: MailAbout;
}

export interface MailResult {
  id: string;
  status: MailStatus;
  error?: string;
}

export interface OutboxMessage {
  id: string;
  to: string;
  from: string;
  subject: string;
  text: string;
  html: string | null;
  headers: Record<string, string>;
  kind: MailKind;
  /** outbox: kept here (no SMTP configured); sending: handed to SMTP, outcome unknown; sent; failed. */
  status: MailStatus | "sending";
  error: string | null;
  campaignId: string | null;
  createdAt: string;
  sentAt: string | null;
}

/**
 * A mail server as staff set it up in the admin (Settings → E-mail): the
 * host, port, how the connection is secured, and the account, if any.
 */
export interface SmtpServerSettings {
  host: string;
  port: number;
  /** none: plain SMTP (a relay on the same network); starttls: upgraded on the same port (587); tls: TLS from the start (465). */
  security: "none" | "starttls" | "tls";
  user: string | null;
  password: string | null;
}

/** Where a message goes: the operator's SMTP_URL, or the server set up in the admin. */
export type SmtpTarget = { url: string } | SmtpServerSettings;

/** What the admin's mail settings say, when they say anything: the server (if set up) and the sender (if given). */
export interface StoredMailSettings {
  smtp: SmtpServerSettings | null;
  from: string | null;
}

interface MailerConfig {
  smtpUrl: string | null;
  from: string | null;
}

let override: Partial<MailerConfig> | undefined;

/**
 * Tests point the mailer at their own SMTP server (or none) without touching
 * process.env. What is given stands in for the environment: `smtpUrl: null`
 * is SMTP_URL unset, so the admin's mail settings apply as they would.
 */
export function configureMailer(config: Partial<MailerConfig> | undefined): void {
  override = config;
}

let storedMailSettings: () => Promise<StoredMailSettings | null> = async () => null;

/**
 * Where the mail settings staff saved in the admin come from: the server
 * tells the mailer at start-up (the settings feature), since the mailer
 * knows no feature. Read for every message, so a save on one process is
 * used by every process sharing the database, at once.
 */
export function setStoredMailSettings(read: () => Promise<StoredMailSettings | null>): void {
  storedMailSettings = read;
}

/** The environment's say (or a test's stand-in for it). */
function environmentConfig(): MailerConfig {
  const config = env();
  return {
    smtpUrl: override && "smtpUrl" in override ? (override.smtpUrl ?? null) : (config.SMTP_URL ?? null),
    from: override && "from" in override ? (override.from ?? null) : (config.MAIL_FROM ?? null),
  };
}

/** Which of the mail settings the environment sets (SMTP_URL, MAIL_FROM), so the admin's own are overridden. */
export function mailSetByEnvironment(): { server: boolean; sender: boolean } {
  const config = environmentConfig();
  return { server: Boolean(config.smtpUrl), sender: Boolean(config.from) };
}

/** Where mail goes and who it is from: SMTP_URL and MAIL_FROM when set, each winning over the admin's settings. */
export interface MailRoute {
  smtp: SmtpTarget | null;
  /** Which of the two set the server, or null when none is set and mail stays in the Outbox. */
  source: "env" | "settings" | null;
  from: string | null;
}

/** Reads where mail goes now (the admin's settings are read afresh each time: see setStoredMailSettings). */
export async function mailRoute(): Promise<MailRoute> {
  const fromEnv = environmentConfig();
  let stored: StoredMailSettings | null = null;
  if (!fromEnv.smtpUrl || !fromEnv.from) {
    try {
      stored = await storedMailSettings();
    } catch (error) {
      // Unreadable settings keep mail in the Outbox rather than lose it.
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "failed to read the mail settings; mail stays in the Outbox");
    }
  }
  const from = fromEnv.from ?? stored?.from ?? null;
  if (fromEnv.smtpUrl) return { smtp: { url: fromEnv.smtpUrl }, source: "env", from };
  if (stored?.smtp) return { smtp: stored.smtp, source: "settings", from };
  return { smtp: null, source: null, from };
}

/** Whether messages leave the building (SMTP) or stay in the outbox. */
export async function mailDelivery(): Promise<"smtp" | "outbox"> {
  return (await mailRoute()).smtp ? "smtp" : "outbox";
}

/** nodemailer's options for a target: a URL as the operator wrote it, or the admin's fields. */
export function transportOptions(target: SmtpTarget): Record<string, unknown> {
  if ("url" in target) return { url: target.url };
  return {
    host: target.host,
    port: target.port,
    secure: target.security === "tls",
    // STARTTLS chosen means STARTTLS or nothing: never the password over a plain connection.
    requireTLS: target.security === "starttls",
    ignoreTLS: target.security === "none",
    auth: target.user ? { user: target.user, pass: target.password ?? "" } : undefined,
  };
}

const transports = new Map<string, Transporter>();

/** nodemailer, imported when the first message goes out by SMTP (the outbox never needs it). */
let nodemailerModule: Promise<typeof Nodemailer> | undefined;

/** nodemailer itself, loaded on first use. */
export function loadNodemailer(): Promise<typeof Nodemailer> {
  return (nodemailerModule ??= import("nodemailer").then((m) => m.default));
}

async function transportFor(target: SmtpTarget): Promise<Transporter> {
  const key = JSON.stringify(target);
  let transport = transports.get(key);
  if (!transport) {
    const nodemailer = await loadNodemailer();
    // Another message may have made it while this one waited for the import.
    transport = transports.get(key);
    if (transport) return transport;
    // A pool keeps one connection open across a newsletter's batches instead
    // of one per message. nodemailer waits up to 2 minutes to connect and 10
    // for a silent server; a mail server that is down must not hold a staff
    // action that long. The operator's SMTP_URL may set these itself
    // (?connectionTimeout=…), and wins.
    transport = nodemailer.createTransport({ ...transportOptions(target), pool: true, ...SMTP_TIMEOUTS_MS } as Parameters<typeof nodemailer.createTransport>[0]);
    if (!("url" in target)) retireOtherSettingsTransports(key);
    transports.set(key, transport);
  }
  return transport;
}

/** Settings saved again: the old pool takes no new message, and closes once what it holds has had time to finish. */
const retired = new Set<Transporter>();
function retireOtherSettingsTransports(current: string): void {
  for (const [key, old] of transports) {
    if (key === current || key.startsWith('{"url":')) continue;
    transports.delete(key);
    retired.add(old);
    setTimeout(() => {
      retired.delete(old);
      old.close();
    }, 2 * SMTP_TIMEOUTS_MS.socketTimeout).unref();
  }
}

/** How long to wait for the mail server: to connect, for its greeting, and for any answer once talking. */
const SMTP_TIMEOUTS_MS = { connectionTimeout: 15_000, greetingTimeout: 15_000, socketTimeout: 60_000 };

/** Closes pooled SMTP connections (at shutdown). */
export function closeMailer(): void {
  for (const transport of [...transports.values(), ...retired]) transport.close();
  transports.clear();
  retired.clear();
}

/** Who the site's mail is from when MAIL_FROM is not set: a name, and an address if one is known. */
export interface SenderIdentity {
  name: string;
  email: string | null;
}

let senderIdentity: () => Promise<SenderIdentity | null> = async () => null;

/**
 * Where the sender's name and address come from when MAIL_FROM is not set:
 * the server tells the mailer at start-up (the charity's Settings), since
 * the mailer knows no feature.
 */
export function setSenderIdentity(read: () => Promise<SenderIdentity | null>): void {
  senderIdentity = read;
}

/** The sender: MAIL_FROM, else the charity's name and e-mail (no-reply at the site's host without one). */
export async function senderAddress(route?: MailRoute): Promise<string> {
  const configured = (route ?? (await mailRoute())).from;
  if (configured) return configured;
  const identity = await senderIdentity();
  const address = identity?.email || `no-reply@${new URL(env().PUBLIC_URL).hostname}`;
  return identity?.name ? `"${identity.name.replace(/["\\]/g, "")}" <${address}>` : address;
}

// Kept in mail-text.ts, which the e-mail templates can use without the mailer; offered here as before.
export { escapeHtml, isEmailAddress, textToHtml };

/** A message with everything it needs before it is stored: its outbox id, sender, HTML part and how it goes out. */
export interface PreparedMail extends MailMessage {
  id: string;
  from: string;
  html: string;
  /** The SMTP server it goes to, or null to stay in the Outbox: chosen once, so storing and delivering agree. */
  smtp: SmtpTarget | null;
}

/**
 * Fills in what a message needs before it is stored. It reads the sender's
 * address from the settings, so it runs before any transaction the message
 * is stored in (SQLite has one connection, which the transaction holds).
 */
export async function prepareMail(message: MailMessage & { id?: string }): Promise<PreparedMail> {
  const route = await mailRoute();
  return { ...message, id: message.id ?? crypto.randomUUID(), from: await senderAddress(route), html: message.html ?? textToHtml(message.text), smtp: route.smtp };
}

/**
 * Records a message in the outbox: 'sending' when SMTP is configured (for
 * deliverMail to finish), otherwise left in the Outbox. Pass a transaction
 * (`{ ...database, db: trx }`) to make the message stand or fall with the
 * change it reports. A message going by SMTP is stored without its
 * `secrets` (see MailMessage).
 */
export async function storeMail(database: Database, mail: PreparedMail): Promise<void> {
  const stored = mail.smtp ? withoutSecrets(mail) : mail;
  await database.db
    .insertInto("outbox")
    .values({
      id: mail.id,
      to_address: mail.to,
      from_address: mail.from,
      subject: mail.subject,
      text: stored.text,
      html: stored.html,
      headers: mail.headers && Object.keys(mail.headers).length > 0 ? JSON.stringify(mail.headers) : null,
      kind: mail.kind,
      status: mail.smtp ? "sending" : "outbox",
      error: null,
      campaign_id: mail.campaignId ?? null,
      message_id: null,
      created_at: nowIso(),
      sent_at: null,
      about_type: mail.about?.type ?? null,
      about_id: mail.about?.id ?? null,
    })
    .execute();
}

/** The text and HTML as the outbox keeps them: each of `secrets` replaced by its placeholder (in the HTML also as escaped there). */
function withoutSecrets(mail: PreparedMail): { text: string; html: string } {
  let { text, html } = mail;
  for (const { value, placeholder } of mail.secrets ?? []) {
    if (!value) continue;
    text = text.replaceAll(value, placeholder);
    html = html.replaceAll(value, escapeHtml(placeholder)).replaceAll(escapeHtml(value), escapeHtml(placeholder));
  }
  return { text, html };
}

/** What the opt-in `deferTemporaryFailures` of deliverMail and sendMail answers instead of `failed`. */
export interface DeferredMailResult {
  id: string;
  status: "deferred";
  error: string;
}

export interface DeliveryOptions {
  /**
   * For a sender that tries again later by itself (the newsletter job): when
   * the mail server cannot be reached or answers "try again later" (see
   * isTemporaryMailError), the message is not recorded as failed. Its outbox
   * row is removed, since nothing was delivered and the caller sends the
   * message afresh later, and the answer is `deferred`. A refusal (5xx) is
   * `failed` as always. Without it, every error is `failed`.
   */
  deferTemporaryFailures?: boolean;
}

/** Error codes (nodemailer's and Node's) of a mail server that could not be reached, or dropped the connection. */
const CONNECTION_ERROR_CODES = new Set([
  "ECONNECTION",
  "ESOCKET",
  "ETIMEDOUT",
  "EDNS",
  "ECONNREFUSED",
  "ECONNRESET",
  "ECONNABORTED",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENETDOWN",
  "EAI_AGAIN",
  "EPIPE",
]);

/**
 * Whether a delivery error is one that may well go away: the mail server
 * answered 4xx ("try again later": throttling, a full queue, greylisting) or
 * could not be reached at all (refused or dropped connection, time-out, DNS).
 * Any other answer, 5xx above all, is a refusal that trying again would get again.
 */
export function isTemporaryMailError(error: unknown): boolean {
  if (!error || typeof error !== "object") return false;
  const { code, originalCode, responseCode } = error as { code?: unknown; originalCode?: unknown; responseCode?: unknown };
  if (typeof responseCode === "number" && responseCode > 0) return responseCode >= 400 && responseCode < 500;
  return (typeof code === "string" && CONNECTION_ERROR_CODES.has(code)) || (typeof originalCode === "string" && CONNECTION_ERROR_CODES.has(originalCode));
}

/** Delivers a stored message over SMTP when that is configured, and records how it went. */
export async function deliverMail(database: Database, mail: PreparedMail): Promise<MailResult>;
export async function deliverMail(database: Database, mail: PreparedMail, options: DeliveryOptions): Promise<MailResult | DeferredMailResult>;
export async function deliverMail(database: Database, mail: PreparedMail, options: DeliveryOptions = {}): Promise<MailResult | DeferredMailResult> {
  const { smtp } = mail;
  if (!smtp) return { id: mail.id, status: "outbox" };
  let info: { accepted?: unknown[]; rejected?: unknown[]; messageId?: unknown };
  try {
    info = await (await transportFor(smtp)).sendMail({
      from: mail.from,
      to: mail.to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
      headers: mail.headers,
    });
    const rejected = (info.rejected ?? []).length > 0 && (info.accepted ?? []).length === 0;
    // The row says whom it was for; the text goes to the log too, so it names nobody.
    if (rejected) throw new Error("the mail server refused the recipient's address");
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (options.deferTemporaryFailures && isTemporaryMailError(error)) {
      // The server did not take it (it said "later", or there was no
      // connection to take it over): the row goes, so it neither counts as
      // failed nor stays 'sending' (which would read as "maybe sent").
      // Removed before the caller records anything, so a crash in between
      // leaves no outbox row, which the newsletter's restart logic reads as
      // "not sent". (A connection lost after the whole message went, before
      // the server's reply came, is the one case it may have kept it.)
      await database.db.deleteFrom("outbox").where("id", "=", mail.id).execute();
      logger.warn({ outboxId: mail.id, kind: mail.kind, err: withoutEmailAddresses(reason) }, "mail delivery deferred: the mail server is unavailable or asked to try later");
      return { id: mail.id, status: "deferred", error: reason };
    }
    await database.db.updateTable("outbox").set({ status: "failed", error: reason.slice(0, 1000) }).where("id", "=", mail.id).execute();
    logger.warn({ outboxId: mail.id, kind: mail.kind, err: withoutEmailAddresses(reason) }, "mail delivery failed");
    return { id: mail.id, status: "failed", error: reason };
  }
  // The mail server has it: it counts as sent even if that cannot be recorded
  // (the row then stays 'sending'), so nobody is invited to send it again.
  try {
    await database.db
      .updateTable("outbox")
      .set({ status: "sent", sent_at: nowIso(), message_id: typeof info.messageId === "string" ? info.messageId : null })
      .where("id", "=", mail.id)
      .execute();
  } catch (error) {
    logger.error({ outboxId: mail.id, kind: mail.kind, err: withoutEmailAddresses(error instanceof Error ? error.message : String(error)) }, "mail sent, but recording it failed");
  }
  return { id: mail.id, status: "sent" };
}

/**
 * Records a message in the outbox and, when SMTP is configured, delivers it.
 * Every message is recorded first, so a crash mid-send leaves a trace
 * ('sending') that the newsletter's restart logic reads (see
 * docs/decisions/005-mail-and-jobs.md). `id` lets a caller fix the outbox id
 * in advance for that purpose. `options` is an opt-in for senders that try
 * again later themselves (see DeliveryOptions).
 */
export async function sendMail(database: Database, message: MailMessage & { id?: string }): Promise<MailResult>;
export async function sendMail(database: Database, message: MailMessage & { id?: string }, options: DeliveryOptions): Promise<MailResult | DeferredMailResult>;
export async function sendMail(database: Database, message: MailMessage & { id?: string }, options: DeliveryOptions = {}): Promise<MailResult | DeferredMailResult> {
  const mail = await prepareMail(message);
  await storeMail(database, mail);
  return deliverMail(database, mail, options);
}

/** Deliveries queueMail started that have not finished (shutdown waits for them). */
const deliveriesInFlight = new Set<Promise<unknown>>();

/**
 * Records a message in the outbox now and delivers it without waiting for
 * the mail server: for what a visitor's form causes (the staff notice, their
 * confirmation), so a slow or unreachable mail server never holds their page
 * and never tempts them to send the form again. How the delivery went is
 * recorded on the message's outbox row, as with sendMail.
 */
export async function queueMail(database: Database, message: MailMessage): Promise<{ id: string }> {
  const mail = await prepareMail(message);
  await storeMail(database, mail);
  const delivery: Promise<unknown> = deliverMail(database, mail)
    .catch((error: unknown) => {
      logger.error({ outboxId: mail.id, kind: mail.kind, err: withoutEmailAddresses(error instanceof Error ? error.message : String(error)) }, "queued mail could not be delivered or recorded");
    })
    .finally(() => deliveriesInFlight.delete(delivery));
  deliveriesInFlight.add(delivery);
  return { id: mail.id };
}

/** Waits for every delivery queueMail started (at shutdown, before closing the connections; in tests). */
export async function settleQueuedMail(): Promise<void> {
  while (deliveriesInFlight.size > 0) await Promise.allSettled([...deliveriesInFlight]);
}

function toOutboxMessage(row: {
  id: string;
  to_address: string;
  from_address: string;
  subject: string;
  text: string;
  html: string | null;
  headers: string | null;
  kind: string;
  status: string;
  error: string | null;
  campaign_id: string | null;
  created_at: string;
  sent_at: string | null;
}): OutboxMessage {
  let headers: Record<string, string> = {};
  try {
    headers = row.headers ? (JSON.parse(row.headers) as Record<string, string>) : {};
  } catch {
    headers = {};
  }
  return {
    id: row.id,
    to: row.to_address,
    from: row.from_address,
    subject: row.subject,
    text: row.text,
    html: row.html,
    headers,
    kind: row.kind as MailKind,
    status: row.status as OutboxMessage["status"],
    error: row.error,
    campaignId: row.campaign_id,
    createdAt: row.created_at,
    sentAt: row.sent_at,
  };
}

/** The outbox, newest first. `to` narrows it to one recipient (exact, case-insensitive). */
/**
 * Messages that did not go out: handed to the mail server with no answer yet
 * (or never, if the process stopped), or refused. Mail kept in the outbox
 * because no mail server is set up is the site working as configured, not a
 * problem, so it is not among them.
 */
export const UNSENT_STATUSES = ["sending", "failed"] as const;

export async function listOutbox(
  database: Database,
  { limit = 50, offset = 0, to, kind, unsent }: { limit?: number; offset?: number; to?: string; kind?: MailKind; unsent?: boolean } = {},
): Promise<{ messages: OutboxMessage[]; total: number }> {
  let query = database.db.selectFrom("outbox");
  if (unsent) query = query.where("status", "in", [...UNSENT_STATUSES]);
  if (to) query = query.where(sql<string>`lower(to_address)`, "=", to.trim().toLowerCase());
  if (kind) query = query.where("kind", "=", kind);
  const [rows, count] = await Promise.all([
    query.selectAll().orderBy("created_at", "desc").orderBy("id", "desc").limit(limit).offset(offset).execute(),
    query.select((eb) => eb.fn.countAll().as("n")).executeTakeFirst(),
  ]);
  return { messages: rows.map(toOutboxMessage), total: toNum(count?.n) };
}

export async function getOutboxMessage(database: Database, id: string): Promise<OutboxMessage | undefined> {
  const row = await database.db.selectFrom("outbox").selectAll().where("id", "=", id).executeTakeFirst();
  return row ? toOutboxMessage(row) : undefined;
}

/** Deletes the outbox copies of every message about a record (see MailAbout); pass the record's transaction. */
export async function deleteMailAbout(database: Database, about: MailAbout): Promise<number> {
  const result = await database.db.deleteFrom("outbox").where("about_type", "=", about.type).where("about_id", "=", about.id).executeTakeFirst();
  return toNum(result.numDeletedRows);
}

/**
 * Deletes outbox copies written before `cutoff` (the mail retention period,
 * a month at least), except one a newsletter recipient still in hand points
 * at, which the newsletter's restart logic reads to avoid sending anyone the
 * same issue twice. A copy still 'sending' that long after it was written is
 * not being delivered (a delivery gives up within minutes): a process killed
 * while handing it over left it so, and nothing else would ever delete it.
 */
export async function deleteMailWrittenBefore(database: Database, cutoff: Date): Promise<number> {
  const result = await database.db
    .deleteFrom("outbox")
    .where("created_at", "<", cutoff.toISOString())
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom("campaign_recipients")
            .select("campaign_recipients.id")
            .whereRef("campaign_recipients.outbox_id", "=", "outbox.id")
            .where("campaign_recipients.status", "=", "sending"),
        ),
      ),
    )
    .executeTakeFirst();
  return toNum(result.numDeletedRows);
}

/** Records a message in the Outbox only, never sent: for notices with nobody to send them to yet. */
export async function keepInOutbox(database: Database, message: MailMessage): Promise<MailResult> {
  const id = crypto.randomUUID();
  await database.db
    .insertInto("outbox")
    .values({
      id,
      to_address: message.to,
      from_address: await senderAddress(),
      subject: message.subject,
      text: message.text,
      html: message.html ?? textToHtml(message.text),
      headers: null,
      kind: message.kind,
      status: "outbox",
      error: null,
      campaign_id: null,
      message_id: null,
      created_at: nowIso(),
      sent_at: null,
      about_type: message.about?.type ?? null,
      about_id: message.about?.id ?? null,
    })
    .execute();
  return { id, status: "outbox" };
}
