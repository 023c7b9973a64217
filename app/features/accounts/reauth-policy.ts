/**
 * How long a password check lasts for the sensitive changes that ask for
 * it again (reauth.server.ts): read there and by the pages that explain it,
 * which the browser also runs, so it lives apart in a module with no
 * server code.
 */
export const REAUTH_WINDOW_MS = 10 * 60_000;

/**
 * The changes on the users screen that ask for the password again when it
 * was last given over ten minutes ago (reauth.server.ts), and what the
 * audit log says a wrong one was for. Exports ask too, in their own routes.
 */
export const SENSITIVE_ACCOUNT_CHANGES: ReadonlyMap<string, string> = new Map([
  ["invite", "inviting someone to the admin area"],
  ["change-role", "changing someone's role"],
  ["remove-account", "removing someone's admin access"],
  ["reset-two-factor", "resetting someone's two-factor sign-in"],
  ["require-two-factor", "changing the two-factor rule for all admins"],
]);
