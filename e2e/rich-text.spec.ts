import fs from "node:fs";
import path from "node:path";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { richTextSchema, type RichTextDoc } from "../app/features/blocks/rich-text";
import { toStoredRichText } from "../app/features/blocks/admin/stored-rich-text";
import { checkAdminPage, closeToasts, createAdmin, signInAs, submitSignIn } from "./admin-session";
import { expectAccessible, visit } from "./helpers";

/**
 * The Main Content editor: staff format text with the toolbar and the
 * keyboard, link to one of the site's pages, paste from Word and Google
 * Docs, save, and visitors see headings, bold, italic, lists and links.
 * Without JavaScript the same field is a plain box of Markdown. The
 * editor's document is checked against the stored schema after the pastes.
 */

const ADMIN = { email: "rich-text-admin@example.org", password: "rich text e2e passphrase 4" };
const PAGE_ID = "tough-mudder";
const PUBLIC_PATH = "/what-we-offer/tough-mudder";
const fixture = (name: string) => fs.readFileSync(path.join(import.meta.dirname, "fixtures", name), "utf8");

test.describe.configure({ mode: "serial" });

test.beforeAll(() => {
  createAdmin(ADMIN);
});

async function openEditor(page: Page): Promise<Locator> {
  await signInAs(page, ADMIN, `/admin?page=${PAGE_ID}`);
  await closeToasts(page, "Login Successful");
  await expect(page.getByLabel("Hero Title", { exact: true })).toHaveValue("Tough Mudder");
  const editor = page.getByRole("textbox", { name: "Main Content" });
  // The editor replaces the plain box once its code has loaded.
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return editor;
}

/** A paste as the browser delivers one from another program: clipboard HTML with its plain-text twin. */
async function paste(editor: Locator, html: string, text: string) {
  await editor.evaluate(
    (element, data) => {
      const transfer = new DataTransfer();
      transfer.setData("text/html", data.html);
      transfer.setData("text/plain", data.text);
      element.dispatchEvent(new ClipboardEvent("paste", { clipboardData: transfer, bubbles: true, cancelable: true }));
    },
    { html, text },
  );
}

/** The editor's document as the form will store it (Tiptap keeps its editor on the editing element). */
async function storedDocument(editor: Locator): Promise<RichTextDoc> {
  const json = await editor.evaluate((element) => (element as HTMLElement & { editor: { getJSON(): unknown } }).editor.getJSON());
  return toStoredRichText(json);
}

test("format with the toolbar and the keyboard, link a site page, paste from Word and Google Docs, save and see it on the page", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const editor = await openEditor(page);
  await checkAdminPage(page, "Pages tab with the rich-text editor");

  // At least as tall as the twelve-row box it replaces.
  const box = await editor.boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(288);

  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const button = (name: string) => toolbar.getByRole("button", { name, exact: true });
  await expect(page.getByText("Unsaved Changes")).toHaveCount(0);

  await editor.click();
  await page.keyboard.press("ControlOrMeta+a");
  await page.keyboard.press("Delete");
  await expect(page.getByText("Unsaved Changes")).toBeVisible();

  // A heading from the toolbar, by pointer.
  await page.keyboard.type("Ready for the mud");
  await button("Heading 2").click();
  await expect(button("Heading 2")).toHaveAttribute("aria-pressed", "true");
  await expect(editor.getByRole("heading", { level: 2, name: "Ready for the mud" })).toBeVisible();

  // Bold and italic by their shortcuts.
  await page.keyboard.press("End");
  await page.keyboard.press("Enter");
  await expect(button("Heading 2")).toHaveAttribute("aria-pressed", "false");
  await page.keyboard.type("Teams of ");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type("four to eight");
  await expect(button("Bold")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("ControlOrMeta+b");
  await page.keyboard.type(" take part, ");
  await page.keyboard.press("ControlOrMeta+i");
  await page.keyboard.type("whatever the weather");
  await page.keyboard.press("ControlOrMeta+i");
  await page.keyboard.type(".");

  // A level 3 heading from the toolbar by keyboard alone: one tab stop, arrow keys inside it.
  await page.keyboard.press("Enter");
  await page.keyboard.type("What to wear");
  await page.keyboard.press("Shift+Tab");
  await expect(button("Heading 2")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(button("Heading 3")).toBeFocused();
  await page.keyboard.press("Space");
  await expect(editor.getByRole("heading", { level: 3, name: "What to wear" })).toBeVisible();
  // A button's action hands focus back to the text; the toolbar remembers the last button used.
  await expect(editor).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(button("Heading 3")).toBeFocused();
  await page.keyboard.press("End");
  await expect(button("Redo")).toHaveAttribute("aria-disabled", "true");
  await page.keyboard.press("ArrowRight");
  await expect(button("Heading 2")).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(editor).toBeFocused();

  // A bulleted list.
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await button("Bulleted list").click();
  await page.keyboard.type("Old trainers");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Clothes that can get muddy");
  await expect(button("Bulleted list")).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await expect(editor.getByRole("listitem")).toHaveText(["Old trainers", "Clothes that can get muddy"]);

  // A link to one of the site's pages, through the picker opened with Ctrl+K on the chosen words.
  await page.keyboard.type("Read the FAQs");
  await page.keyboard.press("Shift+Home");
  await page.keyboard.press("ControlOrMeta+k");
  const dialog = page.getByRole("dialog", { name: "Add a link" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Text to show")).toHaveValue("Read the FAQs");
  await expect(dialog.getByRole("radio", { name: "A page on this site" })).toBeChecked();
  await expectAccessible(page, "link picker open");
  await dialog.getByLabel("Find a page").fill("faq");
  await expect(dialog.getByText("1 page matches.")).toBeVisible();
  await dialog.getByLabel("Page", { exact: true }).selectOption({ label: "FAQs (/contact/faqs)" });
  await dialog.getByRole("button", { name: "Apply link" }).click();
  await expect(dialog).toHaveCount(0);
  await expect(editor.getByRole("link", { name: "Read the FAQs" })).toHaveAttribute("href", "/contact/faqs");
  await page.keyboard.press("End");
  await page.keyboard.type(" before the day.");

  // An address the site would not link is refused with a reason, from the toolbar's Link button with the cursor in the link.
  await editor.getByRole("link", { name: "Read the FAQs" }).click();
  await expect(button("Link")).toHaveAttribute("aria-pressed", "true");
  await button("Link").click();
  const edit = page.getByRole("dialog", { name: "Edit link" });
  await expect(edit.getByLabel("Text to show")).toHaveValue("Read the FAQs");
  await edit.getByRole("radio", { name: "Another address" }).check();
  await edit.getByLabel("Address", { exact: true }).fill("javascript:alert(document.cookie)");
  await edit.getByRole("button", { name: "Apply link" }).click();
  await expect(edit.getByText("Use an address starting with https://, mailto: or tel:.", { exact: false })).toBeVisible();
  await expect(edit.getByLabel("Address", { exact: true })).toHaveAttribute("aria-invalid", "true");
  await expectAccessible(page, "link picker with a refused address");
  await edit.getByRole("button", { name: "Cancel" }).click();
  await expect(edit).toHaveCount(0);
  await expect(editor.getByRole("link", { name: "Read the FAQs" })).toHaveAttribute("href", "/contact/faqs");

  // Pasted from Word, then from Google Docs, at the end.
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await paste(editor, fixture("clipboard-word.html"), "Winter training plan");
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("Enter");
  await paste(editor, fixture("clipboard-google-docs.html"), "Summer holiday club");

  const doc = await storedDocument(editor);
  expect(richTextSchema.safeParse(doc).success).toBe(true);
  const json = JSON.stringify(doc);
  // Fonts, colours, highlights, Word's typed bullets, pictures and table borders are gone...
  for (const lost of ["Comic Sans", "color", "#C00000", "Symbol", "·", "Club logo", "img", "googleusercontent", "\"type\":\"table", "mso"]) expect(json).not.toContain(lost);
  // ...while headings (a level 1 read as 2), bold, italic, links, both kinds of list and the table's words stay.
  const headings = doc.content.filter((n) => n.type === "heading").map((n) => [n.attrs.level, n.content?.map((i) => (i.type === "text" ? i.text : "")).join("")]);
  expect(headings).toEqual([
    [2, "Ready for the mud"],
    [3, "What to wear"],
    [2, "Winter training plan"],
    [3, "What to bring"],
    [2, "Summer holiday club"],
    [2, "Activities"],
  ]);
  const listTexts = (type: string) =>
    doc.content.filter((n) => n.type === type).map((list) => (list.type === "bulletList" || list.type === "orderedList" ? list.content.map((item) => JSON.stringify(item).match(/"text":"([^"]*)"/g)?.map((t) => t.slice(8, -1)).join("")) : []));
  expect(listTexts("bulletList")).toEqual([["Old trainers", "Clothes that can get muddy"], ["Warm clothing", "A water bottle"], ["Football", "Arts and crafts"]]);
  expect(listTexts("orderedList")).toEqual([["Book a place", "Arrive ten minutes early"], ["Register online", "Collect your wristband"]]);
  for (const [text, mark] of [
    ["every Tuesday", { type: "bold" }],
    ["Halifax", { type: "italic" }],
    ["the timetable", { type: "link", attrs: { href: "https://www.example.org/timetable" } }],
    ["active play", { type: "bold" }],
    ["for every child", { type: "italic" }],
    ["Book a holiday place", { type: "link", attrs: { href: "https://www.example.org/haf" } }],
  ] as const) {
    expect(json, text).toContain(JSON.stringify({ type: "text", text, marks: [mark] }));
  }
  // The Google Docs wrapper is not bold: plain words stay plain.
  expect(json).toContain(JSON.stringify({ type: "text", text: "Free meals and " }));
  for (const cell of ["Age group", "Start time", "Eleven to fourteen", "Six in the evening", "Monday", "Swimming at the leisure centre"]) {
    expect(doc.content.some((n) => n.type === "paragraph" && JSON.stringify(n).includes(`"text":"${cell}"`)), cell).toBe(true);
  }
  await checkAdminPage(page, "editor after pasting");

  await page.getByRole("button", { name: "Save Changes" }).click();
  await closeToasts(page, "Changes saved");
  // A save is a draft: Publish puts it on the site.
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await expect(page.getByText("Unsaved Changes")).toHaveCount(0);
  // The saved text comes back into the editor with its formatting.
  const reloaded = page.getByRole("textbox", { name: "Main Content" });
  await expect(reloaded.getByRole("heading", { level: 2, name: "Ready for the mud" })).toBeVisible();

  await visit(page, PUBLIC_PATH);
  const main = page.getByRole("main");
  // The page's Main Title is its level 2 heading, so the text's headings sit one level below it, in order.
  await expect(main.getByRole("heading", { level: 2, name: "Take on the challenge" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: "Ready for the mud" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 4, name: "What to wear" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: "Winter training plan" })).toBeVisible();
  await expect(main.getByRole("heading", { level: 3, name: "Summer holiday club" })).toBeVisible();
  await expect(main.locator("strong", { hasText: "four to eight" })).toBeVisible();
  await expect(main.locator("em", { hasText: "whatever the weather" })).toBeVisible();
  await expect(main.locator("strong", { hasText: "every Tuesday" })).toBeVisible();
  await expect(main.locator("em", { hasText: "for every child" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Clothes that can get muddy" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Warm clothing" })).toBeVisible();
  await expect(main.getByRole("listitem").filter({ hasText: "Arts and crafts" })).toBeVisible();
  await expect(main.getByRole("link", { name: "Read the FAQs" })).toHaveAttribute("href", "/contact/faqs");
  await expect(main.getByRole("link", { name: "the timetable" })).toHaveAttribute("href", "https://www.example.org/timetable");
  await expect(main.getByText("Club logo")).toHaveCount(0);

  // Put the page back as it was.
  await page.goto(`/admin?page=${PAGE_ID}`);
  await page.getByRole("button", { name: "Restore the built-in text" }).click();
  await closeToasts(page, "Revision restored");
  await page.getByRole("button", { name: "Publish", exact: true }).click();
  await closeToasts(page, "Published");
  await visit(page, PUBLIC_PATH);
  await expect(page.getByRole("heading", { name: "Ready for the mud" })).toHaveCount(0);
});

test("at phone width the toolbar wraps inside the screen and the link picker fits", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const editor = await openEditor(page);
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  for (const name of ["Heading 2", "Heading 3", "Heading 4", "Bold", "Italic", "Bulleted list", "Numbered list", "Link", "Remove link", "Undo", "Redo"]) {
    const box = await toolbar.getByRole("button", { name, exact: true }).boundingBox();
    expect(box, name).not.toBeNull();
    expect(box!.x + box!.width, name).toBeLessThanOrEqual(390);
  }
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await checkAdminPage(page, "editor at phone width");

  await editor.click();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.press("ControlOrMeta+k");
  const dialog = page.getByRole("dialog", { name: "Add a link" });
  await expect(dialog).toBeVisible();
  const box = await dialog.boundingBox();
  expect(box!.x).toBeGreaterThanOrEqual(0);
  expect(box!.x + box!.width).toBeLessThanOrEqual(390);
  await expectAccessible(page, "link picker at phone width");
  await page.keyboard.press("Escape");
  await expect(dialog).toHaveCount(0);
  // Opening and closing the picker changed nothing.
  await expect(page.getByText("Unsaved Changes")).toHaveCount(0);

  // Typing marks the page changed; Discard puts the editor back to the saved text. The label leads into the text.
  await page.locator("label", { hasText: "Main Content" }).click();
  await expect(editor).toBeFocused();
  await page.keyboard.press("ControlOrMeta+End");
  await page.keyboard.type(" Words to throw away.");
  await expect(page.getByText("Unsaved Changes")).toBeVisible();
  await page.getByRole("button", { name: "Discard changes" }).click();
  await expect(page.getByText("Unsaved Changes")).toHaveCount(0);
  await expect(page.getByRole("textbox", { name: "Main Content" })).toHaveAttribute("contenteditable", "true");
  await expect(page.getByRole("textbox", { name: "Main Content" })).toContainText("Get in touch to find out how to take part.");
  await expect(page.getByRole("textbox", { name: "Main Content" })).not.toContainText("Words to throw away.");
});

test("without JavaScript Main Content is a plain box named content holding the text as Markdown", async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width: 1280, height: 900 } });
  const page = await context.newPage();
  await submitSignIn(page, ADMIN, `/admin?page=${PAGE_ID}`);
  await page.waitForURL((url) => url.pathname === "/admin");
  const box = page.getByRole("textbox", { name: "Main Content" });
  await expect(box).toHaveJSProperty("tagName", "TEXTAREA");
  await expect(box).toHaveAttribute("name", "content");
  await expect(box).toHaveAttribute("rows", "12");
  await expect(box).toHaveValue(/^Tough Mudder is a muddy obstacle course challenge/);
  await expect(page.getByRole("toolbar", { name: "Formatting" })).toHaveCount(0);
  await context.close();
});
