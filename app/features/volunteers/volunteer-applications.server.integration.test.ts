import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { validApplication } from "../../../test/volunteer-fixture";
import { failWrites } from "../../../test/failing-writes";
import { configureMailer, listOutbox } from "#app/platform/mail/mailer.server";
import type { RawValues } from "#app/features/public-forms/public-form.schema";
import { listOpportunities } from "./volunteer-roles.server";
import { getApplication, listApplications, submitVolunteerApplication } from "./volunteer-applications.server";

process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

beforeAll(() => configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" }));
afterAll(() => configureMailer(undefined));

let ipCounter = 0;
/** A fresh address per submission, so only the rate-limit test meets the limit. */
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

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
