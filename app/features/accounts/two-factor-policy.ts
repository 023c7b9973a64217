/**
 * What an admin without two-factor sign-in is told when the site requires
 * it: the 403 body of requireStaffSession for a write, and what the admin area's
 * error page recognises (so it offers the set-up page, not "not allowed").
 * Imports nothing server-only.
 */
export const TWO_FACTOR_REQUIRED = "Two-factor sign-in is required for every admin of this site. Set it up to continue.";
