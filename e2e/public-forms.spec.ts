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
 * The three public forms (apply to volunteer, ask a question, register a
 * child) with JavaScript off and on: mistakes come back with every value
 * kept and an accessible list of problems; a correct form reaches the
 * dashboard, where staff approve the volunteer and the e-mail lands in the
 * Outbox, or over SMTP when a mail server is configured.
 */

const BUILD_DIR = process.env.BUILD_DIR ?? "build";
const ADMIN = { email: "forms-admin@example.org", password: "public forms e2e passphrase 7" };

/** A date of birth that makes someone `years` old today (UK date near enough for whole years). */
function bornYearsAgo(years: number): string {
  const d = new Date();
  return `${d.getUTCFullYear() - years}-01-01`;
}

/**
 * axe runs inside the page, so it needs JavaScript: with it off, pages are
 * only opened and read; the run with it on checks the same markup, error
 * states included.
 */
async function check(page: Page, js: boolean, context: string): Promise<void> {
  if (js) await expectAccessible(page, context);
}

async function open(page: Page, url: string, js: boolean): Promise<void> {
  if (js) {
    await visit(page, url);
    return;
  }
  const response = await page.goto(url);
  expect(response?.status(), `status of ${url}`).toBe(200);
}

async function applyToVolunteer(page: Page, origin: string, who: { name: string; email: string }, js: boolean) {
  await open(page, `${origin}/volunteer/vacancies`, js);
  await page.getByRole("link", { name: /^Apply Now\s*: Youth Mentor$/ }).click();
  await expect(page).toHaveURL(/\/volunteer\/apply\?role=/);
  await check(page, js, "apply form");
  const form = page.getByRole("form", { name: "Apply to volunteer" });
  await expect(form.getByRole("checkbox", { name: "Youth Mentor" })).toBeChecked();

  // First try: name and a bad email only.
  await form.getByLabel("Your full name").fill(who.name);
  await form.getByLabel("Email address").fill("not-an-email");
  await form.getByRole("button", { name: "Send my application" }).click();
  const summary = form.getByRole("alert");
  await expect(summary.getByRole("heading", { name: "There is a problem" })).toBeVisible();
  await expect(summary.getByRole("link", { name: /valid email address/ })).toBeVisible();
  await expect(summary.getByRole("link", { name: /tick at least one time/ })).toBeVisible();
  await expect(summary.getByRole("link", { name: /tick the box/ })).toBeVisible();
  if (js) await expect(summary.locator("xpath=..")).toBeFocused();
  // Nothing typed is lost.
  await expect(form.getByLabel("Your full name")).toHaveValue(who.name);
  await expect(form.getByLabel("Email address")).toHaveValue("not-an-email");
  await expect(form.getByRole("checkbox", { name: "Youth Mentor" })).toBeChecked();
  await expect(form.getByLabel("Email address")).toHaveAttribute("aria-invalid", "true");
  await check(page, js, "apply form with errors");

  await form.getByLabel("Email address").fill(who.email);
  await form.getByRole("checkbox", { name: "Weekends" }).check();
  await form.getByLabel(/Tell us a little about yourself/).fill("I have run a youth football team for two seasons.");
  await form.getByRole("checkbox", { name: /I agree that the charity may keep the details/ }).check();
  await form.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for applying to volunteer" })).toBeVisible();
  // It says a confirmation will come, not that one was sent: with no mail server it waits in the Outbox.
  await expect(page.getByText("We have received your application, and we will also email you to say it has arrived.")).toBeVisible();
  await check(page, js, "apply confirmation");
}

async function askAQuestion(page: Page, origin: string, name: string, js: boolean) {
  await open(page, `${origin}/contact`, js);
  const form = page.getByRole("form", { name: "Ask a question" });
  await expect(form.getByRole("link", { name: "privacy policy" })).toBeVisible();
  await form.getByLabel("Your name").fill(name);
  await form.getByLabel("Your question", { exact: true }).fill("Do you run sessions in the school holidays?");
  await form.getByRole("button", { name: "Send my question" }).click();
  const summary = form.getByRole("alert");
  await expect(summary.getByRole("link", { name: /so we can reply/ })).toBeVisible();
  await expect(summary.getByRole("link", { name: /what your question is about/ })).toBeVisible();
  if (js) await expect(summary.locator("xpath=..")).toBeFocused();
  await expect(form.getByLabel("Your question", { exact: true })).toHaveValue("Do you run sessions in the school holidays?");
  await check(page, js, "question form with errors");
  // The summary's links lead to the field.
  await summary.getByRole("link", { name: /what your question is about/ }).click();
  await expect(page).toHaveURL(/#question-topic$/);

  await form.getByLabel("Email address").fill(`${name.split(" ")[0]!.toLowerCase()}@example.org`);
  await form.getByLabel("What is your question about?").selectOption({ label: "Programme details and schedules" });
  await form.getByRole("button", { name: "Send my question" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your question" })).toBeVisible();
  await check(page, js, "question confirmation");
}

async function registerChild(page: Page, origin: string, childName: string, js: boolean) {
  await open(page, `${origin}/contact/register-child`, js);
  const form = page.getByRole("form", { name: "Register your child" });
  // An under-13 filling it in themselves is turned away, with everything else kept.
  await form.getByRole("radio", { name: /I am the young person/ }).check();
  await form.getByLabel("Their full name").fill(childName);
  await form.getByLabel("Their date of birth").fill(bornYearsAgo(10));
  await form.getByRole("checkbox", { name: "Football Excellence" }).check();
  await form.getByLabel("Parent or carer's full name").fill("Jo Example");
  await form.getByLabel("Parent or carer's phone number").fill("07700 900456");
  await form.getByRole("button", { name: "Send registration" }).click();
  const summary = form.getByRole("alert");
  await expect(summary.getByRole("link", { name: /under 13 need a parent or carer/ })).toBeVisible();
  await expect(summary.getByRole("link", { name: /emergency contact/ }).first()).toBeVisible();
  await expect(summary.getByRole("link", { name: /photos/ })).toBeVisible();
  if (js) await expect(summary.locator("xpath=..")).toBeFocused();
  await expect(form.getByLabel("Their full name")).toHaveValue(childName);
  await expect(form.getByRole("checkbox", { name: "Football Excellence" })).toBeChecked();
  await expect(form.getByLabel("Parent or carer's phone number")).toHaveValue("07700 900456");
  await check(page, js, "registration form with errors");

  await form.getByRole("radio", { name: "I am the parent or carer" }).check();
  await form.getByLabel("Emergency contact's full name").fill("Pat Example");
  await form.getByLabel("Emergency contact's phone number").fill("01422 123456");
  await form.getByLabel(/Medical or additional needs/).fill("Asthma: carries an inhaler.");
  await form.getByRole("radio", { name: "No photos or videos, please" }).check();
  await form.getByRole("checkbox", { name: /I confirm the details on this form are correct/ }).check();
  await form.getByRole("button", { name: "Send registration" }).click();
  await expect(page.getByRole("heading", { name: "Thank you, your registration has been sent" })).toBeVisible();
  await check(page, js, "registration confirmation");
}

async function approveInDashboard(page: Page, origin: string, applicant: string, js: boolean) {
  await open(page, `${origin}/admin/volunteers`, js);
  const row = page.getByRole("row", { name: new RegExp(applicant) });
  await expect(row).toContainText("Youth Mentor");
  await expect(row).toContainText("Pending");
  await row.getByRole("link", { name: `Open the application from ${applicant}` }).click();
  await expect(page.getByRole("heading", { name: `Application from ${applicant}` })).toBeVisible();
  await check(page, js, "application detail");
  await page.getByText("Approve…").click();
  const body = page.getByLabel("Email message").first();
  await expect(body).toHaveValue(new RegExp(`Dear ${applicant}`));
  await body.fill(`${await body.inputValue()}\n\nP.S. Our induction evening is on Thursday.`);
  // With no mail server the button says the e-mail waits in the Outbox instead of claiming to send it.
  await page.getByRole("button", { name: /^(Approve and send email|Approve \(e-mail waits in Outbox\))$/ }).click();
  await expect(page.getByRole("term").filter({ hasText: "Approved by" })).toBeVisible();
  await expect(page.getByRole("definition").filter({ hasText: /^forms-admin@example.org on / })).toBeVisible();
  await check(page, js, "application approved");
}

async function seeQuestionAndRegistration(page: Page, origin: string, asker: string, childName: string, js: boolean) {
  await open(page, `${origin}/admin/messages`, js);
  const message = page.getByRole("article", { name: asker });
  await expect(message).toContainText("Do you run sessions in the school holidays?");
  await expect(message).toContainText("Programme details and schedules");
  await message.getByRole("button", { name: `Mark as answered: the question from ${asker}` }).click();
  if (js) await expect(page.getByText(`The question from ${asker} is now under Answered.`)).toBeVisible();
  await open(page, `${origin}/admin/messages?status=answered`, js);
  await expect(page.getByRole("article", { name: asker })).toContainText(/Answered by forms-admin@example.org/);

  await open(page, `${origin}/admin/registrations`, js);
  await page.getByRole("link", { name: `View the registration of ${childName}` }).click();
  await expect(page.getByRole("heading", { name: childName })).toBeVisible();
  await expect(page.getByText("Asthma: carries an inhaler.")).toBeVisible();
  await expect(page.getByText("No photos or videos", { exact: true })).toBeVisible();
  await check(page, js, "registration detail");
  await open(page, `${origin}/admin/audit`, js);
  await expect(page.getByText(/ opened a registration$/).first()).toBeVisible();
}

for (const js of [false, true]) {
  test.describe(`public forms with JavaScript ${js ? "enabled" : "disabled"}`, () => {
    test.use({ javaScriptEnabled: js });

    test("apply, ask, register; see each in the dashboard; approve and find the e-mail in the Outbox", async ({ page, baseURL }) => {
      // Many pages, each checked with axe, on a shared machine.
      test.setTimeout(240_000);
      const origin = baseURL!;
      const tag = js ? "Js" : "Nojs";
      const applicant = `Alex ${tag} Volunteer`;
      const applicantEmail = `alex-${tag.toLowerCase()}@example.org`;
      const asker = `Sam ${tag} Asker`;
      const child = `Riley ${tag} Child`;
      createAdmin(ADMIN);

      await applyToVolunteer(page, origin, { name: applicant, email: applicantEmail }, js);
      await askAQuestion(page, origin, asker, js);
      await registerChild(page, origin, child, js);

      await signInAs(page, ADMIN, "/admin/volunteers", origin);
      await approveInDashboard(page, origin, applicant, js);
      await seeQuestionAndRegistration(page, origin, asker, child, js);

      // Confirmations only: staff notices to every admin of the shared test
      // server would otherwise push the applicant's first e-mail off page one.
      await open(page, `${origin}/admin/outbox?kind=transactional`, js);
      const welcome = page.getByRole("listitem").filter({ hasText: applicantEmail }).filter({ hasText: "Welcome to the team" });
      await welcome.locator("summary").click();
      await expect(welcome.locator("pre")).toContainText("P.S. Our induction evening is on Thursday.");
      await expect(page.getByRole("listitem").filter({ hasText: applicantEmail }).filter({ hasText: "Thank you for applying to volunteer with Halifax" })).toHaveCount(1);
    });
  });
}

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

test.describe("volunteer e-mails over SMTP", () => {
  const received: { to: string[]; raw: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString("utf8") });
        callback();
      });
    },
  });
  let server: ChildProcess | undefined;
  let origin = "";
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "site-e2e-forms-"));

  const mailTo = async (to: string, subject: RegExp) => {
    await expect
      .poll(() => received.some((m) => m.to.includes(to) && subject.test(m.raw.replace(/\r?\n[ \t]+/g, " "))), { timeout: 20_000 })
      .toBe(true);
    return received.find((m) => m.to.includes(to) && subject.test(m.raw.replace(/\r?\n[ \t]+/g, " ")))!;
  };

  test.beforeAll(async () => {
    test.setTimeout(90_000);
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
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
        SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
        MAIL_FROM: "Halifax Community Development <hello@example.org>",
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
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  test("the applicant's confirmation and the approval are delivered over SMTP", async ({ page }) => {
    test.setTimeout(180_000);
    const applicant = "Morgan Smtp Volunteer";
    await applyToVolunteer(page, origin, { name: applicant, email: "morgan@example.org" }, true);
    const confirmation = await mailTo("morgan@example.org", /Subject: Thank you for applying to volunteer/);
    // The address typed into the form is not confirmed, so nothing else typed or chosen there is sent to it.
    expect(confirmation.raw).not.toContain(applicant);
    expect(confirmation.raw).not.toContain("Youth Mentor");
    await signInAs(page, ADMIN, "/admin/volunteers", origin);
    await approveInDashboard(page, origin, applicant, true);
    const approval = await mailTo("morgan@example.org", /Subject: Welcome to the team/);
    expect(approval.raw.replace(/=\r?\n/g, "")).toContain("P.S. Our induction evening is on Thursday.");
    await visit(page, `${origin}/admin/outbox`);
    await expect(page.getByRole("listitem").filter({ hasText: "morgan@example.org" }).filter({ hasText: "Welcome to the team" })).toContainText("Sent");
  });
});
