import type { Block, ImageRef } from "#app/features/blocks/block-schema";
import type { PageContent, PageImage, SectionImage } from "#app/content/types";
import { REGISTER_CHILD_BANNER } from "#app/content/site";
import { markdownToRichText } from "#app/features/blocks/rich-text";
import { heroImageOf } from "#app/features/pages/page-layout";
import { SPECIAL_PAGE_BLOCKS } from "#app/features/blocks/seed/special-pages";

const imageRef = (image: PageImage): ImageRef => ({ src: image.filename, alt: image.alt, decorative: false, width: image.width, height: image.height });

/**
 * A special page's blocks: its hero and text from the page's content as
 * staff last saved it (hero title and subtitle, buttons, main title, body,
 * layout and pictures, and the pictures applied in Page Images), around the
 * seed blocks of its other sections. When pages are stored as documents,
 * the loaders read the document's blocks instead of calling this.
 */
export function pageBlocksFor(pageId: string, { page }: { page: PageContent }): Block[] {
  const seed = SPECIAL_PAGE_BLOCKS[pageId] ?? { before: [], after: [] };
  const home = pageId === "home";
  const heroImage = heroImageOf(page);
  const hero: Block = {
    id: "hero",
    type: "hero",
    hidden: false,
    title: page.heroTitle,
    subtitle: page.heroSubtitle,
    // The home page's picture stands in for its latest video instead.
    image: heroImage && !home ? imageRef(heroImage) : null,
    buttons: page.ctas.map((cta) => ({ label: cta.label, href: cta.href })),
    style: home ? "home" : "banner",
  };
  const text: Block = {
    id: home ? "explore" : "main-content",
    type: "text",
    hidden: false,
    title: page.mainTitle,
    body: markdownToRichText(page.content),
    layout: page.layout,
    images: page.images,
  };
  // A banner staff applied to the register page's banner section replaces the built-in one.
  const banner = page.sectionImages?.[REGISTER_CHILD_BANNER.id];
  const after = seed.after.map((b) =>
    banner && b.type === "image" && b.id === REGISTER_CHILD_BANNER.id
      ? { ...b, image: { src: banner.src, alt: banner.alt, decorative: false, width: banner.width, height: banner.height } }
      : b,
  );
  return [hero, ...seed.before, text, ...after];
}

/**
 * Pictures applied in Page Images to the page's sections that have no block
 * of their own (the hero's goes in the hero, the banner's in its image
 * block): shown after the page's text, as before.
 */
export function extraSectionImages({ page }: { page: PageContent }): SectionImage[] {
  return Object.values(page.sectionImages ?? {}).filter((s) => s.section !== "hero" && s.section !== REGISTER_CHILD_BANNER.id);
}
