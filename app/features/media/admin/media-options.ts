import { BUILT_IN_PAGES } from "#app/content/pages";
import { MEDIA_CATEGORIES, MEDIA_SECTIONS } from "#app/content/site";

/** Pages a file can be assigned to: every page with a video gallery, by its assignment name. */
export const PAGE_OPTIONS: readonly { value: string; label: string }[] = BUILT_IN_PAGES.filter((p) => p.videoAssignment).map((p) => ({
  value: p.videoAssignment!,
  label: `${p.title} (${p.path})`,
}));

export const SECTION_OPTIONS = MEDIA_SECTIONS;
export const CATEGORY_OPTIONS = MEDIA_CATEGORIES;

export function pageLabel(value: string | null): string {
  if (!value) return "No page";
  return PAGE_OPTIONS.find((p) => p.value === value)?.label ?? value;
}

export function sectionLabel(value: string | null): string {
  if (!value) return "No section";
  return SECTION_OPTIONS.find((s) => s.value === value)?.label ?? value;
}

/** How many places a message names before it says "and N more". */
export const USES_NAMED = 3;

/** Where a file is used, for a sentence: "Home page (Hero section image), About Us page and 2 more". */
export function describeMediaUses(places: readonly string[], named = USES_NAMED): string {
  if (places.length <= named) return places.length > 1 ? `${places.slice(0, -1).join(", ")} and ${places[places.length - 1]}` : (places[0] ?? "");
  return `${places.slice(0, named).join(", ")} and ${places.length - named} more`;
}
