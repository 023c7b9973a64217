import { spawn, type ChildProcess } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { SMTPServer } from "smtp-server";
import { createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * The newsletter end to end: a visitor subscribes in the footer, confirms
 * from the e-mail, receives a campaign staff send from the Newsletter tab,
 * and leaves through the e-mail's unsubscribe link. Once against a real
 * SMTP server on loopback (our own server instance, SMTP_URL pointing at
 * it), once on the embedded default where mail lands in the admin Outbox.
 */

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ADMIN = { email: "news-admin@example.org", password: "newsletter e2e passphrase 42" };
const CONSENT = /Yes, please e-mail me news/;

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
  raw: string;
}

/** A real SMTP server on loopback that keeps what it receives. */
class Mailbox {
  readonly messages: Received[] = [];
  private server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        this.messages.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
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

  /** Waits for a message to `to` whose subject matches. */
  async waitFor(to: string, subject: RegExp): Promise<Received> {
    let found: Received | undefined;
    await expect
      .poll(() => (found = this.messages.find((m) => m.to.includes(to) && subject.test(headerOf(m.raw, "Subject") ?? ""))), {
        message: `an e-mail to ${to} with subject ${subject}`,
        timeout: 20_000,
      })
      .toBeTruthy();
    return found!;
  }
}

/** Header value, unfolded (RFC 5322 folding). */
function headerOf(raw: string, name: string): string | undefined {
  const head = raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The message with quoted-printable soft breaks and escapes undone, enough to read links. */
function readable(raw: string): string {
  return raw.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

function linkIn(text: string, pathname: string): string {
  const match = new RegExp(`https?://[^\\s"<>]+${pathname.replace(/\//g, "\\/")}\\?token=[A-Za-z0-9%._-]+`).exec(text);
  if (!match) throw new Error(`no ${pathname} link in:\n${text.slice(0, 2000)}`);
  return match[0];
}

async function subscribeInFooter(page: Page, origin: string, email: string): Promise<void> {
  await visit(page, `${origin}/news`);
  const footer = page.getByRole("region", { name: "Join Our Newsletter" });
  await footer.getByLabel("Email address").fill(email);
  await footer.getByLabel(CONSENT).check();
  await footer.getByRole("button", { name: "Subscribe" }).click();
  await expect(footer.getByText(/Thank you! Please check your inbox/)).toBeVisible();
  await expectAccessible(page, "after subscribing");
}

async function confirmThroughLink(page: Page, link: string): Promise<void> {
  await visit(page, link);
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  await page.getByRole("button", { name: "Confirm my subscription" }).click();
  await expect(page.getByRole("heading", { name: "You are subscribed" })).toBeVisible();
  await expectAccessible(page, "after confirming");
}

async function composeAndSend(page: Page, origin: string, subject: string): Promise<void> {
  await visit(page, `${origin}/admin/newsletter`);
  await page.getByLabel("Template").selectOption("event-announcement");
  await expect(page.getByLabel("Subject")).toHaveValue("You're invited: [event name]");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Content").fill("## See you there\n\nCome to **the park** on Saturday.\n\n- Games\n- Food");
  // A campaign being written is not left by accident: another tab asks first.
  await page.getByRole("link", { name: "Events" }).click();
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Subject")).toHaveValue(subject);
  const preview = page.getByTestId("newsletter-preview");
  await expect(preview.getByRole("heading", { name: subject })).toBeVisible();
  await expect(preview.getByRole("heading", { name: "See you there" })).toBeVisible();
  await expect(preview.getByRole("listitem")).toHaveText(["Games", "Food"]);
  // With no mail server the buttons say the e-mails wait in the Outbox instead of claiming to send them.
  await page.getByRole("button", { name: /^(Send to all confirmed subscribers…|Put in the Outbox for all confirmed subscribers \(not sent\)…)$/ }).click();
  await page.getByRole("button", { name: /^(Send to 1 subscriber|Put 1 e-mail in the Outbox \(not sent\))$/ }).click();
  await expect(page.getByRole("row", { name: new RegExp(subject) })).toBeVisible();
  await expect
    .poll(
      async () => {
        await page.reload();
        return page.getByRole("row", { name: new RegExp(subject) }).textContent();
      },
      { timeout: 20_000 },
    )
    .toMatch(/Sent.*1 of 1 sent/);
  await expectAccessible(page, "Newsletter tab after sending");
}

async function unsubscribeThroughLink(page: Page, link: string): Promise<void> {
  await visit(page, link);
  await expect(page.getByRole("heading", { name: "Unsubscribe from our newsletter" })).toBeVisible();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("heading", { name: "You have been unsubscribed" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Resubscribe" })).toBeVisible();
  await expectAccessible(page, "after unsubscribing");
}

test.describe("newsletter over SMTP", () => {
  const mailbox = new Mailbox();
  let server: ChildProcess | undefined;
  let origin = "";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-news-"));

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    await mailbox.start();
    createAdmin(ADMIN, dataDir);
    const port = await freePort();
    origin = `http://127.0.0.1:${port}`;
    server = spawn("node", ["server.js"], {
      env: {
        ...process.env,
        BUILD_DIR,
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: dataDir,
        PUBLIC_URL: origin,
        SMTP_URL: `smtp://127.0.0.1:${mailbox.port}`,
        MAIL_FROM: "Halifax Community Development <news@example.org>",
        LOG_LEVEL: "warn",
        NODE_ENV: "production",
      },
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

  test("subscribe, confirm from the e-mail, receive a campaign, unsubscribe through its link", async ({ page, request }) => {
    test.setTimeout(180_000);
    const email = "reader@example.org";
    await subscribeInFooter(page, origin, email);
    const confirmation = await mailbox.waitFor(email, /Please confirm your subscription/);
    expect(headerOf(confirmation.raw, "From")).toContain("news@example.org");
    await confirmThroughLink(page, linkIn(readable(confirmation.raw), "/newsletter/confirm"));

    await signInAs(page, ADMIN, "/admin/newsletter", origin);
    await expect(page.getByRole("region", { name: "Figures" })).toContainText("Subscribers1Awaiting confirmation: 0");
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Confirmed");

    // A test to one address first.
    await page.getByLabel("Subject").fill("Test run");
    await page.getByLabel("Test address").fill("staff@example.org");
    await page.getByRole("button", { name: "Send test" }).click();
    const testMail = await mailbox.waitFor("staff@example.org", /\[Test\] Test run/);
    expect(readable(testMail.raw)).toContain("Content-Type: text/html");

    await composeAndSend(page, origin, "Summer fun day");
    const campaign = await mailbox.waitFor(email, /^Summer fun day$/);
    const text = readable(campaign.raw);
    expect(text).toContain("Content-Type: text/plain");
    expect(text).toContain("Content-Type: text/html");
    expect(text).toContain("<strong>the park</strong>");
    expect(headerOf(campaign.raw, "List-Unsubscribe-Post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = /<([^>]+)>/.exec(headerOf(campaign.raw, "List-Unsubscribe") ?? "")?.[1];
    expect(oneClick).toContain(`${origin}/newsletter/unsubscribe?token=`);
    // Nobody else got it, and the test address only got the test.
    expect(mailbox.messages.filter((m) => /Summer fun day/.test(headerOf(m.raw, "Subject") ?? ""))).toHaveLength(1);

    await unsubscribeThroughLink(page, linkIn(text, "/newsletter/unsubscribe"));
    await page.getByRole("button", { name: "Resubscribe" }).click();
    await expect(page.getByRole("heading", { name: "Welcome back" })).toBeVisible();

    // A mail program's own Unsubscribe button (RFC 8058): a POST with no cookies and no page.
    const response = await request.post(oneClick!, { form: { "List-Unsubscribe": "One-Click" } });
    expect(response.status()).toBe(200);
    await visit(page, `${origin}/admin/newsletter`);
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Unsubscribed");
  });
});

test.describe("newsletter on the embedded default (outbox)", () => {
  test("subscribe, confirm from the Outbox, send, unsubscribe", async ({ page, baseURL }) => {
    test.setTimeout(180_000);
    const origin = baseURL!;
    const email = `outbox-reader-${Date.now()}@example.org`;
    createAdmin(ADMIN);
    await subscribeInFooter(page, origin, email);

    await signInAs(page, ADMIN, "/admin/outbox", origin);
    await visit(page, `${origin}/admin/outbox`);
    const confirmation = page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: "Please confirm your subscription" });
    await confirmation.locator("summary").click();
    const confirmText = await confirmation.locator("pre").textContent();
    await confirmThroughLink(page, linkIn(confirmText ?? "", "/newsletter/confirm"));

    // Only subscribers who confirmed receive the campaign: make this the only one.
    await visit(page, `${origin}/admin/newsletter?status=confirmed`);
    await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("Confirmed");
    await expect(page.getByRole("table").filter({ hasText: "Email" }).getByRole("row")).toHaveCount(2);
    await composeAndSend(page, origin, "Outbox news");

    await visit(page, `${origin}/admin/outbox?kind=newsletter`);
    const newsletter = page.getByRole("listitem").filter({ hasText: email }).filter({ hasText: "Outbox news" });
    await newsletter.locator("summary").click();
    await expect(newsletter).toContainText("List-Unsubscribe-Post");
    const body = await newsletter.locator("pre").textContent();
    await unsubscribeThroughLink(page, linkIn(body ?? "", "/newsletter/unsubscribe"));
  });

  test("bad input gets a clear message and keeps what was typed", async ({ page, baseURL }) => {
    await visit(page, `${baseURL}/newsletter`);
    const form = page.getByRole("main");
    await form.getByLabel("Email address").fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
    await expect(form.getByText("Please tick the box to agree to receive our emails.")).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("not-an-address");
    await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
    await expectAccessible(page, "sign-up errors");
  });

  test("the sign-up form works without JavaScript", async ({ browser, baseURL }) => {
    // axe needs JavaScript, so this page is checked by the test above instead.
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${baseURL}/newsletter`);
    const form = page.getByRole("main");
    await form.getByLabel("Email address").fill("not-an-address");
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByText("Please tick the box to agree to receive our emails.")).toBeVisible();
    await expect(form.getByLabel("Email address")).toHaveValue("not-an-address");
    await form.getByLabel("Email address").fill(`nojs-${Date.now()}@example.org`);
    await form.getByLabel(CONSENT).check();
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(page).toHaveURL(/\/newsletter\?newsletter=check-email#newsletter$/);
    await expect(page.getByText(/Thank you! Please check your inbox/).first()).toBeVisible();
    await context.close();
  });

  test("a tampered confirmation link is refused", async ({ page, baseURL }) => {
    await visit(page, `${baseURL}/newsletter/confirm?token=eyJzIjoieCIsInAiOiJjb25maXJtIn0.bad`);
    await expect(page.getByRole("heading", { name: "This link does not work" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Confirm my subscription" })).toHaveCount(0);
  });
});
