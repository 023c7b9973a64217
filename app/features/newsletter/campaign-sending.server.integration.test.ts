import net from "node:net";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { startSmtpServerForFile, type ReceivedMail } from "../../../test/smtp-server";
import { captureLogs } from "../../../test/capture-logs";
import { claimNextJob, getJob, runNextJob } from "#app/platform/jobs/jobs.server";
import { closeMailer, sendMail } from "#app/platform/mail/mailer.server";
import { configureNewsletterRate } from "./campaign-sending.server";
import { cancelCampaign, getCampaign, queueCampaign, saveCampaignDraft } from "./campaigns.server";
import { newsletterStats, requestSubscription, unsubscribe } from "./subscribers.server";
import {
  campaignMessages,
  confirmedSubscribers,
  mailVia,
  onlySubscribers,
  recipientRows,
  runQueue,
  setUpNewsletterTests,
  statusCounts,
} from "./newsletter-test-setup";

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

/** How many copies of the e-mail with this subject each address got over SMTP. */
function copies(received: ReceivedMail[], subject: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const mail of received) {
    if (!mail.raw.includes(`Subject: ${subject}\r\n`)) continue;
    for (const to of mail.to) counts.set(to, (counts.get(to) ?? 0) + 1);
  }
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

setUpNewsletterTests();

describeEachEngine("newsletter sending", (get) => {
  beforeAll(async () => {
    // A sign-up still waiting for its confirmation, so the figures have pending subscribers to count.
    await requestSubscription(get(), { email: "waiting@example.org", source: "test" });
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
