import { env } from "#app/platform/env.server";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import type { SiteEvent } from "./events.server";
import { buildCalendar, type CalendarEvent } from "./ical";
import { eventCategoryLabel, eventPath } from "./event-format";
import { markdownToText } from "#app/features/pages/markdown";

function toCalendarEvent(event: SiteEvent, origin: string): CalendarEvent | null {
  if (!event.date || !event.time) return null;
  return {
    uid: `${event.id}@${new URL(origin).host}`,
    title: event.title,
    description: markdownToText(event.description),
    location: event.location,
    date: event.date,
    time: event.time,
    url: `${origin}${eventPath(event.slug)}`,
    category: eventCategoryLabel(event.category),
    lastModified: event.updatedAt,
  };
}

/** An iCalendar response: a download for one event, or a feed calendars can subscribe to. */
export async function calendarResponse(events: SiteEvent[], options: { filename: string; download: boolean }) {
  const origin = env().PUBLIC_URL;
  const settings = await getSiteSettings();
  const body = buildCalendar(
    events.flatMap((e) => toCalendarEvent(e, origin) ?? []),
    { name: `${settings.charityName} events` },
  );
  return new Response(body, {
    headers: {
      "Content-Type": "text/calendar; charset=utf-8",
      "Content-Disposition": `${options.download ? "attachment" : "inline"}; filename="${options.filename}"`,
      // Calendar apps poll the feed; a few minutes' staleness is fine.
      "Cache-Control": "public, max-age=300",
    },
  });
}
