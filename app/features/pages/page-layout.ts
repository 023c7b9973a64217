import type { Layout, PageContent, PageImage, SectionImage } from "#app/content/types";

/**
 * Where a public page's pictures go, from its layout, its images and the
 * Page Images tab's sections: pure rules, shared by the page component and
 * the server code that inlines the banner.
 */

/** A Page Images section's picture as a page image entry. */
export function sectionAsImage(s: SectionImage): PageImage {
  return {
    id: `section-${s.section}`,
    filename: s.src,
    alt: s.alt,
    caption: "",
    position: s.section === "hero" ? "hero" : "inline",
    order: 0,
    width: s.width,
    height: s.height,
    responsive: s.responsive,
  };
}

/** False for the layout that shows none of the page's own images (text only); section images show with any. */
export function layoutShowsImages(layout: Layout): boolean {
  return layout !== "text-only";
}

/**
 * Where each of a page's images goes, by layout and position.
 * Text-only pages show none. A "hero" image becomes the banner under the
 * page title (hero-content pages use their first image if none is marked
 * hero); image-left and image-right put one image beside the text,
 * preferring a "sidebar" one; "gallery" images form the grid under the
 * text (on gallery pages every image does); the rest follow the text.
 */
export function placeImages(page: Pick<PageContent, "layout" | "images">): {
  hero?: PageImage;
  side?: PageImage;
  inline: PageImage[];
  gallery: PageImage[];
} {
  if (!layoutShowsImages(page.layout)) return { inline: [], gallery: [] };
  const sorted = [...page.images].sort((a, b) => a.order - b.order);
  const hero = sorted.find((i) => i.position === "hero") ?? (page.layout === "hero-content" ? sorted[0] : undefined);
  let rest = sorted.filter((i) => i !== hero);
  let side: PageImage | undefined;
  if (page.layout === "image-left" || page.layout === "image-right") {
    side = rest.find((i) => i.position === "sidebar") ?? rest.find((i) => i.position === "inline") ?? rest[0];
    rest = rest.filter((i) => i !== side);
  }
  if (page.layout === "gallery") return { hero, side, inline: [], gallery: rest };
  return { hero, side, inline: rest.filter((i) => i.position !== "gallery"), gallery: rest.filter((i) => i.position === "gallery") };
}

/** The banner under a page's title: the Page Images tab's hero section, else the layout's hero image. */
export function heroImageOf(page: PageContent): PageImage | undefined {
  const hero = page.sectionImages?.hero;
  return hero ? sectionAsImage(hero) : placeImages(page).hero;
}
