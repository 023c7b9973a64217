import { expect, test, type Page } from "@playwright/test";
import { checkAdminPage, createAdmin, signInAs } from "./admin-session";
import { createEventForm, daysFromNow, fillEventForm } from "./event-form";
import { expectAccessible, visit } from "./helpers";
import { withSiteDatabase } from "./site-database";
import { failWrites } from "../test/failing-writes";

/**
 * Testimonials, events and YouTube videos end to end: staff add them in the
 * Reviews, Events and YouTube tabs and visitors see them on the public site.
 */

const ADMIN = { email: "records-admin@example.org", password: "content records e2e passphrase 7" };

// Each test signs in and walks several admin and public pages: give them room on a busy machine.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

async function signIn(page: Page, to: string): Promise<void> {
  await signInAs(page, ADMIN, to);
  await checkStrictly(page, "after signing in", "Login Successful");
}

/** Axe on an admin page as checkAdminPage, strictly: exactly one toast says `toast`, and without one no toast may be showing. */
async function checkStrictly(page: Page, context: string, toast?: string | RegExp): Promise<void> {
  await checkAdminPage(page, context, toast, { strict: true });
}

test("a testimonial staff add and approve appears in the home carousel", async ({ page }) => {
  await visit(page, "/");
  const carousel = page.getByRole("region", { name: "Testimonials" });
  await expect(carousel.getByRole("button", { name: /Show testimonial \d of 4/ })).toHaveCount(4);

  await signIn(page, "/admin/reviews");
  await expect(page.getByRole("link", { name: "Approved (4)" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Pending (0)" })).toBeVisible();

  const form = page.locator("form", { has: page.getByRole("heading", { name: "Add a testimonial" }) });
  await form.getByLabel("Role").fill("Grandparent");
  await form.getByRole("button", { name: "Add testimonial" }).click();
  await expect(form.getByText("Name is required")).toBeVisible();
  await expect(form.getByText("Text is required")).toBeVisible();
  await expect(form.getByLabel("Role")).toHaveValue("Grandparent");
  await checkStrictly(page, "with field errors");

  await form.getByLabel("Name").fill("Maureen");
  await form.getByRole("textbox", { name: "Text", exact: true }).fill("The holiday club gave my grandson a summer to remember.");
  await form.getByLabel("Rating").selectOption("5");
  await form.getByRole("button", { name: "Add testimonial" }).click();
  await expect(page).toHaveURL(/status=pending/);
  await checkStrictly(page, "after adding", "Testimonial added");
  await expect(page.getByRole("link", { name: "Pending (1)" })).toBeVisible();

  const item = page.getByRole("listitem", { name: "Testimonial from Maureen" });
  await expect(item.getByText("Pending", { exact: true })).toBeVisible();
  await item.getByRole("button", { name: "Approve the testimonial from Maureen" }).click();
  await expect(page.getByRole("link", { name: "Approved (5)" })).toBeVisible();
  await checkStrictly(page, "after approving", "Testimonial approved");

  await visit(page, "/");
  await expect(carousel.getByRole("button", { name: /Show testimonial \d of 5/ })).toHaveCount(5);
  await carousel.getByRole("button", { name: "Show testimonial 5 of 5" }).click();
  await expect(carousel.getByText("The holiday club gave my grandson a summer to remember.")).toBeVisible();
  await expect(carousel.getByText("Maureen")).toBeVisible();

  // Delete it again (after confirming), so other specs find the built-in four.
  await page.goto("/admin/reviews");
  await page.getByRole("listitem", { name: "Testimonial from Maureen" }).getByRole("button", { name: "Delete the testimonial from Maureen" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Delete the testimonial from Maureen?" });
  await dialog.getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("link", { name: "All (4)" })).toBeVisible();
  await checkStrictly(page, "after deleting", "Testimonial moved to the Bin");
  await visit(page, "/");
  await expect(carousel.getByRole("button", { name: /Show testimonial \d of 4/ })).toHaveCount(4);
});

test("a testimonial edited in two tabs: the later save from the older form is refused, keeps its text, and shows the newer one", async ({ page, context }) => {
  await signIn(page, "/admin/reviews");
  const add = page.locator("form", { has: page.getByRole("heading", { name: "Add a testimonial" }) });
  await add.getByLabel("Name").fill("Dev");
  await add.getByRole("textbox", { name: "Text", exact: true }).fill("Football on Fridays keeps my son busy.");
  await add.getByRole("button", { name: "Add testimonial" }).click();
  await checkStrictly(page, "after adding", "Testimonial added");

  // Both tabs open the same testimonial to edit it.
  const edit = async (tab: Page) => {
    await tab.goto("/admin/reviews?status=pending");
    await tab.getByRole("listitem", { name: "Testimonial from Dev" }).getByRole("link", { name: "Edit the testimonial from Dev" }).click();
    const form = tab.locator("form", { has: tab.getByRole("heading", { name: "Edit testimonial" }) });
    await expect(form.getByLabel("Name")).toHaveValue("Dev");
    return form;
  };
  const other = await context.newPage();
  const theirs = await edit(other);
  const mine = await edit(page);

  await theirs.getByRole("textbox", { name: "Text", exact: true }).fill("Football on Fridays keeps my son busy and happy.");
  await theirs.getByRole("button", { name: "Save changes" }).click();
  await checkStrictly(other, "after the other tab's save", "Testimonial updated");
  await other.close();

  await mine.getByLabel("Name").fill("Dev, a parent");
  await mine.getByRole("button", { name: "Save changes" }).click();
  const refusal = page.getByRole("alert").filter({ hasText: "Failed to save testimonial." });
  await expect(refusal).toContainText("Someone else saved this testimonial at");
  // The form is drawn afresh, and keyboard focus goes to what happened rather than to the top of the page.
  await expect(page.locator("#record-refusal")).toBeFocused();
  await expect(refusal).toContainText("so nothing was changed");
  await expect(mine.getByLabel("Name")).toHaveValue("Dev, a parent");
  // The list beside the form shows their save.
  await expect(page.getByRole("listitem", { name: "Testimonial from Dev" })).toContainText("keeps my son busy and happy.");
  await checkStrictly(page, "after the refused save");
  // Saving the same form again is refused again: it still carries the version it was opened at.
  await mine.getByRole("button", { name: "Save changes" }).click();
  await expect(refusal).toContainText("Someone else saved this testimonial at");

  // Reopened, it shows their words, and the change is saved on top of them.
  const reopened = await edit(page);
  await expect(reopened.getByRole("textbox", { name: "Text", exact: true })).toHaveValue("Football on Fridays keeps my son busy and happy.");
  await reopened.getByLabel("Name").fill("Dev, a parent");
  await reopened.getByRole("button", { name: "Save changes" }).click();
  await checkStrictly(page, "after saving on top of theirs", "Testimonial updated");
  await expect(page.getByRole("heading", { name: "Add a testimonial" })).toBeFocused();
  const item = page.getByRole("listitem", { name: "Testimonial from Dev, a parent" });
  await expect(item).toContainText("keeps my son busy and happy.");

  await item.getByRole("button", { name: "Delete the testimonial from Dev, a parent" }).click();
  await page.getByRole("alertdialog", { name: "Delete the testimonial from Dev, a parent?" }).getByRole("button", { name: "Delete" }).click();
  await checkStrictly(page, "after deleting", "Testimonial moved to the Bin");
});

test("a testimonial deleted in another tab while being edited: the edit comes back as a new one, with what was typed", async ({ page, context }) => {
  await signIn(page, "/admin/reviews");
  const add = page.locator("form", { has: page.getByRole("heading", { name: "Add a testimonial" }) });
  await add.getByLabel("Name").fill("Priya");
  await add.getByRole("textbox", { name: "Text", exact: true }).fill("The art club gave my daughter confidence.");
  await add.getByRole("button", { name: "Add testimonial" }).click();
  await checkStrictly(page, "after adding", "Testimonial added");
  await page.goto("/admin/reviews?status=pending");
  await page.getByRole("listitem", { name: "Testimonial from Priya" }).getByRole("link", { name: "Edit the testimonial from Priya" }).click();
  const editing = page.locator("form", { has: page.getByRole("heading", { name: "Edit testimonial" }) });
  await editing.getByRole("textbox", { name: "Text", exact: true }).fill("The art club gave my daughter confidence and friends.");

  // A colleague deletes it meanwhile.
  const other = await context.newPage();
  await other.goto("/admin/reviews?status=pending");
  await other.getByRole("listitem", { name: "Testimonial from Priya" }).getByRole("button", { name: "Delete the testimonial from Priya" }).click();
  await other.getByRole("alertdialog", { name: "Delete the testimonial from Priya?" }).getByRole("button", { name: "Delete" }).click();
  await expect(other.getByText("Testimonial moved to the Bin")).toBeVisible();
  await other.close();

  await editing.getByRole("button", { name: "Save changes" }).click();
  await expect(page.getByRole("alert").filter({ hasText: "Failed to save testimonial." })).toContainText("was deleted after you opened it");
  await expect(page.locator("#record-refusal")).toBeFocused();
  const again = page.locator("form", { has: page.getByRole("heading", { name: "Add a testimonial" }) });
  await expect(again.getByRole("textbox", { name: "Text", exact: true })).toHaveValue("The art club gave my daughter confidence and friends.");
  await expect(page.getByRole("listitem", { name: "Testimonial from Priya" })).toHaveCount(0);
  await checkStrictly(page, "after saving a testimonial deleted meanwhile");

  await again.getByRole("button", { name: "Add testimonial" }).click();
  await checkStrictly(page, "after adding it again", "Testimonial added");
  await page.goto("/admin/reviews?status=pending");
  await expect(page.getByRole("listitem", { name: "Testimonial from Priya" })).toContainText("confidence and friends.");
});

test("an event staff create shows on /news, on its own page and in /events.ics", async ({ page }) => {
  const date = daysFromNow(30);
  await signIn(page, "/admin/events");
  await expect(page.getByText(/3 events: 3 published, 0 drafts, 0 upcoming/)).toBeVisible();

  const form = createEventForm(page);
  await form.getByLabel("Title").fill("Family Fun Day");
  await form.getByRole("button", { name: "Create event" }).click();
  for (const message of ["Category is required: choose one from the list", "Date is required", "Time is required", "Location is required", "Description is required"]) {
    await expect(form.getByText(message)).toBeVisible();
  }
  await expect(form.getByLabel("Title")).toHaveValue("Family Fun Day");

  await form.getByLabel("Category").selectOption("community");
  await form.getByLabel(/^Date/).fill(date);
  await form.getByLabel(/^Time/).fill("13:30");
  await form.getByLabel("Location").fill("Community Centre, Halifax");
  await form.getByLabel(/^Description/).fill("Games, food and music for all the family; everyone welcome.");
  await form.getByRole("button", { name: "Create event" }).click();
  await expect(page.getByText(/4 events: 4 published, 0 drafts, 1 upcoming/)).toBeVisible();
  await checkStrictly(page, "after creating an event", "Event created");

  await visit(page, "/news");
  const upcoming = page.getByRole("region", { name: "Upcoming Events" });
  await expect(upcoming.getByRole("heading", { name: "Creative Arts Workshop" })).toBeVisible();
  await expect(upcoming.getByRole("heading", { name: "Family Fun Day" })).toBeVisible();
  await expect(upcoming.getByText("Community Centre, Halifax")).toBeVisible();

  await upcoming.getByRole("link", { name: "Family Fun Day", exact: true }).click();
  await expect(page).toHaveURL(/\/news\/family-fun-day$/);
  await expectAccessible(page, "event page");
  await expect(page.getByRole("heading", { level: 1, name: "Family Fun Day" })).toBeVisible();
  const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').last().textContent()) ?? "{}");
  expect(jsonLd).toMatchObject({ "@type": "Event", name: "Family Fun Day", location: { name: "Community Centre, Halifax" } });
  expect(jsonLd.startDate).toMatch(new RegExp(`^${date}T13:30:00\\+0[01]:00$`));

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Add to calendar" }).click();
  const ics = await (await download).path().then((p) => import("node:fs").then((fs) => fs.readFileSync(p!, "utf8")));
  expect(ics).toContain("BEGIN:VEVENT\r\n");
  expect(ics).toContain("SUMMARY:Family Fun Day\r\n");

  const feed = await page.request.get("/events.ics");
  expect(feed.headers()["content-type"]).toContain("text/calendar");
  const body = await feed.text();
  expect(body).toContain("SUMMARY:Family Fun Day\r\n");
  expect(body).toContain("LOCATION:Community Centre\\, Halifax\r\n");
  expect(body).toContain(`DTSTART:${date.replace(/-/g, "")}T`);

  await page.goto("/admin/events");
  await page.getByRole("listitem", { name: "Family Fun Day" }).getByRole("button", { name: "Delete the event Family Fun Day" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText(/3 events: 3 published, 0 drafts, 0 upcoming/)).toBeVisible();
  expect(await (await page.request.get("/events.ics")).text()).not.toContain("Family Fun Day");
  expect((await page.request.get("/news/family-fun-day")).status()).toBe(404);
});

test("a YouTube video added to the marathons page loads nothing from YouTube until play is pressed", async ({ page }) => {
  await signIn(page, "/admin/youtube");
  await expect(page.getByText("0 videos on 0 pages")).toBeVisible();
  const form = page.locator("form", { has: page.getByRole("heading", { name: "Add a YouTube video" }) });
  await form.getByLabel("YouTube URL").fill("https://vimeo.com/123456");
  await form.getByLabel("Title").fill("Marathon training: week one");
  await form.getByLabel("Page").selectOption("marathons");
  await form.getByRole("button", { name: "Add video" }).click();
  await expect(form.getByText(/Enter a YouTube video link/)).toBeVisible();
  await checkStrictly(page, "with a refused link");

  await form.getByLabel("YouTube URL").fill("https://youtu.be/dQw4w9WgXcQ?si=share");
  await form.getByRole("button", { name: "Add video" }).click();
  await checkStrictly(page, "after adding a video", "Video added");
  await expect(page.getByText("1 video on 1 page")).toBeVisible();
  await expect(page.getByRole("link", { name: /youtube\.com\/watch\?v=dQw4w9WgXcQ/ })).toBeVisible();

  // A local stand-in for the player: the test never depends on the network.
  await page.route(/youtube-nocookie\.com/, (route) =>
    route.fulfill({ contentType: "text/html", body: "<!doctype html><title>Player</title><p>Player stand-in</p>" }),
  );
  const youtubeRequests: string[] = [];
  page.on("request", (request) => {
    if (/youtube|ytimg|googlevideo|youtu\.be/.test(new URL(request.url()).hostname)) youtubeRequests.push(request.url());
  });

  await visit(page, "/what-we-offer/marathons");
  const gallery = page.getByRole("region", { name: "Videos" });
  const play = gallery.getByRole("link", { name: "Play video: Marathon training: week one" });
  await expect(play).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(youtubeRequests).toEqual([]);

  await play.click();
  const frame = gallery.locator('iframe[title="Marathon training: week one"]');
  await expect(frame).toHaveAttribute("src", /^https:\/\/www\.youtube-nocookie\.com\/embed\/dQw4w9WgXcQ\?autoplay=1/);
  await expect(page.frameLocator('iframe[title="Marathon training: week one"]').getByText("Player stand-in")).toBeVisible();
  expect(youtubeRequests.length).toBeGreaterThan(0);
  expect(youtubeRequests.every((url) => url.startsWith("https://www.youtube-nocookie.com/"))).toBe(true);

  await page.goto("/admin/youtube");
  await page.getByRole("button", { name: "Delete the video Marathon training: week one" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByText("0 videos on 0 pages")).toBeVisible();
  await visit(page, "/what-we-offer/marathons");
  await expect(page.getByRole("link", { name: /Play video/ })).toHaveCount(0);
});

test("a session that ends while an event is being written: Save is held back, and the same Save works after signing in again", async ({ page, context }) => {
  await signIn(page, "/admin/events");
  const form = createEventForm(page);
  await fillEventForm(form, {
    title: "Quiz Night",
    category: "community",
    date: daysFromNow(30),
    time: "19:00",
    location: "Community Centre, Halifax",
    description: "Teams of four; tea and cake at half-time.",
  });

  // The session ends meanwhile (it expired, or was signed out elsewhere).
  await context.clearCookies();
  await form.getByRole("button", { name: "Create event" }).click();
  const dialog = page.getByRole("alertdialog", { name: "Your session has ended" });
  await expect(dialog).toBeVisible();
  await expectAccessible(page, "session ended dialog");
  await dialog.getByRole("button", { name: "I have signed in" }).click();
  await expect(dialog.getByText("You are still signed out. Sign in in the other tab first.")).toBeVisible();
  await dialog.getByRole("button", { name: "Close" }).click();
  // Nothing was sent and nothing replaced: the form is as it was typed.
  await expect(page.getByRole("heading", { name: "Create an event" })).toBeVisible();
  await expect(form.getByLabel("Title")).toHaveValue("Quiz Night");
  await expect(form.getByLabel(/^Description/)).toHaveValue("Teams of four; tea and cake at half-time.");

  // Coming back to the tab while signed out says so again, before any Save.
  const comeBack = () => page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
  await comeBack();
  await expect(dialog).toBeVisible();

  // Signing in in another tab, as the dialog's link offers; coming back closes the dialog.
  const other = await context.newPage();
  await signInAs(other, ADMIN, "/admin");
  await other.close();
  await comeBack();
  await expect(dialog).toHaveCount(0);
  // On a slow connection the check before the save takes a while: the page shows that the save is under way.
  await page.route(
    "**/api/session",
    async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      await route.continue();
    },
    { times: 1 },
  );
  const saving = page.getByRole("status").filter({ hasText: "Please wait…" });
  await form.getByRole("button", { name: "Create event" }).click();
  await expect(saving).toBeVisible();
  await checkStrictly(page, "after creating an event with a new session", "Event created");
  await expect(saving).toHaveCount(0);
  await expect(page.getByRole("listitem", { name: "Quiz Night" })).toBeVisible();

  await page.getByRole("listitem", { name: "Quiz Night" }).getByRole("button", { name: "Delete the event Quiz Night" }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem", { name: "Quiz Night" })).toHaveCount(0);
});

test("an event being written is not lost: leaving asks first, and a save the database refuses keeps it in the form until it is saved", async ({ page }) => {
  await signIn(page, "/admin/events");
  const form = createEventForm(page);
  const event = {
    title: "Family Fun Day",
    category: "community",
    date: daysFromNow(40),
    time: "12:00",
    location: "People's Park, Halifax",
    description: "Face painting, five-a-side and a barbecue.",
  };
  await fillEventForm(form, event);
  const leave = page.getByRole("alertdialog", { name: "Leave without saving?" });
  const tab = (name: string) => page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name, exact: true });
  /** Another tab while the form holds what was typed: it asks first, and staying keeps it all. */
  const stay = async (context: string) => {
    await tab("YouTube").click();
    await expect(leave).toBeVisible();
    await expectAccessible(page, context);
    await leave.getByRole("button", { name: "Stay on this page" }).click();
    await expect(leave).toHaveCount(0);
    await expect(page).toHaveURL(/\/admin\/events$/);
    await expect(form.getByLabel("Title")).toHaveValue(event.title);
  };
  await stay("leave without saving, a new event");
  // The same tab again would draw the form afresh from the server: it asks too.
  await tab("Events").click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(form.getByLabel("Title")).toHaveValue(event.title);

  // The database refuses every write to events meanwhile (a full disk, say).
  await withSiteDatabase((database) => failWrites(database, "events", true));
  try {
    await form.getByRole("button", { name: "Create event" }).click();
    const refusal = page.getByRole("alert").filter({ hasText: "Failed to save event." });
    await expect(refusal).toContainText("Nothing was changed. What you typed is still in the form: save it again in a moment.");
  } finally {
    await withSiteDatabase((database) => failWrites(database, "events", false));
  }
  await expect(form.getByLabel("Location")).toHaveValue(event.location);
  await expect(form.getByLabel(/^Description/)).toHaveValue(event.description);
  await expect(page.getByRole("heading", { name: /^Upcoming/ })).toBeVisible();
  await expect(page.getByRole("listitem", { name: event.title })).toHaveCount(0);
  await checkStrictly(page, "a refused event save");
  // What came back is not saved either: leaving still asks.
  await stay("leave without saving, a refused event");

  // The same Save, once the database takes writes again; then nothing is left to ask about.
  await form.getByRole("button", { name: "Create event" }).click();
  await checkStrictly(page, "after the event is saved", "Event created");
  await expect(page.getByRole("listitem", { name: event.title })).toBeVisible();
  // Another form on the page (a one-click Unpublish) would redraw the page without what is typed: it asks, and going on drops it.
  const unpublish = page.getByRole("listitem", { name: event.title }).getByRole("button", { name: `Unpublish ${event.title}` });
  await form.getByLabel("Title").fill("Half-typed next event");
  await unpublish.click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(form.getByLabel("Title")).toHaveValue("Half-typed next event");
  await unpublish.click();
  await leave.getByRole("button", { name: "Leave without saving" }).click();
  await checkStrictly(page, "after unpublishing", "Event unpublished");
  await expect(form.getByLabel("Title")).toHaveValue("");
  await tab("YouTube").click();
  await expect(page).toHaveURL(/\/admin\/youtube$/);
  await expect(leave).toHaveCount(0);

  await tab("Events").click();
  // Editing it, its own Edit link again (an anchor on the same address) would draw the form afresh: it asks.
  const item = page.getByRole("listitem", { name: event.title });
  const editForm = page.locator("form", { has: page.getByRole("heading", { name: "Edit event" }) });
  await item.getByRole("link", { name: `Edit ${event.title}` }).click();
  await editForm.getByLabel("Location").fill("The bandstand, People's Park");
  await item.getByRole("link", { name: `Edit ${event.title}` }).click();
  await expect(leave).toBeVisible();
  await leave.getByRole("button", { name: "Stay on this page" }).click();
  await expect(editForm.getByLabel("Location")).toHaveValue("The bandstand, People's Park");
  // The skip link only moves focus.
  await page.getByRole("link", { name: "Skip to content" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator("#admin-content")).toBeFocused();
  await expect(leave).toHaveCount(0);
  await expect(editForm.getByLabel("Location")).toHaveValue("The bandstand, People's Park");
  await editForm.getByRole("link", { name: "Cancel" }).click();
  await leave.getByRole("button", { name: "Leave without saving" }).click();
  await expect(page.getByRole("heading", { name: "Create an event" })).toBeVisible();

  await page.getByRole("listitem", { name: event.title }).getByRole("button", { name: `Delete the event ${event.title}` }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(page.getByRole("listitem", { name: event.title })).toHaveCount(0);
});
