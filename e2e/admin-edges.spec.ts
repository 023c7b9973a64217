import { expect, test, type Locator, type Page } from "@playwright/test";
import sharp from "sharp";
import { checkAdminPage, closeToasts, createAdmin, signInAs } from "./admin-session";
import { createEventForm } from "./event-form";
import { expectAccessible, visit } from "./helpers";

/**
 * The admin's rough edges, as staff meet them: the image picker inside the
 * event form, a refused Settings save, and the media form with several
 * files chosen. Each test leaves the shared site as it found it.
 */

const ADMIN = { email: "edges-admin@example.org", password: "rough edges e2e passphrase 3" };

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

async function signIn(page: Page, to: string): Promise<void> {
  await signInAs(page, ADMIN, to);
  await closeToasts(page, "Login Successful");
}

type Box = { x: number; y: number; width: number; height: number };
const overlaps = (a: Box, b: Box) => a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** The picker's thumbnails never overlap each other, and its search box keeps a usable width. */
async function expectPickerLaidOut(picker: Locator, width: number) {
  const search = picker.getByRole("searchbox", { name: "Search images" });
  const searchBox = (await search.boundingBox())!;
  expect(searchBox.width, `search box width at ${width} px`).toBeGreaterThanOrEqual(200);
  const boxes = (await picker.getByRole("listitem").evaluateAll((items) => items.map((li) => li.getBoundingClientRect().toJSON() as Box))).filter((b) => b.width > 0);
  expect(boxes.length).toBeGreaterThan(3);
  for (let i = 0; i < boxes.length; i++) {
    expect(boxes[i]!.width, `thumbnail ${i} width at ${width} px`).toBeGreaterThanOrEqual(100);
    for (let j = i + 1; j < boxes.length; j++) expect(overlaps(boxes[i]!, boxes[j]!), `thumbnails ${i} and ${j} overlap at ${width} px`).toBe(false);
  }
  // Nothing in the picker is wider than the picker itself.
  const pickerBox = (await picker.boundingBox())!;
  for (const b of boxes) expect(b.x + b.width).toBeLessThanOrEqual(pickerBox.x + pickerBox.width + 0.5);
}

for (const width of [1280, 390]) {
  test(`the event form's image picker lays out its thumbnails and search box at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await signIn(page, "/admin/events");
    const form = createEventForm(page);
    await form.getByRole("button", { name: "Choose from the library" }).click();
    const picker = form.locator("section", { has: page.getByRole("heading", { name: /Select Image \(\d+ available\)/ }) });
    await expect(picker.getByRole("heading", { name: /Select Image \(\d+ available\)/ })).toBeVisible();
    await expect(picker.getByRole("listitem").first()).toBeVisible();
    await expectPickerLaidOut(picker, width);
    await checkAdminPage(page, `event form with the image picker open at ${width} px`);
  });
}

test("a refused Settings save puts a summary in view, focused, linking to each field, and keeps what was typed", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await signIn(page, "/admin/settings");
  await page.getByLabel("Charity name").fill("");
  await page.getByLabel("Phone").fill("call us");
  await page.getByLabel("Latitude").fill("north");
  // The Save button is at the foot of a long form: the summary is far above it.
  await page.getByRole("button", { name: "Save Settings" }).click();

  const summary = page.getByRole("alert").filter({ hasText: "Nothing was saved" });
  await expect(summary).toBeFocused();
  await expect(summary).toBeInViewport();
  await expect(summary.getByRole("link")).toHaveText([/^Charity name: Charity name is required$/, /^Phone: Phone must be a phone number/, /^Latitude: /]);
  await expect(page.getByLabel("Phone")).toHaveValue("call us");
  await expect(page.getByLabel("Latitude")).toHaveValue("north");
  await expectAccessible(page, "settings after a refused save");

  await summary.getByRole("link", { name: /^Latitude:/ }).click();
  await expect(page.getByLabel("Latitude")).toBeFocused();
  await expect(page.getByLabel("Latitude")).toBeInViewport();
});

test("with two files chosen each gets its own alt text, one left empty is refused in words, and the list says where each is shown once", async ({ page }) => {
  await signIn(page, "/admin/media");
  const upload = page.locator("form", { has: page.getByRole("button", { name: /^Upload (File|\d+ files)$/ }) });
  // Typed before choosing: kept, not replaced by the file names.
  await upload.getByLabel("Alt text").fill("Volunteers painting the hall");
  const picture = async (name: string, colour: string) => ({
    name,
    mimeType: "image/png",
    buffer: await sharp({ create: { width: 64, height: 48, channels: 3, background: colour } }).png().toBuffer(),
  });
  await upload.getByLabel("File", { exact: true }).setInputFiles([await picture("edges-hall.png", "#0ea5e9"), await picture("edges-garden.png", "#22c55e")]);
  const hall = upload.getByLabel("Alt text for edges-hall.png");
  const garden = upload.getByLabel("Alt text for edges-garden.png");
  await expect(hall).toHaveValue("Volunteers painting the hall");
  await expect(garden).toHaveValue("Volunteers painting the hall");
  await expect(upload.getByText("The caption, page, section and category below apply to each of the 2 files.")).toBeVisible();
  await garden.fill("");
  await upload.getByRole("button", { name: "Upload 2 files" }).click();
  await expect(upload.getByRole("alert")).toHaveText("Describe what edges-garden.png shows: alt text is read out to people who cannot see it. Nothing was uploaded.");
  await expect(garden).toBeFocused();
  await expect(hall).toHaveValue("Volunteers painting the hall");
  await expectAccessible(page, "media upload refused for a file without alt text");

  await garden.fill("Vegetable beds in the community garden");
  await upload.getByRole("button", { name: "Upload 2 files" }).click();
  const hallItem = page.getByRole("listitem", { name: "Volunteers painting the hall", exact: true });
  const gardenItem = page.getByRole("listitem", { name: "Vegetable beds in the community garden", exact: true });
  await expect(hallItem).toBeVisible({ timeout: 30_000 });
  await expect(gardenItem).toBeVisible({ timeout: 30_000 });
  for (const item of [hallItem, gardenItem]) {
    await expect(item).toContainText("Not used on the site yet");
    await expect(item).not.toContainText("No page");
    await expect(item).not.toContainText("No section");
  }
  await closeToasts(page);
  await expectAccessible(page, "media library with both files");

  // Put the library back as it was: both files deleted, and gone from the Bin too.
  for (const name of ["Volunteers painting the hall", "Vegetable beds in the community garden"]) {
    await page.getByRole("listitem", { name, exact: true }).getByRole("button", { name: `Delete the file ${name}` }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
    await closeToasts(page, "Media file moved to the Bin");
  }
  await visit(page, "/admin/bin");
  for (const file of ["edges-hall.png", "edges-garden.png"]) {
    await page.getByRole("listitem", { name: new RegExp(file.replace(".", "\\.")) }).getByRole("button", { name: /^Delete permanently/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Delete permanently" }).click();
    await closeToasts(page);
    await expect(page.getByRole("listitem", { name: new RegExp(file.replace(".", "\\.")) })).toHaveCount(0);
  }
});

test("a media file's category can be changed from its edit form", async ({ page }) => {
  await signIn(page, "/admin/media");
  const upload = page.locator("form", { has: page.getByRole("button", { name: /^Upload (File|\d+ files)$/ }) });
  const buffer = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#f97316" } }).png().toBuffer();
  await upload.getByLabel("File", { exact: true }).setInputFiles({ name: "edges-ride.png", mimeType: "image/png", buffer });
  await upload.getByLabel("Alt text").fill("Riders setting off along the canal");
  await upload.getByRole("button", { name: "Upload File" }).click();
  const item = page.getByRole("listitem", { name: "Riders setting off along the canal", exact: true });
  await expect(item).toContainText("General", { timeout: 30_000 });
  await closeToasts(page);

  await item.getByRole("link", { name: /^Edit/ }).click();
  const edit = page.getByRole("form", { name: "Edit Riders setting off along the canal" });
  await edit.getByLabel("Category").selectOption({ label: "Cycling" });
  await expectAccessible(page, "media edit form");
  await edit.getByRole("button", { name: "Save" }).click();
  await closeToasts(page, "Media file updated");
  await expect(item).toContainText("Cycling");

  // The audit log says who moved it, linking to the file.
  await visit(page, "/admin/audit");
  const entry = page.getByRole("link", { name: 'the media file "edges-ride.png"' }).first();
  await expect(entry).toBeVisible();
  await expect(page.getByText(/changed the category of the media file "edges-ride\.png" \(from General to Cycling\)/).first()).toBeVisible();
  await entry.click();
  await expect(page.getByRole("form", { name: "Edit Riders setting off along the canal" })).toBeVisible();
  await expectAccessible(page, "media file opened from the audit log");

  // Put the library back as it was.
  await page.goto("/admin/media");
  await item.getByRole("button", { name: "Delete the file Riders setting off along the canal" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await closeToasts(page, "Media file moved to the Bin");
  await visit(page, "/admin/bin");
  await page.getByRole("listitem", { name: /edges-ride\.png/ }).getByRole("button", { name: /^Delete permanently/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete permanently" }).click();
  await closeToasts(page);
  await expect(page.getByRole("listitem", { name: /edges-ride\.png/ })).toHaveCount(0);
});
