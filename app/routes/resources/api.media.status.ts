import type { Route } from "./+types/api.media.status";
import { authorizeAdminRequest, isRefusal } from "#app/features/media/tus.server";
import { getDatabase } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import { pingMediaTable } from "#app/features/media/media.server";

/**
 * GET /api/media/status: the quick uploader's connection check: is the
 * person still signed in, and can the media table be read?
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "no-store" };
  const who = await authorizeAdminRequest(request);
  // Signed in with a role that may not use the media library: that refusal, in its words.
  if (isRefusal(who) && who.status === 403) return who;
  if (isRefusal(who)) return Response.json({ connected: false, signedIn: false }, { status: 401, headers });
  try {
    await pingMediaTable(await getDatabase());
    return Response.json({ connected: true, signedIn: true }, { headers });
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "media connection check failed");
    return Response.json({ connected: false, signedIn: true }, { status: 503, headers });
  }
}
