/**
 * A page's publishing status in the words the Pages tab shows, and the
 * schedule's time in UK time: shared by the server (toasts) and the editor.
 */
import { UK_TIME_ZONE } from "#app/web/dates";

export type PageStatusKind = "published" | "draft-changes" | "scheduled" | "unpublished";

const scheduleFormat = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  weekday: "short",
  day: "numeric",
  month: "short",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "Tue 1 Dec, 09:00" in UK time. */
export function formatScheduleTime(iso: string): string {
  return scheduleFormat.format(new Date(iso));
}

export function statusWords(status: PageStatusKind, scheduledAt: string | null): string {
  switch (status) {
    case "published":
      return "Published";
    case "draft-changes":
      return "Draft changes not yet live";
    case "scheduled":
      return scheduledAt ? `Scheduled for ${formatScheduleTime(scheduledAt)}` : "Scheduled";
    case "unpublished":
      return "Not published: visitors are told the page does not exist";
  }
}
