/**
 * Dates and times as the charity's staff and visitors read them: UK time,
 * British formats. Every date shown or computed anywhere on the site goes
 * through here, so a clock change or a format is decided once.
 */
export const UK_TIME_ZONE = "Europe/London";

const dateTime = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "short", timeZone: UK_TIME_ZONE });
const dateTimeSeconds = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: UK_TIME_ZONE });
const dateOnly = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeZone: UK_TIME_ZONE });
// Calendar days (YYYY-MM-DD) are days, not instants: formatted in UTC so no zone moves them.
const longDay = new Intl.DateTimeFormat("en-GB", { weekday: "long", day: "numeric", month: "long", year: "numeric", timeZone: "UTC" });
const isoDay = new Intl.DateTimeFormat("en-CA", { timeZone: UK_TIME_ZONE, year: "numeric", month: "2-digit", day: "2-digit" });

/** "3 Mar 2026, 14:05" in UK time; with seconds for records where order within a minute matters (the audit log). */
export function formatDateTime(iso: string, options: { seconds?: boolean } = {}): string {
  return (options.seconds ? dateTimeSeconds : dateTime).format(new Date(iso));
}

/**
 * "10 min ago", "3 hours ago", "yesterday", then the date: how long ago an
 * instant was, against a `now` the server gives (so the page reads the same
 * once the browser takes over).
 */
export function formatAgo(iso: string, now: string | Date): string {
  const minutes = Math.floor((new Date(now).getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours} hour${hours === 1 ? "" : "s"} ago`;
  if (hours < 48) return "yesterday";
  return formatDateTime(iso);
}

/** "3 Mar 2026", the UK day of an instant. */
export function formatDate(iso: string): string {
  return dateOnly.format(new Date(iso));
}

/** "Saturday, 20 June 2026" for the calendar day 2026-06-20. */
export function formatLongDay(day: string): string {
  const [y, m, d] = day.split("-").map(Number);
  return longDay.format(new Date(Date.UTC(y, m - 1, d)));
}

/** Today's date in the UK (YYYY-MM-DD). */
export function ukToday(now: Date = new Date()): string {
  return isoDay.format(now);
}

/** The first instant of the current month in the UK, as an ISO timestamp. */
export function startOfUkMonth(now: Date): string {
  const [year, month] = ukToday(now).split("-");
  return londonToInstant(`${year}-${month}-01`, "00:00").toISOString();
}

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: UK_TIME_ZONE,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
});

/** London's calendar and clock fields at an instant, by name (year, month, day, hour, minute, second). */
function londonFieldsAt(instant: number): Record<string, string> {
  return Object.fromEntries(londonParts.formatToParts(new Date(instant)).map((x) => [x.type, x.value]));
}

/** Minutes London is ahead of UTC at the given instant (0 in winter, 60 in summer). */
function londonOffsetMinutes(instant: number): number {
  const p = londonFieldsAt(instant);
  const asUtc = Date.UTC(Number(p.year), Number(p.month) - 1, Number(p.day), Number(p.hour), Number(p.minute), Number(p.second));
  return Math.round((asUtc - Math.floor(instant / 1000) * 1000) / 60_000);
}

/**
 * The instant of a London wall-clock date (YYYY-MM-DD) and time (HH:MM).
 * A time skipped by the spring clock change resolves to the hour after it
 * (the event form refuses one: see londonTimeExists); a time the autumn
 * change repeats resolves to its second occurrence, in GMT.
 */
export function londonToInstant(date: string, time: string): Date {
  const [y, m, d] = date.split("-").map(Number);
  const [hh, mm] = time.split(":").map(Number);
  const wall = Date.UTC(y, m - 1, d, hh, mm);
  let instant = wall - londonOffsetMinutes(wall) * 60_000;
  instant = wall - londonOffsetMinutes(instant) * 60_000;
  return new Date(instant);
}

/** London's wall-clock date (YYYY-MM-DD) and time (HH:MM:SS) at an instant. */
function londonWallClock(instant: number): { date: string; time: string } {
  const p = londonFieldsAt(instant);
  return { date: `${p.year}-${p.month}-${p.day}`, time: `${p.hour}:${p.minute}:${p.second}` };
}

/**
 * Whether a London date and time (HH:MM) happens at all: false for a time
 * in the hour the spring clock change skips (01:00 to 01:59 on the last
 * Sunday in March), which no clock in the UK ever shows.
 */
export function londonTimeExists(date: string, time: string): boolean {
  const wall = londonWallClock(londonToInstant(date, time).getTime());
  return wall.date === date && wall.time === `${time}:00`;
}

/**
 * ISO-8601 with London's offset, e.g. 2025-07-01T18:30:00+01:00 (for
 * schema.org). Written from the instant londonToInstant resolves, so it
 * names the same moment as the calendar files for any input.
 */
export function londonIsoWithOffset(date: string, time: string): string {
  const instant = londonToInstant(date, time).getTime();
  const offset = londonOffsetMinutes(instant);
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hh = String(Math.floor(abs / 60)).padStart(2, "0");
  const mm = String(abs % 60).padStart(2, "0");
  const wall = londonWallClock(instant);
  return `${wall.date}T${wall.time}${sign}${hh}:${mm}`;
}
