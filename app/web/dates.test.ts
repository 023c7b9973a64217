import { describe, expect, it } from "vitest";
import { formatAgo, formatDate, formatDateTime, formatLongDay, londonIsoWithOffset, londonTimeExists, londonToInstant, startOfUkMonth, ukToday } from "./dates";

describe("UK times", () => {
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

  it("gives the UK's date, which differs from UTC's late on a summer evening", () => {
    expect(ukToday(new Date("2026-07-01T23:30:00Z"))).toBe("2026-07-02");
    expect(ukToday(new Date("2026-01-01T23:30:00Z"))).toBe("2026-01-01");
  });
});

describe("UK formats", () => {
  it("shows instants in UK time, British style", () => {
    expect(formatDateTime("2026-07-01T17:05:09Z")).toBe("1 Jul 2026, 18:05");
    expect(formatDateTime("2026-07-01T17:05:09Z", { seconds: true })).toBe("1 Jul 2026, 18:05:09");
    expect(formatDate("2026-07-01T23:30:00Z")).toBe("2 Jul 2026");
    expect(formatLongDay("2026-06-20")).toBe("Saturday, 20 June 2026");
  });

  it("starts the month at UK midnight on the 1st, in winter and in summer time", () => {
    expect(startOfUkMonth(new Date("2025-01-15T12:00:00Z"))).toBe("2025-01-01T00:00:00.000Z");
    expect(startOfUkMonth(new Date("2025-07-15T12:00:00Z"))).toBe("2025-06-30T23:00:00.000Z");
    // 00:30 on 1 August in London is still July in UTC.
    expect(startOfUkMonth(new Date("2025-07-31T23:30:00Z"))).toBe("2025-07-31T23:00:00.000Z");
  });
});

describe("formatAgo", () => {
  const now = "2026-06-15T12:00:00.000Z";
  it("says how long ago in words, then the date", () => {
    expect(formatAgo("2026-06-15T11:59:40.000Z", now)).toBe("just now");
    expect(formatAgo("2026-06-15T11:50:00.000Z", now)).toBe("10 min ago");
    expect(formatAgo("2026-06-15T11:00:00.000Z", now)).toBe("1 hour ago");
    expect(formatAgo("2026-06-15T09:00:00.000Z", now)).toBe("3 hours ago");
    expect(formatAgo("2026-06-14T09:00:00.000Z", now)).toBe("yesterday");
    expect(formatAgo("2026-06-01T09:00:00.000Z", now)).toBe("1 Jun 2026, 10:00");
  });
});
