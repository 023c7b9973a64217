import { expect, test, type Locator, type Page } from "@playwright/test";
import { checkAdminPage, closeToasts, createAdmin, openEditorTab, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * What used to be code is content (decision 015): an impact figure on the
 * home page, an FAQ answer and a donation amount are changed in the Pages
 * tab's Blocks sub-tab, published, and seen by visitors; a picture without
 * alt text stops the publish with a message in words. Every change is put
 * back, for the specs that read every page's text.
 */

const ADMIN = { email: "blocks-admin@example.org", password: "blocks are content passphrase 8" };

// Each test edits, publishes and puts a page back: on the PostgreSQL + S3 pass that takes more than the default minute.
test.describe.configure({ mode: "serial", timeout: 150_000 });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

/** The block of this kind in the Blocks sub-tab, opened. */
async function openBlock(page: Page, pageId: string, kind: string): Promise<Locator> {
  await page.goto(`/admin?page=${pageId}`);
  await openEditorTab(page, "Blocks");
  const toggle = page.getByRole("button", { name: new RegExp(`^Block \\d+: ${kind}`) });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  const label = (await toggle.textContent())!.split(" — ")[0]!;
  return page.getByRole("region", { name: label, exact: true });
}

async function saveAndPublish(page: Page, context: string) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await checkAdminPage(page, context);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
}

async function setFigure(page: Page, value: string, label: string) {
  const block = await openBlock(page, "home", "Impact figures");
  const figure = block.getByRole("listitem").filter({ hasText: "Figure 2" });
  await figure.getByLabel("Value").fill(value);
  await figure.getByLabel("Figure label").fill(label);
  await saveAndPublish(page, "Home's blocks");
}

async function setAnswer(page: Page, answer: string) {
  const block = await openBlock(page, "faqs", "Questions and answers");
  await block.getByRole("listitem").filter({ hasText: "Question 1" }).getByLabel("Answer").fill(answer);
  await saveAndPublish(page, "FAQs' blocks");
}

async function setAmount(page: Page, amount: string, buys: string) {
  const block = await openBlock(page, "donate", "Donation amounts");
  const first = block.getByRole("listitem").filter({ hasText: "Amount 1" });
  await first.getByLabel("Amount (£)").fill(amount);
  await first.getByLabel("What it buys").fill(buys);
  await saveAndPublish(page, "Donate's blocks");
}

test("staff change an impact figure, an FAQ answer and a donation amount, and visitors see them", async ({ page }) => {
  await signInAs(page, ADMIN, "/admin?page=home");
  await closeToasts(page, "Login Successful");

  await openEditorTab(page, "Blocks");
  await expect(page.getByRole("list", { name: "Blocks of this page" })).toBeVisible();
  await checkAdminPage(page, "Home's Blocks sub-tab");

  await setFigure(page, "175", "Volunteers and Coaches");
  await visit(page, "/");
  await expect(page.getByText("Volunteers and Coaches")).toBeVisible();
  await expect(page.getByText("175", { exact: true })).toBeVisible();
  await expectAccessible(page, "home with a changed figure");

  await setAnswer(page, "Every weekday after school, and on Saturday mornings.");
  await visit(page, "/contact/faqs");
  await expect(page.getByText("Every weekday after school, and on Saturday mornings.")).toBeVisible();
  await expectAccessible(page, "FAQs with a changed answer");

  await setAmount(page, "12", "£12 buys a ball for a new team");
  await visit(page, "/donate");
  await expect(page.getByText("£12", { exact: true })).toBeVisible();
  await expect(page.getByText("£12 buys a ball for a new team")).toBeVisible();
  await expectAccessible(page, "donate with a changed amount");

  // Put everything back as built.
  await setFigure(page, "150", "Dedicated Volunteers");
  await setAnswer(page, "We offer youth work, sport, art, culture and education activities for young people aged 8 to 25, and our youth programmes are free. Times vary by programme, so please contact us for the latest schedule.");
  await setAmount(page, "10", "£10 gives a young person a week of youth sessions");
  await visit(page, "/donate");
  await expect(page.getByText("£10 gives a young person a week of youth sessions")).toBeVisible();
});

test("a picture without alt text stops the publish, in words, until it is described", async ({ page }) => {
  await signInAs(page, ADMIN, "/admin?page=marathons");
  await closeToasts(page, "Login Successful");
  await openEditorTab(page, "Blocks");
  await page.getByLabel("Block type").selectOption({ label: "Image" });
  await page.getByRole("button", { name: "Add block" }).click();
  const block = page.getByRole("region", { name: /^Block \d+: Image$/ });
  await block.getByLabel("Image URL/Filename").fill("/images/youth.svg");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");

  await page.getByRole("button", { name: "Publish", exact: true }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "This page cannot go live yet" });
  await expect(refusal).toContainText(/Block \d+ \(Image\): its picture has no alt text\. Describe it for people who cannot see it, or mark it decorative\./);
  await checkAdminPage(page, "publish refused for a picture without alt text");
  await visit(page, "/what-we-offer/marathons");
  await expect(page.locator("main img[src='/images/youth.svg']")).toHaveCount(0);

  // Marked decorative, it goes live: a plain content page now draws its own blocks.
  await page.goto("/admin?page=marathons");
  await openEditorTab(page, "Blocks");
  const image = page.getByRole("region", { name: /^Block \d+: Image$/ });
  await image.getByRole("button", { name: /^Block \d+: Image/ }).click();
  await image.getByLabel(/^Decorative/).check();
  await saveAndPublish(page, "a decorative picture added to Marathons");
  await visit(page, "/what-we-offer/marathons");
  await expect(page.locator("main img[src='/images/youth.svg']")).toHaveCount(1);
  await expect(page.getByRole("heading", { level: 1, name: "Marathons" })).toBeVisible();
  await expectAccessible(page, "Marathons with a block of its own");

  // Take the picture out again and leave the page as it was.
  await page.goto("/admin?page=marathons");
  await openEditorTab(page, "Blocks");
  await page.getByRole("button", { name: /^Remove Block \d+: Image$/ }).click();
  await saveAndPublish(page, "marathons back as it was");
  await visit(page, "/what-we-offer/marathons");
  await expect(page.locator("main img[src='/images/youth.svg']")).toHaveCount(0);
});
