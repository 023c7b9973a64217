import { EVENT_CATEGORIES } from "#app/content/site";
import { formatLongDay, londonIsoWithOffset } from "#app/web/dates";
import { EVENT_TIME_ZONE } from "./ical";
import { absoluteUrl } from "#app/features/pages/seo";

/** What the public pages need of an event (no admin-only fields). */
export interface PublicEvent {
  id: string;
  slug: string;
  title: string;
  category: string;
  date: string | null;
  time: string | null;
  scheduleNote: string | null;
  location: string;
  description: string;
  imageUrl: string | null;
  imageAlt: string | null;
  /** The picture with its size and generated widths, when the page shows it. */
  image?: EventImage | null;
}

export interface EventImage {
  src: string;
  alt: string;
  width: number;
  height: number;
  srcSet?: string;
  avifSrcSet?: string;
}

export function eventCategoryLabel(value: string): string {
  return EVENT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
}

/** "Saturday, 20 June 2026" for 2026-06-20 (dates are calendar days, not instants). */
export function formatEventDate(date: string): string {
  return formatLongDay(date);
}

/** "Saturday 20 June 2026 at 18:30", or null for an undated session. */
export function formatEventWhen(event: Pick<PublicEvent, "date" | "time">): string | null {
  if (!event.date) return null;
  return event.time ? `${formatEventDate(event.date)} at ${event.time}` : formatEventDate(event.date);
}

export function eventPath(slug: string): string {
  return `/news/${encodeURIComponent(slug)}`;
}

export function eventCalendarPath(slug: string): string {
  return `/events/${encodeURIComponent(slug)}/calendar.ics`;
}

/**
 * The picture link previews (og:image) and search engines are given: the
 * one the page shows (`image`, resolved by eventImages), as an absolute
 * address. Never the stored imageUrl: a deactivated library picture is
 * shown nowhere, so an event using one goes without (null), like the page.
 */
export function eventShareImage(event: Pick<PublicEvent, "image">, origin: string): { src: string; alt: string } | null {
  return event.image ? { src: absoluteUrl(origin, event.image.src), alt: event.image.alt } : null;
}

const REPEAT: Record<string, string> = { weekly: "P1W", monthly: "P1M", daily: "P1D", fortnightly: "P2W" };

/**
 * schema.org Event data for search engines. Only what staff entered: no
 * invented end times, prices or organisers' addresses.
 */
export function eventStructuredData(
  event: PublicEvent,
  { origin, siteName, description }: { origin: string; siteName: string; description: string },
): Record<string, unknown> {
  const url = `${origin}${eventPath(event.slug)}`;
  const data: Record<string, unknown> = {
    "@context": "https://schema.org",
    "@type": "Event",
    name: event.title,
    description,
    url,
    eventStatus: "https://schema.org/EventScheduled",
    eventAttendanceMode: "https://schema.org/OfflineEventAttendanceMode",
    organizer: { "@type": "Organization", name: siteName, url: origin },
  };
  if (event.date && event.time) data.startDate = londonIsoWithOffset(event.date, event.time);
  else if (event.date) data.startDate = event.date;
  if (event.location) data.location = { "@type": "Place", name: event.location, address: event.location };
  const image = eventShareImage(event, origin);
  if (image) data.image = image.src;
  const repeat = event.scheduleNote ? REPEAT[event.scheduleNote.trim().toLowerCase()] : undefined;
  if (!event.date && repeat) {
    data.eventSchedule = { "@type": "Schedule", repeatFrequency: repeat, scheduleTimezone: EVENT_TIME_ZONE };
  }
  return data;
}

/** JSON for an inline <script type="application/ld+json">: "<" escaped so text can never close the element. */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c").replace(/\u2028/g, "\\u2028").replace(/\u2029/g, "\\u2029");
}
