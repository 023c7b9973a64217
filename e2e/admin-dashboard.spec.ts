import { expect, test, type Page } from "@playwright/test";
import { createAdmin, signInAs } from "./admin-session";
import { expectAccessible, useTheme, visit } from "./helpers";

/**
 * The screenshots in docs/screens are taken by this spec when asked
 * (SCREENSHOTS=1 npx playwright test e2e/admin-dashboard.spec.ts): a test
 * run must not change files the repository holds.
 */
async function keepScreenshot(page: Page, name: string) {
  if (process.env.SCREENSHOTS === "1") await page.screenshot({ path: `docs/screens/${name}`, fullPage: false });
}

/**
 * The admin's landing page says what needs attention: a visitor's volunteer
 * application and question, sent through the public forms, show up as counts
 * on it and as badges in the navigation, and each count leads to the list
 * holding the record. At desktop and phone width, in both themes, with axe
 * on every page and no sideways scrolling.
 */

const ADMIN = { email: "dashboard-admin@example.org", password: "dashboard e2e passphrase 4" };
const APPLICANT = "Robin Dashboard";
const ASKER = "Morgan Dashboard";

/** The number a navigation link's badge says ("Volunteers, 3 need attention"), 0 without one. */
async function badge(page: Page, label: string): Promise<number> {
  const name = (await page.getByRole("navigation", { name: /admin/i }).getByRole("link", { name: new RegExp(`^${label}\\b`) }).first().textContent()) ?? "";
  const match = /, (\d+) needs? attention/.exec(name);
  return match ? Number(match[1]) : 0;
}

async function noSidewaysScroll(page: Page, context: string): Promise<void> {
  const { scroll, client, wide } = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    // The innermost elements reaching past the window's edge, to say what to fix.
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => el.getBoundingClientRect().right > client + 1 && ![...el.children].some((c) => c.getBoundingClientRect().right > client + 1))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").slice(0, 40)}"`);
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });
  expect(scroll, `page wider than the window ${context}: ${wide.join("; ")}`).toBeLessThanOrEqual(client);
}

async function applyToVolunteer(page: Page): Promise<void> {
  await visit(page, "/volunteer/vacancies");
  await page.getByRole("link", { name: /^Apply Now\s*: Youth Mentor$/ }).click();
  await expect(page).toHaveURL(/\/volunteer\/apply\?role=/);
  const form = page.getByRole("form", { name: "Apply to volunteer" });
  await form.getByLabel("Your full name").fill(APPLICANT);
  await form.getByLabel("Email address").fill("robin@example.org");
  await form.getByRole("checkbox", { name: "Weekends" }).check();
  await form.getByLabel(/Tell us a little about yourself/).fill("I help at my local park run every week.");
  await form.getByRole("checkbox", { name: /I agree that the charity may keep the details/ }).check();
  await form.getByRole("button", { name: "Send my application" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for applying to volunteer" })).toBeVisible();
  await expectAccessible(page, "application sent");
}

async function askAQuestion(page: Page): Promise<void> {
  await visit(page, "/contact");
  const form = page.getByRole("form", { name: "Ask a question" });
  await form.getByLabel("Your name").fill(ASKER);
  await form.getByLabel("Email address").fill("morgan@example.org");
  await form.getByLabel("What is your question about?").selectOption({ label: "Programme details and schedules" });
  await form.getByLabel("Your question", { exact: true }).fill("Is there a girls' football session on Saturdays?");
  await form.getByRole("button", { name: "Send my question" }).click();
  await expect(page.getByRole("heading", { name: "Thank you for your question" })).toBeVisible();
  await expectAccessible(page, "question sent");
}

test("a visitor's application and question appear on the dashboard, in the navigation's badges, and lead to their lists", async ({ browser, baseURL }) => {
  test.setTimeout(180_000);
  createAdmin(ADMIN);
  const staff = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const page = await staff.newPage();
  await useTheme(page, "light", baseURL!);
  await signInAs(page, ADMIN, "/admin");
  await visit(page, "/admin");
  const summary = page.getByRole("region", { name: "Needs attention" });
  await expect(summary).toBeVisible();
  const volunteersBefore = await badge(page, "Volunteers");
  const messagesBefore = await badge(page, "Messages");
  // The Pages tab is still the landing page's own content.
  await expect(page.getByRole("heading", { name: "Page Content Management" })).toBeVisible();

  const visitor = await browser.newContext();
  const visitorPage = await visitor.newPage();
  await applyToVolunteer(visitorPage);
  await askAQuestion(visitorPage);
  await visitor.close();

  await visit(page, "/admin");
  const volunteers = volunteersBefore + 1;
  const messages = messagesBefore + 1;
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav.getByRole("link", { name: new RegExp(`^Volunteers\\s*, ${volunteers} needs? attention$`) })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "More admin areas" }).getByRole("link", { name: new RegExp(`^Messages\\s*, ${messages} needs? attention$`) })).toBeVisible();
  const applications = summary.getByRole("link", { name: new RegExp(`^${volunteers} volunteer applications? to decide$`) });
  const questions = summary.getByRole("link", { name: new RegExp(`^${messages} unanswered questions?$`) });
  await expect(applications).toBeVisible();
  await expect(questions).toBeVisible();
  await keepScreenshot(page, "dashboard-1280.png");

  await applications.click();
  await expect(page).toHaveURL(/\/admin\/volunteers\?status=pending$/);
  await expect(page.getByRole("row", { name: new RegExp(APPLICANT) })).toContainText("Pending");
  await expectAccessible(page, "pending applications");

  await visit(page, "/admin");
  await summary.getByRole("link", { name: /unanswered question/ }).click();
  await expect(page).toHaveURL(/\/admin\/messages\?status=new$/);
  await expect(page.getByRole("article", { name: ASKER })).toContainText("Is there a girls' football session on Saturdays?");
  await expectAccessible(page, "unanswered questions");

  // Phone width: the summary wraps, the page does not scroll sideways.
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/admin");
  await expect(summary.getByRole("link", { name: /volunteer application/ })).toBeVisible();
  await noSidewaysScroll(page, "at 390 px, light");
  // The page editor's heading stays near the top: the summary takes a few lines, not a screen.
  const heading = await page.getByRole("heading", { name: "Page Content Management" }).boundingBox();
  expect(heading!.y).toBeLessThan(844);
  await keepScreenshot(page, "dashboard-390.png");

  await useTheme(page, "dark", baseURL!);
  await visit(page, "/admin");
  await noSidewaysScroll(page, "at 390 px, dark");
  await page.setViewportSize({ width: 1280, height: 900 });
  await visit(page, "/admin");
  await noSidewaysScroll(page, "at 1280 px, dark");
  await visit(page, "/admin/audit");
  await noSidewaysScroll(page, "audit log at 1280 px, dark");
  await page.setViewportSize({ width: 390, height: 844 });
  await visit(page, "/admin/audit");
  await noSidewaysScroll(page, "audit log at 390 px, dark");
  await staff.close();
});
