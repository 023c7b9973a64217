import crypto from "node:crypto";
import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine } from "../../test/engines";
import { configureMailer, getOutboxMessage, listOutbox, settleQueuedMail } from "#app/lib/mailer.server";
import { getMessage, listMessages, setMessageStatus, submitQuestion } from "#app/lib/messages.server";
import type { RawValues } from "#app/lib/schemas/public-form";

process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

beforeAll(() => configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" }));
afterAll(() => configureMailer(undefined));

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

const valid: RawValues = { name: "Sam Parent", email: "sam@example.org", topic: "safeguarding", message: "Who checks the coaches?" };

describeEachEngine("ask a question", (get) => {
  describe("validation, rule by rule", () => {
    const cases: [string, RawValues, string, RegExp][] = [
      ["name is required", { name: "" }, "name", /enter your name/],
      ["name is at most 100 characters", { name: "n".repeat(101) }, "name", /100 characters or fewer/],
      ["email is required", { email: " " }, "email", /so we can reply/],
      ["email must be an address", { email: "sam at example" }, "email", /valid email address/],
      ["topic is one of the FAQ topics", { topic: "weather" }, "topic", /what your question is about/],
      ["topic is required", { topic: "" }, "topic", /what your question is about/],
      ["message is required", { message: "   " }, "message", /type your question/],
      ["message is at most 2000 characters", { message: "m".repeat(2001) }, "message", /2000 characters or fewer/],
    ];
    for (const [rule, overrides, field, message] of cases) {
      it(rule, async () => {
        const database = get();
        const values = { ...valid, ...overrides };
        const outcome = await submitQuestion(database, { values, honeypot: false, ip: nextIp() });
        expect(outcome.status).toBe("invalid");
        if (outcome.status !== "invalid") return;
        expect(Object.keys(outcome.errors)).toEqual([field]);
        expect(outcome.errors[field]?.[0]).toMatch(message);
        expect(outcome.values).toEqual(values);
        expect((await listMessages(database)).total).toBe(0);
      });
    }
  });

  it("stores a question as not answered and tells staff", async () => {
    const database = get();
    const outcome = await submitQuestion(database, { values: valid, honeypot: false, ip: nextIp() });
    expect(outcome.status).toBe("stored");
    if (outcome.status !== "stored") return;
    expect(await getMessage(database, outcome.id)).toMatchObject({
      name: "Sam Parent",
      email: "sam@example.org",
      topic: "safeguarding",
      topicLabel: "Safety and safeguarding",
      message: "Who checks the coaches?",
      status: "new",
      answeredBy: null,
    });
    const notices = await listOutbox(database, { kind: "notification" });
    expect(notices.messages.map((m) => m.subject)).toContain("New question: Safety and safeguarding");
  });

  it("staff mark a question answered, and can undo it", async () => {
    const database = get();
    const outcome = await submitQuestion(database, { values: { ...valid, topic: "other" }, honeypot: false, ip: nextIp() });
    if (outcome.status !== "stored") throw new Error("not stored");
    expect(await setMessageStatus(database, outcome.id, "answered", "staff@example.org")).toBe("changed");
    const answered = await getMessage(database, outcome.id);
    expect(answered).toMatchObject({ status: "answered", answeredBy: "staff@example.org", topicLabel: "Something else" });
    expect(answered?.answeredAt).toBeTruthy();
    expect((await listMessages(database, { status: "answered" })).messages.map((m) => m.id)).toContain(outcome.id);
    await setMessageStatus(database, outcome.id, "new", "staff@example.org");
    expect(await getMessage(database, outcome.id)).toMatchObject({ status: "new", answeredBy: null, answeredAt: null });
  });

  it("keeps a submission with the honeypot filled as spam, without telling staff", async () => {
    const database = get();
    const notices = (await listOutbox(database, { kind: "notification" })).total;
    const outcome = await submitQuestion(database, { values: { ...valid, message: "Cheap watches" }, honeypot: true, ip: nextIp() });
    expect(outcome.status).toBe("spam");
    if (outcome.status !== "spam") return;
    expect((await getMessage(database, outcome.id))?.status).toBe("spam");
    expect((await listOutbox(database, { kind: "notification" })).total).toBe(notices);
  });

  it("answers the visitor at once when the mail server takes connections but never speaks, and records the notice as failed", async () => {
    const database = get();
    // A mail server that is up but stuck: it accepts connections and says nothing.
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as net.AddressInfo;
    // No staff address in Settings: the admins hear of it.
    const now = new Date().toISOString();
    await sql`insert into users (id, name, email, email_verified, created_at, updated_at, role) values (${"stuck-mail-admin"}, ${"Office"}, ${"office@example.org"}, ${"0"}, ${now}, ${now}, ${"admin"})`.execute(database.db);
    configureMailer({ smtpUrl: `smtp://127.0.0.1:${port}?greetingTimeout=1500`, from: "Test <hello@example.org>" });
    try {
      const outcome = await submitQuestion(database, { values: { ...valid, message: "Is the hall open at half-term?" }, honeypot: false, ip: nextIp() });
      if (outcome.status !== "stored") throw new Error(`not stored: ${outcome.status}`);
      expect(await getMessage(database, outcome.id)).toMatchObject({ message: "Is the hall open at half-term?", status: "new" });
      // The visitor has their answer while the notice is still on its way: the page did not wait for the mail server.
      const notice = (await listOutbox(database, { kind: "notification" })).messages.find((m) => m.subject.startsWith("New question") && m.status === "sending");
      expect(notice?.to).toBe("office@example.org");

      await settleQueuedMail();
      expect(await getOutboxMessage(database, notice!.id)).toMatchObject({ status: "failed", error: expect.stringMatching(/greeting|timeout/i) });
    } finally {
      configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" });
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
      await sql`delete from users where id = ${"stuck-mail-admin"}`.execute(database.db);
    }
  });

  describe("taking a question out of spam", () => {
    const STAFF = "staff@example.org";
    const row = async (id: string) => (await get().db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow());

    it("refuses, changing nothing, a question kept as sent that the form would have refused", async () => {
      const database = get();
      // A bot filled the honeypot with an address that is not one and a topic the form never offered: kept unchecked, as sent.
      const sent = { name: "Bot", email: "not an address", topic: "casino", message: "Cheap watches" };
      const outcome = await submitQuestion(database, { values: sent, honeypot: true, ip: nextIp() });
      if (outcome.status !== "spam") throw new Error(`not kept as spam: ${outcome.status}`);
      const before = await row(outcome.id);
      expect(before).toMatchObject({ ...sent, status: "spam" });
      expect(await getMessage(database, outcome.id)).toMatchObject({ status: "spam", passesChecks: false });

      expect(await setMessageStatus(database, outcome.id, "new", STAFF)).toBe("unchecked");
      expect(await setMessageStatus(database, outcome.id, "answered", STAFF)).toBe("unchecked");
      expect(await row(outcome.id)).toEqual(before);
      expect((await listMessages(database, { status: "new" })).messages.map((m) => m.id)).not.toContain(outcome.id);
      expect((await listMessages(database, { status: "answered" })).messages.map((m) => m.id)).not.toContain(outcome.id);
    });

    it("moves a question that passes the form's checks to Not answered, as the form would have stored it", async () => {
      const database = get();
      const caught = await submitQuestion(database, { values: { ...valid, message: "Is there a girls' team?" }, honeypot: true, ip: nextIp() });
      if (caught.status !== "spam") throw new Error(`not kept as spam: ${caught.status}`);
      expect(await getMessage(database, caught.id)).toMatchObject({ status: "spam", passesChecks: true });
      expect(await setMessageStatus(database, caught.id, "new", STAFF)).toBe("changed");
      expect(await getMessage(database, caught.id)).toMatchObject({ status: "new", message: "Is there a girls' team?", answeredBy: null });

      // A row kept exactly as sent (spaces, invisible marks around the pasted address) that passes once read as the form reads it.
      const id = crypto.randomUUID();
      await database.db
        .insertInto("messages")
        .values({ id, name: "  Sam Parent ", email: "\u202Dsam@example.org\u202C", topic: "other", message: " Where do you meet? ", status: "spam", answered_by: null, answered_at: null, created_at: new Date().toISOString() })
        .execute();
      expect(await setMessageStatus(database, id, "answered", STAFF)).toBe("changed");
      expect(await row(id)).toMatchObject({ name: "Sam Parent", email: "sam@example.org", topic: "other", message: "Where do you meet?", status: "answered", answered_by: STAFF });
    });

    it("says when the question is not there", async () => {
      expect(await setMessageStatus(get(), crypto.randomUUID(), "new", STAFF)).toBe("not-found");
    });
  });

  it("refuses the eleventh rapid question from one address", async () => {
    const database = get();
    for (let i = 0; i < 10; i += 1) {
      expect((await submitQuestion(database, { values: valid, honeypot: false, ip: "203.0.113.7" })).status).toBe("stored");
    }
    expect((await submitQuestion(database, { values: valid, honeypot: false, ip: "203.0.113.7" })).status).toBe("limited");
    // A spam-bot at the limit is refused too, rather than filling the table.
    expect((await submitQuestion(database, { values: valid, honeypot: true, ip: "203.0.113.7" })).status).toBe("limited");
  });
});
