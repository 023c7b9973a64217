import { expect, test, type Browser, type Page } from "@playwright/test";
import { checkAdminPage, closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * A page's whole life as staff live it: New page under What We Offer with
 * a hero and formatted text, added to the header menu and published; the
 * menu, the page and the sitemap show it. Then its address changes (the old
 * one redirects), it is hidden from the menu and shown again, copied,
 * deleted into the Bin and restored. At the end the page, its copy and its
 * menu item are gone again, for the specs that read every page and menu.
 */

const ADMIN = { email: "lifecycle-admin@example.org", password: "page lifecycle e2e passphrase 3" };
const TITLE = "Youth Club Nights";
const FIRST_PATH = "/what-we-offer/youth-club-nights";
const MOVED_PATH = "/what-we-offer/youth-nights";

// Serial: each test carries on from the last. The menu's screen is heavy for axe, as in navigation.spec.ts.
test.describe.configure({ mode: "serial", timeout: 180_000 });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

/** A visitor: a browser context of its own, never signed in. */
async function asVisitor<T>(browser: Browser, visitWith: (page: Page) => Promise<T>): Promise<T> {
  const context = await browser.newContext({ baseURL: test.info().project.use.baseURL });
  try {
    return await visitWith(await context.newPage());
  } finally {
    await context.close();
  }
}

const menuLink = (page: Page, name: string) => page.getByRole("navigation", { name: "Main" }).getByRole("link", { name, exact: true, includeHidden: true });

async function sitemapPaths(page: Page): Promise<string[]> {
  const xml = await (await page.request.get("/sitemap.xml")).text();
  return [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]!).pathname);
}

async function openPage(page: Page, title: string) {
  await page.goto("/admin");
  await page.getByLabel("Page", { exact: true }).selectOption({ label: title });
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${title.replace(/[()]/g, "\\$&")}`) })).toBeVisible();
}

test("staff make a page under What We Offer, add it to the menu and publish it; visitors find it in the menu, at its address and in the sitemap", async ({ page, browser }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signInAs(page, ADMIN, "/admin");
  await closeToasts(page, "Login Successful");

  await page.getByRole("button", { name: "New page" }).click();
  const form = page.getByRole("form", { name: "New page" });
  await form.getByLabel("Title").fill(TITLE);
  await form.getByLabel("Goes under").selectOption({ label: "What We Offer (/what-we-offer)" });
  // The address follows the title until staff type their own.
  await expect(form.getByLabel("Address")).toHaveValue("youth-club-nights");
  await expect(form.getByText(`The page will be at ${FIRST_PATH}`)).toBeVisible();
  await checkAdminPage(page, "New page form");
  await form.getByRole("button", { name: "Create page" }).click();
  await closeToasts(page, "Page created");
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${TITLE}`) })).toBeVisible();
  await expect(page.getByText("Status:")).toContainText("Not published");
  // A page staff made has no built-in text to go back to.
  await expect(page.getByRole("button", { name: "Restore the built-in text" })).toHaveCount(0);

  // A draft: nobody sees it yet.
  await asVisitor(browser, async (visitor) => {
    expect((await visitor.goto(FIRST_PATH))?.status()).toBe(404);
  });

  await page.getByLabel("Hero Subtitle").fill("Friday evenings for 11 to 16 year olds");
  await page.getByLabel("Main Title").fill("What happens on a club night");
  const editor = page.getByRole("textbox", { name: "Main Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await page.keyboard.type("Games, music and ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("free hot food");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" every week.");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await expect(page.getByText("Status:")).toContainText("Published");
  await checkAdminPage(page, "a new page published");

  // Listed wherever staff look for pages: the Content tab's shortcuts too.
  await page.goto("/admin/content");
  await expect(page.getByRole("region", { name: "What We Offer", exact: true }).getByRole("link", { name: TITLE, exact: true })).toHaveAttribute("href", /\/admin\?page=/);

  // Into the header menu, under What We Offer.
  await page.goto("/admin/navigation");
  const header = page.getByRole("form", { name: "Header menu" });
  await header.getByLabel("New item's label").fill(TITLE);
  await header.getByLabel("New item links to").selectOption({ label: `${TITLE} (${FIRST_PATH})` });
  await header.getByLabel("Where").selectOption({ label: "Under What We Offer" });
  await header.getByRole("button", { name: "Add item" }).click();
  await header.getByRole("button", { name: "Save menu" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Header menu saved" })).toBeVisible({ timeout: 30_000 });
  await closeToasts(page, "Header menu saved");

  await asVisitor(browser, async (visitor) => {
    await visit(visitor, "/");
    await expect(menuLink(visitor, TITLE)).toHaveAttribute("href", FIRST_PATH);
    await visit(visitor, FIRST_PATH);
    await expect(visitor.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(visitor.getByText("Friday evenings for 11 to 16 year olds")).toBeVisible();
    await expect(visitor.getByRole("heading", { level: 2, name: "What happens on a club night" })).toBeVisible();
    await expect(visitor.locator("main strong", { hasText: "free hot food" })).toBeVisible();
    await expectAccessible(visitor, "a page staff made");
    expect(await sitemapPaths(visitor)).toContain(FIRST_PATH);
  });
});

test("a new address: the page, its menu link and the sitemap follow, and the old address redirects", async ({ page, browser }) => {
  await signInAs(page, ADMIN, "/admin");
  await closeToasts(page, "Login Successful");
  await openPage(page, TITLE);
  const settings = page.getByRole("region", { name: "Page settings" });
  await settings.getByLabel("Address").fill("/admin/youth-nights");
  await settings.getByRole("button", { name: "Change address" }).click();
  await expect(settings.getByText("/admin belongs to the site itself: choose another address.")).toBeVisible();
  await checkAdminPage(page, "a refused address");
  await settings.getByLabel("Address").fill(MOVED_PATH);
  await settings.getByRole("button", { name: "Change address" }).click();
  await closeToasts(page, "Address changed");
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${TITLE}`) })).toContainText(MOVED_PATH);

  await asVisitor(browser, async (visitor) => {
    const answer = await visitor.request.get(FIRST_PATH, { maxRedirects: 0 });
    expect(answer.status()).toBe(301);
    expect(answer.headers().location).toBe(MOVED_PATH);
    await visit(visitor, FIRST_PATH);
    expect(new URL(visitor.url()).pathname).toBe(MOVED_PATH);
    await expect(visitor.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(menuLink(visitor, TITLE)).toHaveAttribute("href", MOVED_PATH);
    const listed = await sitemapPaths(visitor);
    expect(listed).toContain(MOVED_PATH);
    expect(listed).not.toContain(FIRST_PATH);
  });
});

test("hidden from the menu the page keeps its address; a copy starts as a draft", async ({ page, browser }) => {
  await signInAs(page, ADMIN, "/admin");
  await closeToasts(page, "Login Successful");
  await openPage(page, TITLE);
  const settings = page.getByRole("region", { name: "Page settings" });
  await settings.getByRole("button", { name: "Hide from the menu" }).click();
  await closeToasts(page, "Hidden from the menu");
  await asVisitor(browser, async (visitor) => {
    await visit(visitor, MOVED_PATH);
    await expect(visitor.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(menuLink(visitor, TITLE)).toHaveCount(0);
  });
  await page.getByRole("region", { name: "Page settings" }).getByRole("button", { name: "Show in the menu" }).click();
  await closeToasts(page, "Shown in the menu");
  await asVisitor(browser, async (visitor) => {
    await visit(visitor, "/");
    await expect(menuLink(visitor, TITLE)).toHaveAttribute("href", MOVED_PATH);
  });

  await page.getByRole("region", { name: "Page settings" }).getByRole("button", { name: "Duplicate page" }).click();
  await closeToasts(page, "Page copied");
  await expect(page.getByRole("heading", { level: 3, name: new RegExp(`^${TITLE} \\(copy\\)`) })).toContainText(`${MOVED_PATH}-copy`);
  await expect(page.getByLabel("Main Title")).toHaveValue("What happens on a club night");
  await expect(page.getByText("Status:")).toContainText("Not published");
  await checkAdminPage(page, "a copied page");
  // The copy goes straight to the Bin and out of it for good.
  await page.getByRole("region", { name: "Page settings" }).getByRole("button", { name: /^Delete page/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete page" }).click();
  await closeToasts(page, "Page moved to the Bin");
  await visit(page, "/admin/bin");
  await page.getByRole("listitem", { name: `Page: ${MOVED_PATH}-copy` }).getByRole("button", { name: /^Delete permanently/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete permanently" }).click();
  await closeToasts(page);
  await expect(page.getByRole("listitem", { name: `Page: ${MOVED_PATH}-copy` })).toHaveCount(0);
});

test("deleted, the page leaves the site and the menu; restored from the Bin, it is back", async ({ page, browser }) => {
  await signInAs(page, ADMIN, "/admin");
  await closeToasts(page, "Login Successful");
  await openPage(page, TITLE);
  await page.getByRole("region", { name: "Page settings" }).getByRole("button", { name: /^Delete page/ }).click();
  const confirm = page.getByRole("alertdialog");
  await expect(confirm).toContainText("stays in the Bin for 30 days");
  await confirm.getByRole("button", { name: "Delete page" }).click();
  await closeToasts(page, "Page moved to the Bin");
  await expect(page.getByLabel("Page", { exact: true }).getByRole("option", { name: TITLE })).toHaveCount(0);

  await asVisitor(browser, async (visitor) => {
    expect((await visitor.goto(MOVED_PATH))?.status()).toBe(404);
    await visit(visitor, "/");
    await expect(menuLink(visitor, TITLE)).toHaveCount(0);
    expect(await sitemapPaths(visitor)).not.toContain(MOVED_PATH);
  });

  await visit(page, "/admin/bin");
  const binned = page.getByRole("listitem", { name: `Page: ${MOVED_PATH}` });
  await expect(binned).toContainText(ADMIN.email);
  await checkAdminPage(page, "the Bin with a page");
  await binned.getByRole("button", { name: /^Restore/ }).click();
  await closeToasts(page, "Page restored");

  await asVisitor(browser, async (visitor) => {
    await visit(visitor, MOVED_PATH);
    await expect(visitor.getByRole("heading", { level: 1, name: TITLE })).toBeVisible();
    await expect(menuLink(visitor, TITLE)).toHaveAttribute("href", MOVED_PATH);
  });

  // Put the site back: the menu item out, the page deleted for good.
  await page.goto("/admin/navigation");
  await page.getByRole("form", { name: "Header menu" }).getByRole("group", { name: `${TITLE} (under What We Offer)` }).getByRole("button", { name: /^Remove/ }).click();
  await page.getByRole("form", { name: "Header menu" }).getByRole("button", { name: "Save menu" }).click();
  await expect(page.locator("[data-sonner-toast]").filter({ hasText: "Header menu saved" })).toBeVisible({ timeout: 30_000 });
  await closeToasts(page, "Header menu saved");
  await openPage(page, TITLE);
  await page.getByRole("region", { name: "Page settings" }).getByRole("button", { name: /^Delete page/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete page" }).click();
  await closeToasts(page, "Page moved to the Bin");
  await visit(page, "/admin/bin");
  await page.getByRole("listitem", { name: `Page: ${MOVED_PATH}` }).getByRole("button", { name: /^Delete permanently/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete permanently" }).click();
  await closeToasts(page);
  await expect(page.getByRole("listitem", { name: `Page: ${MOVED_PATH}` })).toHaveCount(0);
});
