import { describe, expect, it } from "vitest";
import { csvCell, csvPhoneCell, spreadsheetPhone } from "./csv";

describe("csvCell", () => {
  it("defuses spreadsheet formulas and quotes separators", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-2")).toBe("'-2");
    expect(csvCell("+1")).toBe("'+1");
    expect(csvCell("\tx")).toBe("'\tx");
    expect(csvCell("@SUM(A1)")).toBe("'@SUM(A1)");
    expect(csvCell("a,b")).toBe('"a,b"');
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell(null)).toBe("");
  });
});

describe("csvPhoneCell", () => {
  const cases: [string, string][] = [
    // UK numbers as people type them: national form, grouped with spaces, which spreadsheets keep as text.
    ["07700900123", "07700 900123"],
    ["07700 900 123", "07700 900123"],
    ["01422123456", "01422 123456"],
    ["(01422) 123-456", "01422 123456"],
    ["02079460000", "020 7946 0000"],
    ["0113 496 0000", "0113 496 0000"],
    ["01214960000", "0121 496 0000"],
    ["03001234567", "0300 123 4567"],
    ["0800 123456", "0800 123456"],
    ["01387 12345", "01387 12345"],
    ["+447700900123", "07700 900123"],
    ["+44 7700 900123", "07700 900123"],
    ["+44 (0)1422 123456", "01422 123456"],
    ["0044 7700 900123", "07700 900123"],
    ["-07700 900123", "07700 900123"],
    // Other countries: 00 (dialled from the UK) for the +, the sender's grouping kept.
    ["+1 202-555-0100", "001 202 555 0100"],
    ["+353 1 234 5678", "00353 1 234 5678"],
    ["00353 1 234 5678", "00353 1 234 5678"],
    ["+12025550100", "00 12025550100"],
    // Digits with neither a 0 nor a country code: every digit, kept as text.
    ["7700900123", "7700 900123"],
    ["(1234567)", "1 234567"],
    // Not phone numbers: kept as typed, never a formula, never a number that loses its 0.
    ["", ""],
    ["ring me", "ring me"],
    ["=HYPERLINK(\"http://evil\")", `"'=HYPERLINK(""http://evil"")"`],
    ["+07700 900123", "'+07700 900123"],
    ["01234", "'01234"],
    ["1e5", "'1e5"],
    ["-1", "'-1"],
  ];
  for (const [stored, cell] of cases) {
    it(`${JSON.stringify(stored)} → ${cell}`, () => {
      expect(csvPhoneCell(stored)).toBe(cell);
    });
  }

  it("writes each phone number as digits and single spaces, with the same digits (44 as its national 0, + as 00)", () => {
    for (const [stored] of cases) {
      const phone = spreadsheetPhone(stored);
      if (phone === null) continue;
      expect(phone).toMatch(/^\d+( \d+)+$/);
      const digits = stored.replace(/\D/g, "");
      const expected = /^(\+|00)44/.test(stored.replace(/[^\d+]/g, ""))
        ? `0${digits.replace(/^(00)?44(0)?/, "")}`
        : stored.startsWith("+")
          ? `00${digits}`
          : digits;
      expect(phone.replace(/ /g, "")).toBe(expected);
    }
  });
});
