import crypto from "node:crypto";
import net from "node:net";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureMailer, getOutboxMessage, listOutbox, settleQueuedMail } from "#app/platform/mail/mailer.server";
import { listAudit } from "#app/features/audit/audit.server";
import { deleteMessage, getMessage, listMessages, parseSeenMessage, setMessageStatus, submitQuestion, type Message, type MessageMove } from "./messages.server";
import type { RawValues } from "#app/features/public-forms/public-form.schema";

process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

beforeAll(() => configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" }));
afterAll(() => configureMailer(undefined));

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

const valid: RawValues = { name: "Sam Parent", email: "sam@example.org", topic: "safeguarding", message: "Who checks the coaches?" };

const STAFF = { id: "staff-1", email: "staff@example.org", ip: "192.0.2.10" };
const COLLEAGUE = { id: "staff-2", email: "colleague@example.org", ip: "192.0.2.20" };

/** A status button pressed on a page that showed the question as `shown`. */
const press = (database: Parameters<typeof setMessageStatus>[0], shown: Message, move: MessageMove, actor = STAFF) =>
  setMessageStatus(database, shown.id, move, { seen: { status: shown.status, answeredAt: shown.answeredAt }, actor });

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
    expect(await press(database, (await getMessage(database, outcome.id))!, "answered")).toMatchObject({ ok: true });
    const answered = await getMessage(database, outcome.id);
    expect(answered).toMatchObject({ status: "answered", answeredBy: "staff@example.org", topicLabel: "Something else" });
    expect(answered?.answeredAt).toBeTruthy();
    expect((await listMessages(database, { status: "answered" })).messages.map((m) => m.id)).toContain(outcome.id);
    expect(await press(database, answered!, "new")).toMatchObject({ ok: true });
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

      const shown = (await getMessage(database, outcome.id))!;
      for (const move of ["new", "answered", "not-spam"] as const) expect(await press(database, shown, move)).toEqual({ ok: false, reason: "unchecked" });
      expect(await row(outcome.id)).toEqual(before);
      expect((await listMessages(database, { status: "new" })).messages.map((m) => m.id)).not.toContain(outcome.id);
      expect((await listMessages(database, { status: "answered" })).messages.map((m) => m.id)).not.toContain(outcome.id);
    });

    it("moves a question that passes the form's checks to Not answered, as the form would have stored it", async () => {
      const database = get();
      const caught = await submitQuestion(database, { values: { ...valid, message: "Is there a girls' team?" }, honeypot: true, ip: nextIp() });
      if (caught.status !== "spam") throw new Error(`not kept as spam: ${caught.status}`);
      expect(await getMessage(database, caught.id)).toMatchObject({ status: "spam", passesChecks: true });
      expect(await press(database, (await getMessage(database, caught.id))!, "not-spam")).toMatchObject({ ok: true, message: { status: "new" } });
      expect(await getMessage(database, caught.id)).toMatchObject({ status: "new", message: "Is there a girls' team?", answeredBy: null });

      // A row kept exactly as sent (spaces, invisible marks around the pasted address) that passes once read as the form reads it.
      const id = crypto.randomUUID();
      await database.db
        .insertInto("messages")
        .values({ id, name: "  Sam Parent ", email: "\u202Dsam@example.org\u202C", topic: "other", message: " Where do you meet? ", status: "spam", answered_by: null, answered_at: null, created_at: new Date().toISOString() })
        .execute();
      expect(await press(database, (await getMessage(database, id))!, "answered")).toMatchObject({ ok: true });
      expect(await row(id)).toMatchObject({ name: "Sam Parent", email: "sam@example.org", topic: "other", message: "Where do you meet?", status: "answered", answered_by: STAFF.email });
    });

    it("says when the question is not there", async () => {
      expect(await setMessageStatus(get(), crypto.randomUUID(), "new", { seen: { status: "spam", answeredAt: null }, actor: STAFF })).toEqual({ ok: false, reason: "not-found" });
    });
  });

  /** A question as the form stores it, as staff's page would show it. */
  async function asked(database: ReturnType<typeof get>, message: string): Promise<Message> {
    const outcome = await submitQuestion(database, { values: { ...valid, message }, honeypot: false, ip: nextIp() });
    if (outcome.status !== "stored") throw new Error(`not stored: ${outcome.status}`);
    return (await getMessage(database, outcome.id))!;
  }
  const storedRow = async (id: string) => get().db.selectFrom("messages").selectAll().where("id", "=", id).executeTakeFirstOrThrow();
  /** The audit entries about one question, oldest first. */
  const auditOf = async (id: string) =>
    (await listAudit(get(), { limit: 1000, offset: 0 })).entries.filter((e) => e.detail?.messageId === id).reverse();

  describe("spam and who answered", () => {
    it("marking an answered question as spam keeps who answered it and when, and Not spam puts it back under Answered", async () => {
      const database = get();
      const shown = await asked(database, "Can my son join the Saturday football?");
      expect(await press(database, shown, "answered", COLLEAGUE)).toMatchObject({ ok: true });
      const answered = (await getMessage(database, shown.id))!;
      expect(answered).toMatchObject({ status: "answered", answeredBy: COLLEAGUE.email });

      expect(await press(database, answered, "spam")).toMatchObject({ ok: true });
      const spam = (await getMessage(database, shown.id))!;
      expect(spam).toMatchObject({ status: "spam", answeredBy: COLLEAGUE.email, answeredAt: answered.answeredAt });
      expect((await listMessages(database, { status: "answered" })).messages.map((m) => m.id)).not.toContain(shown.id);

      expect(await press(database, spam, "not-spam")).toMatchObject({ ok: true, message: { status: "answered" } });
      expect(await getMessage(database, shown.id)).toMatchObject({ status: "answered", answeredBy: COLLEAGUE.email, answeredAt: answered.answeredAt });
      expect((await listMessages(database, { status: "answered" })).messages.map((m) => m.id)).toContain(shown.id);
    });

    it("Mark as answered on an answered question in spam keeps who answered it first", async () => {
      const database = get();
      const shown = await asked(database, "Do you need helpers at the fun day?");
      await press(database, shown, "answered", COLLEAGUE);
      const answered = (await getMessage(database, shown.id))!;
      await press(database, answered, "spam");
      expect(await press(database, (await getMessage(database, shown.id))!, "answered")).toMatchObject({ ok: true });
      expect(await getMessage(database, shown.id)).toMatchObject({ status: "answered", answeredBy: COLLEAGUE.email, answeredAt: answered.answeredAt });
    });

    it("a question never answered goes from spam back to Not answered", async () => {
      const database = get();
      const shown = await asked(database, "Is the hall step-free?");
      await press(database, shown, "spam");
      expect(await getMessage(database, shown.id)).toMatchObject({ status: "spam", answeredBy: null, answeredAt: null });
      expect(await press(database, (await getMessage(database, shown.id))!, "not-spam")).toMatchObject({ ok: true, message: { status: "new" } });
      expect(await getMessage(database, shown.id)).toMatchObject({ status: "new", answeredBy: null, answeredAt: null });
    });
  });

  describe("a move from a page drawn before a colleague's", () => {
    /** Both pages show `shown`; the colleague moves first; this admin's move is refused and changes nothing. */
    async function refusedAfter(shown: Message, theirs: MessageMove, mine: MessageMove) {
      const database = get();
      expect(await press(database, shown, theirs, COLLEAGUE)).toMatchObject({ ok: true });
      const before = await storedRow(shown.id);
      const audited = (await auditOf(shown.id)).length;
      const refused = await press(database, shown, mine);
      expect(refused).toMatchObject({ ok: false, reason: "changed", message: { id: shown.id, status: before.status, answeredBy: before.answered_by } });
      expect(await storedRow(shown.id)).toEqual(before);
      expect(await auditOf(shown.id)).toHaveLength(audited);
    }

    it("cannot mark as spam, or as not answered, a question a colleague answered meanwhile", async () => {
      await refusedAfter(await asked(get(), "When does term start?"), "answered", "spam");
      await refusedAfter(await asked(get(), "Is there a waiting list?"), "answered", "answered");
    });

    it("cannot undo a colleague's Not answered, Spam or Not spam", async () => {
      const database = get();
      const first = await asked(database, "Who runs the girls' group?");
      await press(database, first, "answered", COLLEAGUE);
      await refusedAfter((await getMessage(database, first.id))!, "new", "spam");

      await refusedAfter(await asked(database, "Do you do first aid courses?"), "spam", "answered");

      const third = await asked(database, "Can I drop off donations?");
      await press(database, third, "spam", COLLEAGUE);
      await refusedAfter((await getMessage(database, third.id))!, "not-spam", "answered");
    });

    it("cannot clear an answer a colleague gave after a page showed an earlier one", async () => {
      const database = get();
      const shown = await asked(database, "Are sessions free?");
      await press(database, shown, "answered");
      const answeredByMe = (await getMessage(database, shown.id))!;
      // In another tab: not answered after all, then the colleague answers it.
      await press(database, answeredByMe, "new");
      await press(database, (await getMessage(database, shown.id))!, "answered", COLLEAGUE);
      const now = (await getMessage(database, shown.id))!;
      expect(now.answeredAt).not.toBe(answeredByMe.answeredAt);
      const before = await storedRow(shown.id);
      expect(await press(database, answeredByMe, "new")).toMatchObject({ ok: false, reason: "changed", message: { status: "answered", answeredBy: COLLEAGUE.email } });
      expect(await storedRow(shown.id)).toEqual(before);
    });

    it("of two moves from pages showing the same question at once, one is made and the other changes nothing", async () => {
      const database = get();
      const shown = await asked(database, "Is there parking nearby?");
      const [a, b] = await Promise.all([press(database, shown, "answered", COLLEAGUE), press(database, shown, "spam")]);
      expect([a.ok, b.ok].filter(Boolean)).toHaveLength(1);
      const loser = a.ok ? b : a;
      expect(loser).toMatchObject({ ok: false, reason: "changed" });
      expect((await storedRow(shown.id)).status).toBe(a.ok ? "answered" : "spam");
      expect(await auditOf(shown.id)).toHaveLength(1);
    });

    it("a form that does not say what its page showed is not read as saying anything", () => {
      expect(parseSeenMessage(null, null)).toBeUndefined();
      expect(parseSeenMessage("answered", null)).toBeUndefined();
      expect(parseSeenMessage("archived", "")).toBeUndefined();
      expect(parseSeenMessage("new", "")).toEqual({ status: "new", answeredAt: null });
      expect(parseSeenMessage("answered", "2025-06-15T10:00:00.000Z")).toEqual({ status: "answered", answeredAt: "2025-06-15T10:00:00.000Z" });
    });
  });

  describe("the audit log", () => {
    it("records who moved a question, and where to", async () => {
      const database = get();
      const shown = await asked(database, "Can grandparents collect?");
      await press(database, shown, "answered");
      await press(database, (await getMessage(database, shown.id))!, "spam", COLLEAGUE);
      await press(database, (await getMessage(database, shown.id))!, "not-spam", COLLEAGUE);
      expect((await auditOf(shown.id)).map((e) => ({ action: e.action, actorId: e.actorId, actorEmail: e.actorEmail, ip: e.ip, status: e.detail?.status }))).toEqual([
        { action: "message.status", actorId: STAFF.id, actorEmail: STAFF.email, ip: STAFF.ip, status: "answered" },
        { action: "message.status", actorId: COLLEAGUE.id, actorEmail: COLLEAGUE.email, ip: COLLEAGUE.ip, status: "spam" },
        { action: "message.status", actorId: COLLEAGUE.id, actorEmail: COLLEAGUE.email, ip: COLLEAGUE.ip, status: "answered" },
      ]);
    });

    it("records who deleted a question, once", async () => {
      const database = get();
      const shown = await asked(database, "Please delete my details.");
      expect(await deleteMessage(database, shown.id, COLLEAGUE)).toBe(true);
      expect(await getMessage(database, shown.id)).toBeUndefined();
      expect(await deleteMessage(database, shown.id, STAFF)).toBe(false);
      expect((await auditOf(shown.id)).map((e) => ({ action: e.action, actorId: e.actorId, actorEmail: e.actorEmail, ip: e.ip }))).toEqual([
        { action: "message.deleted", actorId: COLLEAGUE.id, actorEmail: COLLEAGUE.email, ip: COLLEAGUE.ip },
      ]);
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
