import { data } from "react-router";
import type { Route } from "./+types/events.$slug.calendar[.]ics";
import { getDatabase } from "#app/platform/db/db.server";
import { getPublishedEventBySlug } from "#app/features/events/events.server";
import { calendarResponse } from "#app/features/events/events-calendar.server";

/** One event's "Add to calendar" file. Undated regular sessions have no calendar entry. */
export async function loader({ params }: Route.LoaderArgs) {
  const event = await getPublishedEventBySlug(await getDatabase(), params.slug);
  if (!event || !event.date || !event.time) throw data("Not found", { status: 404 });
  return calendarResponse([event], { filename: `${event.slug}.ics`, download: true });
}
