import crypto from "node:crypto";
import { expect, test, type Page } from "@playwright/test";
import { ADMIN_SECONDARY, ADMIN_TABS } from "../app/features/admin/admin-tabs";
import { closeToasts, createAdmin, signInAs } from "./admin-session";
import { expectAccessible, useTheme } from "./helpers";
import { withSiteDatabase } from "./site-database";

/**
 * Every admin page an Admin can reach, at a phone's width and a desktop's,
 * in the light and the dark theme: nothing scrolls sideways, the page's own
 * heading shows, and axe finds nothing. At phone width the navigation is a
 * menu button that opens the tabs and leads to another one.
 */

const suffix = crypto.randomBytes(3).toString("hex");
const ADMIN = { email: `layout-admin-${suffix}@example.org`, password: "the piece hall on a wet monday" };
const CHILD = `Layla Layout ${suffix}`;
const APPLICANT = `Rowan Layout ${suffix}`;
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const ids = { registration: crypto.randomUUID(), application: crypto.randomUUID(), outbox: crypto.randomUUID(), message: crypto.randomUUID() };
let role = "";

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  createAdmin(ADMIN);
  const at = new Date().toISOString();
  // One record of each kind with a page of its own, so the detail pages are visited with real content in them.
  role = await withSiteDatabase(async ({ db }) => {
    await db
      .insertInto("registrations")
      .values({
        id: ids.registration,
        registrant: "parent",
        child_name: CHILD,
        child_dob: "2014-06-11",
        programmes: JSON.stringify(["football"]),
        parent_name: "Parent Layout",
        parent_phone: "07700 900456",
        parent_email: "parent.layout@example.org",
        emergency_name: "Grandparent Layout",
        emergency_phone: "01422 456456",
        needs: "Asthma: inhaler in the bag.",
        photo_consent: 1,
        declared_at: at,
        status: "new",
        last_contact_at: at,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto("volunteer_applications")
      .values({
        id: ids.application,
        name: APPLICANT,
        email: "rowan.layout@example.org",
        phone: "07700 900789",
        roles: JSON.stringify(["Youth Mentor"]),
        availability: JSON.stringify(["Weekends"]),
        message: "A long message that should wrap on a phone rather than push the page sideways, with a long address: rowan.layout.with.a.very.long.name@example.org",
        consent_at: at,
        status: "pending",
        decided_by: null,
        decided_at: null,
        hours: 0,
        created_at: at,
        updated_at: at,
      })
      .execute();
    await db
      .insertInto("messages")
      .values({ id: ids.message, name: `Sam Layout ${suffix}`, email: "sam.layout@example.org", topic: "programmes", message: "Do you run sessions in the school holidays?", status: "new", answered_by: null, answered_at: null, created_at: at })
      .execute();
    await db
      .insertInto("outbox")
      .values({
        id: ids.outbox,
        to_address: "a.recipient.with.a.long.address@example.org",
        from_address: "no-reply@localhost",
        subject: `Layout check ${suffix}`,
        text: "Hello,\n\nThis message waits in the Outbox: https://example.org/a/long/link/that/should/wrap/on/a/phone\n",
        html: null,
        headers: null,
        kind: "notification",
        status: "outbox",
        error: null,
        campaign_id: null,
        message_id: null,
        created_at: at,
        sent_at: null,
        about_type: null,
        about_id: null,
      })
      .execute();
    const first = await db.selectFrom("volunteer_opportunities").select("id").where("deleted_at", "is", null).orderBy("sort_order").executeTakeFirstOrThrow();
    return first.id;
  });
});

test.afterAll(async () => {
  // Other specs count what needs attention: leave nothing of ours behind.
  await withSiteDatabase(async ({ db }) => {
    await db.deleteFrom("registrations").where("id", "=", ids.registration).execute();
    await db.deleteFrom("volunteer_applications").where("id", "=", ids.application).execute();
    await db.deleteFrom("messages").where("id", "=", ids.message).execute();
    await db.deleteFrom("outbox").where("id", "=", ids.outbox).execute();
  });
});

/** Every area in the navigation, then the pages reached from them. */
function adminPages(): string[] {
  return [
    ...ADMIN_TABS.map((a) => a.path),
    ...ADMIN_SECONDARY.map((a) => a.path),
    "/admin/settings/mail",
    `/admin/registrations/${ids.registration}`,
    `/admin/volunteers/applications/${ids.application}`,
    `/admin/volunteers/roles/${role}`,
    `/admin/outbox/${ids.outbox}`,
  ];
}

async function noSidewaysScroll(page: Page, context: string): Promise<void> {
  const { scroll, client, wide } = await page.evaluate(() => {
    const client = document.documentElement.clientWidth;
    // The innermost elements reaching past the window's edge, to say what to fix.
    const past = (el: Element) => el.getBoundingClientRect().right > client + 1;
    // An element inside a box that scrolls or clips on its own does not widen the page.
    const clipped = (el: Element) => {
      for (let up = el.parentElement; up && up !== document.body; up = up.parentElement) if (getComputedStyle(up).overflowX !== "visible" && !past(up)) return true;
      return false;
    };
    const wide = [...document.body.querySelectorAll("*")]
      .filter((el) => past(el) && !clipped(el) && ![...el.children].some((c) => past(c) && !clipped(c)))
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${el.className} "${(el.textContent ?? "").slice(0, 40)}"`);
    return { scroll: document.documentElement.scrollWidth, client, wide };
  });
  expect(scroll, `page wider than the window ${context}: ${wide.join("; ")}`).toBeLessThanOrEqual(client);
}

for (const theme of ["light", "dark"] as const) {
  for (const [width, viewport] of [["390 px", PHONE], ["1280 px", DESKTOP]] as const) {
    test(`every admin page at ${width} in the ${theme} theme: no sideways scroll, its heading in view, nothing for axe`, async ({ browser, baseURL }) => {
      test.setTimeout(240_000);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await useTheme(page, theme, baseURL!);
      await signInAs(page, ADMIN, "/admin");
      await closeToasts(page);
      for (const path of adminPages()) {
        const response = await page.goto(path, { waitUntil: "load" });
        const where = `${path} at ${width}, ${theme}`;
        expect(response?.status(), `status of ${where}`).toBe(200);
        await closeToasts(page);
        // The page's own heading: the first in the main area, shown without scrolling sideways or far down.
        const heading = page.locator("#admin-content").getByRole("heading").first();
        await expect(heading, `heading of ${where}`).toBeVisible();
        const box = await heading.boundingBox();
        expect(box!.y, `heading of ${where} near the top`).toBeLessThan(viewport.height);
        await noSidewaysScroll(page, where);
        await expectAccessible(page, where);
      }
      await context.close();
    });
  }
}

test("at 390 px the menu button opens the navigation, marks the current tab and leads to another", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ viewport: PHONE });
  const page = await context.newPage();
  await useTheme(page, "light", baseURL!);
  await signInAs(page, ADMIN, "/admin/media");
  await closeToasts(page);
  // The tab row is folded away: the button says what it opens.
  const menu = page.getByRole("button", { name: /^Menu/ });
  await expect(menu).toBeVisible();
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Admin sections" }).getByRole("link", { name: "Events" })).toBeHidden();
  await menu.click();
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  const nav = page.getByRole("navigation", { name: "Admin sections" });
  await expect(nav.getByRole("link", { name: /^Media/ })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("navigation", { name: "More admin areas" }).getByRole("link", { name: /^Registrations/ })).toBeVisible();
  await expectAccessible(page, "menu open at 390 px");
  await nav.getByRole("link", { name: /^Events/ }).click();
  await page.waitForURL((url) => url.pathname === "/admin/events");
  await expect(page.locator("#admin-content").getByRole("heading").first()).toBeVisible();
  // Going to another tab folds the menu away again.
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  // Keyboard: the button opens with Enter and the first tab is next in order.
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await page.keyboard.press("Tab");
  await expect(nav.getByRole("link", { name: /^Pages/ })).toBeFocused();
  await page.keyboard.press("Escape");
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(menu).toBeFocused();
  await context.close();
});

/** The Pages tab with a page open: each of the editor's sub-tabs, as staff see it while editing. */
const EDITOR_PAGE = "mission";
const EDITOR_TABS = ["Content", "Images", "Layout", "Blocks", "Search & sharing"];

for (const theme of ["light", "dark"] as const) {
  for (const [width, viewport] of [["390 px", PHONE], ["1280 px", DESKTOP]] as const) {
    test(`the page editor's every sub-tab at ${width} in the ${theme} theme: no sideways scroll, nothing for axe`, async ({ browser, baseURL }) => {
      test.setTimeout(120_000);
      const context = await browser.newContext({ viewport });
      const page = await context.newPage();
      await useTheme(page, theme, baseURL!);
      await signInAs(page, ADMIN, `/admin?page=${EDITOR_PAGE}`);
      await closeToasts(page);
      const form = page.getByRole("form", { name: /^Edit / });
      await expect(form).toBeVisible();
      const tabs = page.getByRole("tablist", { name: "Edit" });
      for (const name of EDITOR_TABS) {
        const where = `/admin?page=${EDITOR_PAGE}, ${name} at ${width}, ${theme}`;
        const tab = tabs.getByRole("tab", { name, exact: true });
        await tab.click();
        await expect(tab, `${name} chosen`).toHaveAttribute("aria-selected", "true");
        const panel = page.getByRole("tabpanel", { name, exact: true });
        await expect(panel, `${name} panel`).toBeVisible();
        // What the panel loads after it shows (the image picker's list, the rich-text editor) is in place before it is measured.
        await page.waitForLoadState("networkidle");
        await noSidewaysScroll(page, where);
        // The save bar stays in view at the foot of the window, over whatever the form has there at that moment
        // (on a phone, a block's handle), which axe counts as a target too small to press. Scrolled to the
        // form's end the bar is at rest and covers nothing, so axe judges the targets themselves.
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await expectAccessible(page, where);
        await page.evaluate(() => window.scrollTo(0, 0));
      }
      await context.close();
    });
  }
}
