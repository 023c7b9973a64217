import { expect, test, type Page } from "@playwright/test";
import { checkAdminPage, closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, useTheme, visit } from "./helpers";

/**
 * A page's history and schedule (decision 015), as staff and then as a
 * visitor: Compare shows what changed since an older revision before it is
 * restored; Schedule publishes the draft at a UK time through the jobs
 * table, visitors (served from the page cache) see the old words until
 * then and the new ones after, and a time in the past is refused. Each test
 * works on a page no other spec reads closely, and puts it back as it was
 * for the specs that read every page's headings.
 */

const ADMIN = { email: "schedule-admin@example.org", password: "publish it at nine sharp 26" };

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

/** A moment as the Schedule field takes it: "2026-11-28T21:51", in UK time. */
function ukFieldValue(ms: number): string {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-GB", { timeZone: "Europe/London", year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", minute: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(ms))
      .map((p) => [p.type, p.value]),
  );
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** The number of the revision visitors see now (the one marked Current). */
async function currentRevision(page: Page): Promise<number> {
  const item = page.getByRole("listitem").filter({ has: page.getByText("Current", { exact: true }) });
  const words = await item.getByText(/^Revision \d+$/).textContent();
  return Number(words!.replace("Revision ", ""));
}

async function saveAndPublish(page: Page) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await expect(page.getByText("Status:")).toContainText("Published");
}

test("Compare shows what changed since an older revision, against what is live and then against the draft", async ({ page, baseURL }) => {
  const path = "/what-we-deliver/vrp";
  await signInAs(page, ADMIN, "/admin?page=vrp");
  await closeToasts(page, "Login Successful");
  const heroTitle = page.getByLabel("Hero Title", { exact: true });
  const original = await heroTitle.inputValue();
  const older = await currentRevision(page);

  await heroTitle.fill("Safer streets, together");
  await saveAndPublish(page);
  const newer = older + 1;
  await expect(page.getByText(`Revision ${newer}`, { exact: true })).toBeVisible();

  // The older revision against what visitors now see: the hero's title, before and after.
  const compare = page.getByRole("button", { name: `Compare revision ${older} with the page now` });
  await compare.click();
  const dialog = page.getByRole("dialog", { name: `Revision ${older} compared with what is live now` });
  await expect(dialog).toBeVisible();
  const hero = dialog.getByRole("listitem").filter({ hasText: "Title" });
  await expect(dialog.getByRole("heading", { name: /^Hero \(block 1\): Safer streets, together · changed$/ })).toBeVisible();
  await expect(hero.getByRole("term")).toHaveText([`Revision ${older}`, "Live now"]);
  await expect(hero.getByRole("definition")).toHaveText([original, "Safer streets, together"]);
  await expectAccessible(page, "Compare dialog, against what is live");
  // Escape closes it, and the keyboard carries on from the button that opened it.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(compare).toBeFocused();

  // Restored into the draft, the newer revision now differs from the draft the other way round.
  await page.getByRole("button", { name: `Restore revision ${older}` }).click();
  await closeToasts(page, "Revision restored");
  await expect(heroTitle).toHaveValue(original);
  // This time at a phone's width, in the dark theme.
  await useTheme(page, "dark", baseURL!);
  await page.setViewportSize({ width: 390, height: 844 });
  await page.reload();
  await page.getByRole("button", { name: `Compare revision ${newer} with the page now` }).click();
  const draftDialog = page.getByRole("dialog", { name: `Revision ${newer} compared with the current draft` });
  await expect(draftDialog.getByRole("listitem").filter({ hasText: "Title" }).getByRole("definition")).toHaveText(["Safer streets, together", original]);
  await expectAccessible(page, "Compare dialog, against the draft, 390 px, dark");
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth), "no sideways scroll").toBe(true);
  await draftDialog.getByRole("button", { name: "Close" }).click();
  await expect(draftDialog).toBeHidden();

  // Put back: the restored draft goes live.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await checkAdminPage(page, "Pages tab after putting VRP back");
  await visit(page, path);
  await expect(page.getByRole("heading", { level: 1, name: original })).toBeVisible();
});

test("a change scheduled a minute ahead is not live before its time and is after; a time in the past is refused", async ({ page, browser }) => {
  // Up to two minutes until the time, then the job worker's polling and the visitor's.
  test.setTimeout(300_000);
  const path = "/what-we-deliver/employability";
  const changed = "Your next step into work";
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();

  await signInAs(page, ADMIN, "/admin?page=employability");
  await closeToasts(page, "Login Successful");
  const heroTitle = page.getByLabel("Hero Title", { exact: true });
  const original = await heroTitle.inputValue();
  const before = await currentRevision(page);
  await visit(visitor, path);
  await expect(visitor.getByRole("heading", { level: 1, name: original })).toBeVisible();

  await heroTitle.fill(changed);
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await expect(page.getByText("Status:")).toContainText("Draft changes not yet live");

  // A time already past: refused with a message by the field, and nothing scheduled.
  const at = page.getByLabel("Publish the draft at (UK time)");
  await at.fill(ukFieldValue(Date.now() - 60 * 60_000));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Choose a time in the future: that time has already passed.")).toBeVisible();
  await expect(at).toHaveAttribute("aria-invalid", "true");
  await expect(page.getByText("Status:")).toContainText("Draft changes not yet live");
  await expect(page.getByRole("button", { name: "Cancel schedule" })).toHaveCount(0);
  await checkAdminPage(page, "Pages tab, a schedule in the past refused");

  // The next whole minute at least a minute away.
  const due = Math.ceil((Date.now() + 60_000) / 60_000) * 60_000;
  await at.fill(ukFieldValue(due));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await closeToasts(page, "Publish scheduled");
  await expect(page.getByText("Status:")).toContainText("Scheduled for");
  await expect(page.getByRole("button", { name: "Cancel schedule" })).toBeVisible();
  await checkAdminPage(page, "Pages tab, publish scheduled");

  // Before the time, a visitor (no session, so the cached page) still reads the old title.
  await visit(visitor, path);
  await expect(visitor.getByRole("heading", { level: 1, name: original })).toBeVisible();
  expect(Date.now(), "the check before the time ran before it").toBeLessThan(due);

  // After it, the new title, without anyone pressing anything.
  await expect
    .poll(
      async () => {
        await visitor.goto(path);
        return (await visitor.getByRole("heading", { level: 1 }).textContent())?.trim();
      },
      { timeout: 180_000, intervals: [3_000] },
    )
    .toBe(changed);
  expect(Date.now(), "it went live at its time, not before").toBeGreaterThanOrEqual(due);
  await visit(visitor, path);
  await expect(visitor.getByRole("heading", { level: 1, name: changed })).toBeVisible();
  await visitorContext.close();

  // The Pages tab says how it went live.
  await page.goto("/admin?page=employability");
  await expect(page.getByText("Status:")).toContainText("Published");
  const scheduled = page.getByRole("listitem").filter({ hasText: `Revision ${before + 1}` });
  await expect(scheduled).toContainText("published on schedule");
  await expect(scheduled).toContainText("Current");
  await checkAdminPage(page, "Pages tab after the scheduled publish");

  // Put back: the revision before goes live again.
  await page.getByRole("button", { name: `Restore revision ${before}` }).click();
  await closeToasts(page, "Revision restored");
  await expect(heroTitle).toHaveValue(original);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, path);
  await expect(page.getByRole("heading", { level: 1, name: original })).toBeVisible();
});
