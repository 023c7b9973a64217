import { isStaffRole } from "#app/features/accounts/roles";
import type { Route } from "./+types/api.session";
import { getAuth, getSession, mustEnrolTwoFactor } from "#app/features/accounts/auth.server";
import type { SessionCheck } from "#app/features/accounts/session-check";

/**
 * GET /api/session: would an admin save from this browser be accepted, and
 * when does its session end (with the server's time, so a browser whose
 * clock is off still waits the right while)? The dashboard asks before
 * every save and when a tab comes back into view, so that an admin whose
 * session ended is told before pressing Save rather than after. The same
 * rules as requireStaffSession; the check does not renew the session (only what
 * the person does keeps it alive), and a database that cannot be read is a
 * 503, not "signed out".
 */
export async function loader({ request }: Route.LoaderArgs) {
  const headers = { "Cache-Control": "private, no-store" };
  const site = await getAuth();
  const now = new Date().toISOString();
  let current;
  let twoFactorMissing = false;
  try {
    current = await getSession(site, request, { renew: false, throwOnError: true });
    if (current && isStaffRole(current.user.role)) twoFactorMissing = await mustEnrolTwoFactor(site, current);
  } catch {
    return Response.json({ unknown: true }, { status: 503, headers });
  }
  const answer: SessionCheck =
    !current || !isStaffRole(current.user.role)
      ? { admin: false, reason: "signed-out", endsAt: null, now }
      : twoFactorMissing
        ? { admin: false, reason: "two-factor", endsAt: null, now }
        : { admin: true, endsAt: current.endsAt, now };
  return Response.json(answer, { headers });
}
