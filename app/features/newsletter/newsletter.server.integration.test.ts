import { sql } from "kysely";
import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it, vi } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { startSmtpServerForFile, type ReceivedMail } from "../../../test/smtp-server";
import { captureLogs } from "../../../test/capture-logs";
import { failWrites } from "../../../test/failing-writes";
import { claimNextJob, getJob, runNextJob } from "#app/platform/jobs/jobs.server";
import { closeMailer, configureMailer, listOutbox, sendMail } from "#app/platform/mail/mailer.server";
import { listAudit } from "#app/features/audit/audit.server";
import { checkRateLimit } from "#app/features/public-forms/abuse-guard.server";
import { configureNewsletterRate, registerNewsletterJobs } from "./campaign-sending.server";
import { cancelCampaign, deleteCampaignDraft, getCampaign, queueCampaign, saveCampaignDraft, updateCampaignDraft } from "./campaigns.server";
import { setNewsletterSecret, unsubscribeToken, verifyToken } from "./newsletter-tokens.server";
import { deleteSubscriber, expireUnconfirmedSignUps } from "./subscriber-erasure.server";
import {
  checkConfirmation,
  confirmSubscription,
  exportSubscribersCsv,
  getSubscriberByEmail,
  newsletterStats,
  requestSubscription,
  resubscribe,
  unsubscribe,
} from "./subscribers.server";

process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

const FROM = "Test <news@example.org>";
/** A real mail server on loopback (it refuses refused@example.org with a 550). */
const smtp = startSmtpServerForFile();
/** A mail server that takes `allowance` messages, then answers "451 try again later" (as Microsoft 365 and Gmail throttle) until given more. */
const throttled = startThrottlingSmtpServer();
/** A loopback port nothing listens on: connecting is refused, as when the mail server is down or restarting. */
let closedPort = 0;

beforeAll(async () => {
  closedPort = await new Promise<number>((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
});

function startThrottlingSmtpServer() {
  const state = { allowance: 0, rcptAttempts: 0, received: [] as ReceivedMail[], url: "" };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      state.rcptAttempts += 1;
      if (state.allowance <= 0) return callback(Object.assign(new Error("4.7.500 Server busy, please try again later"), { responseCode: 451 }));
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        state.allowance -= 1;
        state.received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    state.url = `smtp://127.0.0.1:${(server.server.address() as net.AddressInfo).port}`;
  });
  afterAll(async () => {
    // Pooled connections first, or the server would wait for them to close.
    closeMailer();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  return state;
}

function mailVia(url: string | null): void {
  configureMailer({ smtpUrl: url, from: FROM });
}

/** How many copies of the e-mail with this subject each address got over SMTP. */
function copies(received: ReceivedMail[], subject: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of received) {
    if (!mail.raw.includes(`Subject: ${subject}\r\n`)) continue;
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
  return counts;
}

async function recipientRows(database: TestDatabase, campaignId: string) {
  return database.db.selectFrom("campaign_recipients").selectAll().where("campaign_id", "=", campaignId).orderBy("email").execute();
}

async function statusCounts(database: TestDatabase, campaignId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await recipientRows(database, campaignId)) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

async function campaignJob(database: TestDatabase, campaignId: string) {
  const { job_id } = await database.db.selectFrom("campaigns").select("job_id").where("id", "=", campaignId).executeTakeFirstOrThrow();
  return (await getJob(database, job_id!))!;
}

/** Lets the time the job waits for the mail server pass: its next run is due now. */
async function makeDue(database: TestDatabase, campaignId: string): Promise<void> {
  const job = await campaignJob(database, campaignId);
  await database.db.updateTable("jobs").set({ run_at: new Date(Date.now() - 1000).toISOString() }).where("id", "=", job.id).execute();
}

/** A fresh list: only these addresses are confirmed subscribers (subscribed while mail stays in the outbox), and no other campaign waiting. */
async function onlySubscribers(database: TestDatabase, prefix: string, n: number, extra: string[] = []): Promise<string[]> {
  mailVia(null);
  // Campaigns earlier tests left queued go first (into the outbox), so the next job run is this test's.
  await runQueue(database);
  await database.db.updateTable("subscribers").set({ status: "unsubscribed" }).where("status", "=", "confirmed").execute();
  const emails = await confirmedSubscribers(database, prefix, n);
  for (const email of extra) {
    await requestSubscription(database, { email, source: "test" });
    expect((await confirmSubscription(database, await confirmationToken(database, email))).ok).toBe(true);
  }
  return [...emails, ...extra].sort();
}

beforeAll(() => {
  setNewsletterSecret("newsletter-test-secret-0123456789abcdef");
  configureMailer({ smtpUrl: null, from: FROM });
  registerNewsletterJobs();
});
afterAll(() => {
  configureMailer(undefined);
  configureNewsletterRate(undefined);
});

/** The token in the newest confirmation link e-mailed to `email`. */
async function confirmationToken(database: TestDatabase, email: string): Promise<string> {
  const { messages } = await listOutbox(database, { to: email });
  const match = messages.map((m) => /\/newsletter\/confirm\?token=([^\s]+)/.exec(m.text)).find(Boolean);
  if (!match) throw new Error(`no confirmation e-mail for ${email}`);
  return decodeURIComponent(match[1]!);
}

async function confirmedSubscribers(database: TestDatabase, prefix: string, n: number): Promise<string[]> {
  const emails = Array.from({ length: n }, (_, i) => `${prefix}${i}@example.org`);
  for (const email of emails) {
    await requestSubscription(database, { email, source: "test" });
    const result = await confirmSubscription(database, await confirmationToken(database, email));
    expect(result.ok).toBe(true);
  }
  return emails;
}

async function campaignMessages(database: TestDatabase, campaignId: string) {
  return database.db.selectFrom("outbox").select(["to_address", "headers", "text"]).where("campaign_id", "=", campaignId).execute();
}

/** Works the queue until no job is waiting (continuations are scheduled a few ms ahead). */
async function runQueue(database: TestDatabase, options: { workerId?: string; staleMs?: number } = {}): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await runNextJob(database, options)) continue;
    const waiting = await database.db.selectFrom("jobs").select("id").where("status", "=", "queued").executeTakeFirst();
    if (!waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("the queue did not empty");
}

describeEachEngine("newsletter", (get) => {
  it("goes pending → confirmed → unsubscribed → confirmed again, keeping a consent record", async () => {
    const database = get();
    expect(await requestSubscription(database, { email: "  Sam@Example.org ", source: "footer on /news" })).toBe("confirmation-sent");
    let subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber).toMatchObject({ status: "pending", consentSource: "footer on /news", confirmedAt: null });
    expect(subscriber?.consentText).toMatch(/unsubscribe at any time/);

    const token = await confirmationToken(database, "sam@example.org");
    expect(await checkConfirmation(database, token)).toMatchObject({ ok: true, alreadyConfirmed: false });
    // Looking at the page changes nothing.
    expect((await getSubscriberByEmail(database, "sam@example.org"))?.status).toBe("pending");

    expect(await confirmSubscription(database, token)).toMatchObject({ ok: true, email: "sam@example.org" });
    subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber?.status).toBe("confirmed");
    expect(subscriber?.confirmedAt).toBeTruthy();

    const unsub = unsubscribeToken(subscriber!.id);
    expect(await unsubscribe(database, unsub)).toMatchObject({ ok: true, status: "unsubscribed" });
    subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber).toMatchObject({ status: "unsubscribed" });
    expect(subscriber?.unsubscribedAt).toBeTruthy();
    // Twice is harmless.
    expect(await unsubscribe(database, unsub)).toMatchObject({ ok: true, status: "unsubscribed" });

    expect(await resubscribe(database, unsub)).toMatchObject({ ok: true, status: "confirmed" });
    subscriber = await getSubscriberByEmail(database, "sam@example.org");
    expect(subscriber).toMatchObject({ status: "confirmed", unsubscribedAt: null, consentSource: "resubscribed from the unsubscribe page" });
  });

  it("a confirmation link works once, and only the newest one works", async () => {
    const database = get();
    await requestSubscription(database, { email: "once@example.org", source: "test" });
    const first = await confirmationToken(database, "once@example.org");
    // A second request within minutes sends nothing more (no mail-bombing an address).
    expect(await requestSubscription(database, { email: "once@example.org", source: "test" })).toBe("recently-sent");
    await database.db.updateTable("subscribers").set({ confirm_sent_at: "2000-01-01T00:00:00.000Z" }).where("email", "=", "once@example.org").execute();
    expect(await requestSubscription(database, { email: "once@example.org", source: "test" })).toBe("confirmation-sent");
    const second = await confirmationToken(database, "once@example.org");
    expect(second).not.toBe(first);
    expect(await confirmSubscription(database, first)).toEqual({ ok: false, reason: "used" });
    expect((await getSubscriberByEmail(database, "once@example.org"))?.status).toBe("pending");
    expect(await confirmSubscription(database, second)).toMatchObject({ ok: true });
    expect(await confirmSubscription(database, second)).toMatchObject({ ok: true, alreadyConfirmed: true });
  });

  it("refuses an expired confirmation link", async () => {
    const database = get();
    await requestSubscription(database, { email: "late@example.org", source: "test" });
    const token = await confirmationToken(database, "late@example.org");
    vi.useFakeTimers({ toFake: ["Date"] });
    try {
      vi.setSystemTime(Date.now() + 49 * 3600_000);
      expect(await confirmSubscription(database, token)).toEqual({ ok: false, reason: "expired" });
    } finally {
      vi.useRealTimers();
    }
    expect((await getSubscriberByEmail(database, "late@example.org"))?.status).toBe("pending");
  });

  it("refuses tampered tokens and tokens used for the wrong purpose", async () => {
    const database = get();
    await requestSubscription(database, { email: "tamper@example.org", source: "test" });
    const token = await confirmationToken(database, "tamper@example.org");
    const [body, mac] = token.split(".");
    const payload = JSON.parse(Buffer.from(body!, "base64url").toString());
    const longer = Buffer.from(JSON.stringify({ ...payload, e: payload.e + 365 * 24 * 3600_000 })).toString("base64url");
    const flipped = mac!.slice(0, -2) + (mac!.endsWith("AA") ? "BB" : "AA");
    for (const bad of [`${longer}.${mac}`, `${body}.${flipped}`, `${body}`, "", `${body}.${mac}.x`]) {
      expect(await confirmSubscription(database, bad)).toEqual({ ok: false, reason: "invalid" });
    }
    const subscriber = await getSubscriberByEmail(database, "tamper@example.org");
    expect(subscriber?.status).toBe("pending");
    // An unsubscribe link cannot confirm, and a confirmation link cannot unsubscribe.
    expect(await confirmSubscription(database, unsubscribeToken(subscriber!.id))).toEqual({ ok: false, reason: "invalid" });
    expect(verifyToken(token, "unsubscribe")).toEqual({ ok: false, reason: "invalid" });
    expect(await unsubscribe(database, token)).toEqual({ ok: false, reason: "invalid" });
    // A token signed with another secret is refused.
    setNewsletterSecret("some-other-secret-entirely-0123456789");
    const foreign = unsubscribeToken(subscriber!.id);
    setNewsletterSecret("newsletter-test-secret-0123456789abcdef");
    expect(await unsubscribe(database, foreign)).toEqual({ ok: false, reason: "invalid" });
  });

  it("a known address gets a notice instead of a second subscription, and stays as it was", async () => {
    const database = get();
    await confirmedSubscribers(database, "known", 1);
    await database.db.updateTable("subscribers").set({ confirm_sent_at: "2000-01-01T00:00:00.000Z" }).where("email", "=", "known0@example.org").execute();
    expect(await requestSubscription(database, { email: "KNOWN0@example.org", source: "test" })).toBe("already-subscribed-notice");
    expect((await getSubscriberByEmail(database, "known0@example.org"))?.status).toBe("confirmed");
    const { messages } = await listOutbox(database, { to: "known0@example.org" });
    expect(messages[0]?.subject).toMatch(/already subscribed/);
    const rows = await database.db.selectFrom("subscribers").select("id").where("email", "=", "known0@example.org").execute();
    expect(rows).toHaveLength(1);
  });

  it("a campaign to N confirmed subscribers makes exactly N messages, even when stopped half-way and restarted", async () => {
    const database = get();
    const emails = await confirmedSubscribers(database, "crash", 7);
    // Earlier tests confirmed others too: every confirmed subscriber is a recipient.
    const confirmed = await database.db.selectFrom("subscribers").select("email").where("status", "=", "confirmed").execute();
    const n = confirmed.length;
    expect(n).toBeGreaterThanOrEqual(7);
    configureNewsletterRate({ batchSize: 3, ratePerMinute: 1_000_000 });

    const campaignId = await saveCampaignDraft(database, { template: "monthly-update", subject: "Crash test", content: "Hello **everyone**" });
    expect(await queueCampaign(database, campaignId)).toEqual({ ok: true, recipients: n });
    // A second press of the button sends nothing more.
    expect(await queueCampaign(database, campaignId)).toEqual({ ok: false, reason: "not-draft" });

    // First batch, then the process "dies" in the middle of the second:
    expect(await runNextJob(database, { workerId: "first-process" })).toBe(true);
    expect(await campaignMessages(database, campaignId)).toHaveLength(3);
    // The next batch is due after the rate's pause (1 ms at this rate): wait it out.
    await new Promise((resolve) => setTimeout(resolve, 20));
    const job = await claimNextJob(database, "dying-process");
    expect(job?.type).toBe("newsletter.send");
    const pending = await database.db
      .selectFrom("campaign_recipients")
      .select(["id", "email"])
      .where("campaign_id", "=", campaignId)
      .where("status", "=", "pending")
      .orderBy("email")
      .limit(2)
      .execute();
    // …one recipient was claimed but the process stopped before writing anything…
    await database.db.updateTable("campaign_recipients").set({ status: "sending", claimed_at: new Date().toISOString(), outbox_id: crypto.randomUUID() }).where("id", "=", pending[0]!.id).execute();
    // …and one was sent (the outbox has it) but not yet marked.
    const sentId = crypto.randomUUID();
    await database.db.updateTable("campaign_recipients").set({ status: "sending", claimed_at: new Date().toISOString(), outbox_id: sentId }).where("id", "=", pending[1]!.id).execute();
    await database.db
      .insertInto("outbox")
      .values({ id: sentId, to_address: pending[1]!.email, from_address: "x", subject: "Crash test", text: "…", html: null, headers: null, kind: "newsletter", status: "outbox", error: null, campaign_id: campaignId, message_id: null, created_at: new Date().toISOString(), sent_at: null })
      .execute();
    // The dying process's lock goes stale; a new process takes over.
    await database.db.updateTable("jobs").set({ locked_at: new Date(Date.now() - 3_600_000).toISOString() }).where("id", "=", job!.id).execute();
    await runQueue(database, { workerId: "restarted-process", staleMs: 60_000 });

    const messages = await campaignMessages(database, campaignId);
    expect(messages).toHaveLength(n);
    expect(new Set(messages.map((m) => m.to_address)).size).toBe(n);
    for (const email of emails) expect(messages.map((m) => m.to_address)).toContain(email);
    const campaign = await getCampaign(database, campaignId);
    expect(campaign).toMatchObject({ status: "sent", counts: { total: n, sent: n, failed: 0, pending: 0 } });
    expect((await getJob(database, job!.id))?.status).toBe("done");

    // Every newsletter carries a working one-click unsubscribe.
    const headers = JSON.parse(messages.find((m) => m.to_address === emails[0])!.headers!);
    expect(headers["List-Unsubscribe-Post"]).toBe("List-Unsubscribe=One-Click");
    const link = /<([^>]+)>/.exec(headers["List-Unsubscribe"])![1]!;
    const token = new URL(link).searchParams.get("token");
    expect(await unsubscribe(database, token)).toMatchObject({ ok: true, email: emails[0] });
  });

  it("a message whose hand-over to SMTP was interrupted is not sent again (at most once)", async () => {
    const database = get();
    await database.db.updateTable("subscribers").set({ status: "unsubscribed" }).where("status", "=", "confirmed").execute();
    const emails = await confirmedSubscribers(database, "doubt", 2);
    configureNewsletterRate({ batchSize: 10, ratePerMinute: 1_000_000 });
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "Doubt", content: "Hi" });
    await queueCampaign(database, campaignId);
    const recipient = await database.db.selectFrom("campaign_recipients").select(["id", "email"]).where("campaign_id", "=", campaignId).where("email", "=", emails[0]!).executeTakeFirstOrThrow();
    const outboxId = crypto.randomUUID();
    await database.db.updateTable("campaign_recipients").set({ status: "sending", outbox_id: outboxId }).where("id", "=", recipient.id).execute();
    await database.db
      .insertInto("outbox")
      .values({ id: outboxId, to_address: recipient.email, from_address: "x", subject: "Doubt", text: "…", html: null, headers: null, kind: "newsletter", status: "sending", error: null, campaign_id: campaignId, message_id: null, created_at: new Date().toISOString(), sent_at: null })
      .execute();
    await runQueue(database);
    const messages = await campaignMessages(database, campaignId);
    expect(messages.map((m) => m.to_address).sort()).toEqual([...emails].sort());
    const campaign = await getCampaign(database, campaignId);
    expect(campaign?.counts).toMatchObject({ total: 2, sent: 1, failed: 1 });
  });

  it("cancelling stops a send, and someone who unsubscribes meanwhile is skipped", async () => {
    const database = get();
    await database.db.updateTable("subscribers").set({ status: "unsubscribed" }).where("status", "=", "confirmed").execute();
    const emails = await confirmedSubscribers(database, "cancel", 5);
    configureNewsletterRate({ batchSize: 2, ratePerMinute: 1_000_000 });
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "Cancel me", content: "Hi" });
    await queueCampaign(database, campaignId);
    const first = (await getSubscriberByEmail(database, emails[0]!))!;
    await unsubscribe(database, unsubscribeToken(first.id));
    await runNextJob(database);
    expect((await campaignMessages(database, campaignId)).map((m) => m.to_address)).toEqual([emails[1]]);
    expect(await cancelCampaign(database, campaignId)).toBe(true);
    expect(await runNextJob(database)).toBe(false);
    expect(await campaignMessages(database, campaignId)).toHaveLength(1);
    const campaign = await getCampaign(database, campaignId);
    expect(campaign).toMatchObject({ status: "cancelled", counts: { sent: 1, cancelled: 3 } });
    // Cancelling it again (a second admin, a double click) changes nothing and says so.
    expect(await cancelCampaign(database, campaignId)).toBe(false);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "cancelled", finishedAt: campaign!.finishedAt });
  });

  it("counts the figures from the data", async () => {
    const database = get();
    const stats = await newsletterStats(database);
    const confirmed = await database.db.selectFrom("subscribers").select("id").where("status", "=", "confirmed").execute();
    expect(stats.subscribers).toBe(confirmed.length);
    expect(stats.newLast30Days).toBe(confirmed.length);
    expect(stats.sentCampaigns).toBe(2);
    expect(stats.deliveryFailures).toBe(1);
    expect(stats.pending).toBeGreaterThan(0);
  });

  it("exports subscribers as CSV that spreadsheets cannot run as formulas", async () => {
    const database = get();
    await database.db.updateTable("subscribers").set({ consent_source: "=HYPERLINK(\"http://evil\")" }).where("email", "=", "sam@example.org").execute();
    const { csv, count } = await exportSubscribersCsv(database, { search: "sam@" }, { id: "staff-1", email: "staff@example.org" });
    expect(count).toBe(1);
    // Audited with the count and whether a search was used, never the search itself (it may be an address).
    const { entries } = await listAudit(database, { limit: 1, offset: 0 });
    expect(entries[0]).toMatchObject({ action: "subscribers.exported", actorEmail: "staff@example.org", detail: { count: 1, status: "all", searched: true } });
    expect(JSON.stringify(entries[0]!.detail)).not.toContain("sam@");
    const lines = csv.trim().split("\r\n");
    expect(lines[0]).toBe("email,status,requested_at,confirmed_at,unsubscribed_at,consent_source,consent_text");
    expect(lines).toHaveLength(2);
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil"")"`);
  });

  it("erases a subscriber on request: their row, every copy of mail to them, their address in campaigns, audited by id", async () => {
    const database = get();
    const [erased, kept] = await onlySubscribers(database, "erase-me", 2);
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "Erasure issue", content: "Hello" });
    expect(await queueCampaign(database, campaignId)).toMatchObject({ ok: true, recipients: 2 });
    await runQueue(database);
    const subscriber = (await getSubscriberByEmail(database, erased!))!;
    // Their confirmation and the issue are in the Outbox.
    expect((await listOutbox(database, { to: erased })).total).toBe(2);
    // A confirmation copied before copies named their subscriber, and an e-mail about something else (a volunteer application).
    await sendMail(database, { to: erased!, subject: "Please confirm your subscription to Test Charity news", text: "Old link", kind: "transactional" });
    await sendMail(database, { to: erased!, subject: "Thank you for applying to volunteer", text: "About the application", kind: "transactional", about: { type: "volunteer_application", id: "app-1" } });
    // A delivery failure's reason that quotes the address.
    await database.db.updateTable("campaign_recipients").set({ error: `550 5.1.1 <${erased}>: Recipient address rejected` }).where("email", "=", erased!).execute();
    const before = await statusCounts(database, campaignId);

    const staff = { id: "staff-1", email: "staff@example.org", ip: "127.0.0.1" };
    expect(await deleteSubscriber(database, subscriber.id, staff)).toBe("deleted");
    expect(await getSubscriberByEmail(database, erased!)).toBeUndefined();
    expect((await listOutbox(database, { to: erased })).messages.map((m) => m.subject)).toEqual(["Thank you for applying to volunteer"]);
    const rows = await recipientRows(database, campaignId);
    expect(rows.map((r) => r.email).sort()).toEqual(["", kept]);
    expect(rows.find((r) => r.email === "")).toMatchObject({ outbox_id: null, status: "sent", error: null });
    // The campaign's figures are as they were; the other subscriber's copies are untouched.
    expect(await statusCounts(database, campaignId)).toEqual(before);
    expect((await listOutbox(database, { to: kept })).total).toBe(2);
    const { entries } = await listAudit(database, { limit: 1, offset: 0 });
    expect(entries[0]).toMatchObject({ action: "subscriber.deleted", actorEmail: "staff@example.org", detail: { subscriberId: subscriber.id } });
    expect(JSON.stringify(entries[0]!.detail)).not.toContain("erase-me");
    // Deleting again finds nothing, and changes nothing.
    expect(await deleteSubscriber(database, subscriber.id, staff)).toBe("not-found");
  });

  it("keeps a subscriber when the record of their deletion cannot be written: nothing is deleted without it", async () => {
    const database = get();
    const [email] = await onlySubscribers(database, "audit-fails", 1);
    const subscriber = (await getSubscriberByEmail(database, email!))!;
    await failWrites(database, "audit_log", true);
    try {
      await expect(deleteSubscriber(database, subscriber.id, { id: "staff-1", email: "staff@example.org" })).rejects.toThrow();
    } finally {
      await failWrites(database, "audit_log", false);
    }
    expect(await getSubscriberByEmail(database, email!)).toMatchObject({ id: subscriber.id, status: "confirmed" });
    expect((await listOutbox(database, { to: email })).total).toBe(1);
  });

  it("does not erase a subscriber while an issue is being handed to them, nor skip them from a campaign still to send", async () => {
    const database = get();
    const [busy, waiting] = await onlySubscribers(database, "in-hand", 2);
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "In hand", content: "Hello" });
    expect(await queueCampaign(database, campaignId)).toMatchObject({ ok: true, recipients: 2 });
    const staff = { id: "staff-1", email: "staff@example.org" };
    // One recipient in the middle of being sent to: refused, nothing changed.
    await database.db.updateTable("campaign_recipients").set({ status: "sending" }).where("campaign_id", "=", campaignId).where("email", "=", busy!).execute();
    const busyId = (await getSubscriberByEmail(database, busy!))!.id;
    // A second campaign still to send to them too: refused as a whole, so that one still will.
    const later = await saveCampaignDraft(database, { template: "custom", subject: "Later", content: "Hello" });
    expect(await queueCampaign(database, later)).toMatchObject({ ok: true, recipients: 2 });
    expect(await deleteSubscriber(database, busyId, staff)).toBe("sending");
    expect(await getSubscriberByEmail(database, busy!)).toBeDefined();
    expect((await recipientRows(database, later)).map((r) => [r.email, r.status])).toEqual([
      [busy, "pending"],
      [waiting, "pending"],
    ]);
    // One still waiting: erased, and the campaign will not send to them.
    expect(await deleteSubscriber(database, (await getSubscriberByEmail(database, waiting!))!.id, staff)).toBe("deleted");
    expect((await recipientRows(database, campaignId)).map((r) => [r.email, r.status])).toEqual([
      ["", "skipped"],
      [busy, "sending"],
    ]);
    await cancelCampaign(database, campaignId);
    await cancelCampaign(database, later);
  });

  it("forgets a sign-up nobody confirmed within 30 days, with its confirmation e-mails, and puts a returning one back as unsubscribed", async () => {
    const database = get();
    const now = new Date();
    const daysAgo = (days: number) => new Date(now.getTime() - days * 24 * 3600_000).toISOString();
    for (const email of ["stranger@example.org", "recent@example.org", "came-back@example.org", "loyal@example.org"]) {
      await requestSubscription(database, { email, source: "test" });
    }
    // A confirmation copied before copies named their subscriber.
    await sendMail(database, { to: "stranger@example.org", subject: "Please confirm your subscription to Test Charity news", text: "Old link", kind: "transactional" });
    expect((await confirmSubscription(database, await confirmationToken(database, "loyal@example.org"))).ok).toBe(true);
    expect((await confirmSubscription(database, await confirmationToken(database, "came-back@example.org"))).ok).toBe(true);
    await database.db.updateTable("subscribers").set({ status: "pending", unsubscribed_at: daysAgo(60) }).where("email", "=", "came-back@example.org").execute();
    await database.db.updateTable("subscribers").set({ requested_at: daysAgo(31) }).where("email", "in", ["stranger@example.org", "came-back@example.org", "loyal@example.org"]).execute();
    await database.db.updateTable("subscribers").set({ requested_at: daysAgo(29) }).where("email", "=", "recent@example.org").execute();

    expect(await expireUnconfirmedSignUps(database, now)).toEqual({ deleted: 1, unsubscribedAgain: 1 });
    expect(await getSubscriberByEmail(database, "stranger@example.org")).toBeUndefined();
    expect((await listOutbox(database, { to: "stranger@example.org" })).total).toBe(0);
    expect((await getSubscriberByEmail(database, "recent@example.org"))?.status).toBe("pending");
    expect((await listOutbox(database, { to: "recent@example.org" })).total).toBe(1);
    expect((await getSubscriberByEmail(database, "came-back@example.org"))?.status).toBe("unsubscribed");
    expect((await getSubscriberByEmail(database, "loyal@example.org"))?.status).toBe("confirmed");
  });

  it("starts a repeated sign-up afresh when its old row is deleted in the same moment (expiry, or an admin), sending a link that works", async () => {
    const database = get();
    const email = "vanishing@example.org";
    await requestSubscription(database, { email, source: "test" });
    await database.db.updateTable("subscribers").set({ confirm_sent_at: new Date(Date.now() - 3_600_000).toISOString() }).where("email", "=", email).execute();
    const old = (await getSubscriberByEmail(database, email))!;
    // The row goes between this request reading it and updating it: a trigger deletes it instead of the update.
    const { db, engine } = database;
    if (engine === "sqlite") {
      await sql`create trigger subscribers_vanish before update on subscribers when new.consent_source = 'vanish' begin delete from subscribers where id = old.id; select raise(ignore); end`.execute(db);
    } else {
      await sql`create function subscribers_vanish() returns trigger language plpgsql as $$ begin if new.consent_source = 'vanish' then delete from subscribers where id = old.id; return null; end if; return new; end $$`.execute(db);
      await sql`create trigger subscribers_vanish before update on subscribers for each row execute function subscribers_vanish()`.execute(db);
    }
    try {
      expect(await requestSubscription(database, { email, source: "vanish" })).toBe("confirmation-sent");
    } finally {
      await sql`drop trigger if exists subscribers_vanish${engine === "sqlite" ? sql`` : sql` on subscribers`}`.execute(db);
      if (engine === "postgres") await sql`drop function if exists subscribers_vanish()`.execute(db);
    }
    const now = (await getSubscriberByEmail(database, email))!;
    expect(now).toMatchObject({ status: "pending", consentSource: "vanish" });
    expect(now.id).not.toBe(old.id);
    // The newest link names the row that exists.
    expect(await checkConfirmation(database, await confirmationToken(database, email))).toMatchObject({ ok: true, subscriberId: now.id });
  });

  it("rate-limits a public form per address, an IPv6 connection by its /64", async () => {
    const database = get();
    const attempt = (ip = "203.0.113.9") => checkRateLimit(database, { form: "newsletter", ip, limit: 3, windowMs: 60_000 });
    expect((await attempt()).allowed).toBe(true);
    expect((await attempt()).allowed).toBe(true);
    expect((await attempt()).allowed).toBe(true);
    const refused = await attempt();
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfter).toBeGreaterThan(0);
    expect((await attempt("198.51.100.1")).allowed).toBe(true);

    // A new address for every request within one /64 is still one sender.
    for (const host of ["1", "2", "abcd:ef01:2345:6789"]) expect((await attempt(`2001:db8:1:2::${host}`)).allowed).toBe(true);
    expect((await attempt("2001:db8:1:2:ffff::9")).allowed).toBe(false);
    // Another /64 is another sender.
    expect((await attempt("2001:db8:1:3::1")).allowed).toBe(true);
  });
  it("a stale form (its campaign queued, sent or cancelled meanwhile) creates no new campaign and queues nothing", async () => {
    const database = get();
    await database.db.updateTable("subscribers").set({ status: "unsubscribed" }).where("status", "=", "confirmed").execute();
    await confirmedSubscribers(database, "twotabs", 2);
    configureNewsletterRate({ batchSize: 10, ratePerMinute: 1_000_000 });
    const count = async (table: "campaigns" | "campaign_recipients" | "jobs") =>
      Number((await database.db.selectFrom(table).select((eb) => eb.fn.countAll().as("n")).executeTakeFirstOrThrow()).n);
    const totals = async () => ({ campaigns: await count("campaigns"), recipients: await count("campaign_recipients"), jobs: await count("jobs") });
    const typed = { template: "custom", subject: "Typed in the second tab", content: "Hello again" };
    /** What the admin's "Save draft" or "Send" does with the form's id: save the draft, then (Send) queue it if that worked. */
    const saveAndSend = async (id: string) => {
      const saved = await updateCampaignDraft(database, id, typed);
      return { saved, queued: saved.ok ? await queueCampaign(database, id) : undefined };
    };

    // The draft is open in two tabs; the first sends it.
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: "Open in two tabs", content: "Hello" });
    expect(await queueCampaign(database, campaignId)).toEqual({ ok: true, recipients: 2 });
    const queued = await totals();

    // The second tab's "Send" (or a retry after a timeout) is refused: no new draft, nothing queued, the campaign unchanged.
    expect(await saveAndSend(campaignId)).toEqual({ saved: { ok: false, reason: "not-draft", status: "sending" }, queued: undefined });
    expect(await totals()).toEqual(queued);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sending", subject: "Open in two tabs", content: "Hello", counts: { total: 2 } });

    // Once it has been sent, the same.
    await runQueue(database);
    expect(await campaignMessages(database, campaignId)).toHaveLength(2);
    const sent = await totals();
    expect(await saveAndSend(campaignId)).toEqual({ saved: { ok: false, reason: "not-draft", status: "sent" }, queued: undefined });
    expect(await totals()).toEqual(sent);
    expect(await runNextJob(database)).toBe(false);
    expect(await campaignMessages(database, campaignId)).toHaveLength(2);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sent", subject: "Open in two tabs" });

    // A cancelled campaign is not sent again from a stale form either.
    const cancelledId = await saveCampaignDraft(database, { template: "custom", subject: "Stopped", content: "Hi" });
    await queueCampaign(database, cancelledId);
    expect(await cancelCampaign(database, cancelledId)).toBe(true);
    const cancelled = await totals();
    expect(await saveAndSend(cancelledId)).toEqual({ saved: { ok: false, reason: "not-draft", status: "cancelled" }, queued: undefined });
    expect(await totals()).toEqual(cancelled);

    // A deleted draft is not quietly made again.
    const deletedId = await saveCampaignDraft(database, { template: "custom", subject: "Deleted", content: "Hi" });
    expect(await deleteCampaignDraft(database, deletedId)).toBe(true);
    const deleted = await totals();
    expect(await saveAndSend(deletedId)).toEqual({ saved: { ok: false, reason: "not-found" }, queued: undefined });
    expect(await totals()).toEqual(deleted);

    // A draft still is one: saved in place, no copy.
    const draftId = await saveCampaignDraft(database, { template: "custom", subject: "Draft", content: "Hi" });
    const drafted = await totals();
    expect(await updateCampaignDraft(database, draftId, typed)).toMatchObject({ ok: true });
    expect(await totals()).toEqual(drafted);
    expect(await getCampaign(database, draftId)).toMatchObject({ status: "draft", subject: typed.subject, content: typed.content });

    // Two sends of the same draft at once (two tabs, a double submit): one queues it, the other is refused.
    const results = await Promise.all([saveAndSend(draftId), saveAndSend(draftId)]);
    expect(results.filter((r) => r.queued?.ok)).toHaveLength(1);
    expect(await totals()).toEqual({ campaigns: drafted.campaigns, recipients: drafted.recipients + 2, jobs: drafted.jobs + 1 });
  });
  it("when the mail server refuses connections part-way, the rest wait (not failed) and go out once it answers again, one copy each", async () => {
    const database = get();
    const emails = await onlySubscribers(database, "outage", 7);
    configureNewsletterRate({ batchSize: 3, ratePerMinute: 1_000_000 });
    const subject = `Outage ${crypto.randomUUID().slice(0, 8)}`;
    mailVia(smtp.url());
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject, content: "Hello" });
    expect(await queueCampaign(database, campaignId)).toEqual({ ok: true, recipients: 7 });

    // The first batch goes out; then the mail server goes down (connections are refused).
    expect(await runNextJob(database)).toBe(true);
    expect([...copies(smtp.received, subject).keys()].sort()).toEqual(emails.slice(0, 3));
    mailVia(`smtp://127.0.0.1:${closedPort}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await runNextJob(database)).toBe(true);

    // Nobody is failed: the rest are waiting, and the run stopped at the first refusal.
    expect(await statusCounts(database, campaignId)).toEqual({ sent: 3, pending: 4 });
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sending", counts: { total: 7, sent: 3, pending: 4, failed: 0 } });
    const waiting = (await recipientRows(database, campaignId)).filter((r) => r.status === "pending");
    expect(waiting.filter((r) => r.error)).toHaveLength(1);
    expect(waiting[0]).toMatchObject({ email: emails[3], outbox_id: null, claimed_at: null, error: expect.stringMatching(/ECONNREFUSED/) });
    // The outbox holds the three that went, and nothing failed or in doubt.
    const outboxRows = await database.db.selectFrom("outbox").select(["to_address", "status"]).where("campaign_id", "=", campaignId).execute();
    expect(outboxRows.map((r) => r.status)).toEqual(["sent", "sent", "sent"]);
    // The job comes back after a wait (a minute the first time), not at once and not never.
    let job = await campaignJob(database, campaignId);
    expect(job.status).toBe("queued");
    expect(Date.parse(job.runAt)).toBeGreaterThan(Date.now() + 50_000);
    expect(await runNextJob(database)).toBe(false);

    // Other mail (a confirmation, a staff notice) is not retried: a refused connection fails it as before.
    const transactional = await sendMail(database, { to: "someone@example.org", subject: "Confirm", text: "x", kind: "transactional" });
    expect(transactional).toMatchObject({ status: "failed", error: expect.stringMatching(/ECONNREFUSED/) });

    // Still down when it comes back: still waiting, and the next wait is longer.
    await makeDue(database, campaignId);
    expect(await runNextJob(database)).toBe(true);
    expect(await statusCounts(database, campaignId)).toEqual({ sent: 3, pending: 4 });
    job = await campaignJob(database, campaignId);
    expect(job.status).toBe("queued");
    expect(Date.parse(job.runAt)).toBeGreaterThan(Date.now() + 110_000);

    // The mail server answers again: the next run sends the rest.
    mailVia(smtp.url());
    await makeDue(database, campaignId);
    await runQueue(database);
    const got = copies(smtp.received, subject);
    expect([...got.keys()].sort()).toEqual(emails);
    for (const email of emails) expect(got.get(email)).toBe(1);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sent", counts: { total: 7, sent: 7, pending: 0, failed: 0 } });
    expect((await recipientRows(database, campaignId)).every((r) => r.status === "sent" && r.error === null)).toBe(true);
    const finalOutbox = await database.db.selectFrom("outbox").select(["to_address", "status"]).where("campaign_id", "=", campaignId).execute();
    expect(finalOutbox.map((r) => r.to_address).sort()).toEqual(emails);
    expect(finalOutbox.every((r) => r.status === "sent")).toBe(true);
    expect((await campaignJob(database, campaignId)).status).toBe("done");
    mailVia(null);
  });

  it("a 4xx 'try again later' throttle defers the rest; only runs that get nothing through count towards giving up", async () => {
    const database = get();
    const emails = await onlySubscribers(database, "throttle", 5);
    // One retry only: a second run in a row with nothing through would give up.
    configureNewsletterRate({ batchSize: 10, ratePerMinute: 1_000_000, retryDelaysMs: [1] });
    const subject = `Throttled ${crypto.randomUUID().slice(0, 8)}`;
    mailVia(throttled.url);
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject, content: "Hello" });
    await queueCampaign(database, campaignId);

    throttled.allowance = 2;
    const attemptsBefore = throttled.rcptAttempts;
    expect(await runNextJob(database)).toBe(true);
    // Two went; the third was told to try later and the run stopped there.
    expect(throttled.rcptAttempts - attemptsBefore).toBe(3);
    expect(await statusCounts(database, campaignId)).toEqual({ sent: 2, pending: 3 });
    expect((await recipientRows(database, campaignId)).find((r) => r.email === emails[2])?.error).toMatch(/451/);
    expect(await database.db.selectFrom("outbox").select("status").where("campaign_id", "=", campaignId).execute()).toEqual([{ status: "sent" }, { status: "sent" }]);

    // Two more get through before the next throttle: the run made progress, so it does not give up.
    throttled.allowance = 2;
    await makeDue(database, campaignId);
    expect(await runNextJob(database)).toBe(true);
    expect(await statusCounts(database, campaignId)).toEqual({ sent: 4, pending: 1 });

    throttled.allowance = 2;
    await makeDue(database, campaignId);
    await runQueue(database);
    const got = copies(throttled.received, subject);
    expect([...got.keys()].sort()).toEqual(emails);
    for (const email of emails) expect(got.get(email)).toBe(1);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sent", counts: { total: 5, sent: 5, failed: 0 } });
    mailVia(null);
  });

  it("a recipient the mail server refuses (5xx) is failed at once, and the run goes on with the rest", async () => {
    const database = get();
    const emails = await onlySubscribers(database, "head", 1, ["refused@example.org", "tail0@example.org", "tail1@example.org"]);
    configureNewsletterRate({ batchSize: 10, ratePerMinute: 1_000_000 });
    const subject = `Refusal ${crypto.randomUUID().slice(0, 8)}`;
    mailVia(smtp.url());
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject, content: "Hello" });
    await queueCampaign(database, campaignId);

    expect(await runNextJob(database)).toBe(true);
    const rows = await recipientRows(database, campaignId);
    expect(rows.find((r) => r.email === "refused@example.org")).toMatchObject({ status: "failed", error: expect.stringMatching(/550|no such mailbox/) });
    expect(rows.filter((r) => r.status === "sent").map((r) => r.email)).toEqual(emails.filter((e) => e !== "refused@example.org"));
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sent", counts: { total: 4, sent: 3, failed: 1 } });
    expect((await campaignJob(database, campaignId)).status).toBe("done");
    const refusedOutbox = await database.db.selectFrom("outbox").select("status").where("campaign_id", "=", campaignId).where("to_address", "=", "refused@example.org").execute();
    expect(refusedOutbox).toEqual([{ status: "failed" }]);
    expect(await runNextJob(database)).toBe(false);
    mailVia(null);
  });

  it("names no subscriber in the log while the mail server puts a recipient off and then is given up on, though their row says why", async () => {
    const database = get();
    await onlySubscribers(database, "putoff", 0, ["greylisted@example.org"]);
    configureNewsletterRate({ batchSize: 10, ratePerMinute: 1_000_000, retryDelaysMs: [1] });
    mailVia(smtp.url());
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject: `Put off ${crypto.randomUUID().slice(0, 8)}`, content: "Hello" });
    await queueCampaign(database, campaignId);
    const logs = captureLogs();
    try {
      expect(await runNextJob(database)).toBe(true);
      await makeDue(database, campaignId);
      expect(await runNextJob(database)).toBe(true);
    } finally {
      logs.stop();
    }
    const [row] = await recipientRows(database, campaignId);
    // The reason every recipient left is given names none of them (the last error was about one).
    expect(row).toMatchObject({ email: "greylisted@example.org", status: "failed", error: expect.stringMatching(/2 tries.*451.*<\[e-mail address\]>/) });
    const messages = logs.lines.map((line) => (JSON.parse(line) as { msg: string }).msg);
    expect(messages).toContain("newsletter: the mail server is unavailable; trying again later");
    expect(messages).toContain("newsletter: gave up waiting for the mail server; the recipients left are marked failed");
    expect(logs.text()).toContain("<[e-mail address]>: Recipient address rejected: greylisted");
    expect(logs.text()).not.toContain("greylisted@example");
    mailVia(null);
  });

  it("gives up once the mail server stays down through every retry: everyone left is failed with the last error and the campaign ends", async () => {
    const database = get();
    await onlySubscribers(database, "giveup", 3);
    configureNewsletterRate({ batchSize: 2, ratePerMinute: 1_000_000, retryDelaysMs: [1, 1] });
    const subject = `Given up ${crypto.randomUUID().slice(0, 8)}`;
    mailVia(`smtp://127.0.0.1:${closedPort}`);
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject, content: "Hello" });
    await queueCampaign(database, campaignId);

    for (let run = 1; run <= 2; run += 1) {
      await makeDue(database, campaignId);
      expect(await runNextJob(database)).toBe(true);
      expect(await statusCounts(database, campaignId)).toEqual({ pending: 3 });
      expect((await getCampaign(database, campaignId))?.status).toBe("sending");
    }
    // The third try in a row fails too: past the last retry.
    await makeDue(database, campaignId);
    expect(await runNextJob(database)).toBe(true);
    const rows = await recipientRows(database, campaignId);
    expect(rows.map((r) => r.status)).toEqual(["failed", "failed", "failed"]);
    for (const row of rows) expect(row.error).toMatch(/3 tries.*ECONNREFUSED/);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "sent", counts: { total: 3, failed: 3, pending: 0 } });
    expect((await campaignJob(database, campaignId)).status).toBe("done");
    expect(await database.db.selectFrom("outbox").select("id").where("campaign_id", "=", campaignId).execute()).toEqual([]);
    expect(await runNextJob(database)).toBe(false);
    mailVia(null);
  });

  it("a campaign waiting for the mail server can still be cancelled, and nothing is sent when it is back", async () => {
    const database = get();
    await onlySubscribers(database, "waitcancel", 3);
    configureNewsletterRate({ batchSize: 10, ratePerMinute: 1_000_000, retryDelaysMs: [1, 1] });
    const subject = `Cancelled while waiting ${crypto.randomUUID().slice(0, 8)}`;
    mailVia(`smtp://127.0.0.1:${closedPort}`);
    const campaignId = await saveCampaignDraft(database, { template: "custom", subject, content: "Hello" });
    await queueCampaign(database, campaignId);
    expect(await runNextJob(database)).toBe(true);
    expect(await statusCounts(database, campaignId)).toEqual({ pending: 3 });

    expect(await cancelCampaign(database, campaignId)).toBe(true);
    expect(await statusCounts(database, campaignId)).toEqual({ cancelled: 3 });
    expect((await campaignJob(database, campaignId)).status).toBe("cancelled");
    mailVia(smtp.url());
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await runNextJob(database)).toBe(false);
    expect(copies(smtp.received, subject).size).toBe(0);
    expect(await getCampaign(database, campaignId)).toMatchObject({ status: "cancelled", counts: { total: 3, cancelled: 3, sent: 0, failed: 0 } });
    mailVia(null);
  });
});
