import { can } from "#app/features/accounts/roles";
import { Readable } from "node:stream";
import { getAuth, getSession, mustEnrolTwoFactor } from "#app/features/accounts/auth.server";
import { getDatabase, type Database } from "#app/platform/db/db.server";
import { getStorage } from "#app/platform/storage/storage.server";
import { IMMUTABLE_CACHE_CONTROL, isSafeKey, type Storage } from "#app/platform/storage/objects";
import { logger } from "#app/platform/log/logger.server";
import { getInactiveMedia, isInactiveKey } from "./media-inactive.server";
import { parseRange } from "#app/platform/storage/range";

/**
 * Uploaded files: /media/<key>. Keys are generated and never reused, so
 * every response may be cached forever. Byte ranges (206/416) let videos
 * seek without downloading the whole file. A file is only ever sent as the
 * type its key says (chosen from its content at upload) with nosniff, and
 * under a sandboxing CSP, so nothing uploaded can run as a page of the site.
 *
 * A deactivated file (and each of its generated sizes) is not found, except
 * by a signed-in admin, whose library still shows it; those answers are
 * never stored by any cache, so it is served again the moment it is
 * reactivated.
 */
export function serveMediaRequest(request: Request, key: string): Promise<Response> {
  return serveMedia(request, key, { storage: getStorage(), database: getDatabase, isAdmin: isSignedInAdmin });
}

export interface MediaRouteContext {
  storage: Storage;
  database: () => Promise<Database>;
  /** Whether the request comes from a signed-in admin (asked only for an inactive file). */
  isAdmin: (request: Request) => Promise<boolean>;
}

/** The route's work, given its storage, database and sign-in check (tests hand it their own). */
export async function serveMedia(request: Request, key: string, { storage, database, isAdmin }: MediaRouteContext): Promise<Response> {
  if (!isSafeKey(key)) return notFound();
  // In memory until staff change anything: a set lookup per request (see getInactiveMedia).
  let inactive: boolean;
  try {
    inactive = isInactiveKey(await getInactiveMedia(await database()), key);
  } catch (error) {
    // Never read since start and unreadable now: whether the file may be shown cannot be told.
    logger.error({ err: error instanceof Error ? error.message : String(error), key }, "could not tell whether a media file is active");
    return new Response("Service unavailable", {
      status: 503,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Retry-After": "5", "X-Content-Type-Options": "nosniff" },
    });
  }
  if (inactive && !(await isAdmin(request))) return notFound();
  const info = await storage.stat(key);
  if (!info) return notFound();

  const etag = `"${info.size.toString(16)}-${Buffer.from(key).toString("base64url").slice(-16)}"`;
  const headers = new Headers({
    "Content-Type": info.contentType,
    // An inactive file shown to an admin must not be kept by a shared cache (or by the admin's browser, past its reactivation).
    "Cache-Control": inactive ? "private, no-store" : IMMUTABLE_CACHE_CONTROL,
    "X-Content-Type-Options": "nosniff",
    "Content-Disposition": `inline; filename="${key.split("/").pop()!.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
    "Content-Security-Policy": "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; sandbox",
    "Cross-Origin-Resource-Policy": "same-site",
    "Accept-Ranges": "bytes",
    ETag: etag,
  });
  if (request.headers.get("if-none-match") === etag) return new Response(null, { status: 304, headers });

  const range = parseRange(request.headers.get("range"), info.size);
  const ifRange = request.headers.get("if-range");
  const useRange = range && (!ifRange || ifRange === etag);
  if (useRange && range === "unsatisfiable") {
    headers.set("Content-Range", `bytes */${info.size}`);
    headers.delete("Content-Type");
    return new Response(null, { status: 416, headers });
  }
  const part = useRange && range !== "unsatisfiable" ? range : null;
  const length = part ? part.end - part.start + 1 : info.size;
  headers.set("Content-Length", String(length));
  if (part) headers.set("Content-Range", `bytes ${part.start}-${part.end}/${info.size}`);
  const status = part ? 206 : 200;
  if (request.method === "HEAD" || length === 0) return new Response(null, { status, headers });

  const stream = await storage.read(key, part ?? undefined);
  stream.on("error", (error) => logger.warn({ err: error.message, key }, "media stream failed"));
  // A visitor who leaves mid-video should not keep the file open.
  request.signal.addEventListener("abort", () => stream.destroy(), { once: true });
  return new Response(Readable.toWeb(stream) as ReadableStream, { status, headers });
}

/** A signed-in admin (with two-factor sign-in set up where it is required), without renewing the session: visitors, who send no cookie, cost nothing. */
async function isSignedInAdmin(request: Request): Promise<boolean> {
  if (!request.headers.has("cookie")) return false;
  try {
    const site = await getAuth();
    const current = await getSession(site, request, { renew: false });
    return current !== null && can(current.user.role, "media") && !(await mustEnrolTwoFactor(site, current));
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error) }, "session check for an inactive media file failed");
    return false;
  }
}

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
