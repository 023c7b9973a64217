import { can } from "#app/features/accounts/roles";
import { env } from "#app/platform/env.server";
import { localPublicUrl } from "./public-url";

/**
 * For an Admin (who can get the address set), the local address that links
 * in e-mails would point at; null for everyone else and for a real address.
 */
export function publicUrlWarningFor(role: string): string | null {
  return can(role, "settings") ? localPublicUrl(env().PUBLIC_URL) : null;
}
