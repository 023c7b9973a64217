/**
 * What GET /api/session tells the admin area: whether a save would be
 * accepted now, and if not, why. The route answers it; the session watch in
 * the browser reads it, so the shape lives here between them.
 */
export type SessionCheck =
  | { admin: true; endsAt: string; now: string }
  | { admin: false; reason: "signed-out" | "two-factor"; endsAt: null; now: string };
