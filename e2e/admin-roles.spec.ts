import crypto from "node:crypto";
import { expect, test, type Browser, type Page } from "@playwright/test";
import { checkAdminPage, closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";
import { withSiteDatabase } from "./site-database";

/**
 * Need-to-know access as staff meet it: an Admin gives two colleagues
 * their roles on the users screen; the Editor edits and publishes a page
 * but is refused, in words, registrations, users, settings and the
 * exports; the Safeguarding lead opens a child's registration and exports
 * them, and its navigation shows nothing else.
 */

const suffix = crypto.randomBytes(3).toString("hex");
const ADMIN = { email: `roles-admin-${suffix}@example.org`, password: "mill chimneys in the mist 4" };
const EDITOR = { email: `roles-editor-${suffix}@example.org`, password: "wool and worsted on the looms" };
const SAFEGUARDING = { email: `roles-lead-${suffix}@example.org`, password: "swings in shroggs park today" };
const CHILD = `Ada Roles ${suffix}`;

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  // Each made as an Admin by the operator's command; the Admin gives the others their roles through the screen.
  for (const account of [ADMIN, EDITOR, SAFEGUARDING]) createAdmin(account);
  const at = new Date().toISOString();
  await withSiteDatabase(({ db }) =>
    db
      .insertInto("registrations")
      .values({
        id: crypto.randomUUID(),
        registrant: "parent",
        child_name: CHILD,
        child_dob: "2015-03-02",
        programmes: JSON.stringify(["football"]),
        parent_name: "Grace Roles",
        parent_phone: "07700 900123",
        parent_email: "grace@example.org",
        emergency_name: "Alan Roles",
        emergency_phone: "01422 123123",
        needs: "Peanut allergy: carries an auto-injector.",
        photo_consent: 0,
        declared_at: at,
        status: "new",
        last_contact_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute(),
  );
});

async function newPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  return context.newPage();
}

/** The refusal page for a path: 403, the sentence saying what the role may not do, and axe. */
async function expectRefused(page: Page, path: string, role: string, words: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
  await expect(page.getByText(`Your account (${role}) may not ${words}.`)).toBeVisible();
  await expect(page.getByText(/ask one of the site's Admins/)).toBeVisible();
  await expect(page.getByText(CHILD)).toHaveCount(0);
  await expectAccessible(page, `refused ${path}`);
}

test("an Admin gives colleagues a role on the users screen; an invitation starts at Editor", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAs(page, ADMIN, "/admin/users");
  await checkAdminPage(page, "users screen", "Login Successful");
  await expect(page.getByLabel("Role", { exact: true })).toHaveValue("editor");
  for (const [account, role] of [
    [EDITOR, "Editor"],
    [SAFEGUARDING, "Safeguarding"],
  ] as const) {
    const row = page.getByRole("row").filter({ hasText: account.email });
    await expect(row.getByRole("cell").nth(1)).toContainText("Admin");
    await row.getByLabel(`Role of ${account.email}`).selectOption({ label: role });
    await row.getByRole("button", { name: `Change role of ${account.email}` }).click();
    await closeToasts(page, "Role changed");
    await expect(page.getByRole("row").filter({ hasText: account.email }).getByRole("cell").nth(1)).toContainText(role);
  }
  await checkAdminPage(page, "users screen after the changes");
  await page.context().close();
});

test("an Editor edits and publishes a page, and is refused registrations, users, settings and the exports in words", async ({ browser }) => {
  const page = await newPage(browser);
  await signInAs(page, EDITOR, "/admin");
  await closeToasts(page, "Login Successful");
  const tabs = page.getByRole("navigation", { name: "Admin sections" });
  await expect(tabs.getByRole("link")).toHaveText(["Pages", "Content", "Media", "Reviews", "Newsletter", "YouTube", "Events", "Volunteers", "Serving Humanity", "Page Images"]);
  // Of the smaller areas only the Bin, where what an Editor deletes waits for 30 days.
  await expect(page.getByRole("navigation", { name: "More admin areas" }).getByRole("link")).toHaveText(["Navigation", "Bin"]);
  await expect(page.getByText(`Signed in as ${EDITOR.email} (Editor)`)).toBeVisible();
  await checkAdminPage(page, "Editor's Pages tab");

  // A page no other spec edits (page-content.spec.ts counts About Us's revisions from the first).
  await page.getByLabel("Page", { exact: true }).selectOption({ label: "Our Funders" });
  await page.waitForURL(/\/admin\?page=funders$/);
  const title = `Our funders, edited by ${suffix}`;
  await page.getByLabel("Hero Title", { exact: true }).fill(title);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await checkAdminPage(page, "Editor's page saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, "/about/funders");
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Put back, so the pages read as built for the specs that follow (public-site.spec.ts reads every heading).
  await page.goto("/admin?page=funders");
  await page.getByRole("button", { name: "Restore revision 1" }).click();
  await closeToasts(page, "Revision restored");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, "/about/funders");
  await expect(page.getByRole("heading", { level: 1, name: "Our Funders" })).toBeVisible();

  await expectRefused(page, "/admin/registrations", "Editor", "see or export children's registrations");
  await expect(page.getByRole("link", { name: "Back to your dashboard" })).toBeVisible();
  await expectRefused(page, "/admin/users", "Editor", "manage admin accounts");
  await expectRefused(page, "/admin/settings", "Editor", "change the site's settings");
  // The exports, opened or sent as their forms send them.
  await expectRefused(page, "/admin/registrations.csv", "Editor", "see or export children's registrations");
  for (const [path, words] of [
    ["/admin/registrations.csv", "see or export children's registrations"],
    ["/admin/newsletter-subscribers.csv", "see or export newsletter subscribers"],
  ] as const) {
    await page.goto("/admin");
    const [response] = await Promise.all([
      page.waitForResponse((r) => new URL(r.url()).pathname === path),
      page.evaluate((action) => {
        const form = document.createElement("form");
        form.method = "post";
        form.action = action;
        document.body.append(form);
        form.submit();
      }, path),
    ]);
    expect(response.status(), path).toBe(403);
    await expect(page.getByRole("heading", { level: 1, name: "Not allowed" })).toBeVisible();
    await expect(page.getByText(`Your account (Editor) may not ${words}.`)).toBeVisible();
    await expectAccessible(page, `refused export ${path}`);
  }
  await page.context().close();
});

test("Safeguarding opens a registration and exports them, and sees nothing else", async ({ browser }) => {
  const page = await newPage(browser);
  // The dashboard's address takes it to Registrations, its one area.
  await signInAs(page, SAFEGUARDING, "/admin/registrations");
  await closeToasts(page, "Login Successful");
  await expect(page.getByRole("navigation", { name: "Admin sections" })).toHaveCount(0);
  await expect(page.getByRole("navigation", { name: "More admin areas" }).getByRole("link")).toHaveText(["Registrations"]);
  await expect(page.getByRole("heading", { name: "Registrations" })).toBeVisible();
  await checkAdminPage(page, "Safeguarding's registrations");

  await page.getByRole("link", { name: `View the registration of ${CHILD}` }).click();
  await expect(page.getByRole("heading", { level: 2, name: CHILD })).toBeVisible();
  await expect(page.getByText("Peanut allergy: carries an auto-injector.")).toBeVisible();
  await checkAdminPage(page, "Safeguarding's registration");

  await page.goto("/admin/registrations");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Export all as CSV" }).click();
  expect((await download).suggestedFilename()).toMatch(/^registrations-\d{4}-\d{2}-\d{2}\.csv$/);

  await page.goto("/admin");
  await page.waitForURL((url) => url.pathname === "/admin/registrations");
  await expectRefused(page, "/admin/settings", "Safeguarding", "change the site's settings");
  await expectRefused(page, "/admin/content", "Safeguarding", "edit the website's pages");
  await expectRefused(page, "/admin/volunteers", "Safeguarding", "manage volunteer vacancies");
  await page.context().close();
});
