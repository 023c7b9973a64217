import { can, type Capability } from "#app/features/accounts/roles";

/**
 * The things on the admin's landing page that need someone to act, one per
 * area of the admin. Each area names the list that holds its records, so a
 * count links there and the navigation can badge that tab. Which areas a
 * request counts is the caller's choice (attentionCounts takes the list):
 * each member of staff is counted only the areas their role may open
 * (attentionAreasFor), so a count never tells anyone of records they may
 * not see.
 */

export const ATTENTION_AREAS = ["volunteers", "messages", "testimonials", "registrations", "media", "outbox", "scheduled"] as const;
export type AttentionArea = (typeof ATTENTION_AREAS)[number];

export type AttentionCounts = Partial<Record<AttentionArea, number>>;

/** A more exact address than the area's list, where there is one (attentionLinks). */
export type AttentionLinks = Partial<Record<AttentionArea, string>>;

/** The Pages tab with one page open in its editor. */
export const pageEditorHref = (pageId: string) => `/admin?page=${encodeURIComponent(pageId)}`;

interface AreaInfo {
  /** The tab whose badge shows the count. */
  tab: string;
  /** The list holding the counted records, filtered to them where the list can be. */
  href: string;
  /** What the count is, said after the number. */
  describe: (n: number) => string;
}

const s = (n: number, one: string, many: string) => (n === 1 ? one : many);

export const ATTENTION_INFO: Record<AttentionArea, AreaInfo> = {
  volunteers: { tab: "/admin/volunteers", href: "/admin/volunteers?status=pending", describe: (n) => s(n, "volunteer application to decide", "volunteer applications to decide") },
  messages: { tab: "/admin/messages", href: "/admin/messages?status=new", describe: (n) => s(n, "unanswered question", "unanswered questions") },
  testimonials: { tab: "/admin/reviews", href: "/admin/reviews?status=pending", describe: (n) => s(n, "testimonial to approve", "testimonials to approve") },
  registrations: { tab: "/admin/registrations", href: "/admin/registrations?due=1", describe: (n) => s(n, "registration due for review", "registrations due for review") },
  media: { tab: "/admin/media", href: "/admin/media?processing=unfinished", describe: (n) => s(n, "upload failed or still processing", "uploads failed or still processing") },
  outbox: { tab: "/admin/outbox", href: "/admin/outbox?status=unsent", describe: (n) => s(n, "e-mail not sent", "e-mails not sent") },
  scheduled: { tab: "/admin", href: "/admin", describe: (n) => s(n, "page with changes scheduled to go live", "pages with changes scheduled to go live") },
};

/** The capability that opens each area's list. */
const AREA_CAPABILITY: Record<AttentionArea, Capability> = {
  volunteers: "volunteer-applications",
  messages: "messages",
  testimonials: "reviews",
  registrations: "registrations",
  media: "media",
  outbox: "outbox",
  scheduled: "pages",
};

/** The areas a role may open, so the only ones counted for it. */
export function attentionAreasFor(role: string): AttentionArea[] {
  return ATTENTION_AREAS.filter((area) => can(role, AREA_CAPABILITY[area]));
}

/** The non-zero counts, in the order of ATTENTION_AREAS, each linking to its records. */
export function attentionItems(counts: AttentionCounts, links: AttentionLinks = {}): { area: AttentionArea; count: number; href: string; text: string }[] {
  return ATTENTION_AREAS.flatMap((area) => {
    const count = counts[area] ?? 0;
    return count > 0 ? [{ area, count, href: links[area] ?? ATTENTION_INFO[area].href, text: `${count} ${ATTENTION_INFO[area].describe(count)}` }] : [];
  });
}

/** The count a tab's badge shows (0: no badge). The Pages tab shows none: the summary sits on it. */
export function tabAttention(path: string, counts: AttentionCounts): number {
  if (path === "/admin") return 0;
  return ATTENTION_AREAS.reduce((sum, area) => (ATTENTION_INFO[area].tab === path ? sum + (counts[area] ?? 0) : sum), 0);
}
