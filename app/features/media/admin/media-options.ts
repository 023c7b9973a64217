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

/**
 * Where a file is shown, in one phrase: the places that use it, the video
 * gallery it is assigned to, and the page or section it is filed under,
 * leaving out whatever is not set (so "No page" never sits beside the page
 * that shows it). `uses` is undefined when they could not be read.
 */
export function describeMediaPlace(
  file: { fileType: "image" | "video"; pageAssignment: string | null; sectionAssignment: string | null },
  uses: readonly string[] | undefined,
): string {
  const phrases: string[] = [];
  if (uses === undefined) phrases.push("Where it is used could not be checked just now");
  else if (uses.length > 0) phrases.push(`Used on ${describeMediaUses(uses)}`);
  const page = file.pageAssignment ? pageLabel(file.pageAssignment) : null;
  if (file.fileType === "video" && page) phrases.push(`in the video gallery of ${page}`);
  const filed = [file.fileType === "image" && page ? `the page ${page}` : null, file.sectionAssignment ? `the ${sectionLabel(file.sectionAssignment)} section` : null].filter(Boolean);
  if (filed.length > 0) phrases.push(`filed under ${filed.join(" and ")}`);
  if (phrases.length === 0 || (uses?.length === 0 && !(file.fileType === "video" && page))) phrases.unshift("Not used on the site yet");
  const sentence = phrases.join("; ");
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}
