import path from "node:path";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { breadcrumbList, DEFAULT_SHARE_IMAGE, seoMeta, type Seo } from "./seo";

const page: Seo = { title: "Donate", description: "Help us", origin: "https://www.example.org", path: "/donate", siteName: "Halifax Community Development" };

/** The content of the meta tag with this property. */
const tag = (tags: ReturnType<typeof seoMeta>, property: string) => tags.find((t) => (t as { property?: string }).property === property || (t as { name?: string }).name === property) as { content?: string } | undefined;

describe("link preview pictures", () => {
  it("the default is a 1200×630 PNG the site serves, which every network shows", async () => {
    const file = path.resolve(import.meta.dirname, "../../../public", DEFAULT_SHARE_IMAGE.src.slice(1));
    const { format, width, height } = await sharp(file).metadata();
    expect({ format, width, height }).toEqual({ format: "png", width: 1200, height: 630 });
  });

  it("a page without a picture of its own, or with an SVG one, previews with the default, its size given", () => {
    for (const image of [undefined, "/images/football.svg", "https://cdn.example.org/a.SVG?v=2"]) {
      const tags = seoMeta({ ...page, image, imageAlt: "A drawing" });
      expect(tag(tags, "og:image")?.content).toBe("https://www.example.org/images/share.png");
      expect(tag(tags, "twitter:image")?.content).toBe("https://www.example.org/images/share.png");
      expect(tag(tags, "og:image:alt")?.content).toBe(DEFAULT_SHARE_IMAGE.alt);
      expect(tag(tags, "og:image:width")?.content).toBe("1200");
      expect(tag(tags, "og:image:height")?.content).toBe("630");
    }
  });

  it("a page's own photo is kept, with its description", () => {
    const tags = seoMeta({ ...page, image: "/media/images/2026/11/abc-1200.jpg", imageAlt: "Young people on a canal walk" });
    expect(tag(tags, "og:image")?.content).toBe("https://www.example.org/media/images/2026/11/abc-1200.jpg");
    expect(tag(tags, "og:image:alt")?.content).toBe("Young people on a canal walk");
    expect(tag(tags, "og:image:width")).toBeUndefined();
  });
});

describe("hide from search engines", () => {
  const robots = (tags: ReturnType<typeof seoMeta>) => tags.filter((t) => (t as { name?: string }).name === "robots");

  it("a page marked hidden asks search engines not to list it, once", () => {
    expect(robots(seoMeta({ ...page, noindex: true }))).toEqual([{ name: "robots", content: "noindex" }]);
  });

  it("any other page says nothing to robots, so it is listed", () => {
    expect(robots(seoMeta(page))).toEqual([]);
    expect(robots(seoMeta({ ...page, noindex: false }))).toEqual([]);
  });
});

describe("a page's trail for search results", () => {
  it("lists each step from the home page in order, at its full address", () => {
    expect(breadcrumbList("https://example.org", [{ name: "Home", path: "/" }, { name: "About Us", path: "/about" }, { name: "Our Mission", path: "/about/mission" }])).toEqual({
      "@context": "https://schema.org",
      "@type": "BreadcrumbList",
      itemListElement: [
        { "@type": "ListItem", position: 1, name: "Home", item: "https://example.org/" },
        { "@type": "ListItem", position: 2, name: "About Us", item: "https://example.org/about" },
        { "@type": "ListItem", position: 3, name: "Our Mission", item: "https://example.org/about/mission" },
      ],
    });
  });
});
