import { sql } from "kysely";
import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { startSmtpServerForFile } from "../../../test/smtp-server";
import { failWrites } from "../../../test/failing-writes";
import { captureLogs } from "../../../test/capture-logs";
import { configureMailer, getOutboxMessage, listOutbox, sendMail } from "./mailer.server";
import { notifyStaff } from "#app/features/settings/staff-mail.server";

const smtp = startSmtpServerForFile();
const received = smtp.received;

describeEachEngine("mailer", (get) => {
  it("keeps messages in the outbox when no SMTP server is set, with both parts", async () => {
    configureMailer({ smtpUrl: null, from: "Charity <news@example.org>" });
    const before = received.length;
    const result = await sendMail(get(), { to: "a@example.org", subject: "Hello", text: "Line one\n\n<b>not html</b>", kind: "transactional" });
    expect(result.status).toBe("outbox");
    const message = await getOutboxMessage(get(), result.id);
    expect(message).toMatchObject({ to: "a@example.org", from: "Charity <news@example.org>", status: "outbox", kind: "transactional" });
    expect(message?.html).toContain("<p>&lt;b&gt;not html&lt;/b&gt;</p>");
    expect(received).toHaveLength(before);
  });

  it("delivers over SMTP with text, HTML and extra headers, and records it as sent", async () => {
    configureMailer({ smtpUrl: smtp.url(), from: "Charity <news@example.org>" });
    const result = await sendMail(get(), {
      to: "b@example.org",
      subject: "Over the wire",
      text: "Plain part",
      html: "<p>HTML part</p>",
      kind: "newsletter",
      headers: { "List-Unsubscribe": "<https://example.org/u>" },
    });
    expect(result).toEqual({ id: result.id, status: "sent" });
    const got = received.find((m) => m.to.includes("b@example.org"));
    expect(got?.raw).toContain("Subject: Over the wire");
    expect(got?.raw).toContain("List-Unsubscribe: <https://example.org/u>");
    expect(got?.raw).toContain("Plain part");
    expect(got?.raw).toContain("<p>HTML part</p>");
    expect((await getOutboxMessage(get(), result.id))?.status).toBe("sent");
  });

  it("counts a message the mail server took as sent even when recording that fails, so nobody is asked to send it again", async () => {
    configureMailer({ smtpUrl: smtp.url(), from: "Charity <news@example.org>" });
    await failWrites(get(), "outbox", true, ["update"]);
    let result: Awaited<ReturnType<typeof sendMail>>;
    try {
      result = await sendMail(get(), { to: "c@example.org", subject: "Taken, not recorded", text: "x", kind: "transactional" });
    } finally {
      await failWrites(get(), "outbox", false);
    }
    expect(result).toEqual({ id: result.id, status: "sent" });
    expect(received.some((m) => m.to.includes("c@example.org") && m.raw.includes("Subject: Taken, not recorded"))).toBe(true);
    // The row says the send was under way: not 'failed', which would invite a second send.
    expect((await getOutboxMessage(get(), result.id))?.status).toBe("sending");
  });

  it("records a refusal as failed, with the server's reason", async () => {
    configureMailer({ smtpUrl: smtp.url(), from: "Charity <news@example.org>" });
    const result = await sendMail(get(), { to: "refused@example.org", subject: "Nope", text: "x", kind: "notification" });
    expect(result.status).toBe("failed");
    const message = await getOutboxMessage(get(), result.id);
    expect(message?.status).toBe("failed");
    expect(message?.error).toMatch(/no such mailbox|refused/i);
  });

  it("names no recipient in the log when the mail server refuses or defers a message, while the row keeps its whole answer", async () => {
    configureMailer({ smtpUrl: smtp.url(), from: "Charity <news@example.org>" });
    const logs = captureLogs();
    let refused: Awaited<ReturnType<typeof sendMail>>;
    let deferred: Awaited<ReturnType<typeof sendMail>>;
    try {
      refused = await sendMail(get(), { to: "refused@example.org", subject: "Nope", text: "x", kind: "notification" });
      deferred = await sendMail(get(), { to: "greylisted@example.org", subject: "Later", text: "x", kind: "newsletter" }, { deferTemporaryFailures: true });
    } finally {
      logs.stop();
    }
    // Staff see the server's answer as it came, beside the address the message was for.
    expect(refused.status).toBe("failed");
    expect((await getOutboxMessage(get(), refused.id))?.error).toMatch(/550.*<refused@example\.org>: Recipient address rejected: no such mailbox/);
    expect(deferred).toMatchObject({ status: "deferred", error: expect.stringMatching(/451.*<greylisted@example\.org>/) });
    // The log says what happened to which outbox row, and nobody's address.
    const lines = logs.lines.map((line) => JSON.parse(line) as { msg: string; outboxId?: string; err?: string });
    expect(lines.find((l) => l.msg === "mail delivery failed")).toMatchObject({ outboxId: refused.id, err: expect.stringMatching(/550.*<\[e-mail address\]>: Recipient address rejected: no such mailbox/) });
    expect(lines.find((l) => l.msg.startsWith("mail delivery deferred"))).toMatchObject({ outboxId: deferred.id, err: expect.stringMatching(/451.*<\[e-mail address\]>: Recipient address rejected: greylisted/) });
    expect(logs.text()).not.toMatch(/refused@example|greylisted@example/);
  });

  it("notifies every admin when no staff address is set, and lists the outbox newest first", async () => {
    configureMailer({ smtpUrl: null, from: "Charity <news@example.org>" });
    const database = get();
    const now = new Date().toISOString();
    for (const [id, email, role] of [
      ["u1", "boss@example.org", "admin"],
      ["u2", "helper@example.org", "admin"],
      ["u3", "member@example.org", "member"],
    ]) {
      await sql`insert into users (id, name, email, email_verified, created_at, updated_at, role) values (${id}, ${email}, ${email}, ${"0"}, ${now}, ${now}, ${role})`.execute(database.db);
    }
    const results = await notifyStaff(database, "New volunteer application", "Someone applied.");
    expect(results).toHaveLength(2);
    const { messages } = await listOutbox(database, { kind: "notification", limit: 10 });
    const recipients = messages.filter((m) => m.subject === "New volunteer application").map((m) => m.to).sort();
    expect(recipients).toEqual(["boss@example.org", "helper@example.org"]);
    const all = await listOutbox(database, { limit: 100 });
    expect(all.total).toBeGreaterThanOrEqual(5);
    const times = all.messages.map((m) => m.createdAt);
    expect([...times].sort().reverse()).toEqual(times);
  });
});
