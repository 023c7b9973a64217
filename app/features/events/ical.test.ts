import { describe, expect, it } from "vitest";
import { buildCalendar, escapeText, foldLine } from "./ical";

const octets = (s: string) => new TextEncoder().encode(s).length;

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
