/**
 * The sign-in session's cookie under both its names: Better Auth calls it
 * `<cookiePrefix>.session_token`, and auth-library.server.ts sets the prefix
 * to `site` over http and `__Host-site` over https. The page cache renders
 * a page afresh for a visitor who carries one (server/wiring.ts).
 */
export const SESSION_COOKIE_NAMES = ["site.session_token", "__Host-site.session_token"] as const;
