import { REGISTER_CHILD_BANNER } from "#app/content/site";

/**
 * Small helpers the public pages and the admin share about page images,
 * kept apart from the form schemas so public pages do not load zod or the
 * page catalogue for them.
 */

/** Where uploaded files are served from (SPEC §5's "uploads folder"). */
export const UPLOADS_PREFIX = "/media/";

/**
 * An image entry's address (SPEC §5): http(s) URLs and site paths as they
 * are; a bare file name is served from the uploads folder, whose prefix is
 * added unless it is already there.
 */
export function resolveImageSrc(filename: string): string {
  const name = filename.trim();
  if (/^https?:\/\//i.test(name) || name.startsWith("/")) return name;
  return `${UPLOADS_PREFIX}${name.replace(/^media\//, "")}`;
}

const SECTION_LABELS: Record<string, string> = {
  hero: "Hero",
  content: "Content",
  "uc3-infographic": "UC3 Infographic",
  values: "Values",
  team: "Team",
  mission: "Mission",
  activities: "Activities",
  [REGISTER_CHILD_BANNER.id]: "Register banner",
};

export function sectionLabel(section: string): string {
  return SECTION_LABELS[section] ?? section;
}
