import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { configureSiteFor, releaseSite } from "../../../test/route-actions";
import { ContentPage } from "#app/features/pages/site/content-page";
import { getPageById } from "#app/content/pages";
import type { PageContent } from "#app/content/types";
import { getContentVersion, onContentChange, type ContentChange } from "#app/platform/content-version.server";
import type { Database } from "#app/platform/db/db.server";
import { createMediaFile } from "#app/features/media/media.server";
import {
  getStoredPageContent,
  listRevisions,
  loadPageContent,
  restoreRevision,
  savePageContent,
} from "./page-store.server";
import { IMAGE_ADDRESS_MESSAGE, pageContentFormSchema, pageContentFormSchemaFor, sectionImageSchema, settingsFormSchema } from "./page-content.schema";
import { assignSectionImage, clearSectionImage, listSectionImages, registerBanner } from "./section-images.server";
import { getSetting, readSettings, saveSettings } from "#app/features/settings/site-settings.server";

const about = getPageById("about")!;
const staff = { id: "user-1", email: "editor@example.org" };
const other = { id: "user-2", email: "second@example.org" };

/** Where uploads are served from here, as S3_PUBLIC_URL would make it: the forms accept its addresses. */
const MEDIA_ORIGIN = "https://cdn.example.org";

/** A submitted Pages-tab form, parsed by the same schema the action uses. */
function form(fields: Record<string, string>) {
  const result = pageContentFormSchemaFor([MEDIA_ORIGIN]).safeParse({ pageId: "about", ...fields });
  if (!result.success) throw new Error(JSON.stringify(result.error.issues));
  return result.data;
}

function renderPage(page: PageContent): string {
  const router = createMemoryRouter([{ path: "/", element: createElement(ContentPage, { page }) }]);
  return renderToString(createElement(RouterProvider, { router }));
}

describeEachEngine("page content", (database) => {
  it("shows the built-in copy until staff save, then their fields, each falling back on its own when empty", async () => {
    const before = await loadPageContent(database(), about);
    expect(before.heroTitle).toBe("About Us");
    expect(before.mainTitle).toBe("Who we are");

    const saved = await savePageContent(
      database(),
      form({ heroTitle: "About our charity", heroSubtitle: "", mainTitle: "  ", content: "New **body** text", layout: "image-right", baseRevision: "0" }),
      staff,
    );
    expect(saved).toEqual({ ok: true, revision: 1 });

    const after = await loadPageContent(database(), about);
    expect(after.heroTitle).toBe("About our charity");
    // Empty and blank fields show the built-in text.
    expect(after.heroSubtitle).toBe(about.heroSubtitle);
    expect(after.mainTitle).toBe(about.mainTitle);
    expect(after.content).toBe("New **body** text");
    expect(after.layout).toBe("image-right");

    const stored = await getStoredPageContent(database(), "about");
    expect(stored).toMatchObject({ heroTitle: "About our charity", heroSubtitle: null, mainTitle: null, layout: "image-right", images: null, revision: 1, updatedByEmail: staff.email });
  });

  it("stores a field equal to the built-in copy as following it, and keeps images in their order", async () => {
    await createMediaFile(database(), {
      filename: "gallery/one.jpg",
      originalName: "one.jpg",
      fileUrl: "/media/gallery/one.jpg",
      fileType: "image",
      fileSize: 2048,
      altText: "First",
      category: "general",
      createdBy: null,
    });
    const images = [
      { id: "img-1", filename: "gallery/one.jpg", alt: "First", caption: "", position: "gallery", order: 2 },
      { id: "img-2", filename: "https://cdn.example.org/two.jpg", alt: "Second", caption: "Cap", position: "hero", order: 1 },
    ];
    const saved = await savePageContent(
      database(),
      form({ heroTitle: about.heroTitle, heroSubtitle: "", mainTitle: "", content: about.content, layout: "gallery", images: JSON.stringify(images), baseRevision: "1" }),
      staff,
    );
    expect(saved).toEqual({ ok: true, revision: 2 });
    const stored = await getStoredPageContent(database(), "about");
    expect(stored?.heroTitle).toBeNull();
    expect(stored?.content).toBeNull();
    // Orders are renumbered in list order, so the badge matches what staff saw.
    expect(stored?.images?.map((i) => [i.id, i.order])).toEqual([["img-1", 1], ["img-2", 2]]);

    const page = await loadPageContent(database(), about);
    // Bare file names are served from the uploads folder; URLs stay as they are.
    expect(page.images.map((i) => i.filename)).toEqual(["/media/gallery/one.jpg", "https://cdn.example.org/two.jpg"]);
  });

  it("refuses image entries that are not safe addresses or lack alt text, naming the entry", () => {
    const bad = pageContentFormSchema.safeParse({
      pageId: "about",
      images: JSON.stringify([
        { id: "img-1", filename: "javascript:alert(1)", alt: "x", caption: "", position: "inline", order: 1 },
        { id: "img-2", filename: "ok.jpg", alt: "", caption: "", position: "inline", order: 2 },
        { id: "img-3", filename: "../secrets", alt: "y", caption: "", position: "sideways", order: 3 },
      ]),
    });
    expect(bad.success).toBe(false);
    const messages = bad.error!.issues.map((i) => i.message).join("\n");
    expect(messages).toContain(`Image 1: ${IMAGE_ADDRESS_MESSAGE}`);
    expect(messages).toMatch(/Image 2: Alt Text is required/);
    expect(messages).toContain(`Image 3: ${IMAGE_ADDRESS_MESSAGE}; Choose a position`);
  });

  it("keeps every version, and reports a save made from an out-of-date editor instead of overwriting unseen", async () => {
    const stale = await savePageContent(database(), form({ heroTitle: "From an old tab", baseRevision: "1" }), other);
    expect(stale).toMatchObject({ ok: false, reason: "conflict", current: { revision: 2, updatedByEmail: staff.email } });
    expect((await getStoredPageContent(database(), "about"))?.revision).toBe(2);

    // "Save anyway" overwrites, and the version it replaced is still a revision.
    const forced = await savePageContent(database(), form({ heroTitle: "From an old tab", baseRevision: "1", force: "1" }), other);
    expect(forced).toEqual({ ok: true, revision: 3 });
    const revisions = await listRevisions(database(), "about");
    expect(revisions.map((r) => [r.revision, r.heroTitle, r.createdByEmail])).toEqual([
      [3, "From an old tab", other.email],
      [2, null, staff.email],
      [1, "About our charity", staff.email],
    ]);
  });

  it("restores an earlier revision as a new revision, and revision 0 brings back the built-in copy", async () => {
    const restored = await restoreRevision(database(), "about", 1, staff);
    expect(restored).toEqual({ ok: true, revision: 4 });
    let page = await loadPageContent(database(), about);
    expect(page.heroTitle).toBe("About our charity");
    expect(page.content).toBe("New **body** text");
    const [latest] = await listRevisions(database(), "about");
    expect(latest).toMatchObject({ revision: 4, restoredFrom: 1, createdByEmail: staff.email });

    expect(await restoreRevision(database(), "about", 0, staff)).toEqual({ ok: true, revision: 5 });
    page = await loadPageContent(database(), about);
    expect(page.heroTitle).toBe(about.heroTitle);
    expect(page.content).toBe(about.content);
    expect(page.layout).toBe(about.layout);
    // Nothing was lost along the way.
    expect((await listRevisions(database(), "about")).map((r) => r.revision)).toEqual([5, 4, 3, 2, 1]);

    expect(await restoreRevision(database(), "about", 99, staff)).toEqual({ ok: false, reason: "unknown-revision" });
    expect(await restoreRevision(database(), "no-such-page", 1, staff)).toEqual({ ok: false, reason: "unknown-page" });
  });

  it("restores nothing when someone saved after the list was drawn, and restores from the list as it is now", async () => {
    // The list showed revision 5 as current; another admin saves revision 6.
    expect(await savePageContent(database(), form({ heroTitle: "Saved meanwhile", baseRevision: "5" }), other)).toEqual({ ok: true, revision: 6 });
    const stale = await restoreRevision(database(), "about", 1, staff, 5);
    expect(stale).toMatchObject({ ok: false, reason: "conflict", current: { revision: 6, updatedByEmail: other.email } });
    expect((await loadPageContent(database(), about)).heroTitle).toBe("Saved meanwhile");
    expect((await listRevisions(database(), "about"))[0]?.revision).toBe(6);

    expect(await restoreRevision(database(), "about", 1, staff, 6)).toEqual({ ok: true, revision: 7 });
    expect((await loadPageContent(database(), about)).heroTitle).toBe("About our charity");
  });

  it("a Content tab 'Save anyway' keeps the images and layout a Pages tab save stored while it was under way", async () => {
    const mission = "mission";
    const picture = [{ id: "img-1", filename: "/images/hiking.svg", alt: "A walk on the moor", caption: "", position: "gallery", order: 1 }];
    const pagesTab = form({ pageId: mission, heroTitle: "", heroSubtitle: "", mainTitle: "", content: "", layout: "gallery", images: JSON.stringify(picture), force: "1" });
    // The Content tab's form has no images or layout; it was opened at revision 0 and saves over whatever is there now.
    const contentTab = form({ pageId: mission, heroTitle: "Why we do it", heroSubtitle: "", mainTitle: "", content: "", baseRevision: "0", force: "1" });

    // The Pages tab's save lands just before the Content tab's transaction begins (a colleague pressing Save at the same moment).
    const db = database();
    let raced = false;
    const racing: Database = {
      ...db,
      db: new Proxy(db.db, {
        get(target, property) {
          const value = Reflect.get(target, property, target) as unknown;
          if (property !== "transaction" || raced) return typeof value === "function" ? value.bind(target) : value;
          return () => {
            const builder = target.transaction();
            return {
              execute: async <T>(work: Parameters<typeof builder.execute<T>>[0]) => {
                raced = true;
                expect(await savePageContent(db, pagesTab, other)).toMatchObject({ ok: true });
                return builder.execute(work);
              },
            };
          };
        },
      }),
    };
    expect(await savePageContent(racing, contentTab, staff)).toMatchObject({ ok: true, revision: 2 });
    expect(raced).toBe(true);

    expect(await getStoredPageContent(db, mission)).toMatchObject({
      heroTitle: "Why we do it",
      layout: "gallery",
      images: [{ id: "img-1", filename: "/images/hiking.svg" }],
    });
  });

  it("restores only the words from the Content tab: the images and layout set since stay", async () => {
    const picture = [{ id: "img-9", filename: "gallery/nine.jpg", alt: "Ninth", caption: "", position: "gallery", order: 1 }];
    const save = async (fields: Record<string, string>, base: number) => {
      const result = await savePageContent(database(), form({ heroSubtitle: "", mainTitle: "", ...fields, baseRevision: String(base) }), staff);
      if (!result.ok) throw new Error(result.reason);
      return result.revision;
    };
    const current = (await getStoredPageContent(database(), "about"))!.revision;
    const wordsThen = await save({ heroTitle: "Words then", content: "Old words", layout: "image-right" }, current);
    // The Pages tab adds a picture and a layout; then the Content tab changes the words (its form has no images or layout).
    const pictures = await save({ heroTitle: "Words then", content: "Old words", layout: "gallery", images: JSON.stringify(picture) }, wordsThen);
    const wordsNow = await save({ heroTitle: "Words now", content: "New words" }, pictures);

    expect(await restoreRevision(database(), "about", wordsThen, staff, wordsNow, { wordsOnly: true })).toEqual({ ok: true, revision: wordsNow + 1 });
    expect(await getStoredPageContent(database(), "about")).toMatchObject({
      heroTitle: "Words then",
      content: "Old words",
      layout: "gallery",
      images: [{ id: "img-9", filename: "gallery/nine.jpg" }],
    });
    const [latest] = await listRevisions(database(), "about");
    expect(latest).toMatchObject({ revision: wordsNow + 1, restoredFrom: wordsThen, layout: "gallery" });

    // Restoring the built-in text from there keeps them too; the Pages tab's restore brings back the whole version.
    await restoreRevision(database(), "about", 0, staff, wordsNow + 1, { wordsOnly: true });
    expect(await getStoredPageContent(database(), "about")).toMatchObject({ heroTitle: null, content: null, layout: "gallery", images: [{ id: "img-9" }] });
    await restoreRevision(database(), "about", wordsThen, staff, wordsNow + 2);
    expect(await getStoredPageContent(database(), "about")).toMatchObject({ heroTitle: "Words then", layout: "image-right", images: null });
  });

  it("leaves out of the page an upload the library no longer holds, as a restored revision can name", async () => {
    const kept = await createMediaFile(database(), {
      filename: "gallery/kept.jpg",
      originalName: "kept.jpg",
      fileUrl: "/media/gallery/kept.jpg",
      fileType: "image",
      fileSize: 2048,
      altText: "Still here",
      category: "general",
      createdBy: null,
    });
    expect(kept).toBeTruthy();
    const images = [
      { id: "kept", filename: "/media/gallery/kept.jpg", alt: "Still here", caption: "", position: "gallery", order: 1 },
      { id: "gone", filename: "/media/gallery/deleted-since.jpg", alt: "Deleted since", caption: "", position: "gallery", order: 2 },
      { id: "gone-bare", filename: "gallery/also-deleted.jpg", alt: "Also deleted", caption: "", position: "gallery", order: 3 },
      { id: "built-in", filename: "/images/hiking.svg", alt: "Built in", caption: "", position: "gallery", order: 4 },
      { id: "elsewhere", filename: "https://cdn.example.org/three.jpg", alt: "Elsewhere", caption: "", position: "gallery", order: 5 },
    ];
    const current = (await getStoredPageContent(database(), "about"))!.revision;
    expect(await savePageContent(database(), form({ heroTitle: "", heroSubtitle: "", mainTitle: "", content: "", layout: "gallery", images: JSON.stringify(images), baseRevision: String(current) }), staff)).toMatchObject({ ok: true });

    const page = await loadPageContent(database(), about);
    expect(page.images.map((i) => i.alt)).toEqual(["Still here", "Built in", "Elsewhere"]);
    // What was saved is kept as it was: the editor still lists every entry, for staff to remove or replace.
    expect((await getStoredPageContent(database(), "about"))?.images?.map((i) => i.id)).toEqual(["kept", "gone", "gone-bare", "built-in", "elsewhere"]);
  });

  it("bumps the content version in the same save and tells this process's listeners", async () => {
    const heard: ContentChange[] = [];
    const stop = onContentChange((c) => heard.push(c));
    const before = await getContentVersion(database());
    await savePageContent(database(), form({ heroTitle: "Version check" }), staff);
    const afterPage = await getContentVersion(database());
    expect(afterPage).toBe(before + 1);
    await assignSectionImage(database(), { pageId: "about", section: "team", imageId: "community-gathering" }, staff);
    const settingsForm = settingsFormSchema.parse({ charityName: "Name", mapLatitude: "53.7", mapLongitude: "-1.8", registrationRetentionMonths: "24", mailRetentionMonths: "12" });
    await saveSettings(database(), settingsForm, staff);
    expect(await getContentVersion(database())).toBe(before + 3);
    stop();
    expect(heard).toEqual([{ kind: "page", pageId: "about" }, { kind: "section-image", pageId: "about" }, { kind: "settings" }]);
  });

  it("renders Markdown that tries to inject a script or a javascript: link as inert text", async () => {
    await savePageContent(
      database(),
      form({
        heroTitle: "<img src=x onerror=alert(1)>",
        content: "<script>alert('x')</script>\n\n[click](javascript:alert(1)) and [fine](/contact)\n\n## <b>Heading</b>",
      }),
      staff,
    );
    const html = renderPage(await loadPageContent(database(), about));
    expect(html).not.toMatch(/<script/i);
    expect(html).not.toMatch(/<img src=x/i);
    expect(html).not.toMatch(/javascript:/i);
    expect(html).not.toMatch(/<b>/);
    expect(html).toContain("&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).toMatch(/<a [^>]*href="\/contact"[^>]*>fine<\/a>/);
    // The refused link keeps its words, without a link.
    expect(html).toMatch(/>click(<!-- -->)? and </);
  });
});

describeEachEngine("section images", (database) => {
  it("assigns a library image to a section by its id, replaces it, clears it, and the page shows it there", async () => {
    const upload = await createMediaFile(database(), {
      filename: "hero/hero-1-abc.jpg",
      originalName: "hero.jpg",
      fileUrl: "/media/hero/hero-1-abc.jpg",
      fileType: "image",
      fileSize: 1234,
      altText: "Volunteers packing food parcels",
      category: "humanitarian",
      createdBy: null,
    });
    const applied = await assignSectionImage(database(), { pageId: "serving-humanity", section: "hero", imageId: upload.id }, staff);
    expect(applied).toMatchObject({ ok: true, image: { imageUrl: upload.fileUrl, altText: "Volunteers packing food parcels", mediaId: upload.id } });

    const page = await loadPageContent(database(), getPageById("serving-humanity")!);
    expect(page.sectionImages?.hero).toMatchObject({ src: upload.fileUrl, alt: "Volunteers packing food parcels" });
    expect(renderPage(page)).toContain(`src="${upload.fileUrl}"`);

    // Applying another image to the same section replaces the first.
    await assignSectionImage(database(), { pageId: "serving-humanity", section: "hero", imageId: "humanitarian-aid" }, staff);
    await assignSectionImage(database(), { pageId: "serving-humanity", section: "uc3-infographic", imageUrl: "infographics/uc3.png", altText: "Universal Credit in three steps" }, staff);
    const list = await listSectionImages(database(), "serving-humanity");
    expect(list.map((s) => [s.section, s.imageUrl, s.altText])).toEqual([
      ["hero", "/images/humanitarian.svg", expect.stringContaining("cupped hands")],
      ["uc3-infographic", "/media/infographics/uc3.png", "Universal Credit in three steps"],
    ]);

    expect(await clearSectionImage(database(), "serving-humanity", "hero")).toBe(true);
    expect(await clearSectionImage(database(), "serving-humanity", "hero")).toBe(false);
    expect((await listSectionImages(database(), "serving-humanity")).map((s) => s.section)).toEqual(["uc3-infographic"]);
  });

  it("refuses sections the page does not have, images that are gone, and typed addresses without alt text", async () => {
    expect(sectionImageSchema.safeParse({ pageId: "serving-humanity", section: "team", imageId: "humanitarian-aid" }).success).toBe(false);
    expect(sectionImageSchema.safeParse({ pageId: "about", section: "team" }).success).toBe(false);
    const gone = await assignSectionImage(database(), { pageId: "about", section: "team", imageId: "00000000-0000-4000-8000-000000000000" }, staff);
    expect(gone).toMatchObject({ ok: false, field: "imageId" });
    const noAlt = await assignSectionImage(database(), { pageId: "about", section: "team", imageUrl: "team.jpg" }, staff);
    expect(noAlt).toMatchObject({ ok: false, field: "imageUrl" });
    expect(await listSectionImages(database(), "about")).toEqual([]);
  });

  it("gives the register page its assigned banner, else the general picture", async () => {
    expect(registerBanner({})?.src).toBe("/images/community.svg");
    await assignSectionImage(database(), { pageId: "register-child", section: "register-child-banner", imageId: "youth-session" }, staff);
    const page = await loadPageContent(database(), getPageById("register-child")!);
    expect(registerBanner(page.sectionImages)?.src).toBe("/images/youth.svg");
  });
});

describeEachEngine("site settings", (database) => {
  it("reads the defaults until saved, then the saved values, typed", async () => {
    const defaults = await readSettings(database());
    expect(defaults.phone).toBe("");
    expect(defaults.registrationRetentionMonths).toBe(24);
    expect(defaults.mailRetentionMonths).toBe(12);

    const parsed = settingsFormSchema.parse({
      charityName: "Halifax Community Development",
      tagline: "Tag",
      charityNumber: "1234567",
      phone: "01422 123456",
      email: "info@example.org",
      postalAddress: "1 High Street\nHalifax",
      mapQuery: "Halifax",
      mapLatitude: "53.72",
      mapLongitude: "-1.86",
      instagram: "https://instagram.com/example",
      donationUrl: "https://give.example.org/charity",
      registrationRetentionMonths: "36",
      mailRetentionMonths: "6",
    });
    await saveSettings(database(), parsed, staff);
    const saved = await readSettings(database());
    expect(saved).toMatchObject({
      charityNumber: "1234567",
      phone: "01422 123456",
      postalAddress: "1 High Street\nHalifax",
      mapLatitude: 53.72,
      social: { instagram: "https://instagram.com/example", youtube: "" },
      donationUrl: "https://give.example.org/charity",
      registrationRetentionMonths: 36,
      mailRetentionMonths: 6,
    });
    expect(await getSetting(database(), "registrationRetentionMonths")).toBe(36);
    expect(await getSetting(database(), "mailRetentionMonths")).toBe(6);
  });
});

describe("settings form", () => {
  it("names every bad field and accepts empty optional ones", () => {
    const bad = settingsFormSchema.safeParse({
      charityName: "",
      phone: "call us",
      email: "nope",
      mapLatitude: "200",
      mapLongitude: "x",
      instagram: "javascript:alert(1)",
      registrationRetentionMonths: "0",
      mailRetentionMonths: "121",
    });
    expect(bad.success).toBe(false);
    const fields = new Set(bad.error!.issues.map((i) => i.path[0]));
    expect([...fields].sort()).toEqual(["charityName", "email", "instagram", "mailRetentionMonths", "mapLatitude", "mapLongitude", "phone", "registrationRetentionMonths"]);
  });
});

describeEachEngine("page images on a site whose library is in an S3 bucket with a public address", (getDb) => {
  let site: Awaited<ReturnType<typeof importSite>>;
  const importSite = async () => ({ pages: await import("./page-store.server"), media: await import("#app/features/media/media.server"), database: await import("#app/platform/db/db.server") });
  beforeAll(async () => {
    // Nothing here reaches the bucket: the library's addresses are on S3_PUBLIC_URL, as uploads store them.
    configureSiteFor(getDb(), {
      S3_ENDPOINT: "http://127.0.0.1:9",
      S3_REGION: "eu-west-2",
      S3_BUCKET: "charity-media",
      S3_ACCESS_KEY_ID: "test",
      S3_SECRET_ACCESS_KEY: "test-secret",
      S3_PUBLIC_URL: "https://media.example.org/",
    });
    site = await importSite();
  });
  afterAll(() => releaseSite(site));

  it("leaves out an upload on the bucket's address that the library no longer holds, and keeps one it holds", async () => {
    await site.media.createMediaFile(getDb(), {
      filename: "gallery/kept.jpg",
      originalName: "kept.jpg",
      fileUrl: "https://media.example.org/gallery/kept.jpg",
      fileType: "image",
      fileSize: 2048,
      altText: "Still in the bucket",
      category: "general",
      createdBy: null,
    });
    const images = [
      { id: "kept", filename: "https://media.example.org/gallery/kept.jpg", alt: "Still in the bucket", caption: "", position: "gallery", order: 1 },
      { id: "gone", filename: "https://media.example.org/gallery/deleted-since.jpg", alt: "Deleted since", caption: "", position: "gallery", order: 2 },
      { id: "built-in", filename: "/images/hiking.svg", alt: "Built in", caption: "", position: "gallery", order: 3 },
    ];
    const parsed = pageContentFormSchemaFor(["https://media.example.org"]).parse({ pageId: "about", layout: "gallery", images: JSON.stringify(images) });
    expect(await site.pages.savePageContent(getDb(), parsed, staff)).toMatchObject({ ok: true });

    const page = await site.pages.loadPageContent(getDb(), about);
    expect(page.images.map((i) => i.alt)).toEqual(["Still in the bucket", "Built in"]);
    expect((await site.pages.getStoredPageContent(getDb(), "about"))?.images?.map((i) => i.id)).toEqual(["kept", "gone", "built-in"]);
  });
});
