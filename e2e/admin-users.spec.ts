import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { totp } from "../test/totp";
import { closeToasts, createAdmin, signInAs, submitSignIn } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * Admin accounts beyond the first, as staff would use them: an admin
 * invites a colleague by e-mail (read from the Outbox, as no mail server is
 * set up here), the colleague accepts, turns on two-factor sign-in with an
 * authenticator app (the codes are computed here per RFC 6238) and signs in
 * with it; the site is made to require two-factor for everyone and back;
 * a session is ended from the list; and the colleague's access is removed.
 */

const ADMIN = { email: "users-admin@example.org", password: "harbour lights at midnight 7" };
const INVITED = { email: `invited-${crypto.randomBytes(4).toString("hex")}@example.org`, password: "kingfisher over the calder" };

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

let secret = "";
let adminPage: Page;
let invitedPage: Page;

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

test("an admin invites a colleague, whose link sets a password and makes an admin account", async ({ browser }) => {
  adminPage = await newPage(browser);
  const page = adminPage;
  await signInAs(page, ADMIN, "/admin/users");
  await closeToasts(page, "Login Successful");
  await expect(page.getByRole("navigation", { name: "More admin areas" }).getByRole("link", { name: "Admin users" })).toBeVisible();
  await visit(page, "/admin/users");
  await expect(page.getByRole("heading", { name: "Admin users" })).toBeVisible();

  // A mistake is explained and what was typed stays.
  await page.getByLabel("E-mail address").fill("not-an-address");
  await page.getByRole("button", { name: "Create invitation (e-mail waits in Outbox)" }).click();
  await expect(page.getByText("Enter a valid e-mail address.")).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveValue("not-an-address");

  await page.getByLabel("E-mail address").fill(INVITED.email);
  // An invitation starts at Editor; this colleague is to help run the accounts, so an Admin.
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("editor");
  await page.getByLabel("Role", { exact: true }).selectOption("admin");
  await page.getByRole("button", { name: "Create invitation (e-mail waits in Outbox)" }).click();
  await closeToasts(page, "Invitation kept in the Outbox, not sent");
  const pending = page.getByRole("region", { name: "Waiting to be accepted" });
  await expect(pending.getByText(INVITED.email)).toBeVisible();

  // No mail server here: the invitation waits in the Outbox.
  await visit(page, "/admin/outbox");
  // How long copies are kept, which staff set in Settings.
  await expect(page.getByText("Each copy is deleted 12 months after it was written")).toBeVisible();
  const message = page.getByRole("listitem").filter({ hasText: `to ${INVITED.email}` }).first();
  await message.getByText("You have been invited to the website's admin area").click();
  const body = await message.locator("pre").innerText();
  const link = body.match(/https?:\/\/\S+\/invite\/[A-Za-z0-9_-]+/)?.[0];
  expect(link, body).toBeTruthy();

  invitedPage = await newPage(browser);
  const invited = invitedPage;
  await visit(invited, new URL(link!).pathname);
  await expect(invited.getByRole("heading", { name: "Accept your invitation" })).toBeVisible();
  await expect(invited.getByText(INVITED.email)).toBeVisible();
  await invited.getByLabel(/^Password/).fill("password1234");
  await invited.getByLabel("Confirm password").fill("password1234");
  await invited.getByRole("button", { name: "Create my admin account" }).click();
  await expect(invited.getByText(/too common/)).toBeVisible();
  await expectAccessible(invited, "invitation with an error");
  await invited.getByLabel(/^Password/).fill(INVITED.password);
  await invited.getByLabel("Confirm password").fill(INVITED.password);
  await invited.getByRole("button", { name: "Create my admin account" }).click();
  await invited.waitForURL((url) => url.pathname === "/login");
  await closeToasts(invited, "Account created");

  // The link is used up.
  await visit(invited, new URL(link!).pathname, { status: 410 });
  await expect(invited.getByText("This invitation has already been used.")).toBeVisible();

  await signInAs(invited, INVITED, "/admin/users");
  await closeToasts(invited, "Login Successful");
  await expect(invited.getByText(`Signed in as ${INVITED.email}`)).toBeVisible();
});

test("the new admin turns on two-factor sign-in and then signs in with a code", async () => {
  const page = invitedPage;
  await page.getByRole("link", { name: "Set up two-factor sign-in" }).click();
  await page.waitForURL((url) => url.pathname === "/two-factor/setup");
  await expectAccessible(page, "two-factor setup, step 1");
  await page.getByLabel("Your password").fill("not my password at all");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await page.getByLabel("Your password").fill(INVITED.password);
  await page.getByRole("button", { name: "Continue" }).click();

  const shown = page.getByTestId("totp-secret");
  await expect(shown).toBeVisible();
  secret = (await shown.innerText()).replace(/\s+/g, "");
  expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
  await expect(page.getByRole("list", { name: "Backup codes" }).getByRole("listitem")).toHaveCount(10);
  await expectAccessible(page, "two-factor setup, step 2");

  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  await expect(page.getByTestId("totp-secret")).toHaveText(/\S/);
  await page.getByLabel("Code from the app").fill(totp(secret));
  await page.getByRole("button", { name: "Turn on two-factor sign-in" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/users");
  await closeToasts(page, "Two-factor sign-in is on");
  await expect(page.getByText("Two-factor sign-in is on for your account.")).toBeVisible();

  // Sign out, then in again: the password alone is not enough.
  await page.getByRole("button", { name: "Logout" }).click();
  await expect(page.getByText("Logged Out", { exact: true })).toBeVisible();
  await submitSignIn(page, INVITED, "/admin/users");
  await page.waitForURL((url) => url.pathname === "/two-factor");
  await expectAccessible(page, "two-factor challenge");
  await expect(page.getByRole("heading", { name: "Two-factor sign-in" })).toBeVisible();
  // Nothing of the admin area opens yet.
  const blocked = await page.request.get("/admin/users", { maxRedirects: 0 });
  expect(blocked.status()).toBe(302);

  await page.getByLabel("Authentication code").fill("123456" === totp(secret) ? "654321" : "123456");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("That code is not right.")).toBeVisible();
  // A code works once, and the set-up just used this step's: the next one, which the app shows when
  // the step turns and the clock-drift window already accepts.
  await page.getByLabel("Authentication code").fill(totp(secret, Date.now() + 30_000));
  await page.getByRole("button", { name: "Verify" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/users");
  await closeToasts(page, "Login Successful");
  await expect(page.getByText(`Signed in as ${INVITED.email}`)).toBeVisible();
});

test("an admin can require two-factor for everyone: one without it is sent to set it up", async () => {
  await invitedPage.getByRole("button", { name: "Require two-factor sign-in for all admins" }).click();
  await closeToasts(invitedPage, "Two-factor sign-in required");
  try {
    await adminPage.goto("/admin/media");
    await adminPage.waitForURL((url) => url.pathname === "/two-factor/setup");
    await expect(adminPage.getByText("This site requires two-factor sign-in.")).toBeVisible();
    await expectAccessible(adminPage, "enrolment required");
  } finally {
    await invitedPage.getByRole("button", { name: "Make two-factor sign-in optional" }).click();
    await closeToasts(invitedPage, "Two-factor sign-in optional");
  }
  await visit(adminPage, "/admin/users");
});

test("sessions are listed, and ending one signs that device out at once", async () => {
  const page = adminPage;
  await page.reload();
  const all = page.getByRole("region", { name: "All sessions" });
  const row = all.getByRole("row").filter({ hasText: INVITED.email });
  await expect(row).toHaveCount(1);
  await expect(page.getByRole("region", { name: "Your sessions" }).getByText("This device")).toBeVisible();
  await row.getByRole("button", { name: /^End session/ }).click();
  await closeToasts(page, "Session ended");
  await expect(all.getByRole("row").filter({ hasText: INVITED.email })).toHaveCount(0);

  await invitedPage.goto("/admin/users");
  await invitedPage.waitForURL((url) => url.pathname === "/login");

  // The audit log has the story.
  await visit(page, "/admin/audit");
  // Each entry is a sentence saying who did what.
  for (const action of [/invited .+ to be an admin/i, /turned on two-factor sign-in/i, /two-factor sign-in for every admin/i, /ended .*session/i]) {
    await expect(page.getByRole("cell", { name: action }).first()).toBeVisible();
  }
});

test("an admin removes a colleague's access: their password no longer signs in, and the audit log says who did it", async ({ browser }) => {
  const page = adminPage;
  await visit(page, "/admin/users");
  const accounts = page.getByRole("table", { name: "Accounts" });
  // Never one's own: the signed-in admin's row offers no removal.
  await expect(accounts.getByRole("row").filter({ hasText: ADMIN.email }).getByRole("button", { name: /^Remove/ })).toHaveCount(0);
  await accounts.getByRole("row").filter({ hasText: INVITED.email }).getByRole("button", { name: `Remove the admin access of ${INVITED.email}` }).click();
  const dialog = page.getByRole("alertdialog", { name: `Remove the admin access of ${INVITED.email} (Admin)?` });
  await expect(dialog.getByText("They are signed out on every device")).toBeVisible();
  await expectAccessible(page, "remove admin access dialog");
  await dialog.getByRole("button", { name: "Remove", exact: true }).click();
  await closeToasts(page, "Admin access removed");
  await expect(accounts.getByRole("row").filter({ hasText: INVITED.email })).toHaveCount(0);

  const former = await newPage(browser);
  await submitSignIn(former, INVITED, "/admin");
  await expect(former.getByText("Invalid email or password.").first()).toBeVisible();
  await expect(former).toHaveURL(/\/login/);

  await visit(page, "/admin/audit");
  const entry = page.getByRole("row").filter({ hasText: "Admin access removed" });
  await expect(entry.getByText(`${ADMIN.email} removed the admin access of ${INVITED.email}`)).toBeVisible();
  await page.context().close();
  await invitedPage.context().close();
  await former.context().close();
});
