import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { failWrites } from "../../../test/failing-writes";
import { VOLUNTEER_VACANCIES } from "#app/content/site";
import { listAudit } from "#app/features/audit/audit.server";
import { configureMailer, listOutbox } from "#app/platform/mail/mailer.server";
import type { RawValues } from "#app/features/public-forms/public-form.schema";
import {
  createOpportunity,
  decideApplication,
  decisionTemplate,
  deleteOpportunity,
  getApplication,
  getOpportunity,
  listApplications,
  listOpportunities,
  opportunityVersion,
  setApplicationStatus,
  setOpportunityOpen,
  setVolunteerHours,
  submitVolunteerApplication,
  updateOpportunity,
  volunteerStats,
  type VolunteerApplication,
} from "./volunteers.server";

process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

beforeAll(() => configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" }));
afterAll(() => configureMailer(undefined));

let ipCounter = 0;
/** A fresh address per submission, so only the rate-limit test meets the limit. */
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

const STAFF = { id: "staff-1", email: "staff@example.org", ip: "127.0.0.1" };

/**
 * "Move back to Pending" / "Mark as spam" / "Not spam" as the page sends it:
 * with the status and updated_at the admin's page showed (by default the
 * application as it is now, a page just loaded).
 */
async function moveTo(
  database: TestDatabase,
  id: string,
  status: "pending" | "spam",
  actor: typeof STAFF,
  seen?: Pick<VolunteerApplication, "status" | "updatedAt">,
) {
  const shown = seen ?? (await getApplication(database, id))!;
  return setApplicationStatus(database, id, { status, seenStatus: shown.status, seenUpdatedAt: shown.updatedAt, actor });
}

async function validApplication(database: TestDatabase, overrides: RawValues = {}): Promise<RawValues> {
  const [first] = await listOpportunities(database, { openOnly: true });
  return {
    name: "Ada Volunteer",
    email: "ada@example.org",
    phone: "07700 900123",
    roles: [first!.id],
    availability: ["weekend"],
    message: "I coached under-12s for three years.",
    consent: "yes",
    ...overrides,
  };
}

describeEachEngine("volunteer roles", (get) => {
  it("seeds the five vacancies of SPEC §2 as open roles", async () => {
    const roles = await listOpportunities(get(), { openOnly: true });
    expect(roles.map((r) => r.title)).toEqual(VOLUNTEER_VACANCIES.map((v) => v.title));
    expect(roles[0]).toMatchObject({ type: "coaching", isOpen: true, skills: VOLUNTEER_VACANCIES[0]!.skills });
  });

  it("requires title, time commitment and description, and a type from SPEC §9", async () => {
    const database = get();
    const before = (await listOpportunities(database)).length;
    const result = await createOpportunity(database, { title: " ", type: "juggling", timeCommitment: "", description: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.title).toEqual(["Title is required"]);
      expect(result.errors.timeCommitment).toEqual(["Time commitment is required"]);
      expect(result.errors.description).toEqual(["Description is required"]);
      expect(result.errors.type).toEqual(["Choose a volunteer type"]);
      expect(result.values.title).toBe(" ");
    }
    expect(await listOpportunities(database)).toHaveLength(before);
  });

  it("creates, edits, closes, reopens and deletes a role", async () => {
    const database = get();
    const created = await createOpportunity(database, {
      title: "Bike Mechanic",
      type: "maintenance",
      timeCommitment: "Saturday mornings",
      skills: "Fixing punctures\n\n  Patience  ",
      description: "Keep the Active Travel Hub's bikes on the road.",
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.data).toMatchObject({ title: "Bike Mechanic", skills: ["Fixing punctures", "Patience"], isOpen: true });

    const edited = await updateOpportunity(database, created.data.id, { ...created.data, skills: "", timeCommitment: "Fortnightly" });
    expect(edited).toMatchObject({ ok: true, data: { timeCommitment: "Fortnightly", skills: [] } });

    expect(await setOpportunityOpen(database, created.data.id, false)).toBe(true);
    expect((await listOpportunities(database, { openOnly: true })).map((r) => r.id)).not.toContain(created.data.id);
    expect((await listOpportunities(database)).map((r) => r.id)).toContain(created.data.id);
    await setOpportunityOpen(database, created.data.id, true);
    expect((await listOpportunities(database, { openOnly: true })).map((r) => r.id)).toContain(created.data.id);

    expect(await deleteOpportunity(database, created.data.id)).toBe(true);
    expect((await listOpportunities(database)).map((r) => r.id)).not.toContain(created.data.id);
    expect(await updateOpportunity(database, created.data.id, { ...created.data })).toBeUndefined();
  });
});

describeEachEngine("editing a volunteer role", (get) => {
  it("refuses an edit from a form opened before a colleague's edit, changing nothing; closing the role does not", async () => {
    const database = get();
    const [role] = await listOpportunities(database, { openOnly: true });
    const opened = opportunityVersion(role!);
    const form = { title: role!.title, type: role!.type, timeCommitment: role!.timeCommitment, skills: role!.skills.join("\n"), description: role!.description };
    // Closed meanwhile: the form does not write open or closed, so that does not count.
    expect(await setOpportunityOpen(database, role!.id, false)).toBe(true);
    const byB = await updateOpportunity(database, role!.id, { ...form, timeCommitment: "Two evenings a week" }, { baseVersion: opened });
    if (!byB?.ok) throw new Error(JSON.stringify(byB));
    expect(byB.data).toMatchObject({ timeCommitment: "Two evenings a week", isOpen: false });
    const typed = { ...form, description: "Coach our under-12s." };
    const stale = await updateOpportunity(database, role!.id, typed, { baseVersion: opened });
    expect(stale).toEqual({ ok: false, conflict: { updatedAt: byB.data.updatedAt }, errors: {}, values: typed });
    expect((await getOpportunity(database, role!.id))?.timeCommitment).toBe("Two evenings a week");
    expect(await updateOpportunity(database, role!.id, { ...typed, title: "" }, { baseVersion: opened })).toMatchObject({ ok: false, conflict: {} });
    const fresh = await updateOpportunity(database, role!.id, { ...typed, timeCommitment: byB.data.timeCommitment }, { baseVersion: opportunityVersion(byB.data) });
    expect(fresh).toMatchObject({ ok: true, data: { description: "Coach our under-12s.", timeCommitment: "Two evenings a week" } });
  });
});

describeEachEngine("apply to volunteer", (get) => {
  describe("validation, rule by rule", () => {
    const cases: [string, RawValues, string, RegExp][] = [
      ["name is required", { name: "  " }, "name", /enter your name/],
      ["name is at most 100 characters", { name: "x".repeat(101) }, "name", /100 characters or fewer/],
      ["email is required", { email: "" }, "email", /enter your email/],
      ["email must be an address", { email: "ada@" }, "email", /valid email address/],
      ["phone, when given, is a phone number", { phone: "call me" }, "phone", /phone number using digits/],
      ["at least one role", { roles: [] }, "roles", /at least one role/],
      ["roles must be open ones", { roles: ["no-such-role"] }, "roles", /no longer open/],
      ["at least one availability", { availability: [] }, "availability", /at least one time/],
      ["availability from the list", { availability: ["midnight"] }, "availability", /choose from the times listed/],
      ["message is at most 1000 characters", { message: "x".repeat(1001) }, "message", /1000 characters or fewer/],
      ["consent is required", { consent: "" }, "consent", /tick the box/],
    ];
    for (const [rule, overrides, field, message] of cases) {
      it(rule, async () => {
        const database = get();
        const values = await validApplication(database, overrides);
        const before = (await listApplications(database)).total;
        const outcome = await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() });
        expect(outcome.status).toBe("invalid");
        if (outcome.status !== "invalid") return;
        expect(outcome.errors[field]?.[0]).toMatch(message);
        // Only the broken field complains, and everything typed comes back.
        expect(Object.keys(outcome.errors)).toEqual([field]);
        expect(outcome.values).toEqual(values);
        expect((await listApplications(database)).total).toBe(before);
      });
    }
  });

  it("stores a valid application as Pending, e-mails the applicant and tells staff", async () => {
    const database = get();
    const values = await validApplication(database, { roles: [(await listOpportunities(database))[1]!.id, "any"], email: "grace@example.org" });
    const outcome = await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() });
    expect(outcome.status).toBe("stored");
    if (outcome.status !== "stored") return;
    const application = await getApplication(database, outcome.id);
    expect(application).toMatchObject({
      name: "Ada Volunteer",
      email: "grace@example.org",
      status: "pending",
      roles: ["Youth Mentor", "Anywhere I'm needed"],
      availability: ["weekend"],
      decidedBy: null,
    });
    expect(application?.consentAt).toBeTruthy();
    const mail = await listOutbox(database, { to: "grace@example.org" });
    expect(mail.messages.map((m) => m.subject)).toEqual(["Thank you for applying to volunteer with Halifax Community Development"]);
    const notices = await listOutbox(database, { kind: "notification" });
    const notice = notices.messages.find((m) => m.text.includes(`/admin/volunteers/applications/${outcome.id}`));
    expect(notice?.subject).toBe("New volunteer application");
    // The notice says where to look; the applicant's contact details stay out of staff inboxes.
    expect(notice?.text).not.toContain("grace@example.org");
  });

  it("keeps a name to one line, so nobody can write their own paragraphs into the confirmation e-mail", async () => {
    const database = get();
    const name = "Sam\r\n\r\nURGENT: confirm your bank details at https://evil.example\tnow";
    const values = await validApplication(database, { name, email: "stranger@example.org" });
    const outcome = await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() });
    if (outcome.status !== "stored") throw new Error(JSON.stringify(outcome));
    expect((await getApplication(database, outcome.id))?.name).toBe("Sam URGENT: confirm your bank details at https://evil.example now");
    const [mail] = (await listOutbox(database, { to: "stranger@example.org" })).messages;
    expect(mail!.text.split("\n").filter((line) => line.includes("URGENT"))).toEqual(["Dear Sam URGENT: confirm your bank details at https://evil.example now,"]);
  });

  it("keeps an application whose e-mails cannot be recorded, and says it arrived", async () => {
    const database = get();
    const values = await validApplication(database, { email: "kept@example.org" });
    await failWrites(database, "outbox", true);
    try {
      const outcome = await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() });
      expect(outcome.status).toBe("stored");
      if (outcome.status === "stored") expect((await getApplication(database, outcome.id))?.email).toBe("kept@example.org");
    } finally {
      await failWrites(database, "outbox", false);
    }
  });

  it("gives the form back when the application cannot be saved, and saves nothing", async () => {
    const database = get();
    const values = await validApplication(database, { email: "later@example.org" });
    const before = (await listApplications(database)).total;
    await failWrites(database, "volunteer_applications", true);
    try {
      expect(await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() })).toEqual({ status: "unavailable", values });
    } finally {
      await failWrites(database, "volunteer_applications", false);
    }
    expect((await listApplications(database)).total).toBe(before);
    expect((await listOutbox(database, { to: "later@example.org" })).total).toBe(0);
    // Nor when the open roles cannot even be read.
    await sql`alter table volunteer_opportunities rename to volunteer_opportunities_away`.execute(database.db);
    try {
      expect(await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() })).toEqual({ status: "unavailable", values });
    } finally {
      await sql`alter table volunteer_opportunities_away rename to volunteer_opportunities`.execute(database.db);
    }
    expect((await listApplications(database)).total).toBe(before);
  });

  it("keeps a submission with the honeypot filled as spam, and sends no e-mail", async () => {
    const database = get();
    const values = await validApplication(database, { email: "bot@example.org" });
    const outcome = await submitVolunteerApplication(database, { values, honeypot: true, ip: nextIp() });
    expect(outcome.status).toBe("spam");
    if (outcome.status !== "spam") return;
    expect((await getApplication(database, outcome.id))?.status).toBe("spam");
    expect((await listOutbox(database, { to: "bot@example.org" })).total).toBe(0);
    // Even a bot's nonsense is kept (as spam), not dropped.
    const junk = await submitVolunteerApplication(database, { values: { name: "x", roles: [], availability: [] }, honeypot: true, ip: nextIp() });
    expect(junk.status).toBe("spam");
    expect((await listApplications(database, { status: "spam" })).total).toBe(2);
  });

  it("refuses the eleventh rapid submission from one address", async () => {
    const database = get();
    const ip = "203.0.113.50";
    const values = await validApplication(database, { email: "often@example.org" });
    for (let i = 0; i < 10; i += 1) {
      expect((await submitVolunteerApplication(database, { values, honeypot: false, ip })).status).toBe("stored");
    }
    const eleventh = await submitVolunteerApplication(database, { values, honeypot: false, ip });
    expect(eleventh).toMatchObject({ status: "limited", values });
    if (eleventh.status === "limited") expect(eleventh.retryAfter).toBeGreaterThan(0);
    expect((await listOutbox(database, { to: "often@example.org" })).total).toBe(10);
    // Another address is unaffected.
    expect((await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() })).status).toBe("stored");
  });
});

describeEachEngine("volunteer decisions", (get) => {
  async function apply(database: TestDatabase, email: string): Promise<string> {
    const outcome = await submitVolunteerApplication(database, { values: await validApplication(database, { email }), honeypot: false, ip: nextIp() });
    if (outcome.status !== "stored") throw new Error(`not stored: ${outcome.status}`);
    return outcome.id;
  }

  it("approve changes the status, records who and when, and queues the edited e-mail", async () => {
    const database = get();
    const id = await apply(database, "yes@example.org");
    const template = await decisionTemplate((await getApplication(database, id))!, "approved");
    expect(template.body).toContain("Dear Ada Volunteer");
    const result = await decideApplication(database, id, {
      decision: "approved",
      seenStatus: "pending",
      subject: template.subject,
      body: `${template.body}\n\nP.S. See you on Saturday!`,
      actor: STAFF,
    });
    expect(result.ok).toBe(true);
    const application = await getApplication(database, id);
    expect(application).toMatchObject({ status: "approved", decidedBy: "staff@example.org" });
    expect(Date.now() - Date.parse(application!.decidedAt!)).toBeLessThan(60_000);
    const mail = (await listOutbox(database, { to: "yes@example.org" })).messages.find((m) => m.subject === template.subject);
    expect(mail).toMatchObject({ status: "outbox", kind: "transactional" });
    expect(mail?.text).toContain("P.S. See you on Saturday!");
    const audit = await listAudit(database, { limit: 5, offset: 0 });
    expect(audit.entries[0]).toMatchObject({ action: "volunteer-application.approved", actorEmail: "staff@example.org", detail: { applicationId: id } });
  });

  it("reject changes the status and e-mails the applicant", async () => {
    const database = get();
    const id = await apply(database, "no@example.org");
    const result = await decideApplication(database, id, { decision: "rejected", seenStatus: "pending", subject: "About your application", body: "Sorry.", actor: STAFF });
    expect(result.ok).toBe(true);
    expect((await getApplication(database, id))?.status).toBe("rejected");
    expect((await listOutbox(database, { to: "no@example.org" })).messages.map((m) => m.subject)).toContain("About your application");
    expect((await listApplications(database, { status: "rejected" })).applications.map((a) => a.id)).toContain(id);
  });

  it("refuses to decide spam or a missing application", async () => {
    const database = get();
    const spam = await submitVolunteerApplication(database, { values: await validApplication(database, { email: "spam@example.org" }), honeypot: true, ip: nextIp() });
    if (spam.status !== "spam") throw new Error("expected spam");
    expect(await decideApplication(database, spam.id, { decision: "approved", seenStatus: "pending", subject: "s", body: "b", actor: STAFF })).toEqual({ ok: false, reason: "spam" });
    expect(await decideApplication(database, "missing", { decision: "approved", seenStatus: "pending", subject: "s", body: "b", actor: STAFF })).toEqual({ ok: false, reason: "not-found" });
    expect((await listOutbox(database, { to: "spam@example.org" })).total).toBe(0);
  });

  describe("two admins deciding the same application", () => {
    const OTHER = { id: "staff-2", email: "other@example.org", ip: "127.0.0.2" };
    const sentTo = async (database: TestDatabase, email: string) => (await listOutbox(database, { to: email })).total;
    const auditedFor = async (database: TestDatabase, id: string) =>
      (await listAudit(database, { limit: 100, offset: 0 })).entries.filter((e) => (e.detail as { applicationId?: string } | null)?.applicationId === id).map((e) => e.action);

    it("refuses a rejection sent from a page that still showed Pending after another admin approved: nothing changes and nothing is queued", async () => {
      const database = get();
      const id = await apply(database, "raced@example.org");
      // Both admins open the page while it is Pending; the other one approves first.
      const approved = await decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome", body: "See you Saturday.", actor: OTHER });
      expect(approved.ok).toBe(true);
      const before = (await getApplication(database, id))!;
      const mailsBefore = await sentTo(database, "raced@example.org");

      const stale = await decideApplication(database, id, { decision: "rejected", seenStatus: "pending", subject: "Sorry", body: "Not this time.", actor: STAFF });

      expect(stale).toEqual({ ok: false, reason: "changed", status: "approved", decidedBy: "other@example.org", decidedAt: before.decidedAt, updatedAt: before.updatedAt });
      expect(await getApplication(database, id)).toEqual(before);
      expect(await sentTo(database, "raced@example.org")).toBe(mailsBefore);
      expect((await listOutbox(database, { to: "raced@example.org" })).messages.map((m) => m.subject)).not.toContain("Sorry");
      expect(await auditedFor(database, id)).toEqual(["volunteer-application.approved"]);
    });

    it("refuses a decision from a page that showed it Approved after it was moved back to Pending", async () => {
      const database = get();
      const id = await apply(database, "moved@example.org");
      await decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome", body: "Hello.", actor: OTHER });
      await moveTo(database, id, "pending", OTHER);
      const mailsBefore = await sentTo(database, "moved@example.org");

      const stale = await decideApplication(database, id, { decision: "rejected", seenStatus: "approved", subject: "Sorry", body: "Not this time.", actor: STAFF });

      expect(stale).toMatchObject({ ok: false, reason: "changed", status: "pending", decidedBy: null, decidedAt: null });
      expect((await getApplication(database, id))?.status).toBe("pending");
      expect(await sentTo(database, "moved@example.org")).toBe(mailsBefore);
    });

    it("refuses a decision from a page loaded while Pending, after an approval that was then moved back to Pending", async () => {
      const database = get();
      const id = await apply(database, "aba@example.org");
      // A loads the page: Pending.
      const seen = (await getApplication(database, id))!;
      // B approves (the welcome goes), then moves it back to Pending.
      await decideApplication(database, id, { decision: "approved", seenStatus: "pending", seenUpdatedAt: seen.updatedAt, subject: "Welcome", body: "Hello.", actor: OTHER });
      await moveTo(database, id, "pending", OTHER);
      const mailsBefore = await sentTo(database, "aba@example.org");

      // A's page still shows the first Pending: its rejection must not go out unseen.
      const stale = await decideApplication(database, id, { decision: "rejected", seenStatus: "pending", seenUpdatedAt: seen.updatedAt, subject: "Sorry", body: "Not this time.", actor: STAFF });
      expect(stale).toMatchObject({ ok: false, reason: "changed", status: "pending" });
      expect((await getApplication(database, id))?.status).toBe("pending");
      expect(await sentTo(database, "aba@example.org")).toBe(mailsBefore);

      // Reloaded, the page shows the application as it is now, and the decision is made.
      const now = (await getApplication(database, id))!;
      const fresh = await decideApplication(database, id, { decision: "rejected", seenStatus: "pending", seenUpdatedAt: now.updatedAt, subject: "Sorry", body: "Not this time.", actor: STAFF });
      expect(fresh.ok).toBe(true);
      expect(await sentTo(database, "aba@example.org")).toBe(mailsBefore + 1);
    });

    it("decides again from the status the page now shows, even one already decided, and mails once per decision", async () => {
      const database = get();
      const id = await apply(database, "again@example.org");
      await decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome", body: "Hello.", actor: OTHER });
      // A second welcome from a page that still said Pending is refused...
      expect(await decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome again", body: "Hello!", actor: STAFF })).toMatchObject({
        ok: false,
        reason: "changed",
        status: "approved",
        decidedBy: "other@example.org",
      });
      // ...and once the page shows Approved, rejecting from it is deliberate and goes through.
      const rejected = await decideApplication(database, id, { decision: "rejected", seenStatus: "approved", subject: "About your application", body: "Sorry.", actor: STAFF });
      expect(rejected).toMatchObject({ ok: true, application: { status: "rejected", decidedBy: "staff@example.org" } });
      expect(await getApplication(database, id)).toMatchObject({ status: "rejected", decidedBy: "staff@example.org" });
      const subjects = (await listOutbox(database, { to: "again@example.org" })).messages.map((m) => m.subject);
      expect(subjects.filter((s) => s !== "Thank you for applying to volunteer with Halifax Community Development").sort()).toEqual(["About your application", "Welcome"]);
      expect((await auditedFor(database, id)).sort()).toEqual(["volunteer-application.approved", "volunteer-application.rejected"]);
    });

    it("lets only one of two decisions sent at the same moment through", async () => {
      const database = get();
      const id = await apply(database, "together@example.org");
      const mailsBefore = await sentTo(database, "together@example.org");
      const results = await Promise.all([
        decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome", body: "Hello.", actor: OTHER }),
        decideApplication(database, id, { decision: "rejected", seenStatus: "pending", subject: "Sorry", body: "Not this time.", actor: STAFF }),
      ]);
      const winners = results.filter((r) => r.ok);
      expect(winners).toHaveLength(1);
      const winner = winners[0]!;
      if (!winner.ok) return;
      expect(results.find((r) => !r.ok)).toMatchObject({ ok: false, reason: "changed", status: winner.application.status, decidedBy: winner.application.decidedBy });
      expect((await getApplication(database, id))?.status).toBe(winner.application.status);
      expect(await sentTo(database, "together@example.org")).toBe(mailsBefore + 1);
    });
  });

  describe("moving an application between Pending and Spam", () => {
    const OTHER = { id: "staff-2", email: "other@example.org", ip: "127.0.0.2" };
    const statusMoves = async (database: TestDatabase, id: string) =>
      (await listAudit(database, { limit: 200, offset: 0 })).entries
        .filter((e) => e.action === "volunteer-application.status" && (e.detail as { applicationId?: string } | null)?.applicationId === id)
        .map((e) => ({ actorEmail: e.actorEmail, ip: e.ip, detail: e.detail }));

    /** What a bot sent with the honeypot filled, kept as spam exactly as it came (the form refused it). */
    async function uncheckedSpam(database: TestDatabase, values: RawValues): Promise<string> {
      const outcome = await submitVolunteerApplication(database, { values, honeypot: true, ip: nextIp() });
      if (outcome.status !== "spam") throw new Error(`not kept as spam: ${outcome.status}`);
      return outcome.id;
    }

    it("keeps spam that failed the form's checks (no address, no consent) as spam: nothing changes, nobody is mailed, and it says why", async () => {
      const database = get();
      const id = await uncheckedSpam(database, { name: "Cheap pills", email: "buy now!!! http://spam.example", roles: ["SEO services"], availability: ["always"], consent: "" });
      const before = (await getApplication(database, id))!;
      expect(before).toMatchObject({ status: "spam", email: "buy now!!! http://spam.example", consentAt: null, passesChecks: false });

      expect(await moveTo(database, id, "pending", STAFF)).toEqual({ ok: false, reason: "unchecked" });
      expect(await getApplication(database, id)).toEqual(before);
      expect(await statusMoves(database, id)).toEqual([]);
      // So it can never be approved, and the address the bot typed is never written to.
      expect(await decideApplication(database, id, { decision: "approved", seenStatus: "spam", seenUpdatedAt: before.updatedAt, subject: "Welcome", body: "Hello.", actor: STAFF })).toEqual({ ok: false, reason: "spam" });
      expect((await listOutbox(database, { to: "buy now!!! http://spam.example" })).total).toBe(0);
      expect((await getApplication(database, id))?.status).toBe("spam");
    });

    it("keeps spam with a real address but no consent as spam: the person never agreed to be kept or written to", async () => {
      const database = get();
      const id = await uncheckedSpam(database, await validApplication(database, { email: "never-agreed@example.org", consent: "" }));
      const before = (await getApplication(database, id))!;
      expect(before).toMatchObject({ status: "spam", email: "never-agreed@example.org", consentAt: null, passesChecks: false });

      expect(await moveTo(database, id, "pending", STAFF)).toEqual({ ok: false, reason: "unchecked" });
      expect(await getApplication(database, id)).toEqual(before);
      expect((await listOutbox(database, { to: "never-agreed@example.org" })).total).toBe(0);
    });

    it("keeps spam whose address is not one as spam, even with consent recorded", async () => {
      const database = get();
      const id = await uncheckedSpam(database, await validApplication(database, { email: "spam-with-consent@example.org" }));
      await database.db.updateTable("volunteer_applications").set({ email: "not an address" }).where("id", "=", id).execute();
      const before = (await getApplication(database, id))!;
      expect(before).toMatchObject({ status: "spam", passesChecks: false });
      expect(before.consentAt).toBeTruthy();

      expect(await moveTo(database, id, "pending", STAFF)).toEqual({ ok: false, reason: "unchecked" });
      expect(await getApplication(database, id)).toEqual(before);
    });

    it("moves spam that passes the form's checks, consent included, to Pending, audited; it can then be approved", async () => {
      const database = get();
      const id = await uncheckedSpam(database, await validApplication(database, { email: "real-person@example.org" }));
      const before = (await getApplication(database, id))!;
      expect(before).toMatchObject({ status: "spam", passesChecks: true });

      const moved = await moveTo(database, id, "pending", STAFF);
      expect(moved).toMatchObject({ ok: true, application: { status: "pending", decidedBy: null, decidedAt: null, email: "real-person@example.org", passesChecks: true } });
      expect(await getApplication(database, id)).toMatchObject({ status: "pending", name: before.name, email: before.email, roles: before.roles });
      expect(await statusMoves(database, id)).toEqual([{ actorEmail: "staff@example.org", ip: "127.0.0.1", detail: { applicationId: id, from: "spam", status: "pending" } }]);
      const now = (await getApplication(database, id))!;
      expect(await decideApplication(database, id, { decision: "approved", seenStatus: "pending", seenUpdatedAt: now.updatedAt, subject: "Welcome", body: "Hello.", actor: STAFF })).toMatchObject({ ok: true });
    });

    it("refuses Mark as spam from a page that still showed Pending after another admin approved: the approval stands", async () => {
      const database = get();
      const id = await apply(database, "approved-meanwhile@example.org");
      // A opens the page: Pending.
      const seenByA = (await getApplication(database, id))!;
      // B approves; the welcome goes to the applicant.
      const approved = await decideApplication(database, id, { decision: "approved", seenStatus: "pending", seenUpdatedAt: seenByA.updatedAt, subject: "Welcome", body: "Hello.", actor: OTHER });
      expect(approved.ok).toBe(true);
      const after = (await getApplication(database, id))!;

      const stale = await moveTo(database, id, "spam", STAFF, seenByA);
      expect(stale).toEqual({ ok: false, reason: "changed", status: "approved", decidedBy: "other@example.org", decidedAt: after.decidedAt, updatedAt: after.updatedAt });
      expect(await getApplication(database, id)).toEqual(after);
      expect(await statusMoves(database, id)).toEqual([]);
    });

    it("refuses Move back to Pending from a page that showed Approved after another admin rejected", async () => {
      const database = get();
      const id = await apply(database, "rejected-meanwhile@example.org");
      await decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome", body: "Hello.", actor: STAFF });
      const seenByA = (await getApplication(database, id))!;
      await decideApplication(database, id, { decision: "rejected", seenStatus: "approved", seenUpdatedAt: seenByA.updatedAt, subject: "Sorry", body: "Not this time.", actor: OTHER });
      const after = (await getApplication(database, id))!;

      expect(await moveTo(database, id, "pending", STAFF, seenByA)).toMatchObject({ ok: false, reason: "changed", status: "rejected", decidedBy: "other@example.org" });
      expect(await getApplication(database, id)).toEqual(after);
    });

    it("refuses a move from a page loaded while Pending, after an approval that was then moved back to Pending", async () => {
      const database = get();
      const id = await apply(database, "round-trip@example.org");
      const seenByA = (await getApplication(database, id))!;
      await decideApplication(database, id, { decision: "approved", seenStatus: "pending", seenUpdatedAt: seenByA.updatedAt, subject: "Welcome", body: "Hello.", actor: OTHER });
      await moveTo(database, id, "pending", OTHER);
      const after = (await getApplication(database, id))!;

      expect(await moveTo(database, id, "spam", STAFF, seenByA)).toMatchObject({ ok: false, reason: "changed", status: "pending" });
      expect(await getApplication(database, id)).toEqual(after);
    });

    it("refuses Not spam from a page drawn before another admin's Not spam and Approve", async () => {
      const database = get();
      const id = await uncheckedSpam(database, await validApplication(database, { email: "rescued@example.org" }));
      const seenByA = (await getApplication(database, id))!;
      expect((await moveTo(database, id, "pending", OTHER)).ok).toBe(true);
      await decideApplication(database, id, { decision: "rejected", seenStatus: "pending", subject: "Sorry", body: "Not this time.", actor: OTHER });
      const after = (await getApplication(database, id))!;

      expect(await moveTo(database, id, "pending", STAFF, seenByA)).toMatchObject({ ok: false, reason: "changed", status: "rejected", decidedBy: "other@example.org" });
      expect(await getApplication(database, id)).toEqual(after);
    });

    it("audits every move, with who, from where, and from which status to which", async () => {
      const database = get();
      const id = await apply(database, "audited-moves@example.org");
      expect(await moveTo(database, id, "spam", STAFF)).toMatchObject({ ok: true, application: { status: "spam", decidedBy: "staff@example.org" } });
      expect(await moveTo(database, id, "pending", OTHER)).toMatchObject({ ok: true, application: { status: "pending", decidedBy: null } });
      expect(await statusMoves(database, id)).toEqual([
        { actorEmail: "other@example.org", ip: "127.0.0.2", detail: { applicationId: id, from: "spam", status: "pending" } },
        { actorEmail: "staff@example.org", ip: "127.0.0.1", detail: { applicationId: id, from: "pending", status: "spam" } },
      ]);
    });

    it("refuses a move of an application that is not there", async () => {
      const database = get();
      expect(
        await setApplicationStatus(database, "00000000-0000-4000-8000-000000000000", { status: "spam", seenStatus: "pending", actor: STAFF }),
      ).toEqual({ ok: false, reason: "not-found" });
    });
  });

  describe("hours volunteered", () => {
    const OTHER = { id: "staff-2", email: "other@example.org", ip: "127.0.0.2" };

    it("saving hours does not refuse a decision form opened before: hours are not a decision", async () => {
      const database = get();
      const id = await apply(database, "hours-then-decide@example.org");
      await decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome", body: "Hello.", actor: OTHER });
      // A opens the page (Approved); B records the volunteer's hours.
      const seen = (await getApplication(database, id))!;
      await setVolunteerHours(database, id, 7.5);

      // A's decision form still names the decision as it is.
      const decided = await decideApplication(database, id, { decision: "rejected", seenStatus: "approved", seenUpdatedAt: seen.updatedAt, subject: "About your role", body: "Sorry.", actor: STAFF });
      expect(decided).toMatchObject({ ok: true, application: { status: "rejected", decidedBy: "staff@example.org", hours: 7.5 } });
    });

    it("records hours only for an approved application, and changes nothing otherwise", async () => {
      const database = get();
      const pending = await apply(database, "hours-pending@example.org");
      const rejected = await apply(database, "hours-rejected@example.org");
      await decideApplication(database, rejected, { decision: "rejected", seenStatus: "pending", subject: "Sorry", body: "Not this time.", actor: STAFF });
      const spam = await submitVolunteerApplication(database, { values: await validApplication(database, { email: "hours-spam@example.org" }), honeypot: true, ip: nextIp() });
      if (spam.status !== "spam") throw new Error("expected spam");
      const statsBefore = await volunteerStats(database);

      for (const [id, status] of [[pending, "pending"], [rejected, "rejected"], [spam.id, "spam"]] as const) {
        const before = (await getApplication(database, id))!;
        expect(await setVolunteerHours(database, id, 9999)).toEqual({ ok: false, reason: "not-approved", status });
        expect(await getApplication(database, id)).toEqual(before);
      }
      expect(await setVolunteerHours(database, "00000000-0000-4000-8000-000000000000", 3)).toEqual({ ok: false, reason: "not-found" });
      expect(await volunteerStats(database)).toEqual(statsBefore);
    });
  });

  it("keeps a decision whose e-mail failed even when the failure cannot be recorded", async () => {
    const database = get();
    const id = await apply(database, "unlucky@example.org");
    // Nothing listens on port 1, and the outbox refuses to be updated.
    configureMailer({ smtpUrl: "smtp://127.0.0.1:1", from: "Test <hello@example.org>" });
    await failWrites(database, "outbox", true, ["update"]);
    try {
      const result = await decideApplication(database, id, { decision: "approved", seenStatus: "pending", subject: "Welcome", body: "See you soon.", actor: STAFF });
      expect(result).toMatchObject({ ok: true, mail: { status: "failed" } });
    } finally {
      await failWrites(database, "outbox", false);
      configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" });
    }
    expect((await getApplication(database, id))?.status).toBe("approved");
    // The row says it never got further than 'sending', for staff to see in the outbox.
    const decisionMail = (await listOutbox(database, { to: "unlucky@example.org" })).messages.filter((m) => m.subject === "Welcome");
    expect(decisionMail.map((m) => m.status)).toEqual(["sending"]);
  });

  it("counts volunteers, new this month and recorded hours from the data", async () => {
    const database = get();
    const before = await volunteerStats(database);
    const a = await apply(database, "h1@example.org");
    const b = await apply(database, "h2@example.org");
    await decideApplication(database, a, { decision: "approved", seenStatus: "pending", subject: "s", body: "b", actor: STAFF });
    await decideApplication(database, b, { decision: "approved", seenStatus: "pending", subject: "s", body: "b", actor: STAFF });
    // One approved long ago: a volunteer, but not new this month.
    await database.db.updateTable("volunteer_applications").set({ decided_at: "2001-01-01T00:00:00.000Z" }).where("id", "=", b).execute();
    await setVolunteerHours(database, a, 12.5);
    await setVolunteerHours(database, b, 3);
    const after = await volunteerStats(database);
    expect(after.volunteers - before.volunteers).toBe(2);
    expect(after.newThisMonth - before.newThisMonth).toBe(1);
    expect(after.hours - before.hours).toBe(15.5);
    expect(after.pending).toBe(before.pending);
  });
});
