import { REGISTER_CHILD_BANNER } from "#app/content/site";

/**
 * Small helpers the public pages and the admin share about page images,
 * kept apart from the form schemas so public pages do not load zod or the
 * page catalogue for them.
 */

/** Where uploaded files are served from: the site's uploads folder. */
export const UPLOADS_PREFIX = "/media/";

/**
 * An image entry's address: http(s) URLs and site paths as they
 * are; a bare file name is served from the uploads folder, whose prefix is
 * added unless it is already there. Given the site's own origin (the
 * server's PUBLIC_URL), a URL on it is its path: an upload pasted as
 * https://www.example.org/media/x.jpg is then the same file as /media/x.jpg
 * wherever files are looked up by address.
 */
export function resolveImageSrc(filename: string, ownOrigin?: string): string {
  const name = filename.trim();
  if (/^https?:\/\//i.test(name)) return (ownOrigin && pathOnOrigin(name, ownOrigin)) || name;
  if (name.startsWith("/")) return name;
  return `${UPLOADS_PREFIX}${name.replace(/^media\//, "")}`;
}

/** The path (with query and fragment) of an address on `origin`, or null when it is elsewhere. */
function pathOnOrigin(address: string, origin: string): string | null {
  let url: URL;
  let own: URL;
  try {
    url = new URL(address);
    own = new URL(origin);
  } catch {
    return null;
  }
  if (url.origin !== own.origin || url.username || url.password) return null;
  // "https://site//elsewhere.org/x" has the path "//elsewhere.org/x", which on its own is another site's address.
  if (url.pathname.startsWith("//")) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
