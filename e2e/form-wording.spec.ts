import { expect, test, type Locator, type Page } from "@playwright/test";
import { checkAdminPage, closeToasts, createAdmin, openEditorTab, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";
import { withSiteDatabase } from "./site-database";

/**
 * A form block's consent words are content: staff give a page a newsletter
 * sign-up, see its standard words in the editor, reword them and publish;
 * a visitor reads the new words beside the box they tick, and their
 * sign-up's consent record holds those words. The block is then taken out
 * again, for the specs that read every page's text.
 */

const ADMIN = { email: "wording-admin@example.org", password: "consent words are content 8" };
const PAGE_ID = "mountains";
const PATH = "/what-we-offer/mountains";
const STANDARD = "Yes, please e-mail me news, events and ways to help. I can unsubscribe at any time.";
const REWORDED = "Yes, e-mail me about climbs, walks and ways to help. I can unsubscribe whenever I like.";
const TITLE = "Hear about the next climb";

test.beforeAll(() => {
  createAdmin(ADMIN);
});

/** The page's Blocks sub-tab. */
async function blocksOf(page: Page) {
  await page.goto(`/admin?page=${PAGE_ID}`);
  await openEditorTab(page, "Blocks");
  await expect(page.getByRole("list", { name: "Blocks of this page" })).toBeVisible();
}

/** The page's form block, opened. */
async function formBlock(page: Page): Promise<Locator> {
  await blocksOf(page);
  const toggle = page.getByRole("button", { name: /^Block \d+: Form/ });
  await toggle.click();
  await expect(toggle).toHaveAttribute("aria-expanded", "true");
  return page.getByRole("region", { name: /^Block \d+: Form$/ });
}

async function saveAndPublish(page: Page, context: string) {
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await checkAdminPage(page, context);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
}

/** The sign-up form the page's block shows (the footer has one of its own). */
const blockForm = (page: Page) => page.getByRole("main").getByRole("region", { name: TITLE });

test("staff reword a newsletter sign-up's consent, and a visitor reads and agrees to the new words", async ({ page }) => {
  await signInAs(page, ADMIN, `/admin?page=${PAGE_ID}`);
  await closeToasts(page, "Login Successful");

  // The page gets a newsletter sign-up, which opens on the words visitors read everywhere today.
  await blocksOf(page);
  await page.getByLabel("Block type").selectOption({ label: "Form" });
  await page.getByRole("button", { name: "Add block" }).click();
  const added = page.getByRole("region", { name: /^Block \d+: Form$/ });
  await added.getByLabel("Form", { exact: true }).selectOption({ label: "Newsletter sign-up" });
  await added.getByLabel("Title").fill(TITLE);
  await expect(added.getByLabel("Consent wording")).toHaveValue(STANDARD);
  await expect(added.getByText("The standard wording.").first()).toBeVisible();
  await saveAndPublish(page, "a newsletter sign-up added to Mountains");

  await visit(page, PATH);
  await expect(blockForm(page).getByRole("checkbox", { name: STANDARD })).toBeVisible();

  // Staff reword the consent on the page that has the sign-up.
  let block = await formBlock(page);
  await block.getByLabel("Consent wording").fill(REWORDED);
  await expect(block.getByText("Reworded for this page.")).toBeVisible();
  await checkAdminPage(page, "the sign-up's consent reworded");
  await saveAndPublish(page, "Mountains with reworded consent");

  // A visitor reads the new words beside the box, and only there: the footer's form keeps the standard ones.
  await visit(page, PATH);
  const form = blockForm(page);
  await expect(form.getByRole("checkbox", { name: REWORDED })).toBeVisible();
  await expect(form.getByText(STANDARD)).toHaveCount(0);
  await expect(page.getByRole("contentinfo").getByRole("checkbox", { name: STANDARD })).toBeVisible();

  await form.getByLabel("Email address").fill("climber@example.org");
  await form.getByRole("checkbox", { name: REWORDED }).check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await page.waitForURL((url) => url.searchParams.get("newsletter") === "check-email");
  await expect(blockForm(page).getByText(/Thank you! Please check your inbox/)).toBeVisible();
  await expectAccessible(page, "the sign-up's thanks");
  const consent = await withSiteDatabase(({ db }) => db.selectFrom("subscribers").select("consent_text").where("email", "=", "climber@example.org").executeTakeFirst());
  expect(consent?.consent_text).toBe(REWORDED);

  // Put the page back as it was.
  block = await formBlock(page);
  await block.getByRole("button", { name: "Use the standard consent wording" }).click();
  await expect(block.getByLabel("Consent wording")).toHaveValue(STANDARD);
  await page.getByRole("button", { name: /^Remove Block \d+: Form$/ }).click();
  await saveAndPublish(page, "Mountains back as it was");
  await visit(page, PATH);
  await expect(page.getByRole("main").getByRole("checkbox")).toHaveCount(0);
  await expect(page.getByRole("heading", { name: TITLE })).toHaveCount(0);
});
