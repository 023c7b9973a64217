import { expect, test } from "@playwright/test";
import { useTheme, visit } from "./helpers";

/**
 * The public header (app/features/site/site-header.tsx, site-header.css):
 * one menu for every width, the theme toggle's one button, and drop-down
 * menus that stay inside the window. Measured in the browser, since each is
 * a matter of what the stylesheet does with the markup.
 */

const SECTIONS = ["About", "What We Deliver", "What We Offer", "Volunteer", "Contact"];

test.describe("site header", () => {
  for (const theme of ["light", "dark"] as const) {
    for (const width of [390, 1280]) {
      test(`the theme toggle shows only the button that switches away from the ${theme} theme at ${width}px`, async ({ page, baseURL }) => {
        await page.setViewportSize({ width, height: 800 });
        await useTheme(page, theme, baseURL!);
        await visit(page, "/about/mission");
        const shown = page.getByRole("button", { name: theme === "light" ? "Switch to dark theme" : "Switch to light theme" });
        const other = page.getByRole("button", { name: theme === "light" ? "Switch to light theme" : "Switch to dark theme", includeHidden: true });
        await expect(shown).toBeVisible();
        await expect(other).toBeHidden();
        expect(await other.boundingBox(), "the other button takes no room").toBeNull();
      });
    }
  }

  for (const colorScheme of ["light", "dark"] as const) {
    test(`with no stored choice the toggle follows the system's ${colorScheme} theme with one button`, async ({ browser, baseURL }) => {
      const context = await browser.newContext({ baseURL, colorScheme });
      const page = await context.newPage();
      await visit(page, "/");
      const buttons = page.getByRole("button", { name: /^Switch to (dark|light) theme$/ });
      await expect(buttons).toHaveCount(1);
      await expect(buttons).toHaveAccessibleName(colorScheme === "light" ? "Switch to dark theme" : "Switch to light theme");
      await context.close();
    });
  }

  test("every drop-down menu stays inside the window, and the page never scrolls sideways", async ({ page }) => {
    // The last section's menu opened rightwards from its link and ran 38 px past the edge at 1024-1439 px.
    await visit(page, "/about/mission");
    const nav = page.getByRole("navigation", { name: "Main" });
    for (const width of [1024, 1100, 1280, 1366, 1439, 1440, 1920]) {
      await page.setViewportSize({ width, height: 800 });
      for (const name of SECTIONS) {
        await nav.getByRole("link", { name, exact: true }).hover();
        const list = nav.getByRole("list", { name: `${name} pages` });
        await expect(list).toBeVisible();
        const box = (await list.boundingBox())!;
        expect(box.x, `${name} pages at ${width}px: left edge`).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width, `${name} pages at ${width}px: right edge`).toBeLessThanOrEqual(width);
      }
      await page.mouse.move(0, 700);
      expect(await page.evaluate(() => document.documentElement.scrollWidth), `page width at ${width}px`).toBe(width);
    }
  });

  test("one menu serves both widths: each page linked once, one list per section, named Mobile on a phone and Main on a desktop", async ({ page }) => {
    for (const [width, name, other] of [
      [390, "Mobile", "Main"],
      [1280, "Main", "Mobile"],
    ] as const) {
      await page.setViewportSize({ width, height: 800 });
      await visit(page, "/about/mission");
      // On a phone the menu is out of the accessibility tree until it is opened.
      if (width === 390) await page.locator("summary", { hasText: "Menu" }).click();
      const header = page.locator("header");
      await expect(header.locator("nav")).toHaveCount(1);
      await expect(page.getByRole("navigation", { name, exact: true })).toHaveCount(1);
      await expect(page.getByRole("navigation", { name: other, exact: true })).toHaveCount(0);
      await expect(header.locator('a[href="/about/mission"]')).toHaveCount(1);
      await expect(header.locator('a[href="/what-we-deliver/haf"]')).toHaveCount(1);
      for (const section of SECTIONS) await expect(header.locator(`ul[aria-label="${section} pages"]`)).toHaveCount(1);
    }
  });

  test("with JavaScript off the phone menu opens, opens a section and reaches its page", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await page.goto("/");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeHidden();
    await page.locator("summary", { hasText: "Menu" }).tap();
    await expect(mobile).toBeVisible();
    const mission = mobile.getByRole("link", { name: "Our Mission" });
    await expect(mission).toBeHidden();
    await mobile.locator("summary", { hasText: "About pages" }).tap();
    await expect(mission).toBeVisible();
    await mission.tap();
    await expect(page).toHaveURL(/\/about\/mission$/);
    await expect(mobile).toBeHidden();
    await context.close();
  });

  test("with JavaScript off the desktop menus still drop down on hover and on keyboard focus", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: "Volunteer", exact: true }).hover();
    await expect(nav.getByRole("list", { name: "Volunteer pages" })).toBeVisible();
    await page.mouse.move(0, 700);
    await nav.getByRole("link", { name: "Contact", exact: true }).focus();
    await expect(nav.getByRole("list", { name: "Contact pages" })).toBeVisible();
    await expect(nav.getByRole("list", { name: "Volunteer pages" })).toBeHidden();
    await context.close();
  });
});
