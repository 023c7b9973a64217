/**
 * iCalendar (RFC 5545) for events: one event's "Add to calendar" file and the
 * feed of every upcoming event. Event dates and times are entered in the
 * charity's local time (Europe/London); the files carry UTC instants, which
 * every calendar understands without a VTIMEZONE block.
 */

import { londonToInstant, UK_TIME_ZONE } from "#app/web/dates";

export const EVENT_TIME_ZONE = UK_TIME_ZONE;

const CRLF = "\r\n";
const MAX_OCTETS = 75;
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
