/**
 * How long a sign-in lasts, and what the auth library is configured with:
 * read by the site's session code (auth.server.ts) and by the library's set-up
 * (auth-library.server.ts), so it lives apart from both.
 */

/** A session ends after this long without use… */
export const SESSION_IDLE_SECONDS = 12 * 60 * 60;
/** …is extended at most this often while in use… */
export const SESSION_REFRESH_SECONDS = 60 * 60;
/** …and never lives longer than this, used or not. */
export const SESSION_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

export interface AuthOptions {
  secret: string;
  /** The site's public origin (PUBLIC_URL); https turns on Secure cookies. */
  baseURL: string;
}
