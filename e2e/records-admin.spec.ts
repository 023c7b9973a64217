import { expect, test, type Page } from "@playwright/test";
import sharp from "sharp";
import { checkAdminPage, createAdmin, signInAs } from "./admin-session";
import { createEventForm, daysFromNow, fillEventForm } from "./event-form";
import { expectAccessible, visit } from "./helpers";

/**
 * The Events tab's picture comes from the media library (picked or uploaded
 * on the spot) and shows on the event's page and on /news with its real size;
 * an admin action on a record that is gone answers 404 and says so on the
 * page, with JavaScript or without.
 */

const ADMIN = { email: "events-picture-admin@example.org", password: "events picture e2e passphrase 3" };

test.describe.configure({ mode: "serial", timeout: 150_000 });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

async function signIn(page: Page, to: string): Promise<void> {
  await signInAs(page, ADMIN, to);
  await checkAdminPage(page, "after signing in", "Login Successful");
}

test("staff give an event a picture from the media library and visitors see it on the event page and /news", async ({ page }) => {
  await signIn(page, "/admin/events");
  const form = createEventForm(page);
  await fillEventForm(form, {
    title: "Charity Bike Ride",
    category: "sports",
    date: daysFromNow(20),
    time: "09:30",
    location: "Shibden Park, Halifax",
    description: "A ride round the park for all ages.",
  });
  // No typed address: the picture is chosen, not entered.
  await expect(form.getByLabel(/Image address/)).toHaveCount(0);
  await expect(form.getByText("No image: the event shows without a picture.")).toBeVisible();

  // Upload a new picture from the form; it becomes the chosen one.
  await form.getByRole("button", { name: "Upload new" }).click();
  await expect(form.getByText("Connected")).toBeVisible();
  const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#2563eb" } }).jpeg().toBuffer();
  await form.getByLabel("Image file").setInputFiles({ name: "bike-ride.jpg", mimeType: "image/jpeg", buffer: photo });
  await form.getByLabel("Alt text").fill("Riders setting off past the lake");
  await form.getByRole("button", { name: "Upload Image" }).click();
  await checkAdminPage(page, "events tab after uploading a picture", "Image uploaded successfully");
  await expect(form.getByText("Chosen: Riders setting off past the lake")).toBeVisible();
  await expect(form.getByLabel("Image description (alt text)")).toHaveValue("Riders setting off past the lake");

  // Remove it, then choose the same picture again from the library with the picker.
  await form.getByRole("button", { name: "Remove image" }).click();
  await expect(form.getByText("No image: the event shows without a picture.")).toBeVisible();
  await form.getByRole("button", { name: "Choose from the library" }).click();
  await expect(form.getByRole("heading", { name: /Select Image \(\d+ available\)/ })).toBeVisible();
  await form.getByRole("searchbox", { name: "Search images" }).fill("riders setting off");
  await form.getByRole("searchbox", { name: "Search images" }).press("Enter");
  // Enter searched; it did not submit the event.
  // Only the matching picture is left in the list (earlier specs may have left others in the library).
  await expect(form.getByRole("heading", { name: /Select Image \(\d+ available\)/ })).toBeVisible();
  await expect(form.getByRole("button", { name: /Riders setting off past the lake/ })).toHaveCount(1);
  await expectAccessible(page, "events tab with the picker open");
  await form.getByRole("button", { name: /Riders setting off past the lake/ }).click();
  await expect(form.getByText("Chosen: Riders setting off past the lake")).toBeVisible();
  await form.getByLabel("Image description (alt text)").fill("Riders setting off past the lake at Shibden");

  await form.getByRole("button", { name: "Create event" }).click();
  await checkAdminPage(page, "events tab after creating the event", "Event created");

  await visit(page, "/news/charity-bike-ride");
  const picture = page.getByRole("img", { name: "Riders setting off past the lake at Shibden" });
  await expect(picture).toBeVisible();
  await expect(picture).toHaveAttribute("src", /^\/media\/.+\.jpg$/);
  // Its real size, so the page reserves the space.
  await expect(picture).toHaveAttribute("width", "1200");
  await expect(picture).toHaveAttribute("height", "600");

  await visit(page, "/news");
  const card = page.getByRole("region", { name: "Upcoming Events" }).getByRole("listitem").filter({ hasText: "Charity Bike Ride" });
  await expect(card.getByRole("img", { name: "Riders setting off past the lake at Shibden" })).toHaveAttribute("width", "1200");
});

test("acting on an event that another admin deleted answers 404 and says so, with and without JavaScript", async ({ page, browser }) => {
  await signIn(page, "/admin/events");
  await expect(page.getByRole("listitem", { name: "Charity Bike Ride" })).toBeVisible();

  // A second tab, without the site's JavaScript (its scripts are not delivered, so the
  // page stays the server's HTML and forms post natively; axe can still run), still shows the event.
  const noScript = await browser.newContext({ storageState: await page.context().storageState() });
  await noScript.route(/\.m?js(\?.*)?$/, (route) => route.abort());
  const stale = await noScript.newPage();
  await visit(stale, "/admin/events");
  await expect(stale.getByRole("listitem", { name: "Charity Bike Ride" })).toBeVisible();
  // And a third, with JavaScript, opened before the delete too.
  const jsStale = await page.context().newPage();
  await visit(jsStale, "/admin/events");
  await expect(jsStale.getByRole("listitem", { name: "Charity Bike Ride" })).toBeVisible();
  // React has taken over the page (hydrateRoot marks the document), so the click goes through the router.
  await jsStale.waitForFunction(() => Object.keys(document).some((key) => key.startsWith("__reactContainer$")));

  // The first tab deletes it.
  await page.getByRole("listitem", { name: "Charity Bike Ride" }).getByRole("button", { name: "Delete the event Charity Bike Ride" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await checkAdminPage(page, "events tab after deleting", "Event moved to the Bin");

  // The stale tab duplicates it: refused with a 404 and the message on the page, nothing created.
  const [answer] = await Promise.all([
    stale.waitForResponse((r) => r.request().method() === "POST"),
    stale.getByRole("listitem", { name: "Charity Bike Ride" }).getByRole("button", { name: "Duplicate Charity Bike Ride" }).click(),
  ]);
  expect(answer.status()).toBe(404);
  const alert = stale.getByRole("alert").filter({ hasText: "Event not found" });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("It may have been deleted already.");
  await expectAccessible(stale, "events tab after a refused action, without JavaScript");
  await noScript.close();

  // With JavaScript: the same refusal shows in place (the page was not reloaded by a redirect).
  const [jsAnswer] = await Promise.all([
    jsStale.waitForResponse((r) => r.request().method() === "POST" && r.url().includes("/admin/events")),
    jsStale.getByRole("listitem", { name: "Charity Bike Ride" }).getByRole("button", { name: /^(Publish|Unpublish) / }).click(),
  ]);
  expect(jsAnswer.url()).toContain(".data");
  expect(jsAnswer.status()).toBe(404);
  await expect(jsStale.getByRole("alert").filter({ hasText: "Event not found" })).toBeVisible();
  await expectAccessible(jsStale, "events tab after a refused action, with JavaScript");
});

