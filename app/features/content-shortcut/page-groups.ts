import { getPagesByCategory, PAGE_CATEGORY_LABELS } from "#app/content/pages";
import type { PageCategory } from "#app/content/types";

/** The groups pages are listed in, in the order staff are used to: the same groups and order as the Pages tab's selector (admin._index.tsx), which the pages-as-records work is rewriting. */
const GROUP_ORDER: PageCategory[] = ["about", "deliver", "offer", "main", "engagement", "legal"];

export interface PageGroup {
  label: string;
  pages: { id: string; title: string }[];
}

export const PAGE_GROUPS: PageGroup[] = GROUP_ORDER.map((category) => ({
  label: PAGE_CATEGORY_LABELS[category],
  pages: getPagesByCategory(category).map((p) => ({ id: p.id, title: p.title })),
}));

/** Where the Pages tab opens a page, on its Content sub-tab (the editor's first). */
export function pagesTabHref(pageId: string): string {
  return `/admin?page=${encodeURIComponent(pageId)}`;
}

/**
 * The Content tab's old page choices (kept in bookmarks and links from
 * before it became a shortcut), by the page each edited.
 */
const OLD_CHOICES: Record<string, string> = { homepage: "home" };

/** The page an old Content tab address named, if any. */
export function pageOfOldChoice(choice: string | null): string | null {
  if (!choice) return null;
  const id = Object.hasOwn(OLD_CHOICES, choice) ? OLD_CHOICES[choice]! : choice;
  return PAGE_GROUPS.some((group) => group.pages.some((p) => p.id === id)) ? id : null;
}
