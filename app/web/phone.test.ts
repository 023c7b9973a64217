import { describe, expect, it } from "vitest";
import { telHref } from "./phone";

describe("telHref", () => {
  const cases: [string, string | null][] = [
    // A UK number written for callers from abroad: the (0) is not dialled after +44.
    ["+44 (0)7700 900123", "tel:+447700900123"],
    ["+44 (0) 1422 123456", "tel:+441422123456"],
    ["+44 07700 900123", "tel:+447700900123"],
    ["+447700900123", "tel:+447700900123"],
    ["0044 (0)7700 900123", "tel:+447700900123"],
    // National numbers as typed.
    ["07700 900123", "tel:07700900123"],
    ["(01422) 123-456", "tel:01422123456"],
    ["7700900123", "tel:7700900123"],
    // Other countries keep every digit, their own leading 0 included.
    ["+1 (202) 555-0100", "tel:+12025550100"],
    ["00353 1 234 5678", "tel:+35312345678"],
    ["+39 06 1234 5678", "tel:+390612345678"],
    // Copied from a phone's contacts, with invisible direction marks around it.
    ["\u202D+44 (0)7700 900123\u202C", "tel:+447700900123"],
    // Nothing to dial: unchecked spam, or a + with no country code.
    ["ring me", null],
    ["0", null],
    ["", null],
    ["+07700 900123", null],
  ];
  for (const [stored, href] of cases) {
    it(`${JSON.stringify(stored)} → ${href}`, () => {
      expect(telHref(stored)).toBe(href);
    });
  }
});
