import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine, type TestDatabase } from "../../../test/engines";
import { configureSiteFor, releaseSite } from "../../../test/route-actions";

/**
 * The home page's picture under its first heading (its largest paint on a
 * phone) follows the Page Images tab: an image applied to Home's Hero
 * section takes the built-in still's place, as a responsive <img> loaded at
 * once; with none, the still stays. Through the route's loader and
 * component, on each database engine.
 */

const staff = { id: null, email: "home-images@example.org" };

/** The route module and the site's own modules, reading their configuration afresh for this engine's database. */
async function siteOn(db: TestDatabase) {
  configureSiteFor(db);
  return {
    home: await import("./_index"),
    sectionImages: await import("#app/features/pages/section-images.server"),
    media: { ...(await import("#app/features/media/media.server")), ...(await import("#app/features/media/media-processing.server")) },
    youtube: await import("#app/features/videos/videos.server"),
    database: await import("#app/platform/db/db.server"),
    // From the same fresh modules as the route, so its kept page is dropped at once when this publishes.
    pages: await import("../../../test/page-records"),
  };
}

describeEachEngine("the home page's hero picture", (getDb) => {
  let site: Awaited<ReturnType<typeof siteOn>>;
  beforeAll(async () => {
    site = await siteOn(getDb());
  });
  afterAll(() => releaseSite(site));

  /** The home page as a visitor's browser receives it. */
  async function homePage(): Promise<string> {
    const { loader, default: Home } = site.home;
    const loaderData = await loader({ request: new Request("http://127.0.0.1:3999/"), params: {}, context: { requestId: "test" } } as never);
    const props = { loaderData, params: {}, matches: [] } as never;
    const Stub = createRoutesStub([{ path: "/", Component: () => createElement(Home, props) }]);
    return renderToStaticMarkup(createElement(Stub, { initialEntries: ["/"] }));
  }

  /** The <img> with this alt text, and the <picture> sources around it. */
  function pictureOf(html: string, alt: string) {
    const img = new RegExp(`<img [^>]*alt="${alt}"[^>]*>`).exec(html)?.[0];
    const picture = /<picture[^>]*>(?:(?!<\/picture>)[\s\S])*<\/picture>/.exec(html)?.[0] ?? "";
    return { img, picture };
  }

  it("shows the built-in still until an image is applied to the Hero section, then that image, loaded at once", async () => {
    const before = await homePage();
    const still = /<section aria-labelledby="latest-update-heading"[\s\S]*?<img [^>]*>/.exec(before)?.[0] ?? "";
    expect(still).toMatch(/<img [^>]*src="data:image\/svg\+xml,/);

    const upload = await site.media.createMediaFile(getDb(), {
      filename: "hero/summer-camp.jpg",
      originalName: "summer-camp.jpg",
      fileUrl: "/media/hero/summer-camp.jpg",
      fileType: "image",
      fileSize: 4096,
      altText: "Children racing at the summer camp",
      category: "general",
      createdBy: null,
      mimeType: "image/jpeg",
      width: 1600,
      height: 900,
    });
    await site.media.completeProcessing(getDb(), upload.id, {
      placeholder: null,
      variants: [
        { width: 640, height: 360, format: "webp", key: "hero/summer-camp.0a1b.640w.webp", url: "/media/hero/summer-camp.0a1b.640w.webp", size: 900 },
        { width: 640, height: 360, format: "avif", key: "hero/summer-camp.0a1b.640w.avif", url: "/media/hero/summer-camp.0a1b.640w.avif", size: 700 },
      ],
    });
    const applied = await site.sectionImages.assignSectionImage(getDb(), { pageId: "home", section: "hero", imageId: upload.id }, staff);
    expect(applied).toMatchObject({ ok: true });

    const after = await homePage();
    const { img, picture } = pictureOf(after, "Children racing at the summer camp");
    expect(img).toBeDefined();
    expect(img).toContain('src="/media/hero/summer-camp.jpg"');
    expect(img).toContain('width="1600"');
    expect(img).toContain('height="900"');
    expect(img).toContain('fetchPriority="high"');
    expect(img).not.toContain('loading="lazy"');
    expect(picture).toContain('srcSet="/media/hero/summer-camp.0a1b.640w.webp 640w"');
    expect(picture).toContain('srcSet="/media/hero/summer-camp.0a1b.640w.avif 640w"');
    // In the still's place: the old picture is not shown beside it.
    expect(after).not.toMatch(/<section aria-labelledby="latest-update-heading"[\s\S]*?src="data:image\/svg/);
    // Still no script of its own: the page stays server-rendered markup.
    expect(after).not.toContain("<script");

    // With a video on the home page, the applied image is what shows before it plays.
    await site.media.createMediaFile(getDb(), {
      filename: "home/open-day.mp4",
      originalName: "open-day.mp4",
      fileUrl: "/media/home/open-day.mp4",
      fileType: "video",
      fileSize: 4096,
      altText: "Our open day",
      category: "general",
      createdBy: null,
      mimeType: "video/mp4",
      pageAssignment: "home",
    });
    const withVideo = await homePage();
    expect(withVideo).toMatch(/<video [^>]*poster="\/media\/hero\/summer-camp\.jpg"/);

    // With a YouTube video instead, it is the poster shown until play is pressed.
    await getDb().db.deleteFrom("media_files").where("filename", "=", "home/open-day.mp4").execute();
    const youtube = await site.youtube.createYoutubeVideo(getDb(), { url: "https://www.youtube.com/watch?v=dQw4w9WgXcQ", title: "Our year", page: "home" });
    expect(youtube).toMatchObject({ ok: true });
    const withYoutube = (await homePage()).replaceAll("<!-- -->", "");
    const latest = /<section aria-labelledby="latest-update-heading"[\s\S]*?<\/section>/.exec(withYoutube)?.[0] ?? "";
    expect(latest).toContain("Our year");
    expect(latest).toMatch(/<img [^>]*src="\/media\/hero\/summer-camp\.jpg"/);
    // Nothing from YouTube is loaded before play: a link, no frame.
    expect(latest).not.toContain("<iframe");
  });

  it("shows the pictures staff give Home's text and its Content section beside and after the text, as on any page", async () => {
    /** The library upload an image entry names, so the page keeps it. */
    const upload = (name: string, alt: string) =>
      site.media.createMediaFile(getDb(), {
        filename: `home/${name}`,
        originalName: name,
        fileUrl: `/media/home/${name}`,
        fileType: "image",
        fileSize: 4096,
        altText: alt,
        category: "general",
        createdBy: null,
        mimeType: "image/jpeg",
        width: 1200,
        height: 800,
      });
    await upload("side.jpg", "Volunteers painting the hall");
    await upload("after.jpg", "A football team photo");
    await upload("grid.jpg", "The art room");
    const content = await upload("content.jpg", "Families at the open day");

    await site.pages.setPageFields(
      getDb(),
      "home",
      {
        content: "Our new welcome text.",
        layout: "image-right",
        images: [
          { id: "a", filename: "home/side.jpg", alt: "Volunteers painting the hall", caption: "", position: "sidebar", order: 1 },
          { id: "b", filename: "home/after.jpg", alt: "A football team photo", caption: "Under-12s", position: "inline", order: 2 },
          { id: "c", filename: "home/grid.jpg", alt: "The art room", caption: "", position: "gallery", order: 3 },
        ],
      },
      staff,
    );
    expect(await site.sectionImages.assignSectionImage(getDb(), { pageId: "home", section: "content", imageId: content.id }, staff)).toMatchObject({ ok: true });

    const html = (await homePage()).replaceAll("<!-- -->", "");
    const explore = /<section aria-labelledby="text-heading"[\s\S]*?<\/section>/.exec(html)?.[0] ?? "";
    expect(explore).toContain("Our new welcome text.");
    for (const alt of ["Volunteers painting the hall", "A football team photo", "The art room", "Families at the open day"]) {
      expect(explore, alt).toMatch(new RegExp(`<img [^>]*alt="${alt}"`));
    }
    expect(explore).toContain("<figcaption");
    expect(explore).toContain("Under-12s");
    expect(explore).toMatch(/<ul [^>]*aria-label="Gallery"[\s\S]*alt="The art room"/);
    // The explore cards still follow the text, as a block of their own.
    expect(html.slice(html.indexOf(explore) + explore.length)).toMatch(/^<section[^>]*id="explore-cards"[\s\S]*Explore<span/);

    // Text only: the page's own pictures go, the Content section's stays (as on every page).
    await site.pages.setPageFields(getDb(), "home", { layout: "text-only" }, staff);
    const plain = /<section aria-labelledby="text-heading"[\s\S]*?<\/section>/.exec(await homePage())?.[0] ?? "";
    expect(plain).not.toContain("Volunteers painting the hall");
    expect(plain).not.toContain("The art room");
    expect(plain).toContain('alt="Families at the open day"');
  });
});
