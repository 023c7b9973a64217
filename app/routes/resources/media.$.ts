import type { Route } from "./+types/media.$";
import { serveMediaRequest } from "#app/lib/media-serve.server";

/** Uploaded files: /media/<key> (app/lib/media-serve.server.ts). */
export async function loader({ request, params }: Route.LoaderArgs) {
  return serveMediaRequest(request, params["*"] ?? "");
}
