import { betterAuth } from "better-auth";
import { twoFactor } from "better-auth/plugins";
import { authSchemaOptions, twoFactorSchemaOptions } from "#app/platform/db/auth-tables.server";
import { SESSION_IDLE_SECONDS, SESSION_REFRESH_SECONDS, type AuthOptions } from "./session-policy";
import type { Database } from "#app/platform/db/db.server";
import { PASSWORD_MAX_LENGTH } from "./password-policy.server";

/**
 * The auth library itself (Better Auth and its two-factor plugin), kept out
 * of auth.server.ts so that importing the site's auth helpers, which every
 * admin route does, does not load it: it costs about half a second of CPU
 * to import, and anonymous page views never need it. auth.server.ts imports
 * this module on the first sign-in or session check (docs/decisions/011).
 */

export { APIError } from "better-auth/api";
/** Decrypts what the library stored encrypted with the site's secret (a TOTP secret: totp-step.server.ts). */
export { symmetricDecrypt } from "better-auth/crypto";

/** The library's instance with our options. */
export function betterAuthFor(database: Database, options: AuthOptions) {
  const secureCookies = options.baseURL.startsWith("https://");
  return betterAuth({
    ...authSchemaOptions,
    appName: "Halifax community site",
    baseURL: options.baseURL,
    basePath: "/api/auth",
    secret: options.secret,
    // transaction: the library's multi-row writes (an account with its
    // password, insertUser in auth.server.ts) commit together or not at all.
    // It is off unless asked for when the library is handed a Kysely instance.
    database: { db: database.db as never, type: database.engine, transaction: true },
    // TOTP second factor with backup codes; its endpoints are called from
    // our own routes (two-factor.server.ts), never mounted.
    plugins: [
      twoFactor({
        ...twoFactorSchemaOptions,
        issuer: "Halifax community site",
        // A password sign-in has ten minutes to give its code.
        twoFactorCookieMaxAge: 600,
        backupCodeOptions: { amount: 10, length: 10 },
      }),
    ],
    emailAndPassword: {
      enabled: true,
      // Accounts are made only by createFirstAdmin and the admin:create command.
      disableSignUp: true,
      autoSignIn: false,
      minPasswordLength: 1,
      // Our policy (password-policy.server.ts) governs length; the library
      // counts UTF-16 units, so give it room for long non-Latin passphrases.
      maxPasswordLength: PASSWORD_MAX_LENGTH * 4,
    },
    session: {
      ...authSchemaOptions.session,
      expiresIn: SESSION_IDLE_SECONDS,
      updateAge: SESSION_REFRESH_SECONDS,
      cookieCache: { enabled: false },
    },
    // Our own limits (rate-limit.server.ts) hold across processes.
    rateLimit: { enabled: false },
    telemetry: { enabled: false },
    logger: { level: "error" },
    advanced: {
      ...authSchemaOptions.advanced,
      // Over https every cookie is __Host- (Secure, Path=/, no Domain: the
      // browser then refuses one set by a sibling subdomain or over http).
      // The library's own switch would add __Secure-, so the prefix is part
      // of the name here and Secure is set directly.
      cookiePrefix: secureCookies ? "__Host-site" : "site",
      useSecureCookies: false,
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/", secure: secureCookies },
      // We pass the address we trust (see server/http.ts) in this header ourselves.
      ipAddress: { ipAddressHeaders: ["x-site-client-ip"] },
    },
  });
}

export type BetterAuthInstance = ReturnType<typeof betterAuthFor>;
