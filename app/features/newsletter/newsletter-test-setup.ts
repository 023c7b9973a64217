import { afterAll, beforeAll, expect } from "vitest";
import type { Database } from "#app/platform/db/db.server";
import { runNextJob } from "#app/platform/jobs/jobs.server";
import { configureMailer, listOutbox } from "#app/platform/mail/mailer.server";
import { configureNewsletterRate, registerNewsletterJobs } from "./campaign-sending.server";
import { setNewsletterSecret } from "./newsletter-tokens.server";
import { confirmSubscription, requestSubscription } from "./subscribers.server";

/**
 * What the newsletter's integration test files share: the signing secret,
 * a mailer that keeps mail in the outbox, the sending job, and the helpers
 * that sign people up and work the job queue.
 */

const FROM = "Test <news@example.org>";

/** Called once at the top of a test file: signs with a test secret, keeps mail in the outbox, works newsletter jobs. */
export function setUpNewsletterTests(): void {
  process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

  beforeAll(() => {
    setNewsletterSecret("newsletter-test-secret-0123456789abcdef");
    configureMailer({ smtpUrl: null, from: FROM });
    registerNewsletterJobs();
  });
  afterAll(() => {
    configureMailer(undefined);
    configureNewsletterRate(undefined);
  });
}

export function mailVia(url: string | null): void {
  configureMailer({ smtpUrl: url, from: FROM });
}

export async function recipientRows(database: Database, campaignId: string) {
  return database.db.selectFrom("campaign_recipients").selectAll().where("campaign_id", "=", campaignId).orderBy("email").execute();
}

export async function statusCounts(database: Database, campaignId: string): Promise<Record<string, number>> {
  const counts: Record<string, number> = {};
  for (const row of await recipientRows(database, campaignId)) counts[row.status] = (counts[row.status] ?? 0) + 1;
  return counts;
}

/** A fresh list: only these addresses are confirmed subscribers (subscribed while mail stays in the outbox), and no other campaign waiting. */
export async function onlySubscribers(database: Database, prefix: string, n: number, extra: string[] = []): Promise<string[]> {
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

/** The token in the newest confirmation link e-mailed to `email`. */
export async function confirmationToken(database: Database, email: string): Promise<string> {
  const { messages } = await listOutbox(database, { to: email });
  const match = messages.map((m) => /\/newsletter\/confirm\?token=([^\s]+)/.exec(m.text)).find(Boolean);
  if (!match) throw new Error(`no confirmation e-mail for ${email}`);
  return decodeURIComponent(match[1]!);
}

export async function confirmedSubscribers(database: Database, prefix: string, n: number): Promise<string[]> {
  const emails = Array.from({ length: n }, (_, i) => `${prefix}${i}@example.org`);
  for (const email of emails) {
    await requestSubscription(database, { email, source: "test" });
    const result = await confirmSubscription(database, await confirmationToken(database, email));
    expect(result.ok).toBe(true);
  }
  return emails;
}

export async function campaignMessages(database: Database, campaignId: string) {
  return database.db.selectFrom("outbox").select(["to_address", "headers", "text"]).where("campaign_id", "=", campaignId).execute();
}

/** Works the queue until no job is waiting (continuations are scheduled a few ms ahead). */
export async function runQueue(database: Database, options: { workerId?: string; staleMs?: number } = {}): Promise<void> {
  for (let i = 0; i < 500; i += 1) {
    if (await runNextJob(database, options)) continue;
    const waiting = await database.db.selectFrom("jobs").select("id").where("status", "=", "queued").executeTakeFirst();
    if (!waiting) return;
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
  throw new Error("the queue did not empty");
}
