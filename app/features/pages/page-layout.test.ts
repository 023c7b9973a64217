import { describe, expect, it } from "vitest";
import type { PageContent, PageImage } from "#app/content/types";
import { heroImageOf, placeImages } from "./page-layout";

const image = (id: string, position: PageImage["position"], order: number): PageImage => ({ id, filename: `${id}.jpg`, alt: id, caption: "", position, order });
const ids = (images: PageImage[]) => images.map((i) => i.id);

describe("where a page's pictures go", () => {
  const images = [image("c", "gallery", 3), image("a", "inline", 1), image("s", "sidebar", 2), image("g", "gallery", 4)];

  it("shows none on a text-only page", () => {
    expect(placeImages({ layout: "text-only", images })).toEqual({ inline: [], gallery: [] });
  });

  it("puts the sidebar picture beside the text on image-left and image-right, the rest after it in order", () => {
    for (const layout of ["image-left", "image-right"] as const) {
      const placed = placeImages({ layout, images });
      expect(placed.side?.id).toBe("s");
      expect(ids(placed.inline)).toEqual(["a"]);
      expect(ids(placed.gallery)).toEqual(["c", "g"]);
    }
  });

  it("makes the first picture the banner of a hero-content page with no hero marked, and every picture gallery on a gallery page", () => {
    expect(placeImages({ layout: "hero-content", images }).hero?.id).toBe("a");
    expect(placeImages({ layout: "hero-content", images: [...images, image("h", "hero", 9)] }).hero?.id).toBe("h");
    expect(ids(placeImages({ layout: "gallery", images }).gallery)).toEqual(["a", "s", "c", "g"]);
  });

  it("takes the banner from the Page Images tab's hero section before the layout's", () => {
    const page = { layout: "hero-content", images, sectionImages: { hero: { section: "hero", src: "/media/hall.webp", alt: "The hall", width: 1600, height: 900 } } } as unknown as PageContent;
    expect(heroImageOf(page)).toMatchObject({ filename: "/media/hall.webp", alt: "The hall", position: "hero", width: 1600, height: 900 });
    expect(heroImageOf({ ...page, sectionImages: {} })?.id).toBe("a");
  });
});
