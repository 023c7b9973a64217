import type { Route } from "./+types/api.session";
import { getAuth, getSession } from "#app/lib/auth.server";

/**
 * GET /api/session: can this browser still save in the admin area, and when
 * does its session end? The dashboard asks when a tab comes back into view
 * and when the session it knew of should have ended, so that an admin whose
 * session ended is told before pressing Save rather than after. The check
 * does not renew the session: only what the person does keeps it alive.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const current = await getSession(await getAuth(), request, { renew: false });
  const admin = current?.user.role === "admin";
  return Response.json({ admin, endsAt: admin ? current!.endsAt : null }, { headers: { "Cache-Control": "private, no-store" } });
}
