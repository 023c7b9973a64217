import type { Context, Next } from "hono";

/**
 * Every form on the site (public and admin) is a small urlencoded or
 * multipart body. Bodies that are too big, of another type, or that cannot
 * be read as a form are refused here with a 4xx and a sentence saying why,
 * before any route reads them; otherwise `request.formData()` would throw
 * deep inside an action and the visitor would see a 500.
 *
 * The two upload endpoints stream their bodies with their own limits and
 * are left alone (see `exempt`).
 */

/** Page content (50,000 characters, percent-encoded) is the largest legitimate form. */
export const FORM_BODY_MAX_BYTES = 2 * 1024 * 1024;

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);
const FORM_TYPES = /^(application\/x-www-form-urlencoded|multipart\/form-data)\s*(;|$)/i;

export const REQUEST_GUARD_MESSAGES = {
  tooLarge: "This form is too large to send. Shorten the text and try again.",
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

async function readLimited(body: ReadableStream<Uint8Array>, max: number): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const joined = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}

export function formRequestGuard({ exempt, maxBytes = FORM_BODY_MAX_BYTES }: { exempt: (path: string) => boolean; maxBytes?: number }) {
  return async (c: Context, next: Next): Promise<Response | void> => {
    const request = c.req.raw;
    if (urlHasNul(new URL(request.url))) return refuse(400, REQUEST_GUARD_MESSAGES.nul);
    if (SAFE_METHODS.has(request.method) || exempt(c.req.path)) return next();
    const declared = request.headers.get("content-length");
    if (declared !== null && !request.headers.has("transfer-encoding") && Number(declared) > maxBytes) {
      return refuse(413, REQUEST_GUARD_MESSAGES.tooLarge);
    }
    const contentType = request.headers.get("content-type") ?? "";
    const bytes = request.body ? await readLimited(request.body, maxBytes) : new Uint8Array(0);
    if (bytes === null) return refuse(413, REQUEST_GUARD_MESSAGES.tooLarge);
    if (bytes.length === 0 && !contentType) {
      // A bare POST (e.g. a sign-out button sent by a script): an empty form.
      c.req.raw = new Request(request, { body: "", headers: withHeader(request.headers, "content-type", "application/x-www-form-urlencoded") });
      return next();
    }
    if (!FORM_TYPES.test(contentType)) return refuse(415, REQUEST_GUARD_MESSAGES.wrongType);
    const buffered = new Request(request, { body: bytes });
    let form: Iterable<[string, FormDataEntryValue | string]>;
    if (/^multipart\//i.test(contentType)) {
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
