import { describe, expect, it } from "vitest";
import {
  buildCalendar,
  escapeText,
  foldLine,
  londonIsoWithOffset,
  londonTimeExists,
  londonToInstant,
  londonToday,
} from "./ical";

const octets = (s: string) => new TextEncoder().encode(s).length;

describe("London times", () => {
  it("reads winter times as UTC and summer times as UTC+1", () => {
    expect(londonToInstant("2026-01-15", "18:30").toISOString()).toBe("2026-01-15T18:30:00.000Z");
    expect(londonToInstant("2026-07-01", "18:30").toISOString()).toBe("2026-07-01T17:30:00.000Z");
    expect(londonIsoWithOffset("2026-01-15", "18:30")).toBe("2026-01-15T18:30:00+00:00");
    expect(londonIsoWithOffset("2026-07-01", "09:05")).toBe("2026-07-01T09:05:00+01:00");
  });

  it("handles the days the clocks change", () => {
    // 29 March 2026: clocks go forward at 01:00 UTC; 10:00 local is 09:00 UTC.
    expect(londonToInstant("2026-03-29", "10:00").toISOString()).toBe("2026-03-29T09:00:00.000Z");
    expect(londonToInstant("2026-03-28", "10:00").toISOString()).toBe("2026-03-28T10:00:00.000Z");
    // 25 October 2026: clocks go back; 10:00 local is 10:00 UTC.
    expect(londonToInstant("2026-10-25", "10:00").toISOString()).toBe("2026-10-25T10:00:00.000Z");
  });

  it("knows which times the spring clock change skips, and that autumn's repeated hour happens", () => {
    // 29 March 2026: at 01:00 the clocks go straight to 02:00.
    expect(londonTimeExists("2026-03-29", "00:59")).toBe(true);
    expect(londonTimeExists("2026-03-29", "01:00")).toBe(false);
    expect(londonTimeExists("2026-03-29", "01:30")).toBe(false);
    expect(londonTimeExists("2026-03-29", "01:59")).toBe(false);
    expect(londonTimeExists("2026-03-29", "02:00")).toBe(true);
    expect(londonTimeExists("2026-03-28", "01:30")).toBe(true);
    // 25 October 2026: 01:00 to 01:59 happens twice.
    expect(londonTimeExists("2026-10-25", "01:30")).toBe(true);
    expect(londonTimeExists("2026-07-01", "23:59")).toBe(true);
  });

  it("gives schema.org the same instant as the calendar files, whatever the time", () => {
    const times = ["00:00", "00:59", "01:00", "01:30", "01:59", "02:00", "02:30", "12:00", "23:59"];
    for (const date of ["2026-03-29", "2026-10-25", "2026-01-15", "2026-07-01"]) {
      for (const time of times) {
        expect(new Date(londonIsoWithOffset(date, time)).toISOString(), `${date} ${time}`).toBe(londonToInstant(date, time).toISOString());
      }
    }
    // A skipped time (refused by the event form) is named as the moment it resolves to: 02:30 BST.
    expect(londonToInstant("2026-03-29", "01:30").toISOString()).toBe("2026-03-29T01:30:00.000Z");
    expect(londonIsoWithOffset("2026-03-29", "01:30")).toBe("2026-03-29T02:30:00+01:00");
    // Autumn's repeated 01:30 is, as before, the second one, in GMT.
    expect(londonToInstant("2026-10-25", "01:30").toISOString()).toBe("2026-10-25T01:30:00.000Z");
    expect(londonIsoWithOffset("2026-10-25", "01:30")).toBe("2026-10-25T01:30:00+00:00");
    expect(londonIsoWithOffset("2026-10-25", "00:30")).toBe("2026-10-25T00:30:00+01:00");
  });

  it("gives London's date, which differs from UTC's late on a summer evening", () => {
    expect(londonToday(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02");
    expect(londonToday(new Date("2026-01-01T23:30:00Z"))).toBe("2026-01-01");
  });
});

describe("iCalendar text", () => {
  it("escapes backslash, semicolon, comma and newlines", () => {
    expect(escapeText("a\\b; c, d\r\ne\nf")).toBe("a\\\\b\\; c\\, d\\ne\\nf");
  });

  it("folds long lines at 75 octets without splitting a character", () => {
    const line = `DESCRIPTION:${"é".repeat(60)}${"x".repeat(100)}`;
    const folded = foldLine(line);
    const physical = folded.split("\r\n");
    expect(physical.length).toBeGreaterThan(2);
    for (const [i, l] of physical.entries()) {
      expect(octets(l)).toBeLessThanOrEqual(75);
      if (i > 0) expect(l.startsWith(" ")).toBe(true);
    }
    expect(physical.map((l, i) => (i === 0 ? l : l.slice(1))).join("")).toBe(line);
    expect(foldLine("SUMMARY:short")).toBe("SUMMARY:short");
  });

  it("builds a calendar with CRLF endings, UID, DTSTAMP and a UTC DTSTART", () => {
    const ics = buildCalendar(
      [
        {
          uid: "abc@example.org",
          title: "Fun day; food, games",
          description: "Line one\nLine two",
          location: "Hall, Halifax",
          date: "2026-07-01",
          time: "18:30",
          url: "https://example.org/news/fun-day",
          category: "community",
        },
      ],
      { name: "Events", stamp: new Date("2026-06-01T12:00:00Z") },
    );
    expect(ics.endsWith("END:VCALENDAR\r\n")).toBe(true);
    expect(ics.replace(/\r\n/g, "")).not.toMatch(/[\r\n]/);
    const lines = ics.split("\r\n");
    expect(lines[0]).toBe("BEGIN:VCALENDAR");
    expect(lines).toContain("VERSION:2.0");
    expect(lines).toContain("UID:abc@example.org");
    expect(lines).toContain("DTSTAMP:20260601T120000Z");
    expect(lines).toContain("DTSTART:20260701T173000Z");
    expect(lines).toContain("SUMMARY:Fun day\\; food\\, games");
    expect(lines).toContain("DESCRIPTION:Line one\\nLine two");
    expect(lines).toContain("LOCATION:Hall\\, Halifax");
    expect(lines.filter((l) => l === "BEGIN:VEVENT")).toHaveLength(1);
  });

  it("builds a valid empty calendar when there are no events", () => {
    const ics = buildCalendar([], { name: "Events" });
    expect(ics).toContain("BEGIN:VCALENDAR\r\n");
    expect(ics).not.toContain("VEVENT");
  });
});
