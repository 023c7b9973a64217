import { expect, test, type Page } from "@playwright/test";
import { checkAdminPage, closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * Drafts and publishing (decision 015): Save Changes keeps the change off
 * the site; Publish puts it on; the page is then put back as it was, for
 * the specs that read every page's headings.
 */

const ADMIN = { email: "publish-admin@example.org", password: "draft then publish passphrase 8" };

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

async function setHeroTitle(page: Page, title: string) {
  await page.goto("/admin?page=marathons");
  await page.getByLabel("Hero Title").fill(title);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await expect(page.getByText("Status:")).toContainText("Draft changes not yet live");
  await checkAdminPage(page, "Pages tab with a draft");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await expect(page.getByText("Status:")).toContainText("Published");
}

test("a saved draft stays off the site until Publish", async ({ page }) => {
  await visit(page, "/what-we-offer/marathons");
  await expect(page.getByRole("heading", { level: 1, name: "Marathons" })).toBeVisible();
  await expectAccessible(page, "Marathons before");

  await signInAs(page, ADMIN, "/admin?page=marathons");
  await closeToasts(page, "Login Successful");
  await page.getByLabel("Hero Title").fill("Run with us in 2027");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await expect(page.getByText("Status:")).toContainText("Draft changes not yet live");

  await visit(page, "/what-we-offer/marathons");
  await expect(page.getByRole("heading", { level: 1, name: "Marathons" })).toBeVisible();
  await expect(page.getByText("Run with us in 2027")).toHaveCount(0);

  await page.goto("/admin?page=marathons");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, "/what-we-offer/marathons");
  await expect(page.getByRole("heading", { level: 1, name: "Run with us in 2027" })).toBeVisible();
  await expectAccessible(page, "Marathons published");

  // Put it back.
  await setHeroTitle(page, "Marathons");
  await visit(page, "/what-we-offer/marathons");
  await expect(page.getByRole("heading", { level: 1, name: "Marathons" })).toBeVisible();
});
