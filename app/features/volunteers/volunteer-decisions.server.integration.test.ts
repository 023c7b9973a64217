import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { validApplication } from "../../../test/volunteer-fixture";
import { failWrites } from "../../../test/failing-writes";
import { listAudit } from "#app/features/audit/audit.server";
import { configureMailer, listOutbox } from "#app/platform/mail/mailer.server";
import type { RawValues } from "#app/features/public-forms/public-form.schema";
import { getApplication, listApplications, submitVolunteerApplication, volunteerStats, type VolunteerApplication } from "./volunteer-applications.server";
import { decideApplication, decisionTemplate, setApplicationStatus, setVolunteerHours } from "./volunteer-decisions.server";

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
