import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { checkAdminPage, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * Mail staff set up themselves: on a site with no SMTP_URL, the volunteer
 * approval says its e-mail only waits in the Outbox; then a mail server (a
 * real one on loopback that asks for a user name and password) is set up
 * through Settings → E-mail, a test e-mail arrives, a volunteer approval is
 * delivered, and what waited in the Outbox is sent from there. A server of
 * its own, on a data folder of its own: the other specs rely on the shared
 * server keeping mail in the Outbox.
 */

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ADMIN = { email: "mail-admin@example.org", password: "mail settings e2e passphrase 7" };
const SMTP_USER = "website@example.org";
const SMTP_PASSWORD = "loopback-smtp-pa55word";

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Received {
  to: string[];
  user: string | undefined;
  raw: string;
}

/** A mail server on loopback that only takes mail from a signed-in user, and keeps what it receives. */
class Mailbox {
  readonly messages: Received[] = [];
  private server = new SMTPServer({
    authOptional: false,
    allowInsecureAuth: true,
    authMethods: ["PLAIN", "LOGIN"],
    disabledCommands: ["STARTTLS"],
    logger: false,
    onAuth: (auth, _session, callback) => {
      if (auth.username === SMTP_USER && auth.password === SMTP_PASSWORD) return callback(null, { user: auth.username });
      callback(Object.assign(new Error("Authentication credentials invalid"), { responseCode: 535 }));
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), user: session.user as string | undefined, raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<void> {
    this.port = await freePort();
    await new Promise<void>((resolve) => this.server.listen(this.port, "127.0.0.1", resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  to(address: string, subject: RegExp): Received[] {
    return this.messages.filter((m) => m.to.includes(address) && subject.test(subjectOf(m.raw)));
  }

  async waitFor(address: string, subject: RegExp): Promise<Received> {
    await expect.poll(() => this.to(address, subject).length, { message: `an e-mail to ${address} with subject ${subject}`, timeout: 20_000 }).toBeGreaterThan(0);
    return this.to(address, subject)[0]!;
  }
}

function subjectOf(raw: string): string {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  return head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith("subject:"))?.slice(8).trim() ?? "";
}

/** A visitor applies to volunteer as Youth Mentor. */
async function apply(page: Page, origin: string, who: { name: string; email: string }): Promise<void> {
  await visit(page, `${origin}/volunteer/apply`);
  const form = page.getByRole("form", { name: "Apply to volunteer" });
  await form.getByLabel("Your full name").fill(who.name);
  await form.getByLabel("Email address").fill(who.email);
  await form.getByRole("checkbox", { name: "Youth Mentor" }).check();
  await form.getByRole("checkbox", { name: "Weekends" }).check();
  await form.getByRole("checkbox", { name: /I agree that the charity may keep the details/ }).check();
  await form.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for applying to volunteer" })).toBeVisible();
  await expectAccessible(page, "after applying");
}

/** Opens an application from the Volunteers list and its Approve form. */
async function openApproval(page: Page, origin: string, name: string): Promise<void> {
  await visit(page, `${origin}/admin/volunteers`);
  await page.getByRole("link", { name: `Open the application from ${name}` }).click();
  await expect(page.getByRole("heading", { name: `Application from ${name}` })).toBeVisible();
  await page.getByText("Approve…").click();
  await expectAccessible(page, "application with the Approve form open");
}

test.describe("e-mail set up through Settings", () => {
  test.describe.configure({ mode: "serial" });
  const mailbox = new Mailbox();
  let server: ChildProcess | undefined;
  let origin = "";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-mail-"));

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await mailbox.start();
    createAdmin(ADMIN, dataDir);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn("node", ["server.js"], {
      // No SMTP_URL or MAIL_FROM: mail is whatever staff set up in the admin.
      env: { ...process.env, BUILD_DIR, PORT: String(port), HOST: "127.0.0.1", DATA_DIR: dataDir, PUBLIC_URL: origin, SMTP_URL: "", MAIL_FROM: "", DATABASE_URL: "", LOG_LEVEL: "warn", NODE_ENV: "production" },
      stdio: ["ignore", "inherit", "inherit"],
    });
    await expect.poll(async () => (await fetch(`${origin}/healthz`).catch(() => undefined))?.status, { timeout: 30_000 }).toBe(200);
  });

  test.afterAll(async () => {
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server!.once("exit", resolve));
      server.kill("SIGTERM");
      await exited;
    }
    await mailbox.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("without a mail server, the approval says its e-mail waits in the Outbox, where it reads as the applicant would see it", async ({ page }) => {
    test.setTimeout(120_000);
    await apply(page, origin, { name: "Olive Outbox", email: "olive@example.org" });
    await signInAs(page, ADMIN, "/admin/volunteers", origin);
    await openApproval(page, origin, "Olive Outbox");
    await expect(page.getByText("No mail server is set up, so this email waits in the Outbox and is not sent to the applicant.").first()).toBeVisible();
    await expect(page.getByRole("button", { name: "Approve and send email" })).toHaveCount(0);
    await page.getByRole("button", { name: "Approve (e-mail waits in Outbox)" }).click();
    await checkAdminPage(page, "application approved without mail", "Olive Outbox's application was approved, and the email waits in the Outbox, not sent (no mail server is set up).");

    await visit(page, `${origin}/admin/outbox`);
    await expect(page.getByRole("status").filter({ hasText: "Nothing is e-mailed: no mail server is set up" })).toBeVisible();
    await expect(page.getByRole("button", { name: /Send all/ })).toHaveCount(0);
    const approval = page.getByRole("listitem").filter({ hasText: "olive@example.org" }).filter({ hasText: "Waiting, not sent" }).filter({ hasText: /volunteer/i }).first();
    await approval.locator("summary").click();
    await approval.getByRole("link", { name: /Open as the recipient sees it/ }).click();
    await expect(page.getByRole("heading", { name: "As the recipient sees it" })).toBeVisible();
    const frame = page.frameLocator("iframe");
    await expect(frame.locator("body")).toContainText("Dear Olive Outbox");
    await expect(page.getByText("No mail server is set up, so this e-mail waits here.")).toBeVisible();
    await expectAccessible(page, "an Outbox e-mail as the recipient sees it");
    expect(mailbox.messages).toHaveLength(0);
  });

  test("set up in Settings → E-mail: bad input is refused, a test e-mail arrives, an approval is delivered, and what waited is sent once", async ({ page }) => {
    test.setTimeout(150_000);
    await apply(page, origin, { name: "Sam Smtp", email: "sam@example.org" });
    await signInAs(page, ADMIN, "/admin/settings", origin);
    await visit(page, `${origin}/admin/settings`);
    await page.getByRole("link", { name: "E-mail: sender and mail server" }).click();
    await expect(page.getByRole("heading", { name: "E-mail", exact: true })).toBeVisible();
    await expect(page.getByText("No mail server is set up: nothing is e-mailed")).toBeVisible();
    await expect(page.getByText("Links in e-mails point at this computer")).toBeVisible();
    await expectAccessible(page, "Settings → E-mail before set-up");

    const fill = async (port: string) => {
      await page.getByLabel("Sender name").fill("Halifax Community Development");
      await page.getByLabel("Sender address").fill("news@example.org");
      await page.getByLabel("Mail server", { exact: true }).fill("127.0.0.1");
      await page.getByLabel("Port").fill(port);
      await page.getByLabel("Security").selectOption("none");
      await page.getByLabel("User name").fill(SMTP_USER);
      await page.getByLabel("Password", { exact: true }).fill(SMTP_PASSWORD);
      await page.getByRole("button", { name: "Save e-mail settings" }).click();
    };
    await fill("99999");
    await expect(page.getByText("Nothing was saved")).toBeVisible();
    await expect(page.getByText("Port must be a whole number from 1 to 65535, e.g. 587")).toBeVisible();
    await expect(page.getByLabel("Password", { exact: true })).toHaveValue("");
    await expectAccessible(page, "Settings → E-mail refusing a bad port");
    await fill(String(mailbox.port));
    await checkAdminPage(page, "Settings → E-mail after saving", "E-mail settings saved");
    await expect(page.getByText("E-mail is sent", { exact: true })).toBeVisible();
    await expect(page.getByLabel("New password")).toHaveValue("");
    await expect(page.getByText("A password is stored (it is never shown).")).toBeVisible();
    expect(await page.content()).not.toContain(SMTP_PASSWORD);

    await page.getByRole("button", { name: "Send test e-mail" }).click();
    await expect(page.getByRole("status").filter({ hasText: `Test e-mail sent to ${ADMIN.email}` })).toContainText("The mail server accepted it and answered: 250");
    await expectAccessible(page, "Settings → E-mail after a test e-mail");
    const testMail = await mailbox.waitFor(ADMIN.email, /^Test e-mail from /);
    expect(testMail.user).toBe(SMTP_USER);
    expect(testMail.raw).toMatch(/From: "?Halifax Community Development"? <news@example\.org>/);

    await openApproval(page, origin, "Sam Smtp");
    await expect(page.getByText("The applicant gets this email. Change it as you like before sending.").first()).toBeVisible();
    await page.getByRole("button", { name: "Approve and send email" }).click();
    await checkAdminPage(page, "application approved and e-mailed", "Sam Smtp's application was approved, and the email was sent.");
    const approval = await mailbox.waitFor("sam@example.org", /.+/);
    expect(approval.raw).toContain("Dear Sam Smtp");

    // What was written before mail was set up waits, and goes out once from the Outbox.
    await visit(page, `${origin}/admin/outbox`);
    const sendAll = page.getByRole("button", { name: /^Send all \d+ waiting$/ });
    await expect(sendAll).toBeVisible();
    await sendAll.click();
    await checkAdminPage(page, "Outbox after sending what waited", /e-mails? sent/);
    await expect(page.getByRole("button", { name: /^Send all/ })).toHaveCount(0);
    await mailbox.waitFor("olive@example.org", /.+/);
    expect(mailbox.messages.filter((m) => m.to.includes("olive@example.org") && m.raw.includes("Dear Olive Outbox"))).toHaveLength(1);
  });
});
