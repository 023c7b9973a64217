import { describe, expect, it } from "vitest";
import { mapRow, mapValue } from "./engine-rows.server";

/**
 * The values that differ between the engines, as each keeps them: a
 * boolean is 0/1 in SQLite and true/false in PostgreSQL, a date is ISO text
 * in SQLite and a Date from the pg driver, a BIGINT comes from pg as a
 * string. Everything else passes unchanged.
 */
describe("values carried from one engine to the other", () => {
  it("turns SQLite's 0/1 into PostgreSQL booleans, and back", () => {
    expect(mapValue(1, "boolean", "postgres")).toBe(true);
    expect(mapValue(0, "boolean", "postgres")).toBe(false);
    expect(mapValue(true, "integer", "sqlite")).toBe(1);
    expect(mapValue(false, "integer", "sqlite")).toBe(0);
  });

  it("keeps ISO dates as text for SQLite and hands them to PostgreSQL as they are", () => {
    expect(mapValue(new Date("2026-11-28T15:30:00.123Z"), "timestamp", "sqlite")).toBe("2026-11-28T15:30:00.123Z");
    expect(mapValue("2026-11-28T15:30:00.123Z", "timestamp", "postgres")).toBe("2026-11-28T15:30:00.123Z");
    expect(mapValue(1_795_879_800_123, "timestamp", "postgres")).toEqual(new Date(1_795_879_800_123));
  });

  it("turns a BIGINT string from pg into a number for an INTEGER column, and leaves text that looks like a number alone", () => {
    expect(mapValue("1048576", "integer", "sqlite")).toBe(1_048_576);
    expect(mapValue("01422 123456", "text", "sqlite")).toBe("01422 123456");
  });

  it("writes JSON as text where a column holds JSON text", () => {
    expect(mapValue({ a: [1, 2] }, "text", "sqlite")).toBe('{"a":[1,2]}');
    expect(mapValue({ a: [1, 2] }, "json", "postgres")).toBe('{"a":[1,2]}');
    expect(mapValue('{"a":1}', "json", "postgres")).toBe('{"a":1}');
  });

  it("keeps nulls, and maps a whole row by its columns", () => {
    const columns = new Map([
      ["is_active", "boolean" as const],
      ["file_size", "integer" as const],
      ["alt_text", "text" as const],
      ["caption", "text" as const],
    ]);
    expect(mapRow({ is_active: 1, file_size: 2048, alt_text: "A fair", caption: null }, columns, "postgres")).toEqual({ is_active: true, file_size: 2048, alt_text: "A fair", caption: null });
  });
});
