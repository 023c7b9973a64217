import { expect, test, type Page } from "@playwright/test";
import { closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";
import { withSiteDatabase } from "./site-database";

/**
 * Sensitive changes ask for the password again once the last check is over
 * ten minutes old, as an admin meets it in the browser: the users page asks
 * once at the top (a labelled field, checked with axe), a wrong password is
 * refused in words, and after confirming the change goes through; an export
 * goes by the confirmation page and comes back to its list.
 */

const ADMIN = { email: "reauth-admin@example.org", password: "tea urns in the parish hall" };

test.describe.configure({ mode: "serial" });
test.beforeAll(() => {
  createAdmin(ADMIN);
});

/** One browser, signed in once, for both tests: every sign-in is a form without a session, which the site limits per address. */
let page: Page;
test.afterAll(() => page?.context().close());

/** Puts this admin's sessions' last password check (their sign-in) eleven minutes back, as if the laptop had been left open. */
const leaveItOpen = () =>
  withSiteDatabase(async ({ db }) => {
    const user = await db.selectFrom("users").select("id").where("email", "=", ADMIN.email).executeTakeFirstOrThrow();
    await db.updateTable("sessions").set({ created_at: new Date(Date.now() - 11 * 60_000).toISOString(), password_checked_at: null }).where("user_id", "=", user.id).execute();
  });

test("the users page asks for the password once, then lets the change through", async ({ browser }) => {
  page = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signInAs(page, ADMIN, "/admin/users");
  await closeToasts(page, "Login Successful");
  // Just signed in: nothing is asked.
  await expect(page.getByRole("heading", { name: "Confirm it is you" })).toHaveCount(0);

  await leaveItOpen();
  await visit(page, "/admin/users");
  await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  await closeToasts(page);
  await expectAccessible(page, "users page asking for the password");

  // An invitation sent without confirming is refused, in words, and nothing is sent.
  await page.getByLabel("E-mail address").fill("new.colleague@example.org");
  await page.getByRole("button", { name: "Create invitation (e-mail waits in Outbox)" }).click();
  await expect(page.getByText("To do this, confirm it is you")).toBeVisible();
  await expect(page.getByText("Waiting to be accepted")).toHaveCount(0);

  await page.getByLabel("Your password").fill("certainly not my password");
  await page.getByRole("button", { name: "Confirm it is me" }).click();
  await expect(page.getByText("That password is not right.")).toBeVisible();
  await expectAccessible(page, "users page with a wrong password");

  await page.getByLabel("Your password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Confirm it is me" }).click();
  await closeToasts(page, "Confirmed");
  await expect(page.getByRole("heading", { name: "Confirm it is you" })).toHaveCount(0);
  await page.getByLabel("E-mail address").fill("new.colleague@example.org");
  await page.getByRole("button", { name: "Create invitation (e-mail waits in Outbox)" }).click();
  await closeToasts(page, "Invitation kept in the Outbox, not sent");
  await expect(page.getByText("new.colleague@example.org")).toBeVisible();
});

test("an export goes by the confirmation page and back to its list", async () => {
  await leaveItOpen();
  await visit(page, "/admin/registrations");
  await closeToasts(page);
  await page.getByRole("button", { name: "Export all as CSV" }).click();
  await page.waitForURL((url) => url.pathname === "/confirm-password");
  await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
  await expectAccessible(page, "confirmation page");
  await page.getByLabel("Your password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Confirm it is me" }).click();
  await page.waitForURL((url) => url.pathname === "/admin/registrations");
  await closeToasts(page, "Confirmed");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all as CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);
});
