import type { Route } from "./+types/api.media.quick-upload";
import { authorizeAdminRequest, isRefusal } from "#app/features/media/tus.server";
import { logger } from "#app/platform/log/logger.server";
import { receiveQuickUpload, uploadContext, UploadError } from "#app/features/media/uploads.server";
import { QUICK_UPLOAD_MESSAGES } from "#app/features/media/upload-rules";

/**
 * POST /api/media/quick-upload: the quick image upload (and the page-image
 * upload, purpose=page-image). Answers JSON, so the uploader can show the
 * right message for each kind of failure (session expired, storage, database).
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return Response.json({ ok: false }, { status: 405, headers: { Allow: "POST" } });
  const who = await authorizeAdminRequest(request);
  if (isRefusal(who)) return who;
  try {
    const file = await receiveQuickUpload(request, await uploadContext(), who.userId);
    return Response.json({ ok: true, file }, { status: 201, headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    if (error instanceof UploadError) return Response.json(error.toJSON(), { status: error.status, headers: { "Cache-Control": "no-store" } });
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "quick upload failed");
    // Not one of the failures the uploader names: its catch-all message.
    return Response.json({ ok: false, ...QUICK_UPLOAD_MESSAGES.unexpected, message: QUICK_UPLOAD_MESSAGES.unexpected.description, code: "unexpected" }, { status: 500 });
  }
}

export async function loader({ request }: Route.LoaderArgs) {
  // Checked even here, where there is nothing to read, so every admin route's loader asks for its capability.
  const who = await authorizeAdminRequest(request);
  if (isRefusal(who)) return who;
  return Response.json({ ok: false }, { status: 405, headers: { Allow: "POST" } });
}
