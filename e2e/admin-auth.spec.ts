import { expect, test, type Page } from "@playwright/test";
import { createAdmin } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * Signing in to the admin area and finding one's way round the dashboard,
 * as a member of staff would: by keyboard, by clicking and by URL.
 */

const ADMIN = { email: "e2e-admin@example.org", password: "lighthouse keeper's cocoa" };

const TABS = [
  ["Pages", "/admin"],
  ["Content", "/admin/content"],
  ["Media", "/admin/media"],
  ["Reviews", "/admin/reviews"],
  ["Newsletter", "/admin/newsletter"],
  ["YouTube", "/admin/youtube"],
  ["Events", "/admin/events"],
  ["Volunteers", "/admin/volunteers"],
  ["Serving Humanity", "/admin/serving-humanity"],
  ["Page Images", "/admin/page-images"],
] as const;

async function signIn(page: Page, path = "/login") {
  await page.goto(path);
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
}

test.describe.serial("admin sign-in and dashboard", () => {
  test("the first admin is created from the sign-in page, and the button then disappears", async ({ page }) => {
    await visit(page, "/login");
    const create = page.getByRole("button", { name: "Create Admin User" });
    test.skip(!(await create.isVisible()), "another spec already created an admin on this server");
    await create.click();
    const dialog = page.getByRole("dialog", { name: "Create Admin User" });
    await expect(dialog).toBeVisible();
    await expectAccessible(page, "create-admin dialog");
    await dialog.getByLabel("Email").fill(ADMIN.email);
    await dialog.getByLabel("Password", { exact: true }).fill("password1234");
    await dialog.getByLabel("Confirm password").fill("password1234");
    await dialog.getByRole("button", { name: "Create Admin User" }).click();
    // A common password is refused with the reason; what was typed stays.
    await expect(page.getByText("Creation Failed").first()).toBeVisible();
    await expect(dialog.getByText(/too common/)).toBeVisible();
    await expect(dialog.getByLabel("Email")).toHaveValue(ADMIN.email);

    await dialog.getByLabel("Password", { exact: true }).fill(ADMIN.password);
    await dialog.getByLabel("Confirm password").fill(ADMIN.password);
    await dialog.getByRole("button", { name: "Create Admin User" }).click();
    await expect(page.getByText("Admin User Created")).toBeVisible();
    await expect(page.getByRole("button", { name: "Create Admin User" })).toHaveCount(0);
  });

  test("the operator command creates an admin or resets the password", async () => {
    const output = createAdmin(ADMIN);
    expect(output).toMatch(/Created admin e2e-admin@example.org|Set a new password for e2e-admin@example.org/);
  });

  test("the sign-in form works by keyboard alone and explains each refusal", async ({ page }) => {
    await visit(page, "/login");
    // Tab from the top of the page reaches the e-mail field first.
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Email")).toBeFocused();
    await page.keyboard.press("Enter");
    await expect(page.getByText("Please enter both email and password.").first()).toBeVisible();

    await page.keyboard.type(ADMIN.email);
    await page.keyboard.press("Tab");
    await expect(page.getByLabel("Password")).toBeFocused();
    await page.keyboard.type("not the right password");
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert").filter({ hasText: "Invalid email or password." })).toBeVisible();
    await expect(page.getByText("Login Failed").first()).toBeVisible();
    await expectAccessible(page, "after a failed sign-in");

    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByLabel("Password").press("Enter");
    await expect(page).toHaveURL(/\/admin$/);
    await expect(page.getByRole("heading", { level: 1, name: "Admin Dashboard" })).toBeVisible();
    await expect(page.getByText("Login Successful")).toBeVisible();
    await expect(page.getByText("Welcome to the admin panel.")).toBeVisible();
  });

  test("/admin shows the sign-in form in place, and a deep link comes back after signing in", async ({ page }) => {
    await visit(page, "/admin", { status: 401 });
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.goto("/admin/volunteers");
    await expect(page).toHaveURL(/\/login\?redirectTo=%2Fadmin%2Fvolunteers$/);
    await page.getByLabel("Email").fill(ADMIN.email);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/admin\/volunteers$/);
    await expect(page.getByRole("link", { name: "Volunteers" })).toHaveAttribute("aria-current", "page");
  });

  test("the dashboard has the ten tabs, reachable by click, by URL and by the back button; logging out says so", async ({ page }) => {
    await signIn(page);
    await expectAccessible(page, "dashboard");
    const nav = page.getByRole("navigation", { name: "Admin sections" });
    await expect(nav.getByRole("link")).toHaveText(TABS.map(([label]) => label));
    await expect(nav.getByRole("link", { name: "Pages" })).toHaveAttribute("aria-current", "page");

    // While a tab's data is on its way, the dashboard says it is loading.
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/admin\/content\.data/, async (route) => {
      await held;
      await route.continue();
    });
    await nav.getByRole("link", { name: "Content", exact: true }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toBeVisible();
    release();
    await expect(page.getByRole("status").filter({ hasText: "Loading…" })).toHaveCount(0);
    await page.unroute(/\/admin\/content\.data/);

    for (const [label, path] of TABS.slice(1)) {
      await nav.getByRole("link", { name: label, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${path}$`));
      await expect(nav.getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { level: 2 }).first()).toBeVisible();
    }
    await page.goBack();
    await expect(page).toHaveURL(/\/admin\/serving-humanity$/);
    await expect(nav.getByRole("link", { name: "Serving Humanity" })).toHaveAttribute("aria-current", "page");

    // Bookmarkable: each tab opens directly.
    await visit(page, "/admin/media");
    await expect(nav.getByRole("link", { name: "Media" })).toHaveAttribute("aria-current", "page");
    await visit(page, "/admin/audit");
    await expect(page.getByRole("cell", { name: ADMIN.email }).first()).toBeVisible();

    await page.getByRole("button", { name: "Logout" }).click();
    await expect(page.getByText("Logged Out", { exact: true })).toBeVisible();
    await expect(page.getByText("You have been successfully logged out.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
    await page.goto("/admin/media");
    await expect(page).toHaveURL(/\/login\?redirectTo=/);
  });

  test("public pages load none of the admin code", async ({ page }) => {
    const scripts: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
    });
    await visit(page, "/");
    await visit(page, "/about");
    expect(scripts.length).toBeGreaterThan(0);
    expect(scripts.filter((s) => /\/(admin|login|login-form|toast-message|sonner)[-.]/.test(s))).toEqual([]);
  });
});
