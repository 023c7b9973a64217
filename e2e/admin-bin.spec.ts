import { expect, test, type Page } from "@playwright/test";
import { checkAdminPage, createAdmin, signInAs } from "./admin-session";
import { createEventForm, daysFromNow, fillEventForm } from "./event-form";
import { visit } from "./helpers";

/**
 * The Bin: what staff delete leaves the site at once and can be restored
 * for 30 days, from one screen; and bulk delete on the Reviews tab sends
 * several testimonials there in one go. Every page visited is checked with
 * axe, on a desktop screen and on a 390 px phone.
 */

const ADMIN = { email: "bin-admin@example.org", password: "nothing is ever lost 42" };

test.describe.configure({ mode: "serial", timeout: 150_000 });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

/** Delete permanently, from the Bin, after its confirmation. */
async function emptyFromBin(page: Page, item: string, what: string, toast: string) {
  await visit(page, "/admin/bin");
  await page.getByRole("listitem", { name: item }).getByRole("button", { name: `Delete permanently ${what}` }).click();
  await expect(page.getByRole("alertdialog")).toContainText("This cannot be undone.");
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete permanently" }).click();
  await checkAdminPage(page, "the bin after a permanent delete", toast);
  await expect(page.getByRole("listitem", { name: item })).toHaveCount(0);
}

async function openBin(page: Page) {
  // On a phone the areas are behind the menu button.
  const menu = page.getByRole("button", { name: /^Menu/ });
  if (await menu.isVisible()) await menu.click();
  await page.getByRole("link", { name: "Bin", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/admin/bin");
  await expect(page.getByRole("heading", { name: "Bin", level: 2 })).toBeVisible();
}

for (const width of [1280, 390]) {
  test(`a deleted event leaves /news, and Restore in the Bin brings it back (${width} px)`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    const title = `Bin Day Fair ${width}`;
    await signInAs(page, ADMIN, "/admin/events");
    await checkAdminPage(page, "events tab after signing in", "Login Successful");
    const form = createEventForm(page);
    await fillEventForm(form, { title, category: "community", date: daysFromNow(15), time: "11:00", location: "Square Chapel, Halifax", description: "Stalls and games." });
    await form.getByRole("button", { name: "Create event" }).click();
    await checkAdminPage(page, "events tab after creating", "Event created");

    await visit(page, "/news");
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

    await visit(page, "/admin/events");
    await page.getByRole("listitem", { name: title }).getByRole("button", { name: `Delete the event ${title}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog).toContainText("It goes to the Bin, where it can be restored for 30 days.");
    await dialog.getByRole("button", { name: "Delete" }).click();
    await checkAdminPage(page, "events tab after deleting", "Event moved to the Bin");
    await expect(page.getByRole("listitem", { name: title })).toHaveCount(0);

    await visit(page, "/news");
    await expect(page.getByRole("link", { name: title, exact: true })).toHaveCount(0);

    await visit(page, "/admin/events");
    await openBin(page);
    await checkAdminPage(page, "the bin");
    const item = page.getByRole("listitem", { name: `Event: ${title}` });
    await expect(item).toContainText(`Deleted by ${ADMIN.email}`);
    await expect(item).toContainText("30 days left.");
    await item.getByRole("button", { name: `Restore the event ${title}` }).click();
    await checkAdminPage(page, "the bin after restoring", "Event restored");
    await expect(page.getByRole("listitem", { name: `Event: ${title}` })).toHaveCount(0);

    await visit(page, "/news");
    await expect(page.getByRole("link", { name: title, exact: true })).toBeVisible();

    // Leave the site as it was for the specs after this one: deleted again, then for good.
    await visit(page, "/admin/events");
    await page.getByRole("listitem", { name: title }).getByRole("button", { name: `Delete the event ${title}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await checkAdminPage(page, "events tab after deleting again", "Event moved to the Bin");
    await emptyFromBin(page, `Event: ${title}`, `the event ${title}`, "Event deleted permanently");
  });
}

test("bulk delete of two testimonials sends both to the Bin, and one is restored (390 px)", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signInAs(page, ADMIN, "/admin/reviews");
  await checkAdminPage(page, "reviews tab after signing in", "Login Successful");
  const add = page.locator("form", { has: page.getByRole("heading", { name: "Add a testimonial" }) });
  for (const name of ["Bulk Bea", "Bulk Cal"]) {
    await add.getByLabel("Name").fill(name);
    await add.getByRole("textbox", { name: "Text", exact: true }).fill(`${name} loved the youth club.`);
    await add.getByRole("button", { name: "Add testimonial" }).click();
    await checkAdminPage(page, `after adding ${name}`, "Testimonial added");
  }

  await page.getByRole("checkbox", { name: "Select the testimonial from Bulk Bea" }).check();
  await page.getByRole("checkbox", { name: "Select the testimonial from Bulk Cal" }).check();
  await page.getByRole("form", { name: "Change the selected testimonials" }).getByRole("button", { name: "Delete selected" }).click();
  await checkAdminPage(page, "reviews tab after the bulk delete", "2 testimonials moved to the Bin");
  await expect(page.getByRole("listitem", { name: /Testimonial from Bulk (Bea|Cal)/ })).toHaveCount(0);

  await openBin(page);
  await checkAdminPage(page, "the bin with two testimonials");
  await expect(page.getByRole("listitem", { name: /Testimonial: Bulk (Bea|Cal)/ })).toHaveCount(2);
  await page.getByRole("listitem", { name: "Testimonial: Bulk Bea" }).getByRole("button", { name: "Restore the testimonial Bulk Bea" }).click();
  await checkAdminPage(page, "the bin after restoring one", "Testimonial restored");
  await expect(page.getByRole("listitem", { name: "Testimonial: Bulk Cal" })).toBeVisible();

  await visit(page, "/admin/reviews");
  await expect(page.getByRole("listitem", { name: "Testimonial from Bulk Bea" })).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Testimonial from Bulk Cal" })).toHaveCount(0);

  // Delete permanently asks first; then the restored one goes too, leaving the Reviews tab as the specs after this one expect.
  await emptyFromBin(page, "Testimonial: Bulk Cal", "the testimonial Bulk Cal", "Testimonial deleted permanently");
  await visit(page, "/admin/reviews");
  await page.getByRole("checkbox", { name: "Select the testimonial from Bulk Bea" }).check();
  await page.getByRole("form", { name: "Change the selected testimonials" }).getByRole("button", { name: "Delete selected" }).click();
  await checkAdminPage(page, "reviews tab after deleting the last one", "1 testimonial moved to the Bin");
  await emptyFromBin(page, "Testimonial: Bulk Bea", "the testimonial Bulk Bea", "Testimonial deleted permanently");
  await expect(page.getByText("The Bin is empty.")).toBeVisible();
});
