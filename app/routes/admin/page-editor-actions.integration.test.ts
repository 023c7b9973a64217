import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, firstAdminCookie, postToAction, releaseSite, ROUTE_TEST_ORIGIN, type RouteAction, toastOf } from "../../../test/route-actions";

/**
 * The Pages tab's save, its preview and the Page Images tab's Apply, by
 * calling their route actions as React Router does, signed in as an admin,
 * on each database engine: a hand-made save still draws the editor; a
 * picture from another website is refused with a message saying what to do;
 * the preview leaves out a deactivated upload as the live page does.
 */

const ORIGIN = ROUTE_TEST_ORIGIN;
const ADMIN = { email: "pages-routes@example.org", password: "words pictures and layout 42" };
const OTHER_SITE = "Pictures from other websites cannot be shown here: upload it to the Media library and choose it from there.";

async function siteOn(db: TestDatabase) {
  configureSiteFor(db, { S3_PUBLIC_URL: "" });
  return {
    login: await import("../auth/login"),
    pages: await import("./admin._index"),
    pageImages: await import("./admin.page-images"),
    preview: await import("./admin_.preview"),
    media: await import("#app/features/media/media.server"),
    database: await import("#app/platform/db/db.server"),
    publicData: await import("#app/features/pages/public-page-data.server"),
  };
}

const post = (action: RouteAction, path: string, fields: Record<string, string>, cookie?: string) => postToAction(action, path, fields, { cookie, ip: "203.0.113.9" });

describeEachEngine("the page editor's actions", (getDb) => {
  let site: Awaited<ReturnType<typeof siteOn>>;
  let cookie: string;
  beforeAll(async () => {
    site = await siteOn(getDb());
    cookie = await firstAdminCookie(site.login.action as RouteAction, ADMIN);
  });
  afterAll(() => releaseSite(site));

  /** The Pages tab's loader data for a page, as the editor opened it. */
  const editorOf = async (pageId = "about") =>
    (await site.pages.loader({ request: new Request(`${ORIGIN}/admin?page=${pageId}`, { headers: { cookie } }), params: {}, context: {} } as never)).editor!;

  const savePage = async (fields: Record<string, string>) =>
    post(
      site.pages.action as RouteAction,
      "/admin",
      { intent: "save", pageId: "about", heroTitle: "", heroSubtitle: "", mainTitle: "", content: "", layout: "image-right", baseRevision: String((await editorOf()).revision), ...fields },
      cookie,
    );

  /** The Pages tab as the browser draws it after this answer. */
  async function pagesTab(actionData: Record<string, unknown> | null): Promise<string> {
    const { loader, default: PagesTab } = site.pages;
    const loaderData = await loader({ request: new Request(`${ORIGIN}/admin?page=about`, { headers: { cookie } }), params: {}, context: {} } as never);
    const props = { loaderData, actionData: actionData ?? undefined, params: {}, matches: [] } as never;
    const Stub = createRoutesStub([{ path: "/admin", Component: () => createElement(PagesTab, props) }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/admin?page=about"] })).replaceAll("<!-- -->", "");
  }

  it("a hand-made save whose image list holds no proper entries is refused, and the editor still draws what was sent", async () => {
    for (const images of ["[null]", '[{"order":{}}]', '[1, "x", [], {"id": 5, "filename": "a.jpg", "alt": "A"}]']) {
      const answer = await savePage({ heroTitle: "Hand-made", images });
      expect(answer.status, images).toBe(400);
      const values = answer.body?.values as { heroTitle: string; images: unknown[] };
      expect(values.heroTitle).toBe("Hand-made");
      expect(values.images, images).toEqual([]);
      const html = await pagesTab(answer.body);
      expect(html).toContain("Nothing was saved");
      expect(html).toContain('value="Hand-made"');
    }

    // An entry with the editor's text fields is kept, whatever else is wrong with it, so staff can correct it.
    const kept = await savePage({ images: JSON.stringify([null, { id: "img-1", filename: "/images/hiking.svg", alt: "", order: {}, position: "sideways" }]) });
    expect(kept.status).toBe(400);
    expect((kept.body?.values as { images: unknown[] }).images).toEqual([
      { id: "img-1", filename: "/images/hiking.svg", alt: "", caption: "", position: "inline", order: 1 },
    ]);
    expect(await pagesTab(kept.body)).toContain('value="/images/hiking.svg"');
  });

  it("refuses a picture from another website in the Pages and Page Images tabs, and accepts the site's own", async () => {
    const entry = (filename: string) => JSON.stringify([{ id: "img-1", filename, alt: "Our summer camp", caption: "", position: "inline", order: 1 }]);
    const elsewhere = await savePage({ images: entry("https://other.example/camp.jpg") });
    expect(elsewhere.status).toBe(400);
    expect(elsewhere.body?.errors).toEqual({ images: [`Image 1: ${OTHER_SITE}`] });
    expect(await pagesTab(elsewhere.body)).toContain(`Image 1: ${OTHER_SITE}`);

    const own = await savePage({ images: entry(`${ORIGIN}/images/hiking.svg`) });
    expect([own.status, own.location]).toEqual([302, "/admin?page=about"]);

    const applied = await post(
      site.pageImages.action as RouteAction,
      "/admin/page-images",
      { intent: "apply", pageId: "about", section: "team", imageUrl: "https://other.example/team.jpg", altText: "Our team" },
      cookie,
    );
    expect(applied.status).toBe(400);
    expect(applied.body).toEqual({ errors: { imageUrl: [OTHER_SITE] }, section: "team" });
  });

  it("says when a saved page's Text only layout shows none of its images", async () => {
    const stored = await editorOf();
    const picture = JSON.stringify([{ id: "img-1", filename: "/images/hiking.svg", alt: "Runners on a hill path", caption: "", position: "inline", order: 1 }]);
    const hidden = await savePage({ layout: "text-only", images: picture, baseRevision: String(stored.revision) });
    expect(hidden.status).toBe(302);
    expect(toastOf(hidden)?.description).toBe(
      "About Us's changes are saved as a draft: visitors see them once you publish. Its layout is Text only, so its images are not shown: choose another layout to show them.",
    );

    const shown = await savePage({ layout: "image-right", images: picture, baseRevision: String(stored.revision + 1) });
    expect(toastOf(shown)?.description).toBe("About Us's changes are saved as a draft: visitors see them once you publish.");
  });

  it("saves a draft visitors do not see until Publish; schedules only in the future; unpublishes", async () => {
    const visitorSees = async (id: string) => (await site.publicData.loadPublicPage(id)).page.heroTitle;
    const act = async (intent: string, pageId: string, extra: Record<string, string> = {}) =>
      post(site.pages.action as RouteAction, "/admin", { intent, pageId, baseRevision: String((await editorOf(pageId)).revision), ...extra }, cookie);

    const saved = await post(
      site.pages.action as RouteAction,
      "/admin",
      { intent: "save", pageId: "funders", heroTitle: "Thank you to our funders", heroSubtitle: "", mainTitle: "", content: "Our **funders** make it possible.", layout: "text-only", baseRevision: String((await editorOf("funders")).revision) },
      cookie,
    );
    expect(saved.status).toBe(302);
    expect(await visitorSees("funders")).toBe("Our Funders");
    const draft = await editorOf("funders");
    expect(draft.values.heroTitle).toBe("Thank you to our funders");
    expect(draft.values.content).toBe("Our **funders** make it possible.");
    expect(draft.publishing).toMatchObject({ status: "draft-changes", words: "Draft changes not yet live", hasDraft: true });

    // A stale editor's publish is refused.
    const stale = await post(site.pages.action as RouteAction, "/admin", { intent: "publish", pageId: "funders", baseRevision: String(draft.revision - 1) }, cookie);
    expect(stale.status).toBe(409);
    expect(await visitorSees("funders")).toBe("Our Funders");

    const published = await act("publish", "funders");
    expect([published.status, toastOf(published)?.title]).toEqual([302, "Published"]);
    expect(await visitorSees("funders")).toBe("Thank you to our funders");
    expect((await editorOf("funders")).publishing).toMatchObject({ status: "published", words: "Published", hasDraft: false });

    // Schedule: the past is refused beside the field; a future time is shown back in words, in UK time.
    await post(site.pages.action as RouteAction, "/admin", { intent: "save", pageId: "funders", heroTitle: "Our funders in 2027", heroSubtitle: "", mainTitle: "", content: "", baseRevision: String((await editorOf("funders")).revision) }, cookie);
    const past = await act("schedule", "funders", { at: "2020-01-01T09:00" });
    expect(past.status).toBe(400);
    expect(past.body?.errors).toEqual({ at: ["Choose a time in the future: that time has already passed."] });
    const future = await act("schedule", "funders", { at: "2099-12-01T09:00" });
    expect(future.status).toBe(302);
    expect(toastOf(future)?.description).toBe("Our Funders's draft will go live on Tue 1 Dec, 09:00 (UK time).");
    const scheduled = await editorOf("funders");
    expect(scheduled.publishing).toMatchObject({ status: "scheduled", words: "Scheduled for Tue 1 Dec, 09:00" });
    // The editor shows the status in words (About Us has unpublished saves from the tests above).
    expect(await pagesTab(null)).toContain("Status: <strong>Draft changes not yet live</strong>");
    expect(await visitorSees("funders")).toBe("Thank you to our funders");
    expect((await act("cancel-schedule", "funders")).status).toBe(302);
    expect((await editorOf("funders")).publishing.scheduledAt).toBeNull();

    const unpublished = await act("unpublish", "funders");
    expect([unpublished.status, toastOf(unpublished)?.title]).toEqual([302, "Unpublished"]);
    expect((await editorOf("funders")).publishing).toMatchObject({ status: "unpublished", live: false });
    expect((await act("unpublish", "contact")).status).toBe(400);
  });

  it("previews a page without an upload deactivated since, as the live page shows it", async () => {
    const withdrawn = await site.media.createMediaFile(getDb(), {
      filename: "general/consent-withdrawn.jpg",
      originalName: "consent-withdrawn.jpg",
      fileUrl: "/media/general/consent-withdrawn.jpg",
      fileType: "image",
      fileSize: 2048,
      altText: "A child whose photo may no longer be shown",
      category: "general",
      createdBy: null,
      width: 800,
      height: 600,
    });
    await site.media.updateMediaFile(getDb(), withdrawn.id, { isActive: false });
    const images = [
      { id: "img-1", filename: withdrawn.fileUrl, alt: "A child whose photo may no longer be shown", caption: "", position: "sidebar", order: 1 },
      { id: "img-2", filename: "/images/hiking.svg", alt: "Runners on a hill path", caption: "", position: "inline", order: 2 },
    ];
    const preview = await post(
      site.preview.action as RouteAction,
      "/admin/preview",
      { pageId: "volunteer", heroTitle: "", heroSubtitle: "", mainTitle: "", content: "", layout: "image-right", images: JSON.stringify(images) },
      cookie,
    );
    expect(preview.status).toBe(200);
    const page = preview.body?.page as { images: { alt: string }[] };
    expect(page.images.map((i) => i.alt)).toEqual(["Runners on a hill path"]);
  });

  it("makes a new page that saves, previews and publishes like a built-in one; a refused New page keeps what was typed", async () => {
    const pages = site.pages.action as RouteAction;
    const refused = await post(pages, "/admin", { intent: "create-page", title: "", parentId: "what-we-offer", slug: "club" }, cookie);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({ lifecycle: { form: "create", errors: { title: ["Give the page a title"] }, values: { title: "", parentId: "what-we-offer", slug: "club" } } });

    const made = await post(pages, "/admin", { intent: "create-page", title: "Holiday Club", parentId: "what-we-offer", slug: "" }, cookie);
    expect(made.status).toBe(302);
    expect(toastOf(made)).toMatchObject({ title: "Page created", description: "Holiday Club is a draft at /what-we-offer/holiday-club: visitors see it once you publish it." });
    const id = new URL(made.location!, ORIGIN).searchParams.get("page")!;
    const opened = await editorOf(id);
    expect(opened.page).toEqual({ id, title: "Holiday Club", path: "/what-we-offer/holiday-club" });
    expect(opened.values).toMatchObject({ heroTitle: "Holiday Club", heroSubtitle: "", mainTitle: "", content: "" });
    expect(opened.lifecycle).toEqual({ ownsAddress: false, menuHidden: false, builtIn: false, parentPath: "/what-we-offer", slug: "holiday-club" });

    const fields = { pageId: id, heroTitle: "Holiday Club", heroSubtitle: "Every school holiday", mainTitle: "Days out", content: "Trips and **games**. To book, [click here](/contact).", layout: "text-only" };
    const saved = await post(pages, "/admin", { intent: "save", ...fields, baseRevision: String(opened.revision) }, cookie);
    expect([saved.status, saved.location]).toEqual([302, `/admin?page=${id}`]);
    const preview = await post(site.preview.action as RouteAction, "/admin/preview", { ...fields, mainTitle: "Days out and about" }, cookie);
    expect(preview.status).toBe(200);
    expect(preview.body?.page).toMatchObject({ heroSubtitle: "Every school holiday", mainTitle: "Days out and about" });
    expect(preview.body?.drawn).toBeNull();
    // A block added in the Blocks tab and not yet saved: the preview draws the page block by block, with it.
    const more = { id: "more", type: "text", hidden: false, title: "Booking and prices", body: { type: "doc", content: [] }, layout: "text-only", images: [] };
    const withBlock = await post(site.preview.action as RouteAction, "/admin/preview", { ...fields, blocks: JSON.stringify([...opened.values.blocks!, more]) }, cookie);
    expect(withBlock.status).toBe(200);
    const drawn = withBlock.body?.drawn as { blocks: { id: string; title?: string }[] };
    expect(drawn.blocks.map((b) => [b.id, b.title])).toEqual([
      ["hero", "Holiday Club"],
      ["text", "Days out"],
      ["more", "Booking and prices"],
    ]);

    // A vague link is pointed out before Publish, and does not stop it.
    const drafted = await editorOf(id);
    expect(drafted.publishing.findings).toEqual([{ level: "warning", message: 'Block 2 (Text and pictures): the link text "click here" does not say where it leads: use words such as "Volunteer vacancies".' }]);
    const published = await post(pages, "/admin", { intent: "publish", pageId: id, baseRevision: String(drafted.revision) }, cookie);
    expect(published.status).toBe(302);
    const { findPublishedPage } = await import("#app/features/pages/published-page.server");
    const live = await findPublishedPage(await site.database.getDatabase(), "/what-we-offer/holiday-club");
    expect(live?.published?.blocks.find((b) => b.type === "text")).toMatchObject({ title: "Days out" });
  });
});
