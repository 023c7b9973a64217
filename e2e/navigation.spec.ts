import { expect, test, type Page } from "@playwright/test";
import { checkAdminPage, closeToasts, createAdmin, signInAs } from "./admin-session";
import { visit } from "./helpers";

/**
 * The header menu and footer links as content: staff change them on the
 * Navigation screen, and every public page shows the change. Each test puts
 * the menus back as the built-in ones, which other specs read.
 */

const ADMIN = { email: "navigation-admin@example.org", password: "navigation e2e passphrase 9" };

// Each test signs in, edits, visits the public site and puts the menus back, with axe on the
// admin screen (a few thousand elements: every item's page list): more than the default minute.
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

const menuForm = (page: Page, name: "Header menu" | "Footer links") => page.getByRole("form", { name });
const item = (page: Page, menu: "Header menu" | "Footer links", label: string) => menuForm(page, menu).getByRole("group", { name: label, exact: true });

async function save(page: Page, menu: "Header menu" | "Footer links") {
  await menuForm(page, menu).getByRole("button", { name: "Save menu" }).click();
  // A save drops every cached page, which the server then renders again: on a busy machine the answer can take a while.
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: `${menu} saved` })).toBeVisible({ timeout: 30_000 });
  await closeToasts(page, `${menu} saved`);
}

async function footerLabels(page: Page): Promise<string[]> {
  return menuForm(page, "Footer links").getByRole("textbox", { name: "Label", exact: true }).evaluateAll((inputs) => inputs.map((input) => (input as HTMLInputElement).value));
}

for (const width of [1280, 390]) {
  test(`at ${width}px: rename a header item and add a footer link, and visitors see both; then put them back`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signInAs(page, ADMIN, "/admin/navigation");
    await closeToasts(page, "Login Successful");
    await expect(page.getByRole("heading", { name: "Navigation", exact: true })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Header menu" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Footer links" })).toBeVisible();
    await checkAdminPage(page, `navigation at ${width}px`);

    await item(page, "Header menu", "News and Events").getByRole("textbox", { name: "Label", exact: true }).fill("What's On");
    await save(page, "Header menu");

    const footer = menuForm(page, "Footer links");
    await footer.getByLabel("New item's label").fill("Who Funds Us");
    await footer.getByLabel("New item links to").selectOption({ label: "Our Funders (/about/funders)" });
    await footer.getByRole("button", { name: "Add item" }).click();
    expect(await footerLabels(page)).toEqual(["Join Us", "Donate", "Privacy Policy", "Terms", "Who Funds Us"]);
    await save(page, "Footer links");
    await checkAdminPage(page, `navigation after saving at ${width}px`);

    await visit(page, "/volunteer");
    const menu = page.getByRole("navigation", { name: width < 1024 ? "Mobile" : "Main" });
    if (width < 1024) await page.getByText("Menu", { exact: true }).click();
    await expect(menu.getByRole("link", { name: "What's On", exact: true })).toHaveAttribute("href", "/news");
    await expect(menu.getByRole("link", { name: "News and Events" })).toHaveCount(0);
    await expect(page.getByRole("list", { name: "More pages" }).getByRole("link", { name: "Who Funds Us" })).toHaveAttribute("href", "/about/funders");

    // Back as they were.
    await page.goto("/admin/navigation");
    await item(page, "Header menu", "What's On").getByRole("textbox", { name: "Label", exact: true }).fill("News and Events");
    await save(page, "Header menu");
    await item(page, "Footer links", "Who Funds Us").getByRole("button", { name: /^Remove/ }).click();
    expect(await footerLabels(page)).toEqual(["Join Us", "Donate", "Privacy Policy", "Terms"]);
    await save(page, "Footer links");
    await visit(page, "/volunteer");
    // On a phone the menu is closed: its links are there, hidden.
    await expect(page.getByRole("link", { name: "News and Events", exact: true, includeHidden: true }).first()).toHaveAttribute("href", "/news");
    await expect(page.getByRole("link", { name: "Who Funds Us" })).toHaveCount(0);
  });
}

test("reorder the footer links by keyboard, by dragging with the arrows and with Move up", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, ADMIN, "/admin/navigation");
  await closeToasts(page, "Login Successful");

  // Pick Terms up with Space, move it up one place with the arrow, drop it with Space.
  const handle = item(page, "Footer links", "Terms").getByRole("button", { name: "Drag to reorder: Terms" });
  await handle.focus();
  await page.keyboard.press("Space");
  await expect(handle).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ArrowUp");
  // Screen readers hear where it is now; dropped only once it is over its new place.
  await expect(page.getByText("Terms is over position 3 of 4.")).toBeAttached();
  await page.keyboard.press("Space");
  await expect.poll(() => footerLabels(page)).toEqual(["Join Us", "Donate", "Terms", "Privacy Policy"]);
  await expect(page.getByText(/Terms dropped at position 3 of 4/)).toBeAttached();

  // Move up by keyboard too: the focus stays on the button, which follows the item.
  const moveUp = item(page, "Footer links", "Donate").getByRole("button", { name: "Move up: Donate" });
  await moveUp.focus();
  await page.keyboard.press("Enter");
  expect(await footerLabels(page)).toEqual(["Donate", "Join Us", "Terms", "Privacy Policy"]);
  await expect(item(page, "Footer links", "Donate").getByRole("button", { name: "Drag to reorder: Donate" })).toBeVisible();
  await save(page, "Footer links");
  await checkAdminPage(page, "navigation after reordering");

  await visit(page, "/donate");
  await expect(page.getByRole("list", { name: "More pages" }).getByRole("link")).toHaveText(["Donate", "Join Us", "Terms", "Privacy Policy"]);

  // Back as they were, with the buttons.
  await page.goto("/admin/navigation");
  await item(page, "Footer links", "Join Us").getByRole("button", { name: "Move up: Join Us" }).click();
  await item(page, "Footer links", "Privacy Policy").getByRole("button", { name: "Move up: Privacy Policy" }).click();
  expect(await footerLabels(page)).toEqual(["Join Us", "Donate", "Privacy Policy", "Terms"]);
  await save(page, "Footer links");
  await visit(page, "/donate");
  await expect(page.getByRole("list", { name: "More pages" }).getByRole("link")).toHaveText(["Join Us", "Donate", "Privacy Policy", "Terms"]);
});

test("without JavaScript every change is a post: move, nest and add come back unsaved until Save menu", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false });
  const page = await context.newPage();
  await signInAs(page, ADMIN, "/admin/navigation");
  await item(page, "Header menu", "News and Events").getByRole("button", { name: "Nest under the item above: News and Events" }).click();
  await expect(item(page, "Header menu", "News and Events (under What We Offer)")).toBeVisible();
  // Axe runs in the page, so this page's check is in the tests above; here, what the post gave back.
  await page.goto("/");
  // Not saved: visitors still see it at the top level.
  await expect(page.getByRole("navigation", { name: "Main" }).locator(":scope > ul > li > a", { hasText: "News and Events" })).toHaveCount(1);
  await context.close();
});
