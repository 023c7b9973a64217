import { dialledPhone } from "./phone";
import { withoutFormatCharacters } from "./text";

/**
 * Cells for CSV files staff open in a spreadsheet (Excel, LibreOffice,
 * Google Sheets), which reads each cell as it would a typed one.
 */

/** Starts a formula when a spreadsheet opens the file (CSV injection). */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One CSV cell; a leading = + - @ would make a spreadsheet run the cell as a formula, so it gets a leading '. */
export function csvCell(value: string | number | boolean | null | undefined): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** What a spreadsheet may read as a number, date, time, fraction or negative (a leading 0 goes). */
const NUMBER_LIKE = /^[\d\s.,:/()%eE-]*\d[\d\s.,:/()%eE-]*$/;

/**
 * A phone number as a CSV cell that a spreadsheet shows as a number a
 * person can dial. Spreadsheets turn `07700900123` into the number
 * 7700900123 (the 0 goes) and read a leading + as a formula, which
 * `csvCell` defuses with a ' that then shows in the cell. Digits grouped
 * with a space are kept as text (checked in LibreOffice, en-GB; it is the
 * usual way to keep a UK number's 0 in Excel), so a phone number is written
 * as digits and single spaces, never starting with + or - (see
 * spreadsheetPhone). The ' stays only for a value that is not a phone
 * number (a row stored before the form checked it), where the defence
 * matters more than the look.
 */
export function csvPhoneCell(value: string | null | undefined): string {
  const text = (value ?? "").trim();
  if (text === "") return "";
  const phone = spreadsheetPhone(text);
  if (phone !== null) return csvCell(phone);
  // Not a phone number: kept as typed, with a ' where a spreadsheet would otherwise drop a digit or run it.
  return csvCell(NUMBER_LIKE.test(text) && !FORMULA_START.test(text) ? `'${text}` : text);
}

/**
 * The rule (only for values the forms accept as a phone number, `isPhone`):
 * - a UK number, written `0…`, `+44…` or `0044…` (with or without the
 *   `(0)` people add after +44), in national form with the usual spaces:
 *   `07700 900123`, `01422 123456`, `020 7946 0000`, `0113 496 0000`;
 * - another country's number, `+CC…` or `00CC…`, with `00` for the `+`
 *   (what is dialled from the UK) and the sender's grouping kept, each run
 *   of spaces, brackets or dashes becoming one space: `001 202 555 0100`;
 * - digits with neither (`7700900123`, a UK mobile missing its 0, or a
 *   foreign number missing its code): unguessable, so the digits as typed
 *   with one space before the last six, which keeps every digit as text.
 * Returns null for anything else (not a phone number, or a `+0…`/`000…`
 * that no country code starts with): see `dialledPhone`, which tel: links
 * share.
 */
export function spreadsheetPhone(value: string): string | null {
  const phone = dialledPhone(value);
  if (!phone) return null;
  if ("local" in phone) return phone.local.startsWith("0") ? ukNational(phone.local) : `${phone.local.slice(0, -6)} ${phone.local.slice(-6)}`;
  if (phone.international.startsWith("44")) return ukNational(`0${phone.international.slice(2)}`);
  // The sender's grouping after the + or 00, which shows where the country code ends.
  const text = withoutFormatCharacters(value).trim();
  const grouped = text
    .replace(text.startsWith("+") ? /^\+/ : /^\D*0\D*0/, "")
    .replace(/\D+/g, " ")
    .trim();
  return grouped.includes(" ") ? `00${grouped}` : `00 ${grouped}`;
}

/** A UK number (`0` then digits) grouped as Ofcom writes it; any other length keeps every digit after a 5-digit code. */
function ukNational(digits: string): string {
  const group = (...sizes: number[]) => {
    const parts: string[] = [];
    let at = 0;
    for (const size of sizes) {
      parts.push(digits.slice(at, at + size));
      at += size;
    }
    parts.push(digits.slice(at));
    return parts.filter(Boolean).join(" ");
  };
  if (digits.length === 11) {
    // London, Southampton, Portsmouth, Coventry, Northern Ireland, Cardiff: 020 7946 0000.
    if (digits.startsWith("02")) return group(3, 4);
    // Leeds, Sheffield, Birmingham… (011x, 01x1) and non-geographic 03, 05, 08, 09: 0113 496 0000.
    if (/^01(1|\d1)|^0[3589]/.test(digits)) return group(4, 3);
  }
  // 0800 and 0500 freephone with 10 digits: 0800 123456.
  if (digits.length === 10 && /^0[58]00/.test(digits)) return group(4);
  // Other areas (Halifax 01422 123456) and mobiles (07700 900123).
  return group(5);
}
