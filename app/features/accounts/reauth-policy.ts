/**
 * How long a password check lasts for the sensitive changes that ask for
 * it again (reauth.server.ts): read there and by the pages that explain it,
 * which the browser also runs, so it lives apart in a module with no
 * server code.
 */
export const REAUTH_WINDOW_MS = 10 * 60_000;
