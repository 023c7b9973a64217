import fs from "node:fs";
import { createRequire } from "node:module";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
// The axe-core that @axe-core/playwright itself runs, read once per worker.
const fromAxePlaywright = createRequire(createRequire(import.meta.url).resolve("@axe-core/playwright"));
const axeSource = fs.readFileSync(fromAxePlaywright.resolve("axe-core/axe.min.js"), "utf8");

type Violation = { id: string; impact?: string | null; help: string; nodes: { target: unknown[] }[] };

/**
 * Axe's violations on the page as it is now. A page without frames (nearly
 * every one) is checked by axe-core in the page itself; AxeBuilder's way,
 * made for frames, loads axe twice more and opens a blank page to combine
 * the frames' results, which made up a quarter of the end-to-end run.
 */
async function axeViolations(page: Page): Promise<Violation[]> {
  // A frame sandboxed without scripts (an Outbox e-mail shown as its recipient sees it) cannot run axe, and
  // AxeBuilder waits for it until the test times out: such a frame is checked as an element of the page (its title), not inside.
  const scriptableFrames = await page.evaluate(() => [...document.querySelectorAll("iframe")].some((f) => !f.hasAttribute("sandbox") || (f.getAttribute("sandbox") ?? "").split(/\s+/).includes("allow-scripts")));
  if (page.frames().length > 1 && scriptableFrames) return (await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze()).violations;
  await page.evaluate(axeSource);
  return page.evaluate(async (tags) => {
    const axe = (window as unknown as { axe: { run: (context: Document, options: object) => Promise<{ violations: Violation[] }> } }).axe;
    const results = await axe.run(document, { runOnly: { type: "tag", values: tags }, resultTypes: ["violations"], iframes: false });
    return results.violations.map(({ id, impact, help, nodes }) => ({ id, impact, help, nodes: nodes.map(({ target }) => ({ target })) }));
  }, WCAG_TAGS);
}

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
  const summary = (await axeViolations(page)).map(
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
