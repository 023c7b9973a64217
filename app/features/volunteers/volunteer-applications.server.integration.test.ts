import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { validApplication } from "../../../test/volunteer-fixture";
import { failWrites } from "../../../test/failing-writes";
import { captureLogs } from "../../../test/capture-logs";
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
      // More ticks than there are boxes is no one filling in the form: refused, not collapsed.
      ["a time sent 10,000 times", { availability: Array<string>(10_000).fill("weekend") }, "availability", /each time once, from the times listed/],
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

  it("refuses a role sent more often than there are roles, and stores a choice sent twice once", async () => {
    const database = get();
    const [first] = await listOpportunities(database, { openOnly: true });
    const before = (await listApplications(database)).total;
    const flood = await submitVolunteerApplication(database, { values: await validApplication(database, { roles: Array<string>(10_000).fill(first!.id) }), honeypot: false, ip: nextIp() });
    expect(flood.status === "invalid" ? flood.errors : flood.status).toEqual({ roles: [expect.stringMatching(/each role once, from the list/)] });
    expect((await listApplications(database)).total).toBe(before);

    const twice = await validApplication(database, { roles: [first!.id, "any", first!.id], availability: ["weekend", "weekend"], email: "twice@example.org" });
    const outcome = await submitVolunteerApplication(database, { values: twice, honeypot: false, ip: nextIp() });
    expect(outcome.status).toBe("stored");
    if (outcome.status !== "stored") return;
    expect(await getApplication(database, outcome.id)).toMatchObject({ roles: [first!.title, "Anywhere I'm needed"], availability: ["weekend"] });
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

  it("sends the applicant only the charity's own words, so nothing typed into the form reaches the address typed into it", async () => {
    const database = get();
    // What a stranger would type to use the charity's mail for phishing someone else.
    const phishing = "Dear Sir. URGENT: verify your account at https://evil.example/login";
    const [, mentor] = await listOpportunities(database);
    const values = await validApplication(database, { name: phishing, email: "victim@example.org", roles: [mentor!.id], message: `${phishing} before Friday` });
    const outcome = await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() });
    if (outcome.status !== "stored") throw new Error(JSON.stringify(outcome));
    // Staff still see everything that was typed.
    expect((await getApplication(database, outcome.id))?.name).toBe(phishing);
    const { messages } = await listOutbox(database, { to: "victim@example.org" });
    expect(messages).toHaveLength(1);
    const [mail] = messages;
    expect(mail!.subject).toBe("Thank you for applying to volunteer with Halifax Community Development");
    expect(mail!.text).toMatch(/^Hello,\n\nThank you for applying to volunteer with Halifax Community Development\./);
    expect(mail!.text).toContain("usually within two weeks");
    for (const part of [mail!.subject, mail!.text, mail!.html ?? ""]) {
      for (const typed of ["URGENT", "evil.example", "Dear Sir", "before Friday", mentor!.title]) expect(part).not.toContain(typed);
    }
  });

  it("sends one address at most three acknowledgements a day, still storing every application and telling staff, and logs the skip without the address", async () => {
    const database = get();
    const logs = captureLogs();
    const ids: string[] = [];
    try {
      // The same mailbox however it is written.
      for (const email of ["target@example.org", "Target@Example.org", "TARGET@example.org", "target@EXAMPLE.org"]) {
        const outcome = await submitVolunteerApplication(database, { values: await validApplication(database, { email }), honeypot: false, ip: nextIp() });
        expect(outcome.status).toBe("stored");
        if (outcome.status === "stored") ids.push(outcome.id);
      }
    } finally {
      logs.stop();
    }
    expect((await listOutbox(database, { to: "target@example.org" })).total).toBe(3);
    const notices = (await listOutbox(database, { kind: "notification", limit: 500 })).messages;
    for (const id of ids) expect(notices.filter((m) => m.text.includes(`/admin/volunteers/applications/${id}`))).toHaveLength(1);
    const skipped = logs.lines.map((line) => JSON.parse(line) as Record<string, unknown>).filter((line) => line.id === ids[3] && line.form === "volunteer-application");
    expect(skipped.map((line) => line.msg)).toEqual([expect.stringMatching(/acknowledgement not sent/)]);
    expect(logs.text().toLowerCase()).not.toContain("target@example.org");

    // A day later the address may hear from the form again.
    await database.db.updateTable("outbox").set({ created_at: new Date(Date.now() - 25 * 3600_000).toISOString() }).where(sql<string>`lower(to_address)`, "=", "target@example.org").execute();
    expect((await submitVolunteerApplication(database, { values: await validApplication(database, { email: "target@example.org" }), honeypot: false, ip: nextIp() })).status).toBe("stored");
    expect((await listOutbox(database, { to: "target@example.org" })).total).toBe(4);
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
    // Every one was stored, but the address typed into them heard from the form only three times (a day's allowance).
    expect((await listOutbox(database, { to: "often@example.org" })).total).toBe(3);
    // Another address is unaffected.
    expect((await submitVolunteerApplication(database, { values, honeypot: false, ip: nextIp() })).status).toBe("stored");
  });
});
