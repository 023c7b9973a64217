import { getPageById, PAGE_CATEGORY_LABELS } from "#app/content/pages";
import type { PageCategory } from "#app/content/types";
import type { PageListItem } from "./page-records.server";

/**
 * The groups staff find pages in, in the order they are used to (About,
 * What We Deliver, What We Offer, Main, Get Involved, Legal), built from the
 * page records: the Pages tab's selector and the Content tab's shortcuts
 * both list the pages this way, pages staff made included.
 */

export const PAGE_GROUP_ORDER: readonly PageCategory[] = ["about", "deliver", "offer", "main", "engagement", "legal"];

export interface PageGroup {
  label: string;
  pages: { id: string; title: string }[];
}

/** What a page is called in the lists: a built-in page by the name staff know, any page not on the site marked so. */
function listTitle(page: PageListItem): string {
  const title = getPageById(page.id)?.title ?? page.title;
  if (page.status === "unpublished") return `${title} (not published)`;
  return page.menuHidden ? `${title} (hidden from the menu)` : title;
}

/** Every page not in the Bin, in its group; a page filed under a group the lists do not know joins Main. */
export function pageGroups(pages: readonly PageListItem[]): PageGroup[] {
  const live = pages.filter((p) => !p.inBin);
  const groupOf = (p: PageListItem): PageCategory => (PAGE_GROUP_ORDER.includes(p.category as PageCategory) ? (p.category as PageCategory) : "main");
  return PAGE_GROUP_ORDER.map((category) => ({
    label: PAGE_CATEGORY_LABELS[category],
    pages: live.filter((p) => groupOf(p) === category).map((p) => ({ id: p.id, title: listTitle(p) })),
  })).filter((g) => g.pages.length > 0);
}
