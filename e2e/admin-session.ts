import { execFileSync } from "node:child_process";
import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "./helpers";

/**
 * An admin's session in the end-to-end specs: the account made with the
 * operator's command, signing in as it, and the admin area's toasts read
 * and closed so that axe checks the page itself.
 */

/** An admin's e-mail address and password. */
export interface AdminAccount {
  email: string;
  password: string;
}

/**
 * The operator's command (`admin:create`): creates the admin, or sets a new
 * password if it is there already, in a data folder (the test server's
 * unless told). Returns what the command printed.
 */
export function createAdmin(account: AdminAccount, dataDir = process.env.E2E_DATA_DIR): string {
  return execFileSync(process.execPath, ["scripts/cli.mjs", "admin:create", "--email", account.email, "--password", account.password], {
    env: { ...process.env, BUILD_DIR: process.env.BUILD_DIR ?? "build", DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    encoding: "utf8",
    stdio: "pipe",
    timeout: 30_000,
  });
}

/** Fills in the sign-in form as the account and sends it, asking to come back to `to`; `origin` for a server other than the test's own. */
export async function submitSignIn(page: Page, account: AdminAccount, to: string, origin = ""): Promise<void> {
  await page.goto(`${origin}/login?redirectTo=${encodeURIComponent(to)}`);
  await page.getByLabel("Email").fill(account.email);
  await page.getByLabel("Password").fill(account.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

/** Signs in as the account and waits until the browser is back on `to` (its path: a query such as `?page=about` is the page's own). */
export async function signInAs(page: Page, account: AdminAccount, to: string, origin = ""): Promise<void> {
  await submitSignIn(page, account, to, origin);
  const pathname = new URL(to, "http://x").pathname;
  await page.waitForURL((url) => url.pathname === pathname);
}

/**
 * Reads a toast, when given its text, then closes every toast and expects
 * none left, so axe checks the page itself. Strict: exactly one toast may
 * say the text, and without a text nothing is closed, so any toast showing
 * fails.
 */
export async function closeToasts(page: Page, text?: string | RegExp, { strict = false } = {}): Promise<void> {
  const toasts = page.locator("[data-sonner-toast]");
  if (text) await expect(strict ? toasts.filter({ hasText: text }) : toasts.filter({ hasText: text }).first()).toBeVisible();
  if (!text && strict) {
    await expect(toasts).toHaveCount(0);
    return;
  }
  // One close at a time, always the first still there: a list taken up front
  // names toasts by position, and once the first has gone "the second" no
  // longer exists, so a click on it would wait for the whole test's time.
  const close = page.getByRole("button", { name: "Close toast" }).first();
  await expect(async () => {
    if ((await close.count()) > 0) await close.click({ timeout: 2_000 });
    await expect(toasts).toHaveCount(0, { timeout: 1_000 });
  }).toPass({ timeout: 20_000 });
}

/**
 * Axe on an admin page once its toasts are read and closed (as
 * closeToasts). The toasts are the admin layout's concern; the page itself
 * must pass.
 */
export async function checkAdminPage(page: Page, context: string, toast?: string | RegExp, options: { strict?: boolean } = {}): Promise<void> {
  await closeToasts(page, toast, options);
  await expectAccessible(page, context);
}

/**
 * Opens one of the page editor's sub-tabs once its script runs: a click
 * that lands before the editor is hydrated does nothing, and on a slow
 * machine (the PostgreSQL + S3 pass) the test went on in the Content tab.
 */
export async function openEditorTab(page: Page, name: string): Promise<void> {
  const tab = page.getByRole("tab", { name, exact: true });
  await expect(async () => {
    await tab.click();
    await expect(tab).toHaveAttribute("aria-selected", "true", { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });
}
