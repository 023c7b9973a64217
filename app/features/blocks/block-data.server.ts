import type { Block } from "#app/features/blocks/block-schema";
import type { BlockData } from "#app/features/blocks/block-data";
import type { SiteSettings } from "#app/content/site";
import type { PageContent, PageImage } from "#app/content/types";
import { heroImageOf } from "#app/features/pages/page-layout";
import { questionTopicsFrom } from "#app/features/blocks/question-topics";
import { getPageById } from "#app/content/pages";
import { publishedBuiltInContent } from "#app/features/pages/published-page.server";
import { SPECIAL_PAGE_BLOCKS } from "#app/features/blocks/seed/special-pages";
import type { PageDocument } from "#app/features/pages/page-document";
import { extraSectionImages, pageBlocksFor } from "#app/features/blocks/page-blocks-for";
import type { Gallery } from "#app/features/videos/gallery";
import { getDatabase } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import { ukToday } from "#app/web/dates";
import { loadGallery } from "#app/features/pages/public-page-data.server";
import { loadCarouselTestimonials } from "#app/features/testimonials/testimonials.server";
import { loadNewsEvents } from "#app/features/events/events.server";
import { listOpportunities } from "#app/features/volunteers/volunteer-roles.server";
import { registrationRetentionMonths } from "#app/features/registrations/registrations.server";

/**
 * The records a page's blocks show, read in parallel, and only those its
 * shown blocks need: a page without a testimonials block never reads the
 * testimonials. A read that fails leaves its block saying so (or empty),
 * never the page broken.
 */
export async function loadBlockData(blocks: readonly Block[], { settings, requestId }: { settings: SiteSettings; requestId?: string }): Promise<BlockData> {
  const shown = blocks.filter((b) => !b.hidden);
  const has = (type: Block["type"]) => shown.some((b) => b.type === type);
  const needsRoles = has("vacancies") || shown.some((b) => b.type === "form" && b.form === "volunteer");
  const needsRegistration = shown.some((b) => b.type === "form" && b.form === "registration");

  const galleries = Promise.all(
    shown.flatMap((b) => (b.type === "videos" ? [loadGallery(b.assignment, { requestId }).then((g): [string, Gallery] => [b.id, g])] : [])),
  ).then(Object.fromEntries as (entries: [string, Gallery][]) => Record<string, Gallery>);
  // The roles cannot be read (the database is down): the block says so and the page is not cached.
  const roles = needsRoles
    ? getDatabase()
        .then((database) => listOpportunities(database, { openOnly: true }))
        .catch((error: unknown) => {
          logger.error({ err: error, requestId }, "failed to load volunteer vacancies");
          noteFallback();
          return null;
        })
    : Promise.resolve([]);
  const [galleriesByBlock, testimonials, events, vacancies, retentionMonths] = await Promise.all([
    galleries,
    has("testimonials") ? loadCarouselTestimonials(requestId) : Promise.resolve([]),
    has("events") ? loadNewsEvents(requestId) : Promise.resolve(null),
    roles,
    needsRegistration ? registrationRetentionMonths() : Promise.resolve(undefined),
  ]);
  return {
    settings,
    galleries: galleriesByBlock,
    testimonials,
    events,
    vacancies,
    // The FAQ page's seed blocks until pages are stored documents; then that page's published blocks.
    questionTopics: shown.some((b) => b.type === "form" && b.form === "question") ? await currentQuestionTopics() : undefined,
    forms: needsRegistration ? { today: ukToday(), retentionMonths } : {},
  };
}

/**
 * The Contact form's topics now: those of the FAQ page as published (the
 * seed's if the page cannot be read), so the form and the server that
 * checks it offer and accept the same choices.
 */
export async function currentQuestionTopics(): Promise<readonly { value: string; label: string }[]> {
  const faqs = getPageById("faqs");
  const published = faqs ? await publishedBuiltInContent(faqs) : null;
  return questionTopicsFrom(published?.document?.blocks ?? SPECIAL_PAGE_BLOCKS.faqs?.after ?? []);
}

/**
 * Everything a special page's component needs to draw its blocks, from the
 * page's public data: its blocks (pageBlocksFor), their records, the hero
 * picture and the section pictures. Each special route's loader spreads it.
 */
export async function loadSpecialPageBlocks(
  pageId: string,
  data: { page: PageContent; settings: SiteSettings; heroInline: string | null; document?: PageDocument | null },
  requestId?: string,
): Promise<{ blocks: Block[]; blockData: BlockData; heroPicture: PageImage | null }> {
  const blocks = pageBlocksFor(pageId, data);
  const blockData = await loadBlockData(blocks, { settings: data.settings, requestId });
  return {
    blocks,
    blockData: { ...blockData, heroInline: data.heroInline, sectionImages: extraSectionImages(data) },
    heroPicture: heroImageOf(data.page) ?? null,
  };
}
