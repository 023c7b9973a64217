import type { Route } from "./+types/api.media.images";
import { authorizeAdminRequest, isRefusal } from "#app/features/media/tus.server";
import { getDatabase } from "#app/platform/db/db.server";
import { listPickerImages } from "#app/features/media/image-picker.server";

/** GET /api/media/images: what the image picker offers (uploads first, then built-in images). */
export async function loader({ request }: Route.LoaderArgs) {
  const who = await authorizeAdminRequest(request);
  if (isRefusal(who)) return who;
  const images = await listPickerImages(await getDatabase());
  return Response.json({ images }, { headers: { "Cache-Control": "private, no-store" } });
}
