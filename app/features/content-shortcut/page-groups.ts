/** Where the Pages tab opens a page, on its Content sub-tab (the editor's first). */
export function pagesTabHref(pageId: string): string {
  return `/admin?page=${encodeURIComponent(pageId)}`;
}

/**
 * The Content tab's old page choices (kept in bookmarks and links from
 * before it became a shortcut), by the page each edited.
 */
const OLD_CHOICES: Record<string, string> = { homepage: "home" };

/** The page an old Content tab address named, if it is one of `pageIds`. */
export function pageOfOldChoice(choice: string | null, pageIds: ReadonlySet<string>): string | null {
  if (!choice) return null;
  const id = Object.hasOwn(OLD_CHOICES, choice) ? OLD_CHOICES[choice]! : choice;
  return pageIds.has(id) ? id : null;
}
