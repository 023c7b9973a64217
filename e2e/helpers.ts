import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

/** Asserts that axe finds no WCAG 2.x A/AA violations on the page as it is now. */
export async function expectAccessible(page: Page, context = ""): Promise<void> {
  // Let finite animations (a toast sliding in, a dialog fading) settle first, so colour
  // contrast is judged on what the visitor ends up seeing, not a half-faded frame.
  await page
    .waitForFunction(
      () => document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getComputedTiming().iterations === Infinity),
      undefined,
      { timeout: 3_000 },
    )
    .catch(() => undefined);
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"])
    .analyze();
  const summary = results.violations.map(
    (v) => `${v.id} (${v.impact}): ${v.help}\n    ${v.nodes.map((n) => n.target.join(" ")).slice(0, 5).join("\n    ")}`,
  );
  expect(summary, `axe violations ${context} on ${page.url()}`).toEqual([]);
}

/**
 * Waits until a public page's enhancement script, which its loader adds once
 * the page has loaded (app/enhance/loader.ts), has run; pages without it
 * (the admin area, sign-in) return at once.
 */
export async function enhanced(page: Page) {
  await page.waitForFunction(() => document.documentElement.dataset.enhanced === "true" || !document.querySelector("script:not([src]):not([type])")?.textContent?.includes("/assets/enhance/"));
}

/** Opens a page, waits for it to be ready, and checks it with axe. */
export async function visit(page: Page, path: string, options: { status?: number } = {}) {
  const response = await page.goto(path, { waitUntil: "load" });
  expect(response?.status(), `status of ${path}`).toBe(options.status ?? 200);
  await enhanced(page);
  await expectAccessible(page, path);
  return response;
}

/** Sets the visitor's theme as the site's own toggle does (a cookie). */
export async function useTheme(page: Page, theme: "light" | "dark", baseURL: string) {
  await page.context().addCookies([{ name: "theme", value: theme, url: baseURL }]);
}
