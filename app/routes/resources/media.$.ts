import { Readable } from "node:stream";
import type { Route } from "./+types/media.$";
import { getStorage, IMMUTABLE_CACHE_CONTROL, isSafeKey } from "#app/lib/storage/storage.server";
import { logger } from "#app/lib/logger.server";
import { parseRange } from "#app/lib/storage/range";

/**
 * Uploaded files: /media/<key>. Keys are generated and never reused, so
 * every response may be cached forever. Byte ranges (206/416) let videos
 * seek without downloading the whole file. A file is only ever sent as the
 * type its key says (chosen from its content at upload) with nosniff, and
 * under a sandboxing CSP, so nothing uploaded can run as a page of the site.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  const key = params["*"] ?? "";
  if (!isSafeKey(key)) return notFound();
  const storage = getStorage();
  const info = await storage.stat(key);
  if (!info) return notFound();

  const etag = `"${info.size.toString(16)}-${Buffer.from(key).toString("base64url").slice(-16)}"`;
  const headers = new Headers({
    "Content-Type": info.contentType,
    "Cache-Control": IMMUTABLE_CACHE_CONTROL,
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

function notFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "X-Content-Type-Options": "nosniff" },
  });
}
