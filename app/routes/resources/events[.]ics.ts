import { getDatabase } from "#app/platform/db/db.server";
import { listUpcomingPublishedEvents } from "#app/features/events/events.server";
import { calendarResponse } from "#app/features/events/events-calendar.server";

/** /events.ics: every upcoming published event, for calendar apps to subscribe to. */
export async function loader() {
  const events = await listUpcomingPublishedEvents(await getDatabase());
  return calendarResponse(events, { filename: "events.ics", download: false });
}
