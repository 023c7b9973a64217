import path from "node:path";
import type { Server, ServerOptions } from "@tus/server";
import type { FileStore } from "@tus/file-store";
import type { DataStore, Upload } from "@tus/utils";
import { requireStaff } from "#app/features/accounts/auth.server";
import { env } from "#app/platform/env.server";
import { logger } from "#app/platform/log/logger.server";
import { s3ClientConfig, type S3Config } from "#app/platform/storage/s3-storage.server";
import { s3ConfigFromEnv } from "#app/platform/storage/storage.server";
import { LIBRARY_UPLOAD_MAX_BYTES, libraryTooLargeMessage, QUICK_UPLOAD_MESSAGES } from "./upload-rules";

/**
 * Resumable uploads for the media library (the tus protocol): the browser
 * sends a big file in pieces and, after a dropped connection or a server
 * restart, asks how much arrived and carries on from there. Bytes go
 * straight to disk (or to S3 multipart parts) as they arrive. A finished
 * upload is only "staged": completeLibraryUpload (uploads.server.ts) checks
 * it and moves it into storage when the browser asks.
 */
export const TUS_PATH = "/api/uploads";
/** Unfinished uploads are kept this long for a resume, then cleaned away. */
export const TUS_EXPIRY_MS = 24 * 60 * 60 * 1000;
const OWNER_HEADER = "x-site-upload-owner";

export interface TusSetup {
  server: Server;
  store: DataStore;
  kind: "file" | "s3";
  /** Where the file store keeps staged uploads (file kind only). */
  stagingDir: string;
}

/**
 * The tus server on disk or S3. Its libraries (and, for S3, the AWS SDK) are
 * imported here, on the first upload or clean-up, not when the site starts.
 */
export async function createTus(config: { dataDir: string; s3?: S3Config | null }): Promise<TusSetup> {
  const stagingDir = path.join(config.dataDir, "uploads-in-progress");
  const [{ Server }, { FileStore }, s3Store] = await Promise.all([
    import("@tus/server"),
    import("@tus/file-store"),
    config.s3 ? import("@tus/s3-store") : undefined,
  ]);
  const store: DataStore = config.s3 && s3Store
    ? new s3Store.S3Store({
        partSize: 8 * 1024 * 1024,
        expirationPeriodInMilliseconds: TUS_EXPIRY_MS,
        useTags: false,
        s3ClientConfig: { ...s3ClientConfig(config.s3), bucket: config.s3.bucket },
      })
    : new FileStore({ directory: stagingDir, expirationPeriodInMilliseconds: TUS_EXPIRY_MS });
  const options: Omit<ServerOptions, "locker"> & { datastore: DataStore } = {
    path: TUS_PATH,
    datastore: store,
    maxSize: LIBRARY_UPLOAD_MAX_BYTES,
    relativeLocation: true,
    // Staged uploads are named "tus-…" so they can never collide with a stored file's key.
    namingFunction: () => `tus-${crypto.randomUUID().replace(/-/g, "")}`,
    async onUploadCreate(req, upload: Upload) {
      const metadata = { ...(upload.metadata ?? {}) };
      metadata.owner = req.headers.get(OWNER_HEADER);
      return { metadata };
    },
    onResponseError(_req, error) {
      if ("status_code" in error && error.status_code === 413) {
        return { status_code: 413, body: "Files must be smaller than 500MB." };
      }
      if (!("status_code" in error)) logger.error({ err: error.message }, "resumable upload failed");
      return undefined;
    },
  };
  return { server: new Server(options), store, kind: config.s3 ? "s3" : "file", stagingDir };
}

let shared: Promise<TusSetup> | undefined;

export function getTus(): Promise<TusSetup> {
  if (!shared) {
    const config = env();
    shared = createTus({ dataDir: config.DATA_DIR, s3: s3ConfigFromEnv(config) });
    shared.catch(() => {
      shared = undefined;
    });
  }
  return shared;
}

/** Who may upload: a user id, or the response that refuses the request. */
export type Authorize = (request: Request) => Promise<{ userId: string } | Response>;

/**
 * True when `authorize` refused. Never test this with `instanceof Response`:
 * @hono/node-server swaps the global Response for its own class, and
 * `Response.json()` still makes the built-in kind, so `instanceof` said
 * "not a refusal" and let anonymous uploads through.
 */
export function isRefusal(who: { userId: string } | Response): who is Response {
  return !("userId" in who);
}

function plain(status: number, body: string): Response {
  return new Response(body, {
    status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store", "Tus-Resumable": "1.0.0" },
  });
}

/**
 * One tus request: checks the session, refuses a declared size over the
 * limit before reading any of the body (413 with the spec's message), and
 * hands the rest to the tus server.
 */
export async function handleTusRequest(tus: TusSetup, request: Request, authorize: Authorize): Promise<Response> {
  if (request.method !== "OPTIONS") {
    const origin = request.headers.get("origin");
    if (origin && origin !== new URL(request.url).origin) return plain(403, "Uploads are only accepted from this site.");
  }
  const who = await authorize(request);
  if (isRefusal(who)) return who;
  if (request.method === "POST") {
    if (request.headers.has("upload-defer-length")) return plain(400, "The size of the file must be known when its upload starts.");
    const declared = Number(request.headers.get("upload-length"));
    if (Number.isFinite(declared) && declared > LIBRARY_UPLOAD_MAX_BYTES) return plain(413, libraryTooLargeMessage(declared));
  }
  const headers = new Headers(request.headers);
  headers.set(OWNER_HEADER, who.userId);
  const forwarded = new Request(request.url, {
    method: request.method,
    headers,
    body: request.body,
    // @ts-expect-error Node's fetch needs this to stream a request body.
    duplex: "half",
    signal: request.signal,
  });
  return tus.server.handleWeb(forwarded);
}

/** The live server's check: the same admin session check as every admin page. */
export async function authorizeAdminRequest(request: Request): Promise<{ userId: string } | Response> {
  try {
    const session = await requireStaff(new Request(request.url, { method: request.method, headers: request.headers }), "media");
    return { userId: session.user.id };
  } catch (thrown) {
    const status = thrown instanceof Response && thrown.status === 403 ? 403 : 401;
    const refusal = thrown instanceof Response && status === 403 ? await thrown.text().catch(() => "") : "";
    const message = status === 403 ? refusal || "Your account is not allowed to upload files." : QUICK_UPLOAD_MESSAGES.sessionExpired.description;
    return Response.json(
      { ok: false, title: QUICK_UPLOAD_MESSAGES.sessionExpired.title, message, code: status === 403 ? "forbidden" : "session-expired" },
      { status, headers: { "Cache-Control": "no-store", "Tus-Resumable": "1.0.0" } },
    );
  }
}

/** Removes the staged copy once its file is stored (or refused). */
export async function discardStaged(tus: TusSetup, id: string): Promise<void> {
  try {
    if (tus.kind === "file") {
      const store = tus.store as FileStore;
      await import("node:fs/promises").then((fsp) => fsp.rm(path.join(tus.stagingDir, id), { force: true }));
      await store.configstore.delete(id);
    } else {
      await tus.store.remove(id).catch(async () => {
        // A completed multipart upload cannot be aborted: delete its two objects directly.
        const s3 = tus.store as unknown as {
          client: { deleteObject(input: { Bucket: string; Key: string }): Promise<unknown> };
          bucket: string;
          clearCache(id: string): void;
        };
        await s3.client.deleteObject({ Bucket: s3.bucket, Key: `${id}.info` }).catch(() => {});
        await s3.client.deleteObject({ Bucket: s3.bucket, Key: id }).catch(() => {});
        s3.clearCache(id);
      });
    }
  } catch (error) {
    logger.warn({ err: error instanceof Error ? error.message : String(error), uploadId: id }, "could not discard a staged upload");
  }
}
