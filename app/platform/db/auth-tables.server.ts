import crypto from "node:crypto";
import type { BetterAuthOptions } from "better-auth";

/**
 * The part of the Better Auth configuration that decides its tables. Shared
 * by the running auth instance and by migrations 0002 and 0009 (it lives beside them, in the platform, for that reason), so the schema the
 * migration creates is exactly the one the library reads and writes.
 *
 * Tables and columns follow our own conventions (plural snake_case tables,
 * UUID text ids) rather than the library's defaults.
 */
// The staff roles and what each may do are in app/features/accounts/roles.ts; "member" has no admin access.
export const ROLES = ["admin", "editor", "safeguarding", "member"] as const;
export type Role = (typeof ROLES)[number];

export const authSchemaOptions = {
  user: {
    modelName: "users",
    fields: {
      emailVerified: "email_verified",
      createdAt: "created_at",
      updatedAt: "updated_at",
    },
    additionalFields: {
      // input: false so nothing a browser sends can set or change a role.
      role: { type: "string", required: true, defaultValue: "member", input: false, fieldName: "role" },
    },
  },
  session: {
    modelName: "sessions",
    fields: {
      expiresAt: "expires_at",
      createdAt: "created_at",
      updatedAt: "updated_at",
      ipAddress: "ip_address",
      userAgent: "user_agent",
      userId: "user_id",
    },
  },
  account: {
    modelName: "accounts",
    fields: {
      accountId: "account_id",
      providerId: "provider_id",
      userId: "user_id",
      accessToken: "access_token",
      refreshToken: "refresh_token",
      idToken: "id_token",
      accessTokenExpiresAt: "access_token_expires_at",
      refreshTokenExpiresAt: "refresh_token_expires_at",
      createdAt: "created_at",
      updatedAt: "updated_at",
    },
  },
  verification: {
    modelName: "verifications",
    fields: {
      expiresAt: "expires_at",
      createdAt: "created_at",
      updatedAt: "updated_at",
    },
  },
  advanced: {
    database: { generateId: () => crypto.randomUUID() },
  },
} satisfies Partial<BetterAuthOptions>;

/**
 * The two-factor plugin's tables, named our way: a `two_factor_enabled`
 * flag on users and one `two_factors` row per enrolled account holding the
 * encrypted TOTP secret and backup codes. Used by the running instance and
 * by migration 0009.
 */
export const twoFactorSchemaOptions = {
  schema: {
    user: { fields: { twoFactorEnabled: "two_factor_enabled" } },
    twoFactor: {
      modelName: "two_factors",
      fields: {
        backupCodes: "backup_codes",
        userId: "user_id",
        failedVerificationCount: "failed_verification_count",
        lockedUntil: "locked_until",
      },
    },
  },
};
