import { expect, test, type BrowserContext, type Page } from "@playwright/test";
import sharp from "sharp";
import { checkAdminPage, closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * Page content end to end: staff edit a page's words, images and layout,
 * assign section images and change the site settings, and the public site
 * shows each change on the next visit.
 */

const ADMIN = { email: "pages-admin@example.org", password: "page content e2e passphrase 6" };

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

async function signIn(page: Page, to: string): Promise<void> {
  await signInAs(page, ADMIN, to);
  await closeToasts(page, "Login Successful");
}

test("edit About Us in the Pages tab, see it on /about, then restore the earlier version", async ({ page, context }) => {
  await visit(page, "/about");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();

  await signIn(page, "/admin");
  await expect(page.getByRole("heading", { name: "Page Content Management" })).toBeVisible();
  await expect(page.getByText("Edit content, layout, and images for all website pages")).toBeVisible();
  const selector = page.getByLabel("Page", { exact: true });
  // Grouped by category, every page by title.
  await expect(selector.locator("optgroup")).toHaveCount(6);
  await expect(selector.locator('optgroup[label="What We Offer"] option', { hasText: "Serving Humanity" })).toHaveCount(1);
  await checkAdminPage(page, "Pages tab, no page chosen");

  await selector.selectOption({ label: "About Us" });
  await page.waitForURL(/\/admin\?page=about$/);
  const save = page.getByRole("button", { name: "Save Changes" });
  await expect(page.getByLabel("Hero Title", { exact: true })).toHaveValue("About Us");
  // Main Content is the rich-text editor once its code has loaded (e2e/rich-text.spec.ts covers it in depth).
  const mainContent = page.getByRole("textbox", { name: "Main Content" });
  await expect(mainContent).toHaveAttribute("contenteditable", "true");
  await expect(save).toBeDisabled();
  await expect(page.getByText("Unsaved Changes")).toHaveCount(0);
  await checkAdminPage(page, "Pages tab, About Us");

  await page.getByLabel("Hero Title", { exact: true }).fill("About our Halifax charity");
  // Typed with the editor's Markdown-style shortcuts: "## " starts a heading, "- " a list, **…** is bold.
  await mainContent.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await page.keyboard.type("We changed this text in the admin area.");
  await page.keyboard.press("Enter");
  await page.keyboard.type("## Our promise");
  await page.keyboard.press("Enter");
  await page.keyboard.type("- Free youth sessions");
  await page.keyboard.press("Enter");
  await page.keyboard.type("**Everyone** welcome");
  await expect(page.getByText("Unsaved Changes")).toBeVisible();
  await expect(save).toBeEnabled();

  // Preview shows the unsaved edits in a new tab, and publishes nothing.
  const [preview] = await Promise.all([context.waitForEvent("page"), page.getByRole("button", { name: /^Preview/ }).click()]);
  await preview.waitForLoadState();
  await expect(preview.getByRole("heading", { level: 1, name: "About our Halifax charity" })).toBeVisible();
  await expect(preview.getByRole("note")).toContainText("Visitors do not see them until you publish");
  // With the public pages' enhancement script, as the live page has it.
  await expect(preview.locator("html")).toHaveAttribute("data-enhanced", "true");
  await expectAccessible(preview, "preview");
  await preview.close();
  const stillLive = await page.request.get("/about");
  expect(await stillLive.text()).not.toContain("About our Halifax charity");

  // Leaving with unsaved changes asks first.
  await page.getByRole("link", { name: "Media" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\?page=about$/);
  await expect(page.getByLabel("Hero Title", { exact: true })).toHaveValue("About our Halifax charity");

  await save.click();
  await closeToasts(page, "Changes saved");
  await expect(page.getByText("Unsaved Changes")).toHaveCount(0);
  await expect(save).toBeDisabled();
  // Saved as a draft: the public page waits for Publish.
  await expect(page.getByText("Status:")).toContainText("Draft changes not yet live");
  expect(await (await page.request.get("/about")).text()).not.toContain("About our Halifax charity");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await expect(page.getByText("Revision 2")).toBeVisible();

  await visit(page, "/about");
  await expect(page.getByRole("heading", { level: 1, name: "About our Halifax charity" })).toBeVisible();
  await expect(page.getByText("We changed this text in the admin area.")).toBeVisible();
  await expect(page.getByRole("heading", { name: "Our promise" })).toBeVisible();
  await expect(page.getByRole("listitem").filter({ hasText: "Everyone welcome" })).toBeVisible();
  // The subtitle was never changed, so it is still the built-in one.
  await expect(page.getByText("A community development charity for Halifax")).toBeVisible();

  await page.goto("/admin?page=about");
  // Revision 1 is the site's original copy: restoring it fills the draft, and Publish puts it back.
  await page.getByRole("button", { name: "Restore revision 1" }).click();
  await closeToasts(page, "Revision restored");
  await expect(page.getByLabel("Hero Title", { exact: true })).toHaveValue("About Us");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await expect(page.getByText("Revision 3")).toBeVisible();
  await visit(page, "/about");
  await expect(page.getByRole("heading", { level: 1, name: "About Us" })).toBeVisible();
  await expect(page.getByText("We changed this text in the admin area.")).toHaveCount(0);
});

test("images and layout by keyboard alone: add entries, reorder them, choose a layout and save", async ({ page }) => {
  await signIn(page, "/admin?page=marathons");
  await expect(page.getByLabel("Hero Title", { exact: true })).toHaveValue("Marathons");

  // Sub-tabs follow the tabs pattern: arrow keys move between them.
  await page.getByRole("tab", { name: "Content" }).focus();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByRole("tab", { name: "Images" })).toBeFocused();
  await expect(page.getByRole("tab", { name: "Images" })).toHaveAttribute("aria-selected", "true");
  const images = page.getByRole("tabpanel", { name: "Images" });
  await expect(images.getByText("Marathons")).toHaveCount(0);

  // The built-in illustration is the one entry; remove it, then add two by hand.
  await images.getByRole("button", { name: /^Remove / }).focus();
  await page.keyboard.press("Enter");
  await expect(images.getByText("No images added yet...")).toBeVisible();
  await images.getByRole("button", { name: "Add Manual Entry" }).focus();
  await page.keyboard.press("Enter");
  await expect(images.getByLabel("Image URL/Filename")).toBeFocused();
  await page.keyboard.type("/images/hiking.svg");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Runners on a hill path");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Training run");

  await images.getByRole("button", { name: "Add Manual Entry" }).focus();
  await page.keyboard.press("Enter");
  await expect(images.getByLabel("Image URL/Filename").nth(1)).toBeFocused();
  await page.keyboard.type("/images/sport.svg");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Medals after the race");
  await page.keyboard.press("Tab");
  // Position: gallery, chosen from the select with the keyboard.
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(images.getByLabel("Position").nth(1)).toHaveValue("gallery");

  await images.getByRole("button", { name: "Move Medals after the race up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Medals after the race moved to position 1 of 2" })).toBeAttached();
  await expect(images.getByRole("listitem").first()).toHaveAccessibleName("Image 1: Medals after the race");
  await expect(images.getByRole("listitem").first().getByText("Order: 1")).toBeVisible();
  // Focus stays with the moved entry: at the top, on its other arrow.
  await expect(images.getByRole("button", { name: "Move Medals after the race down" })).toBeFocused();

  await page.getByRole("tab", { name: "Images" }).focus();
  await page.keyboard.press("ArrowRight");
  const layout = page.getByRole("tabpanel", { name: "Layout" });
  // Tab goes to the panel first (the tabs pattern), then into it.
  await page.keyboard.press("Tab");
  await expect(layout).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(layout.getByLabel("Page Layout")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("ArrowDown");
  await expect(layout.getByLabel("Page Layout")).toHaveValue("image-right");
  await expect(layout.getByText("Image right: one image sits to the right of the content")).toBeVisible();
  await expectAccessible(page, "Pages tab, layout sub-tab with edits");

  await page.getByRole("button", { name: "Save Changes" }).focus();
  await page.keyboard.press("Enter");
  await closeToasts(page, "Changes saved");
  await page.getByRole("button", { name: "Publish", exact: true }).focus();
  await page.keyboard.press("Enter");
  await closeToasts(page, "Published");

  await visit(page, "/what-we-offer/marathons");
  const main = page.getByRole("region", { name: "Marathons" }).or(page.locator("#main"));
  // Image right: the Inline image beside the text, the Gallery one in the grid under it.
  await expect(main.getByRole("img", { name: "Medals after the race" })).toBeVisible();
  await expect(main.getByRole("img", { name: "Runners on a hill path" })).toBeVisible();
  await expect(page.getByText("Training run")).toBeVisible();
});

test("an uploaded image applied to the Serving Humanity hero shows on the page", async ({ page }) => {
  await signIn(page, "/admin/serving-humanity");
  await expect(page.getByRole("tab", { name: "Browse & Apply Images" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("heading", { name: /Select Image \(\d+ available\)/ })).toBeVisible();
  // The picker opens on the humanitarian category.
  await expect(page.getByLabel("Category", { exact: true }).first()).toHaveValue("humanitarian");
  await checkAdminPage(page, "Serving Humanity, browse");

  await page.getByRole("radio", { name: /Hero/ }).check();
  await expect(page.getByRole("button", { name: "Apply Image" })).toHaveCount(0);
  await page.getByRole("button", { name: "Upload New" }).click();
  await expect(page.getByText("Connected")).toBeVisible();
  const photo = await sharp({ create: { width: 1200, height: 600, channels: 3, background: "#16a34a" } }).jpeg().toBuffer();
  await page.getByLabel("Image file").setInputFiles({ name: "food-parcels.jpg", mimeType: "image/jpeg", buffer: photo });
  await page.getByLabel("Alt text").fill("Volunteers packing food parcels");
  await page.getByRole("button", { name: "Upload Image" }).click();
  await closeToasts(page, "Image uploaded successfully");
  await page.getByRole("button", { name: "Apply Image" }).click();
  await closeToasts(page, "Image applied");
  await expect(page.getByRole("radio", { name: /Hero/ })).toBeVisible();
  await expect(page.locator("label").filter({ hasText: "Hero" }).getByText("Image assigned")).toBeVisible();
  await expectAccessible(page, "Serving Humanity after applying");

  await page.getByRole("tab", { name: "Direct Upload" }).click();
  await expect(page).toHaveURL(/view=direct/);
  await expect(page.getByRole("heading", { name: "Hero image" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "UC3 Infographic image" })).toBeVisible();
  await checkAdminPage(page, "Serving Humanity, direct upload");

  await visit(page, "/what-we-offer/serving-humanity");
  const hero = page.locator('[data-section="hero"]').getByRole("img", { name: "Volunteers packing food parcels" });
  await expect(hero).toBeVisible();
  await expect(hero).toHaveAttribute("src", /^\/media\/hero\/hero-\d+-[0-9a-f]+\.jpg$/);
});

test("Page Images tab: choose a section and an existing image, apply it, and the register banner follows", async ({ page }) => {
  await signIn(page, "/admin/page-images?page=register-child");
  await checkAdminPage(page, "Page Images tab");
  await page.getByRole("radio", { name: /Register banner/ }).check();
  await page.getByLabel("Category", { exact: true }).selectOption("all");
  await page.getByRole("button", { name: /bicycle on a road/ }).click();
  await page.getByRole("button", { name: "Apply Image" }).click();
  await closeToasts(page, "Image applied");
  await expect(page.locator("label").filter({ hasText: "Register banner" }).getByText("Image assigned")).toBeVisible();

  await visit(page, "/contact/register-child");
  await expect(page.locator("#register-child-banner").getByRole("img", { name: /bicycle on a road/ })).toBeVisible();
});

test("the Content tab lists the pages by the Pages tab's groups, and each opens in the Pages tab at its words", async ({ page }) => {
  await signIn(page, "/admin/content");
  await checkAdminPage(page, "Content tab");
  // No second editor here: only the way into the Pages tab's.
  await expect(page.getByRole("button", { name: "Save Changes" })).toHaveCount(0);
  for (const [group, title] of [["About", "Our Mission"], ["Legal", "Privacy Policy"]] as const) {
    const section = page.getByRole("region", { name: group, exact: true });
    await expect(section.getByRole("link", { name: title, exact: true })).toBeVisible();
  }
  const pagesSelector = await (async () => {
    await page.goto("/admin");
    return page.locator("optgroup").evaluateAll((groups) => groups.map((g) => [g.getAttribute("label"), [...g.querySelectorAll("option")].map((o) => o.textContent)]));
  })();
  await page.goto("/admin/content");
  const shortcuts = await page.locator("section[aria-labelledby^=content-group-]").evaluateAll((sections) =>
    sections.map((s) => [s.querySelector("h3")!.textContent, [...s.querySelectorAll("a")].map((a) => a.textContent)]),
  );
  expect(shortcuts).toEqual(pagesSelector);

  await page.getByRole("region", { name: "About", exact: true }).getByRole("link", { name: "Our Mission", exact: true }).click();
  await page.waitForURL((url) => url.pathname === "/admin" && url.search === "?page=mission");
  await expect(page.getByRole("tab", { name: "Content" })).toHaveAttribute("aria-selected", "true");
  await page.getByLabel("Main Title").fill("What drives us");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await expectAccessible(page, "Pages tab opened from the Content tab, after saving");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, "/about/mission");
  await expect(page.getByRole("heading", { level: 2, name: "What drives us" })).toBeVisible();

  // An address from when the Content tab had its own editor opens the same page in the Pages tab.
  await page.goto("/admin/content?page=homepage");
  await page.waitForURL((url) => url.pathname === "/admin" && url.search === "?page=home");

  // Leave the page as built in: later specs on the same server check the built-in copy.
  // An emptied field takes the built-in text again.
  await page.goto("/admin?page=mission");
  await page.getByLabel("Main Title").fill("");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await expect(page.getByLabel("Main Title")).not.toHaveValue("What drives us");
  await visit(page, "/about/mission");
  await expect(page.getByRole("heading", { level: 2, name: "What drives us" })).toHaveCount(0);
});

/** A colleague (here the same admin, in another tab) saves the Facilities page's hero title. */
async function colleagueSavesFacilities(context: BrowserContext): Promise<void> {
  const other = await context.newPage();
  await other.goto("/admin?page=facilities");
  await other.getByLabel("Hero Title", { exact: true }).fill("Facilities, as a colleague wrote it");
  await other.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(other, "Changes saved");
  await other.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(other, "Published");
  await other.close();
}

test("after someone else's newer save, pressing Enter asks again and never replaces their version", async ({ page, context }) => {
  await signIn(page, "/admin?page=facilities");
  const title = page.getByLabel("Hero Title", { exact: true });
  await expect(title).not.toHaveValue("");

  // A colleague (here the same admin, in another tab) saves first.
  await colleagueSavesFacilities(context);

  await title.fill("Facilities, my version");
  await page.getByRole("button", { name: "Save Changes" }).click();
  const conflict = page.getByText("Someone else saved this page after you opened it");
  await expect(conflict).toBeVisible();
  await expectAccessible(page, "Pages tab, save conflict");

  // Typing on and pressing Enter, as for any save, is a normal save: refused again, not "Save anyway".
  await title.fill("Facilities, my version, again");
  const [answer] = await Promise.all([
    page.waitForResponse((r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/admin")),
    title.press("Enter"),
  ]);
  expect(answer.request().postData() ?? "").not.toContain("force=1");
  expect(answer.status()).toBe(409);
  await expect(conflict).toBeVisible();
  expect(await (await page.request.get("/about/facilities")).text()).toContain("Facilities, as a colleague wrote it");

  // Choosing Save anyway replaces it.
  await page.getByRole("button", { name: "Save anyway" }).click();
  await closeToasts(page, "Changes saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, "/about/facilities");
  await expect(page.getByRole("heading", { level: 1, name: "Facilities, my version, again" })).toBeVisible();

  // Leave the page as built in for later specs.
  await page.goto("/admin?page=facilities");
  await page.getByRole("button", { name: "Restore the built-in text" }).click();
  await closeToasts(page, "Revision restored");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
});

test("after someone else's newer save, Discard changes shows their version; focus stays in the editor after Save, Discard and Restore", async ({ page, context }) => {
  await signIn(page, "/admin?page=facilities");
  const title = page.getByLabel("Hero Title", { exact: true });
  const opened = await title.inputValue();
  // The editor is drawn afresh for each revision, so the button pressed is gone: focus goes to its heading, not to the top of the page.
  const heading = page.getByRole("heading", { level: 3, name: /^Our Facilities/ });
  const toast = (text: string) => page.locator("[data-sonner-toast]").filter({ hasText: text }).first();

  await title.fill("Facilities, saved once");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(toast("Changes saved")).toBeVisible();
  await expect(heading).toBeFocused();
  await closeToasts(page, "Changes saved");

  // A colleague (here the same admin, in another tab) saves meanwhile.
  await colleagueSavesFacilities(context);

  await title.fill("Facilities, my second version");
  await page.getByRole("button", { name: "Save Changes" }).click();
  const conflict = page.getByText("Someone else saved this page after you opened it");
  await expect(conflict).toBeVisible();
  const saveAnyway = page.getByRole("button", { name: "Save anyway" });
  await expect(saveAnyway).toBeVisible();

  // Discard brings the colleague's version, not the one this editor opened, and leaves nothing to Save anyway.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(title).toHaveValue("Facilities, as a colleague wrote it");
  await expect(conflict).toHaveCount(0);
  await expect(saveAnyway).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Save Changes" })).toBeDisabled();
  await expect(heading).toBeFocused();
  expect(await (await page.request.get("/about/facilities")).text()).toContain("Facilities, as a colleague wrote it");

  // Leave the page as built in for later specs; Restore keeps focus in the editor too.
  await page.getByRole("button", { name: "Restore the built-in text" }).click();
  await expect(toast("Revision restored")).toBeVisible();
  await expect(heading).toBeFocused();
  await closeToasts(page, "Revision restored");
  await expect(title).toHaveValue(opened);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
});

test("an image uploaded in the Images sub-tab joins the page's unsaved edits, and leaving still asks", async ({ page }) => {
  await signIn(page, "/admin?page=facilities");
  await page.getByRole("tab", { name: "Images" }).click();
  const images = page.getByRole("tabpanel", { name: "Images" });
  const uploader = images.getByRole("region", { name: "Upload an image" });
  await expect(uploader.getByText("Connected")).toBeVisible();
  const photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: "#0ea5e9" } }).jpeg().toBuffer();
  await uploader.getByLabel("Image file").setInputFiles({ name: "sports-hall.jpg", mimeType: "image/jpeg", buffer: photo });
  await uploader.getByLabel("Alt text").fill("The sports hall set up for badminton");
  await uploader.getByRole("button", { name: "Upload Image" }).click();
  await closeToasts(page, "Image uploaded successfully");
  await expect(images.getByRole("listitem").filter({ hasText: "The sports hall set up for badminton" })).toHaveCount(1);
  await expect(page.getByText("Unsaved Changes")).toBeVisible();
  await checkAdminPage(page, "Pages tab, Images sub-tab after an upload");

  await page.getByRole("link", { name: "Media" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page).toHaveURL(/\/admin\?page=facilities$/);
});

test("edits survive a save refused for an ended session: after signing in again they are offered back, and saved", async ({ page, context }) => {
  const editor = "/admin?page=facilities";
  await signIn(page, editor);
  const heroTitle = page.getByLabel("Hero Title", { exact: true });
  const saved = await heroTitle.inputValue();
  await heroTitle.fill("Our building, kept through a lost session");
  await expect(page.getByText("Unsaved Changes")).toBeVisible();

  // The session ends (it expired, or was signed out elsewhere) after the
  // dashboard's check before every save said it was there, and before the
  // save itself: the check is answered once as it was a moment earlier.
  await context.clearCookies();
  await page.route("**/api/session", (route) => route.fulfill({ json: { admin: true, endsAt: new Date(Date.now() + 3_600_000).toISOString() } }), { times: 1 });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Your session ended before that could be saved. Sign in to carry on." })).toBeVisible();
  await expectAccessible(page, "sign-in after a save with an ended session");
  await page.getByLabel("Email").fill(ADMIN.email);
  await page.getByLabel("Password").fill(ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();

  // Back on the same editor: the stored text, and the lost edit offered back.
  // The Pages tab's saves post to its index route, so the way back may carry React Router's "?index" too.
  await page.waitForURL((url) => url.pathname === "/admin" && url.searchParams.get("page") === "facilities");
  await expect(heroTitle).toHaveValue(saved);
  const offer = page.getByRole("status").filter({ hasText: "Unsaved changes kept in this browser" });
  await expect(offer).toBeVisible();
  await checkAdminPage(page, "editor offering unsaved changes", "Login Successful");
  await offer.getByRole("button", { name: "Restore changes" }).click();
  await expect(offer).toHaveCount(0);
  await expect(heroTitle).toHaveValue("Our building, kept through a lost session");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, "/about/facilities");
  await expect(page.getByRole("heading", { level: 1, name: "Our building, kept through a lost session" })).toBeVisible();

  // Saved, so nothing is offered any more.
  await page.goto(editor);
  await expect(heroTitle).toHaveValue("Our building, kept through a lost session");
  await expect(page.getByText("Unsaved changes kept in this browser")).toHaveCount(0);

  // A tab closed with unsaved edits: the next visit offers them, and "Discard them" lets them go for good.
  await heroTitle.fill("An edit left in a closed tab");
  await expect(page.getByText("Unsaved Changes")).toBeVisible();
  const next = await context.newPage();
  await next.goto(editor);
  await expect(next.getByText("Unsaved changes kept in this browser")).toBeVisible();
  await next.getByRole("button", { name: "Discard them" }).click();
  await expect(next.getByText("Unsaved changes kept in this browser")).toHaveCount(0);
  await expect(next.getByLabel("Hero Title", { exact: true })).toHaveValue("Our building, kept through a lost session");
  await next.reload();
  await expect(next.getByLabel("Hero Title", { exact: true })).toHaveValue("Our building, kept through a lost session");
  await expect(next.getByText("Unsaved changes kept in this browser")).toHaveCount(0);
  await next.close();

  // Leave the page as built in for later specs.
  await page.getByRole("button", { name: "Discard changes" }).click();
  await page.getByRole("button", { name: "Restore the built-in text" }).click();
  await closeToasts(page, "Revision restored");
  await expect(heroTitle).toHaveValue(saved);
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");

  // Edits left on purpose (signing out, then "Leave without saving") are not offered back.
  await heroTitle.fill("An edit left behind on purpose");
  await page.getByRole("button", { name: "Logout" }).click();
  await page.getByRole("alertdialog", { name: "Leave without saving?" }).getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("button", { name: "Sign In" })).toBeVisible();
  await signIn(page, editor);
  await expect(heroTitle).toHaveValue(saved);
  await expect(page.getByText("Unsaved changes kept in this browser")).toHaveCount(0);
});

test("what is typed into Settings before the page's script has run still counts as unsaved", async ({ page }) => {
  await signIn(page, "/admin/events");
  // The page's scripts are held back, as on a slow connection, while the admin starts typing.
  let release: () => void = () => {};
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/.*\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto("/admin/settings", { waitUntil: "commit" });
  const form = page.locator("form", { has: page.getByRole("button", { name: "Save Settings" }) });
  await form.getByLabel("Tagline").fill("Typed before the page was ready");
  release();
  await page.waitForLoadState("load");
  // React has taken over the form (its fibers are on the element), and its effects have run.
  await expect.poll(() => form.evaluate((element) => Object.keys(element).some((key) => key.startsWith("__reactFiber")))).toBe(true);
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0))));
  await expect(form.getByLabel("Tagline")).toHaveValue("Typed before the page was ready");

  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await page.getByRole("link", { name: "Events" }).click();
  await expect(leave).toBeVisible();
  await expectAccessible(page, "leave Settings typed before the script ran");
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(form.getByLabel("Tagline")).toHaveValue("Typed before the page was ready");
  await page.getByRole("link", { name: "Events" }).click();
  await leave.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
});

test("a phone number saved in Settings appears in the footer; a bad value is refused and kept", async ({ page }) => {
  await signIn(page, "/admin/settings");
  await checkAdminPage(page, "Settings");
  await page.getByLabel("Phone").fill("not a number");
  await page.getByRole("button", { name: "Save Settings" }).click();
  // Said twice: in the summary at the top (linking to the field) and under the field itself.
  await expect(page.getByRole("alert").getByRole("link", { name: /^Phone: Phone must be a phone number/ })).toBeVisible();
  await expect(page.getByLabel("Phone")).toHaveAccessibleDescription(/Phone must be a phone number/);
  await expect(page.getByLabel("Phone")).toHaveValue("not a number");
  await expectAccessible(page, "Settings with an error");
  // What the refused save sent back is not saved either: another tab asks first.
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  await page.getByRole("link", { name: "Events" }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(page.getByLabel("Phone")).toHaveValue("not a number");

  await page.getByLabel("Phone").fill("01422 555123");
  await page.getByLabel("Registered charity number").fill("1234567");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await closeToasts(page, "Settings saved");
  // Saved: leaving has nothing to ask about.
  await page.getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(leave).toHaveCount(0);

  await visit(page, "/");
  const footer = page.getByRole("contentinfo");
  await expect(footer.getByRole("link", { name: "01422 555123" })).toHaveAttribute("href", "tel:01422555123");
  await expect(footer.getByText("Registered charity number 1234567.")).toBeVisible();

  // Leave the settings empty again: the public-site spec that follows on the same server expects the placeholders.
  await page.goto("/admin/settings");
  await page.getByLabel("Phone").fill("");
  await page.getByLabel("Registered charity number").fill("");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await closeToasts(page, "Settings saved");
  // Saved again with only spaces typed, which the server stores as the empty value it already had.
  await page.getByLabel("Phone").fill("   ");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await closeToasts(page, "Settings saved");
  // The form stays as it was typed, which is now what is saved: nothing to ask about.
  await page.getByRole("link", { name: "Events" }).click();
  await expect(page).toHaveURL(/\/admin\/events$/);
  await expect(leave).toHaveCount(0);
  await visit(page, "/contact");
  await expect(page.getByText("Contact details coming soon", { exact: true })).toHaveCount(3);
});
