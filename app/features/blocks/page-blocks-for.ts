import type { Block, ImageRef } from "#app/features/blocks/block-schema";
import type { PageContent, PageImage, SectionImage } from "#app/content/types";
import { REGISTER_CHILD_BANNER } from "#app/content/site";
import { markdownToRichText } from "#app/features/blocks/rich-text";
import { heroImageOf } from "#app/features/pages/page-layout";
import { SPECIAL_PAGE_BLOCKS } from "#app/features/blocks/seed/special-pages";
import type { PageDocument } from "#app/features/pages/page-document";

const imageRef = (image: PageImage): ImageRef => ({ src: image.filename, alt: image.alt, decorative: false, width: image.width, height: image.height });

/**
 * A special page's blocks as visitors see them: the published document's
 * blocks, with the pictures the server resolved for it (the hero's, chosen
 * by the layout or applied in Page Images, and the text's with their
 * generated sizes) and a banner applied in Page Images. Without a document
 * (the database could not be read) the built-in copy stands in: the hero
 * and text from the page content around the seed blocks.
 */
export function pageBlocksFor(pageId: string, { page, document }: { page: PageContent; document?: PageDocument | null }): Block[] {
  const home = pageId === "home";
  const heroImage = heroImageOf(page);
  const banner = page.sectionImages?.[REGISTER_CHILD_BANNER.id];
  const withBanner = (b: Block): Block =>
    banner && b.type === "image" && b.id === REGISTER_CHILD_BANNER.id
      ? { ...b, image: { src: banner.src, alt: banner.alt, decorative: false, width: banner.width, height: banner.height } }
      : b;
  if (document) {
    const firstHero = document.blocks.find((b) => b.type === "hero" && !b.hidden);
    const firstText = document.blocks.find((b) => b.type === "text" && !b.hidden);
    return document.blocks.map((b) => {
      // The home page's picture stands in for its latest video instead of sitting in the hero.
      if (b === firstHero && b.type === "hero") return { ...b, image: heroImage && !home ? imageRef(heroImage) : null };
      if (b === firstText && b.type === "text") return { ...b, images: page.images };
      return withBanner(b);
    });
  }
  const seed = SPECIAL_PAGE_BLOCKS[pageId] ?? { before: [], after: [] };
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
  return [hero, ...seed.before, text, ...seed.after.map(withBanner)];
}

/**
 * Pictures applied in Page Images to the page's sections that have no block
 * of their own (the hero's goes in the hero, the banner's in its image
 * block): shown after the page's text, as before.
 */
export function extraSectionImages({ page }: { page: PageContent }): SectionImage[] {
  return Object.values(page.sectionImages ?? {}).filter((s) => s.section !== "hero" && s.section !== REGISTER_CHILD_BANNER.id);
}
