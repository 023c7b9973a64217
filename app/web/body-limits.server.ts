import type { Context, Next } from "hono";

/**
 * Every form on the site (public and admin) is a small urlencoded or
 * multipart body. Bodies that are too big, have more fields than any form,
 * are of another type, or cannot be read as a form are refused here with a
 * 4xx and a sentence saying why, before any route reads them; otherwise
 * `request.formData()` would throw deep inside an action and the visitor
 * would see a 500, or spend the server's time parsing what no form sends.
 *
 * The two upload endpoints stream their bodies with their own limits and
 * are left alone (see `exempt`).
 */

/** Page content (50,000 characters, percent-encoded) is the largest legitimate form: the staff area's limit. */
export const FORM_BODY_MAX_BYTES = 2 * 1024 * 1024;

/**
 * Everywhere outside the staff area (public forms, sign-in, the theme
 * switch). The largest public form, Register Your Child, holds about 3,000
 * characters of text: under 40 KB even if every one is an emoji written as
 * percent-encoded UTF-8. 128 KB leaves room for someone who pastes far too
 * much to get the field's own "Please keep this to…" message rather than a
 * refusal of the whole form.
 */
export const PUBLIC_FORM_BODY_MAX_BYTES = 128 * 1024;

/**
 * The most fields (urlencoded pairs or multipart parts) any form may send.
 * The largest form, Settings, has about 30; Apply to Volunteer has one
 * checkbox per open role. Parsing is the cost: a 2 MB body of a million
 * empty fields took most of a second, so the fields are counted as the body
 * arrives and the form is refused at the first one past the limit.
 */
export const FORM_FIELDS_MAX = 256;

/** Where staff work: the page editor's and composer's large forms post here. */
const STAFF_PATH = /^\/(admin|api)(\/|\.|$)/;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const REQUEST_GUARD_MESSAGES = {
  tooLarge: "This form is too large to send. Shorten the text and try again.",
  tooManyFields: "This form has too many fields to be one of ours. Please reload the page and fill it in again.",
  wrongType: "This address only accepts web forms (application/x-www-form-urlencoded or multipart/form-data).",
  unreadable: "The form could not be read. Please reload the page and try again.",
  nul: "The request contains a null character, which no text on this site can hold. Please retype it.",
} as const;

/**
 * No text anywhere on the site contains U+0000, and PostgreSQL cannot store
 * it (a query carrying one fails), so it is refused wherever it arrives: in
 * the address, a query string or a form field.
 */
function urlHasNul(url: URL): boolean {
  if ([...url.searchParams].some(([k, v]) => k.includes("\0") || v.includes("\0"))) return true;
  try {
    return decodeURIComponent(url.pathname).includes("\0");
  } catch {
    return false;
  }
}

function formHasNul(entries: Iterable<[string, FormDataEntryValue | string]>): boolean {
  for (const [key, value] of entries) if (key.includes("\0") || (typeof value === "string" && value.includes("\0"))) return true;
  return false;
}

function refuse(status: number, message: string): Response {
  return new Response(message, { status, headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" } });
}

/**
 * Counts the fields of a form body piece by piece as it arrives: `&`
 * separators for urlencoded (empty pairs too: they cost the parser as much),
 * boundary lines for multipart (one more than the parts: the closing one).
 */
type FieldCounter = (chunk: Uint8Array) => number;

function urlencodedCounter(): FieldCounter {
  let separators = 0;
  let any = false;
  return (chunk) => {
    const bytes = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    any ||= bytes.length > 0;
    for (let at = bytes.indexOf(0x26); at !== -1; at = bytes.indexOf(0x26, at + 1)) separators++;
    return any ? separators + 1 : 0;
  };
}

function multipartCounter(boundary: string): FieldCounter {
  const needle = Buffer.from(`--${boundary}`);
  let tail = Buffer.alloc(0);
  let lines = 0;
  return (chunk) => {
    // A boundary line may be split between two pieces: search the end of the last one with the next.
    const bytes = Buffer.concat([tail, chunk]);
    for (let at = bytes.indexOf(needle); at !== -1; at = bytes.indexOf(needle, at + needle.length)) lines++;
    tail = bytes.subarray(Math.max(0, bytes.length - needle.length + 1));
    return Math.max(0, lines - 1);
  };
}

/** The boundary a multipart body says it uses, or null when it names none. */
function multipartBoundary(contentType: string): string | null {
  const match = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))/i.exec(contentType);
  return match ? (match[1] ?? match[2] ?? null) : null;
}

type ReadResult = { ok: true; bytes: Uint8Array<ArrayBuffer> } | { ok: false; refusal: "tooLarge" | "tooManyFields" };

/** Reads the body while it stays within both limits; at the first piece past either, stops reading and says which. */
async function readForm(body: ReadableStream<Uint8Array>, limits: { maxBytes: number; maxFields: number }, countFields: FieldCounter): Promise<ReadResult> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    const refusal = size > limits.maxBytes ? "tooLarge" : countFields(value) > limits.maxFields ? "tooManyFields" : null;
    if (refusal) {
      // The rest is never read: the server discards it after the answer is sent.
      await reader.cancel().catch(() => undefined);
      return { ok: false, refusal };
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return { ok: true, bytes: joined };
}

export function formRequestGuard({
  exempt,
  maxBytes = FORM_BODY_MAX_BYTES,
  publicMaxBytes = PUBLIC_FORM_BODY_MAX_BYTES,
  maxFields = FORM_FIELDS_MAX,
}: {
  exempt: (path: string) => boolean;
  maxBytes?: number;
  publicMaxBytes?: number;
  maxFields?: number;
}) {
  return async (c: Context, next: Next): Promise<Response | void> => {
    const request = c.req.raw;
    if (urlHasNul(new URL(request.url))) return refuse(400, REQUEST_GUARD_MESSAGES.nul);
    if (SAFE_METHODS.has(request.method) || exempt(c.req.path)) return next();
    const limit = STAFF_PATH.test(c.req.path) ? maxBytes : publicMaxBytes;
    const declared = request.headers.get("content-length");
    if (declared !== null && !request.headers.has("transfer-encoding") && Number(declared) > limit) {
      return refuse(413, REQUEST_GUARD_MESSAGES.tooLarge);
    }
    const contentType = request.headers.get("content-type") ?? "";
    const isMultipart = /^multipart\//i.test(contentType);
    if (contentType && !FORM_TYPES.test(contentType)) return refuse(415, REQUEST_GUARD_MESSAGES.wrongType);
    const boundary = isMultipart ? multipartBoundary(contentType) : null;
    if (isMultipart && !boundary) return refuse(400, REQUEST_GUARD_MESSAGES.unreadable);
    const counter = boundary ? multipartCounter(boundary) : urlencodedCounter();
    const read = request.body ? await readForm(request.body, { maxBytes: limit, maxFields }, counter) : { ok: true as const, bytes: new Uint8Array(0) };
    if (!read.ok) return refuse(413, REQUEST_GUARD_MESSAGES[read.refusal]);
    const { bytes } = read;
    if (bytes.length === 0 && !contentType) {
      // A bare POST (e.g. a sign-out button sent by a script): an empty form.
      c.req.raw = new Request(request, { body: "", headers: withHeader(request.headers, "content-type", "application/x-www-form-urlencoded") });
      return next();
    }
    if (!contentType) return refuse(415, REQUEST_GUARD_MESSAGES.wrongType);
    const buffered = new Request(request, { body: bytes });
    let form: Iterable<[string, FormDataEntryValue | string]>;
    if (isMultipart) {
      try {
        form = await buffered.clone().formData();
      } catch {
        return refuse(400, REQUEST_GUARD_MESSAGES.unreadable);
      }
    } else {
      form = new URLSearchParams(new TextDecoder().decode(bytes));
    }
    if (formHasNul(form)) return refuse(400, REQUEST_GUARD_MESSAGES.nul);
    c.req.raw = buffered;
    return next();
  };
}

function withHeader(headers: Headers, name: string, value: string): Headers {
  const copy = new Headers(headers);
  copy.set(name, value);
  return copy;
}
