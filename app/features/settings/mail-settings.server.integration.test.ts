import net from "node:net";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, postToAction, releaseSite, ROUTE_TEST_ORIGIN, toastOf, type RouteAction } from "../../../test/route-actions";
import { startSmtpServerForFile } from "../../../test/smtp-server";
// Types only: the modules themselves are imported afresh for each engine's database, below.
import type * as MailRoute from "#app/routes/admin/admin.settings_.mail";
import type * as OutboxRoute from "#app/routes/admin/admin.outbox";
import type * as MailSettings from "./mail-settings.server";
import type * as Mailer from "#app/platform/mail/mailer.server";
import type * as OutboxSend from "#app/platform/mail/outbox-send.server";

/**
 * Settings → E-mail end to end through its route, on each engine: what is
 * stored (the password only encrypted), what the screen and the audit log
 * may show, the test e-mail's answer in words against a real SMTP server
 * that asks for a user name and password, SMTP_URL winning, and what waited
 * in the Outbox going out once, and only once, when mail is set up.
 */

const ADMIN = { email: "office@example.org", password: "kettle on the hob at four" };
const MAIL_USER = "site@example.org";
const MAIL_PASSWORD = "Sm7p-pa55word-with:colon";
const withAuth = startSmtpServerForFile({ auth: { user: MAIL_USER, pass: MAIL_PASSWORD } });
const environmentServer = startSmtpServerForFile();

/** A loopback port nothing listens on. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

describeEachEngine("Settings → E-mail", (getDb) => {
  let site: {
    route: typeof MailRoute;
    outbox: typeof OutboxRoute;
    login: RouteAction;
    settings: typeof MailSettings;
    mailer: typeof Mailer;
    outboxSend: typeof OutboxSend;
    database: { closeDatabase(): Promise<void> };
  };
  let cookie = "";
  beforeAll(async () => {
    configureSiteFor(getDb());
    site = {
      route: await import("#app/routes/admin/admin.settings_.mail"),
      outbox: await import("#app/routes/admin/admin.outbox"),
      login: (await import("#app/routes/auth/login")).action as RouteAction,
      settings: await import("./mail-settings.server"),
      mailer: await import("#app/platform/mail/mailer.server"),
      outboxSend: await import("#app/platform/mail/outbox-send.server"),
      database: await import("#app/platform/db/db.server"),
    };
    (await import("../../../server/wiring")).wireFeaturesIntoPlatform();
    // SMTP_URL unset (configureSiteFor): the admin's settings decide.
    site.mailer.configureMailer({ smtpUrl: null, from: null });
    cookie = await firstAdminCookie(site.login, ADMIN);
  });
  afterAll(async () => {
    site.mailer.configureMailer(undefined);
    site.mailer.closeMailer();
    await releaseSite(site);
  });

  const save = (fields: Record<string, string>) =>
    postToAction(site.route.action as RouteAction, "/admin/settings/mail", { intent: "save", fromName: "", fromAddress: "", host: "", port: "587", security: "starttls", user: "", password: "", ...fields }, { cookie });
  const sendTest = (testTo = "") => postToAction(site.route.action as RouteAction, "/admin/settings/mail", { intent: "test", testTo }, { cookie });
  const page = async () => site.route.loader({ request: new Request(`${ROUTE_TEST_ORIGIN}/admin/settings/mail`, { headers: { cookie } }), params: {}, context: {} } as never);
  const rawRow = async () => (await getDb().db.selectFrom("site_settings").select("value").where("key", "=", "mail").executeTakeFirst())?.value ?? null;
  const auditRows = async () => getDb().db.selectFrom("audit_log").select(["action", "detail"]).where("action", "=", "settings.mail.saved").execute();
  const serverFields = { host: "127.0.0.1", security: "none", user: MAIL_USER };

  it("keeps every message in the Outbox and says so while no mail server is set", async () => {
    const loaded = await page();
    expect(loaded.status).toMatchObject({ configured: false, source: null });
    expect(loaded.via).toBeNull();
    const result = await site.mailer.sendMail(getDb(), { to: "early@example.org", subject: "Written before mail was set up", text: "Hello https://example.org/a", kind: "transactional" });
    expect(result.status).toBe("outbox");
  });

  it("refuses bad input with a message for each field, and changes nothing", async () => {
    await save({ ...serverFields, port: String(withAuth.port()), password: MAIL_PASSWORD });
    const before = await rawRow();
    const audits = (await auditRows()).length;
    const refused = await save({ fromAddress: "not an address", port: "70000", host: "", user: "someone", security: "starttls" });
    expect(refused.status).toBe(400);
    const errors = refused.body?.errors as Record<string, string[]>;
    expect(errors.fromAddress).toEqual(["Sender address must be an e-mail address, e.g. news@example.org"]);
    expect(errors.port).toEqual(["Port must be a whole number from 1 to 65535, e.g. 587"]);
    // Only checked once the fields themselves are right: a user name with no server to sign in to.
    const hostOnly = await save({ host: "", user: "someone", port: "587" });
    expect((hostOnly.body?.errors as Record<string, string[]>).host).toEqual(["Mail server is needed when a user name is set (or clear the user name)"]);
    expect((await save({ host: "smtp://example.org:587" })).body?.errors).toMatchObject({ host: [expect.stringContaining("host name such as smtp.example.org")] });
    expect(await rawRow()).toBe(before);
    expect(await auditRows()).toHaveLength(audits);
    // What was typed goes back into the form, but never a password.
    const typed = await save({ ...serverFields, port: "0", password: "typed-but-refused-pw" });
    expect(typed.status).toBe(400);
    expect(JSON.stringify(typed.body)).not.toContain("typed-but-refused-pw");
  });

  it("stores the password encrypted, never shows it back, and audits the change without it", async () => {
    const saved = await save({ fromName: "Halifax Community", fromAddress: "news@example.org", ...serverFields, port: String(withAuth.port()), password: MAIL_PASSWORD });
    expect(saved.status).toBe(302);
    expect(toastOf(saved)?.title).toBe("E-mail settings saved");
    const raw = (await rawRow())!;
    expect(raw).not.toContain(MAIL_PASSWORD);
    expect(raw).not.toContain(Buffer.from(MAIL_PASSWORD).toString("base64"));
    expect(JSON.parse(raw)).toMatchObject({ host: "127.0.0.1", user: MAIL_USER, password: expect.stringMatching(/^v1\./) });
    const loaded = await page();
    expect(JSON.stringify(loaded)).not.toContain(MAIL_PASSWORD);
    expect(loaded).toMatchObject({ hasPassword: true, status: { configured: true, source: "settings" }, values: { host: "127.0.0.1", user: MAIL_USER } });
    const audits = await auditRows();
    expect(JSON.stringify(audits)).not.toContain(MAIL_PASSWORD);
    expect(JSON.parse(audits.at(-1)!.detail!)).toEqual({ changed: "fromName, fromAddress, password replaced" });
    // Saved again with the field left empty: the stored password stays as it was.
    await save({ fromName: "Halifax Community", fromAddress: "news@example.org", ...serverFields, port: String(withAuth.port()) });
    expect(await site.settings.storedMailSettings()).toMatchObject({ smtp: { password: MAIL_PASSWORD }, from: '"Halifax Community" <news@example.org>' });
  });

  it("sends a test e-mail through the saved settings and quotes the server's answer", async () => {
    const before = withAuth.received.length;
    const answer = await sendTest("checker@example.org");
    expect(answer.status).toBe(200);
    expect(answer.body?.result).toEqual({ ok: true, to: "checker@example.org", message: expect.stringMatching(/^The mail server accepted it and answered: 250 /) });
    expect(withAuth.received.slice(before).map((m) => m.to)).toEqual([["checker@example.org"]]);
    expect(withAuth.received.at(-1)!.raw).toMatch(/From: "?Halifax Community"? <news@example\.org>/);
    // Empty: to the signed-in admin.
    expect((await sendTest()).body?.result).toMatchObject({ ok: true, to: ADMIN.email });
  });

  it("says in words when the password is wrong, nobody answers, or TLS cannot be had", async () => {
    await save({ ...serverFields, port: String(withAuth.port()), password: "not-the-password" });
    const wrong = await sendTest("checker@example.org");
    expect(wrong.status).toBe(502);
    expect(wrong.body?.result).toMatchObject({ ok: false, message: expect.stringMatching(/^The mail server refused the user name or password \(535 .*\)\.$/) });

    const port = await closedPort();
    await save({ ...serverFields, port: String(port), password: MAIL_PASSWORD });
    expect((await sendTest("checker@example.org")).body?.result).toMatchObject({ ok: false, message: `Could not connect to 127.0.0.1:${port} (connection refused).` });

    // STARTTLS asked for, and this server offers none: the password is not sent in the clear.
    await save({ ...serverFields, port: String(withAuth.port()), security: "starttls", password: MAIL_PASSWORD });
    const tls = await sendTest("checker@example.org");
    expect(tls.body?.result).toMatchObject({ ok: false, message: expect.stringMatching(/^The secure \(TLS\) connection to 127\.0\.0\.1:\d+ failed/) });
    expect(JSON.stringify(tls.body)).not.toMatch(/\n\s+at /);
  });

  it("sends what waited in the Outbox once mail is set up, each message once even when two sends race", async () => {
    await save({ fromName: "Halifax Community", fromAddress: "news@example.org", ...serverFields, port: String(withAuth.port()), password: MAIL_PASSWORD });
    // Written while no server was set (the first test's message), plus more of the same kind, written with the settings unread.
    site.mailer.setStoredMailSettings(async () => null);
    const waiting = [];
    for (const n of [1, 2, 3]) waiting.push((await site.mailer.sendMail(getDb(), { to: `waiting${n}@example.org`, subject: `Waiting ${n}`, text: "x", kind: "notification" })).id);
    (await import("../../../server/wiring")).wireFeaturesIntoPlatform();
    const count = await site.outboxSend.countWaitingMail(getDb());
    expect(count).toBe(4);
    const before = withAuth.received.length;
    const [a, b] = await Promise.all([site.outboxSend.sendAllWaitingMail(getDb()), site.outboxSend.sendAllWaitingMail(getDb())]);
    expect(a.sent + b.sent).toBe(4);
    const got = withAuth.received.slice(before).flatMap((m) => m.to).sort();
    expect(got).toEqual(["early@example.org", "waiting1@example.org", "waiting2@example.org", "waiting3@example.org"]);
    expect(await site.outboxSend.countWaitingMail(getDb())).toBe(0);
    // Pressed again (a stale page): nothing goes twice.
    const again = await postToAction(site.outbox.action as RouteAction, "/admin/outbox", { intent: "send", id: waiting[0]! }, { cookie });
    expect(again.status).toBe(409);
    expect(withAuth.received.length).toBe(before + 4);
    const row = await getDb().db.selectFrom("outbox").select(["status", "from_address"]).where("id", "=", waiting[0]!).executeTakeFirstOrThrow();
    expect(row).toEqual({ status: "sent", from_address: '"Halifax Community" <news@example.org>' });
    // New mail now goes straight out through the saved settings.
    const fresh = await site.mailer.sendMail(getDb(), { to: "new@example.org", subject: "After set-up", text: "x", kind: "transactional" });
    expect(fresh.status).toBe("sent");
  });

  it("lets SMTP_URL win over the saved settings, and the screen says so", async () => {
    site.mailer.configureMailer({ smtpUrl: environmentServer.url(), from: "Env Sender <env@example.org>" });
    try {
      const loaded = await page();
      expect(loaded).toMatchObject({ overridden: { server: true, sender: true }, status: { configured: true, source: "env" } });
      expect(loaded.via).toContain("SMTP_URL");
      const before = { env: environmentServer.received.length, settings: withAuth.received.length };
      expect((await site.mailer.sendMail(getDb(), { to: "via-env@example.org", subject: "Env wins", text: "x", kind: "transactional" })).status).toBe("sent");
      expect(environmentServer.received.length).toBe(before.env + 1);
      expect(environmentServer.received.at(-1)!.raw).toContain("From: Env Sender <env@example.org>");
      expect(withAuth.received.length).toBe(before.settings);
    } finally {
      site.mailer.configureMailer({ smtpUrl: null, from: null });
    }
  });

  it("clears the stored password when asked, and says when PUBLIC_URL points at this computer", async () => {
    await save({ ...serverFields, port: String(withAuth.port()), clearPassword: "on" });
    expect(JSON.parse((await rawRow())!).password).toBeNull();
    expect(JSON.parse((await auditRows()).at(-1)!.detail!).changed).toContain("password cleared");
    expect(await site.settings.mailStatus()).toMatchObject({ publicUrl: ROUTE_TEST_ORIGIN, publicUrlIsLocalhost: true });
  });
});
