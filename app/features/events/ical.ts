/**
 * iCalendar (RFC 5545) for events: one event's "Add to calendar" file and the
 * feed of every upcoming event. Event dates and times are entered in the
 * charity's local time (Europe/London); the files carry UTC instants, which
 * every calendar understands without a VTIMEZONE block.
 */

export const EVENT_TIME_ZONE = "Europe/London";

const CRLF = "\r\n";
const MAX_OCTETS = 75;

const londonParts = new Intl.DateTimeFormat("en-GB", {
  timeZone: EVENT_TIME_ZONE,
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

/** Today's date in London, YYYY-MM-DD: the line between upcoming and past events. */
export function londonToday(now: Date = new Date()): string {
  return londonWallClock(now.getTime()).date;
}

/** A UTC DATE-TIME value, e.g. 20250701T173000Z. */
export function icalUtc(instant: Date): string {
  return instant.toISOString().replace(/[-:]/g, "").replace(/\.\d{3}/, "");
}

/** TEXT value escaping: backslash, semicolon, comma and line breaks. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, "\\\\")
    .replace(/;/g, "\\;")
    .replace(/,/g, "\\,")
    .replace(/\r\n|\r|\n/g, "\\n");
}

/**
 * Folds a content line so no physical line exceeds 75 octets of UTF-8,
 * never splitting a character; continuation lines start with one space.
 */
export function foldLine(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= MAX_OCTETS) return line;
  const out: string[] = [];
  let current = "";
  let octets = 0;
  let limit = MAX_OCTETS;
  for (const ch of line) {
    const size = encoder.encode(ch).length;
    if (octets + size > limit) {
      out.push(current);
      current = " ";
      octets = 1;
      limit = MAX_OCTETS;
    }
    current += ch;
    octets += size;
  }
  out.push(current);
  return out.join(CRLF);
}

export interface CalendarEvent {
  uid: string;
  title: string;
  description: string;
  location: string;
  /** London local date and time. */
  date: string;
  time: string;
  url: string;
  category?: string;
  lastModified?: string;
}

export interface CalendarOptions {
  name: string;
  /** Fixed for tests; defaults to now. */
  stamp?: Date;
}

function property(name: string, value: string): string {
  return foldLine(`${name}:${value}`);
}

/** A complete VCALENDAR with one VEVENT per event, CRLF line endings throughout. */
export function buildCalendar(events: CalendarEvent[], { name, stamp = new Date() }: CalendarOptions): string {
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    property("PRODID", `-//${escapeText(name)}//Events//EN`),
    "CALSCALE:GREGORIAN",
    "METHOD:PUBLISH",
    property("X-WR-CALNAME", escapeText(name)),
    property("X-WR-TIMEZONE", EVENT_TIME_ZONE),
  ];
  for (const event of events) {
    lines.push(
      "BEGIN:VEVENT",
      property("UID", event.uid),
      `DTSTAMP:${icalUtc(stamp)}`,
      `DTSTART:${icalUtc(londonToInstant(event.date, event.time))}`,
      property("SUMMARY", escapeText(event.title)),
    );
    if (event.description) lines.push(property("DESCRIPTION", escapeText(event.description)));
    if (event.location) lines.push(property("LOCATION", escapeText(event.location)));
    if (event.category) lines.push(property("CATEGORIES", escapeText(event.category)));
    lines.push(property("URL", event.url));
    if (event.lastModified) lines.push(`LAST-MODIFIED:${icalUtc(new Date(event.lastModified))}`);
    lines.push("END:VEVENT");
  }
  lines.push("END:VCALENDAR");
  return lines.join(CRLF) + CRLF;
}
