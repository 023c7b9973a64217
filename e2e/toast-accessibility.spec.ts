import AxeBuilder from "@axe-core/playwright";
import { expect, test, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers";

/**
 * Toasts must pass axe whenever they are checked: the moment one appears,
 * when a second one stacks over it, once settled and while it closes. Sonner
 * fades a toast's opacity by default, and a toast caught half-faded failed
 * colour contrast now and then in full runs; the admin's Toaster
 * (toast-message.tsx) changes opacity at once instead. These checks run axe
 * with no waiting at all, over and over through each change.
 */

const toasts = (page: Page) => page.locator("[data-sonner-toast]");

/** axe's contrast rule on the toasts only, run straight away (no wait for animations). */
async function toastContrastNow(page: Page): Promise<string[]> {
  // The notifications region stays when the last toast has gone (the list inside it does not).
  const results = await new AxeBuilder({ page }).include('section[aria-label^="Notifications"]').withRules(["color-contrast"]).analyze();
  return results.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(" ")} ${n.failureSummary ?? ""}`));
}

/** Runs the contrast check back to back for a while, collecting every violation. */
async function contrastThroughout(page: Page, ms: number): Promise<string[]> {
  const found: string[] = [];
  const end = Date.now() + ms;
  do found.push(...(await toastContrastNow(page)));
  while (Date.now() < end);
  return found;
}

async function refuseEmptySignIn(page: Page) {
  // An empty sign-in is refused in the browser, with an error toast.
  await page.getByRole("button", { name: "Sign In" }).click();
}

for (const theme of ["light", "dark"] as const) {
  test(`a toast passes axe as it appears, stacked, settled and closing (${theme} theme)`, async ({ page, baseURL }) => {
    await page.context().addCookies([{ name: "theme", value: theme, url: baseURL! }]);
    await page.goto("/login");
    // Hydrated: the form's own handler (and so the toast) is live.
    await expect(page.getByRole("button", { name: "Sign In" })).toBeEnabled();

    await refuseEmptySignIn(page);
    await expect(toasts(page)).toHaveCount(1);
    // The enter transition lasts 0.4 s: check all through it.
    expect(await contrastThroughout(page, 800), "appearing").toEqual([]);
    await expect(page.getByText("Please enter both email and password.").first()).toBeVisible();

    // A second toast pushes the first one back into a collapsed stack.
    await refuseEmptySignIn(page);
    await expect(toasts(page)).toHaveCount(2);
    expect(await contrastThroughout(page, 800), "stacking").toEqual([]);

    // Settled: the whole page, as every other test checks it.
    await expectAccessible(page, "with toasts shown");

    // Sonner closes a toast after 4 s: keep checking until both are gone.
    const closing: string[] = [];
    while ((await toasts(page).count()) > 0) closing.push(...(await toastContrastNow(page)));
    expect(closing, "closing").toEqual([]);
  });
}
