import { afterAll, beforeAll, expect, it } from "vitest";
import { REGISTRATION_DAY, VALID_REGISTRATION } from "../../../test/registration-fixture";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { runNextJob } from "#app/platform/jobs/jobs.server";
import { configureMailer, sendMail } from "./mailer.server";
import { deleteMessage, submitQuestion } from "#app/features/messages/messages.server";
import {
  deleteExpiredMail,
  deleteExpiredRegistrations,
  deleteRegistration,
  ensureRetentionJob,
  registerRegistrationJobs,
  submitRegistration,
} from "#app/features/registrations/registrations.server";
import { listOpportunities } from "#app/features/volunteers/volunteer-roles.server";
import { submitVolunteerApplication } from "#app/features/volunteers/volunteer-applications.server";
import { decideApplication, deleteApplication } from "#app/features/volunteers/volunteer-decisions.server";

process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

beforeAll(() => {
  configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" });
  registerRegistrationJobs();
});
afterAll(() => configureMailer(undefined));

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;
const STAFF = { id: "staff-1", email: "staff@example.org", ip: "127.0.0.1" };

/** Every outbox copy, as "to: subject", oldest first. */
async function outbox(database: TestDatabase): Promise<string[]> {
  const rows = await database.db.selectFrom("outbox").select(["to_address", "subject", "text"]).orderBy("created_at").orderBy("id").execute();
  return rows.map((r) => `${r.to_address}: ${r.subject}`);
}

async function outboxTexts(database: TestDatabase): Promise<string> {
  const rows = await database.db.selectFrom("outbox").select("text").execute();
  return rows.map((r) => r.text).join("\n");
}

async function apply(database: TestDatabase, name: string, email: string): Promise<string> {
  const [role] = await listOpportunities(database, { openOnly: true });
  const outcome = await submitVolunteerApplication(database, {
    values: { name, email, roles: [role!.id], availability: ["weekend"], consent: "yes" },
    honeypot: false,
    ip: nextIp(),
  });
  if (outcome.status !== "stored") throw new Error(`application not stored: ${JSON.stringify(outcome)}`);
  return outcome.id;
}

async function register(database: TestDatabase, childName: string): Promise<string> {
  const outcome = await submitRegistration(database, {
    values: { ...VALID_REGISTRATION, childName },
    honeypot: false,
    ip: nextIp(),
    now: REGISTRATION_DAY,
  });
  if (outcome.status !== "stored") throw new Error(`registration not stored: ${JSON.stringify(outcome)}`);
  return outcome.id;
}

describeEachEngine("e-mail copies go with the record they are about", (get) => {
  it("deleting a volunteer application deletes its confirmation, staff notice and decision, and no one else's", async () => {
    const database = get();
    const ada = await apply(database, "Ada Volunteer", "ada@example.org");
    await apply(database, "Bo Helper", "bo@example.org");
    const decided = await decideApplication(database, ada, {
      decision: "approved",
      seenStatus: "pending",
      subject: "Welcome, Ada",
      body: "Dear Ada Volunteer, welcome aboard.",
      actor: STAFF,
    });
    expect(decided.ok).toBe(true);
    expect((await outbox(database)).filter((m) => m.startsWith("ada@example.org"))).toHaveLength(2);
    expect(await outbox(database)).toHaveLength(5);

    expect(await deleteApplication(database, ada, STAFF)).toBe(true);
    const left = await outbox(database);
    expect(left.filter((m) => m.startsWith("ada@example.org"))).toEqual([]);
    // Bo's confirmation and the staff notice about Bo's application stay.
    expect(left).toHaveLength(2);
    expect(left).toContain("bo@example.org: Thank you for applying to volunteer with Halifax Community Development");
    expect(await outboxTexts(database)).not.toContain("Ada");
  });

  it("deleting a question deletes the staff notice that names the person asking", async () => {
    const database = get();
    const asked = await submitQuestion(database, {
      values: { name: "Sam Parent", email: "sam@example.org", topic: "safeguarding", message: "Who checks the coaches?" },
      honeypot: false,
      ip: nextIp(),
    });
    if (asked.status !== "stored") throw new Error("question not stored");
    expect(await outboxTexts(database)).toContain("Sam Parent asked a question");
    expect(await deleteMessage(database, asked.id, STAFF)).toBe(true);
    expect(await outboxTexts(database)).not.toContain("Sam Parent");
  });

  it("deleting a registration, by hand or at the end of its retention period, deletes the notice about it", async () => {
    const database = get();
    const before = (await outbox(database)).length;
    const byHand = await register(database, "Riley Example");
    const expired = await register(database, "Alex Example");
    const kept = await register(database, "Kim Example");
    const notices = async () =>
      (await database.db.selectFrom("outbox").select("text").where("subject", "=", "New child registration").execute()).map((r) => r.text);
    expect(await notices()).toHaveLength(3);

    expect(await deleteRegistration(database, byHand, STAFF)).toBe(true);
    expect((await notices()).some((t) => t.includes(byHand))).toBe(false);
    expect(await notices()).toHaveLength(2);

    await database.db.updateTable("registrations").set({ last_contact_at: "2001-01-01T00:00:00.000Z" }).where("id", "=", expired).execute();
    expect(await deleteExpiredRegistrations(database, { now: new Date("2026-01-01T00:00:00Z"), months: 24 })).toBe(1);
    const left = await notices();
    expect(left).toHaveLength(1);
    expect(left[0]).toContain(`/admin/registrations/${kept}`);
    expect((await outbox(database)).length).toBe(before + 1);
  });
});

describeEachEngine("the outbox keeps copies for the retention period", (get) => {
  /** A message written `createdAt`, with the status given. */
  async function mail(database: TestDatabase, to: string, createdAt: string, status: "sent" | "failed" | "outbox" | "sending" = "sent"): Promise<string> {
    const result = await sendMail(database, { to, subject: `For ${to}`, text: "Hello", kind: "transactional" });
    await database.db.updateTable("outbox").set({ created_at: createdAt, status }).where("id", "=", result.id).execute();
    return result.id;
  }

  async function storeMonths(database: TestDatabase, months: number): Promise<void> {
    const row = { value: JSON.stringify(months), updated_at: new Date().toISOString(), updated_by: null };
    await database.db
      .insertInto("site_settings")
      .values({ key: "mailRetentionMonths", ...row })
      .onConflict((oc) => oc.column("key").doUpdateSet(row))
      .execute();
  }

  it("deletes copies older than the period staff set, including one a crash left 'sending', but none a newsletter run still holds", async () => {
    const database = get();
    const now = new Date("2027-06-15T12:00:00Z");
    await mail(database, "old-sent@example.org", "2026-06-14T12:00:00.000Z");
    await mail(database, "old-failed@example.org", "2026-01-01T00:00:00.000Z", "failed");
    await mail(database, "old-kept-here@example.org", "2026-01-01T00:00:00.000Z", "outbox");
    // Left 'sending' by a process killed while handing it over: no delivery is still under way a whole period later.
    await mail(database, "old-sending@example.org", "2026-01-01T00:00:00.000Z", "sending");
    await mail(database, "on-the-boundary@example.org", "2026-06-15T12:00:00.000Z");
    await mail(database, "recent@example.org", "2027-06-01T00:00:00.000Z");
    // A newsletter copy whose recipient a stopped run left in hand: the restart reads it to avoid a second copy.
    const inHand = await mail(database, "in-hand@example.org", "2026-01-01T00:00:00.000Z");
    await database.db
      .insertInto("campaigns")
      .values({
        id: "c1",
        template: "general",
        subject: "News",
        content: "News",
        status: "sending",
        created_by: null,
        job_id: null,
        created_at: "2026-01-01T00:00:00.000Z",
        updated_at: "2026-01-01T00:00:00.000Z",
        queued_at: "2026-01-01T00:00:00.000Z",
        finished_at: null,
      })
      .execute();
    await database.db
      .insertInto("campaign_recipients")
      .values({ id: "r1", campaign_id: "c1", subscriber_id: "s1", email: "in-hand@example.org", status: "sending", claimed_at: null, sent_at: null, outbox_id: inHand, error: null })
      .execute();

    // Default: twelve months.
    expect(await deleteExpiredMail(database, { now })).toBe(4);
    const left = (await outbox(database)).map((m) => m.split(":")[0]).sort();
    expect(left).toEqual(["in-hand@example.org", "on-the-boundary@example.org", "recent@example.org"]);

    await storeMonths(database, 1);
    expect(await deleteExpiredMail(database, { now })).toBe(1);
    expect((await outbox(database)).map((m) => m.split(":")[0]).sort()).toEqual(["in-hand@example.org", "recent@example.org"]);
  });

  it("the daily retention job deletes old copies too", async () => {
    const database = get();
    await ensureRetentionJob(database);
    const old = await mail(database, "long-ago@example.org", "2001-01-01T00:00:00.000Z");
    const fresh = await mail(database, "today@example.org", new Date().toISOString());
    expect(await runNextJob(database)).toBe(true);
    const ids = (await database.db.selectFrom("outbox").select("id").execute()).map((r) => r.id);
    expect(ids).not.toContain(old);
    expect(ids).toContain(fresh);
  });
});
