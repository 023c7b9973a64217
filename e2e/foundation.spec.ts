import { expect, test } from "@playwright/test";
import { enhanced, expectAccessible, useTheme, visit } from "./helpers";

test.describe("foundation", () => {
  test("the home page is server-rendered with header and footer", async ({ request }) => {
    const response = await request.get("/");
    expect(response.status()).toBe(200);
    const html = await response.text();
    // Plain booleans: a failure must not print the whole page.
    expect(html.includes("<h1")&& html.includes("Empowering Our Community"), "heading in the HTML").toBe(true);
    // One menu for both widths, its landmark named by the word its width shows (app/features/site/site-header.tsx).
    expect(/<nav\b[^>]*aria-labelledby="site-menu-name"/.test(html) && html.includes(">Main</span>"), "main navigation in the HTML").toBe(true);
    expect(html.includes("Find Us"), "footer map in the HTML").toBe(true);
    expect(html.includes(`© ${new Date().getFullYear()}`), "copyright with the current year").toBe(true);
    expect(response.headers()["content-type"]).toContain("text/html");
  });

  test("public pages load one small script and no React; the sign-in page still hydrates", async ({ page }) => {
    for (const path of ["/", "/about/mission", "/contact", "/no-such-page"]) {
      await page.goto(path);
      await enhanced(page);
      const scripts = await page.evaluate(() => [...document.querySelectorAll("script[src]")].map((s) => s.getAttribute("src")));
      expect(scripts, `external scripts on ${path}`).toEqual([expect.stringMatching(/^\/assets\/enhance\/[\w-]+\.js$/)]);
      expect(await page.locator('link[rel="modulepreload"]').count(), `module preloads on ${path}`).toBe(0);
      expect(await page.evaluate(() => "__reactRouterContext" in window), `React Router on ${path}`).toBe(false);
    }
    await page.goto("/login");
    await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(true);
    expect(await page.locator('link[rel="modulepreload"]').count()).toBeGreaterThan(0);
    // A client-side link from a hydrated page loads the public page as a document, enhancement script and all.
    await page.getByRole("link", { name: "Back to the website" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Empowering Our Community" })).toBeVisible();
    await expect.poll(() => page.evaluate(() => "__reactRouterContext" in window)).toBe(false);
    await expect(page.getByRole("region", { name: "Testimonials" }).getByRole("button", { name: "Pause testimonials" })).toBeVisible();
  });

  test("hashed assets are cached for a year and compressed", async ({ request, page }) => {
    await page.goto("/");
    await enhanced(page);
    const script = await page.evaluate(() => document.querySelector("script[src]")?.getAttribute("src"));
    expect(script).toMatch(/^\/assets\/.+\.js$/);
    const response = await request.get(script!, { headers: { "Accept-Encoding": "gzip" } });
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.headers()["content-encoding"]).toBe("gzip");
    const html = await request.get("/", { headers: { "Accept-Encoding": "gzip" } });
    expect(html.headers()["content-encoding"]).toBe("gzip");
  });

  for (const theme of ["light", "dark"] as const) {
    test(`home and 404 have no axe violations in the ${theme} theme`, async ({ page, baseURL }) => {
      await useTheme(page, theme, baseURL!);
      await visit(page, "/");
      await expect(page.locator("html")).toHaveClass(theme);
      await visit(page, "/no-such-page", { status: 404 });
      await expect(page.getByRole("heading", { level: 1, name: "Oops! Page not found" })).toBeVisible();
    });
  }

  test("the first visit follows the system theme", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, colorScheme: "dark" });
    const page = await context.newPage();
    await visit(page, "/");
    const background = await page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);
    expect(background).toBe("rgb(11, 17, 32)");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeVisible();
    await context.close();
  });

  test("an unknown path answers 404 with a way home", async ({ page }) => {
    await visit(page, "/no-such-page", { status: 404 });
    await expect(page.getByText("Oops! Page not found")).toBeVisible();
    await page.getByRole("link", { name: "Return to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("heading", { level: 1, name: "Empowering Our Community" })).toBeVisible();
  });

  test("the theme toggle remembers the choice", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await visit(page, "/");
    // The page stays as it is (no reload): the enhancement script switches the class.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page.getByRole("button", { name: "Switch to light theme" })).toBeFocused();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
    await page.reload();
    await expect(page.locator("html")).toHaveClass("dark");
    await expectAccessible(page, "after switching to dark");
    await page.getByRole("button", { name: "Switch to light theme" }).click();
    await expect(page.locator("html")).toHaveClass("light");
  });

  test("desktop menus open on keyboard focus alone", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const aboutMenu = nav.getByRole("list", { name: "About pages" });
    await expect(aboutMenu).toBeHidden();
    await nav.getByRole("link", { name: /^About/ }).focus();
    await expect(aboutMenu).toBeVisible();
    await page.keyboard.press("Tab");
    const focused = page.locator(":focus");
    await expect(focused).toHaveAttribute("href", /^\/about\//);
    await expect(focused).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about\//);
  });

  test("desktop menus open on hover", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await visit(page, "/");
    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.getByRole("link", { name: /^What We Offer/ }).hover();
    await expect(nav.getByRole("list", { name: "What We Offer pages" })).toBeVisible();
  });

  test("the phone menu works by touch and closes when a page is chosen", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, hasTouch: true, isMobile: true });
    const page = await context.newPage();
    await visit(page, "/");
    await page.locator("summary", { hasText: "Menu" }).tap();
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeVisible();
    await expectAccessible(page, "with the phone menu open");
    const subLinks = mobile.locator('a[href^="/what-we-deliver/"]');
    await expect(subLinks.first()).toBeHidden();
    await mobile.locator("summary", { hasText: "What We Deliver pages" }).tap();
    await expect(subLinks.first()).toBeVisible();
    await subLinks.first().tap();
    await expect(page).toHaveURL(/\/what-we-deliver\//);
    await expect(mobile).toBeHidden();
    await context.close();
  });

  test("the theme toggle works without JavaScript too", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled: false, colorScheme: "light" });
    const page = await context.newPage();
    await page.goto("/about/mission");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page).toHaveURL(/\/about\/mission$/);
    await expect(page.locator("html")).toHaveClass("dark");
    await context.close();
  });

  test("when the background post fails, the theme toggle falls back to the plain post", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.route("**/theme", (route) => (route.request().resourceType() === "fetch" ? route.abort() : route.continue()));
    await visit(page, "/about/mission");
    await page.getByRole("button", { name: "Switch to dark theme" }).click();
    await expect(page.locator("html")).toHaveClass("dark");
    await expect(page).toHaveURL(/\/about\/mission$/);
  });

  test("the phone menu works by keyboard", async ({ browser, baseURL }) => {
    const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await visit(page, "/");
    await page.locator("summary", { hasText: "Menu" }).focus();
    await page.keyboard.press("Enter");
    const mobile = page.getByRole("navigation", { name: "Mobile" });
    await expect(mobile).toBeVisible();
    await mobile.locator("summary", { hasText: "About pages" }).focus();
    await page.keyboard.press("Space");
    const mission = mobile.locator('a[href="/about/mission"]');
    await expect(mission).toBeVisible();
    await mission.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/about\/mission$/);
    await expect(mobile).toBeHidden();
    await context.close();
  });

  test("a new page starts at the top", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await visit(page, "/");
    await page.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
    await page.getByRole("link", { name: "Privacy Policy", exact: true }).click();
    await expect(page).toHaveURL(/privacy-policy/);
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });
});
