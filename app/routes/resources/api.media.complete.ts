import type { Route } from "./+types/api.media.complete";
import { getTus, authorizeAdminRequest, isRefusal } from "#app/features/media/tus.server";
import { logger } from "#app/platform/log/logger.server";
import { completeLibraryUpload, uploadContext, UploadError } from "#app/features/media/uploads.server";
import { LIBRARY_MESSAGES } from "#app/features/media/upload-rules";

/**
 * POST /api/media/complete: turns a finished resumable upload into a media
 * library file, with the details typed in the upload form. Safe to repeat.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false }, { status: 405, headers: { Allow: "POST" } });
  const who = await authorizeAdminRequest(request);
  if (isRefusal(who)) return who;
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 2000) : null;
  };
  try {
    const file = await completeLibraryUpload(
      await uploadContext(),
      getTus(),
      text("uploadId") ?? "",
      {
        altText: text("altText"),
        caption: text("caption"),
        pageAssignment: text("page"),
        sectionAssignment: text("section") === "none" ? null : text("section"),
        category: text("category"),
      },
      who.userId,
    );
    return Response.json({ ok: true, file }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UploadError) return Response.json(error.toJSON(), { status: error.status });
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "completing an upload failed");
    return Response.json({ ok: false, title: "Upload failed", message: LIBRARY_MESSAGES.uploadFailed, code: "unexpected" }, { status: 500 });
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  // Checked even here, where there is nothing to read, so every admin route's loader asks for its capability.
  const who = await authorizeAdminRequest(request);
  if (isRefusal(who)) return who;
  return Response.json({ ok: false }, { status: 405, headers: { Allow: "POST" } });
}
