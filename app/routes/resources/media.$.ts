import type { Route } from "./+types/media.$";
import { serveMediaRequest } from "#app/features/media/media-serve.server";

/** Uploaded files: /media/<key> (app/features/media/media-serve.server.ts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveMediaRequest(request, params["*"] ?? "");
}
