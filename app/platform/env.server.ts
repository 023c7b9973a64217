import fs from "node:fs";
import path from "node:path";
import crypto from "node:crypto";
import { z } from "zod";
import { logger } from "#app/platform/log/logger.server";
import { keepDataDirPrivate } from "#app/platform/data-dir.server";

const schema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z
    .string()
    .refine((v) => /^postgres(ql)?:\/\//.test(v), {
      message: "must start with postgres:// or postgresql:// (leave it unset for the embedded SQLite database)",
    })
    .optional(),
  PUBLIC_URL: z
    .string()
    // An origin only: every link in e-mails and feeds is this plus a path, so "localhost:3000" (read as a scheme) or a path would break them all.
    .refine((v) => URL.canParse(v) && /^https?:$/.test(new URL(v).protocol) && /^https?:\/\//.test(v) && new URL(v).pathname.replace(/\/+$/, "") === "" && !new URL(v).search && !new URL(v).hash, {
      message: "must be the site's origin, e.g. https://www.example.org (http:// or https://, lower case, with no path)",
    })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
  // Connections each process may open to PostgreSQL. A backup keeps its lock alive on a second connection while its dump holds one, and so does a long job: one is never enough.
  DATABASE_POOL_MAX: z.coerce
    .number()
    .int()
    .min(2, { message: "must be at least 2 (a backup or job holds one connection while it renews its lock on another)" })
    .max(1000)
    .default(10),
  // 1: a reverse proxy in front appends the visitor's address to X-Forwarded-For. Anything but 1 or 0 is refused rather
  // than ignored: "true" read as off would give every visitor the proxy's address, and one lockout would hold every admin.
  TRUST_PROXY: z.enum(["0", "1"], { message: "must be 1 when a reverse proxy sits in front of the site, or 0 (or unset) when visitors reach it directly" }).optional(),
  // off: no full-page cache (for measuring; decision 008).
  PAGE_CACHE: z.enum(["on", "off"], { message: "must be on or off" }).optional(),
  // off: no per-address limits on anonymous pages and forms, should they ever hold back real visitors.
  REQUEST_LIMITS: z.enum(["on", "off"], { message: "must be on or off" }).optional(),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  // Outgoing mail: unset keeps every message in the outbox that staff read in the admin area.
  SMTP_URL: z
    .string()
    .refine((v) => URL.canParse(v) && /^smtps?:$/.test(new URL(v).protocol) && new URL(v).hostname !== "", {
      message: "must look like smtp://user:password@host:587 or smtps://user:password@host:465 (leave it unset to keep mail in the admin outbox)",
    })
    .optional(),
  MAIL_FROM: z
    .string()
    .refine((v) => /^(?:[^<>]*<[^\s@<>]+@[^\s@<>]+>|[^\s@<>]+@[^\s@<>]+)$/.test(v.trim()), {
      message: 'must be an address, e.g. news@example.org or "Charity name <news@example.org>"',
    })
    .optional(),
  NEWSLETTER_BATCH_SIZE: z.coerce.number().int().min(1).max(1000).default(50),
  NEWSLETTER_RATE_PER_MINUTE: z.coerce.number().int().min(1).max(100000).default(120),
  // A running job whose lock has not been renewed for this long belongs to a process that died (on another machine, or
  // killed without a restart here) and is taken over by another. Keep it longer than any one step of a job.
  JOB_STALE_SECONDS: z.coerce.number().int().min(1, { message: "must be at least 1 second" }).max(86400).default(300),
  // How long a child registration is kept after the last contact with the family, until Settings holds it.
  REGISTRATION_RETENTION_MONTHS: z.coerce.number().int().min(1, { message: "must be at least 1 month" }).max(120).default(24),
  // Scheduled backups into DATA_DIR/backups (npm run backup makes one by hand); unset: none.
  BACKUP_INTERVAL_HOURS: z.coerce.number().int().min(1, { message: "must be at least 1 hour" }).max(8760).optional(),
  BACKUP_KEEP: z.coerce.number().int().min(1, { message: "must keep at least 1 backup" }).max(1000).default(7),
  // S3-compatible storage for uploaded files; all unset keeps them on local disk in DATA_DIR.
  S3_ENDPOINT: z.string().url({ message: "must be the storage service's URL, e.g. https://s3.eu-west-2.amazonaws.com" }).optional(),
  S3_REGION: z.string().min(1).optional(),
  S3_BUCKET: z.string().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_PUBLIC_URL: z
    .string()
    .url({ message: "must be the public base URL of the bucket or its CDN, e.g. https://media.example.org" })
    .transform((v) => v.replace(/\/+$/, ""))
    .optional(),
});

/** S3 settings: the ones that must come together, and the optional ones. */
const S3_REQUIRED = ["S3_REGION", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_ALL = ["S3_ENDPOINT", ...S3_REQUIRED, "S3_PUBLIC_URL"] as const;

export type Env = z.infer<typeof schema> & { PUBLIC_URL: string; DATA_DIR: string };

/** Parses an environment; throws one readable error listing every bad value. */
export function parseEnv(source: Record<string, string | undefined>): Env {
  const cleaned = Object.fromEntries(
    Object.entries(source).filter(([, v]) => v !== undefined && v !== ""),
  );
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `  ${i.path.join(".")}: ${i.message}`);
    throw new Error(`Invalid configuration:\n${lines.join("\n")}`);
  }
  const env = result.data;
  const s3Given = S3_ALL.filter((k) => env[k] !== undefined);
  const s3Missing = S3_REQUIRED.filter((k) => env[k] === undefined);
  if (s3Given.length > 0 && s3Missing.length > 0) {
    throw new Error(
      `Invalid configuration:\n${s3Missing
        .map((k) => `  ${k}: is required when ${s3Given.join(", ")} ${s3Given.length === 1 ? "is" : "are"} set (set all of ${S3_REQUIRED.join(", ")} to store files in S3, or none to keep them in DATA_DIR)`)
        .join("\n")}`,
    );
  }
  return {
    ...env,
    DATA_DIR: path.resolve(env.DATA_DIR),
    PUBLIC_URL: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
  };
}

let cached: Env | undefined;

/** The process configuration, validated once. */
export function env(): Env {
  cached ??= parseEnv(process.env);
  return cached;
}

export interface Secrets {
  authSecret: string;
}

/**
 * Secrets the embedded default needs, generated on first start and kept in
 * the data folder (mode 0600) so sessions survive restarts. AUTH_SECRET,
 * when set, wins. A secrets.json that holds no usable secret stops the
 * site: two-factor secrets and newsletter links need the one it had.
 */
let warnedShortSecret = false;

export function loadSecrets(dataDir: string): Secrets {
  // The first thing a start does with the data folder: it is made (or kept) private here.
  keepDataDirPrivate(dataDir);
  const file = path.join(dataDir, "secrets.json");
  if (process.env.AUTH_SECRET) {
    // Sessions are signed and two-factor secrets encrypted with it, so a short
    // one is guessable. Said loudly, not refused: a site already running with
    // one needs it for its data (changing it resets two-factor sign-in and
    // breaks newsletter links), so replacing it is the operator's planned step.
    if (process.env.AUTH_SECRET.length < 32 && !warnedShortSecret) {
      warnedShortSecret = true;
      logger.error("AUTH_SECRET is shorter than 32 characters, which is guessable: plan to replace it with a long random value (openssl rand -base64 32); see the README on what changing it resets.");
    }
    return { authSecret: process.env.AUTH_SECRET };
  }
  let raw: string | undefined;
  try {
    raw = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
  }
  if (raw !== undefined) {
    let parsed: Partial<Secrets> | undefined;
    try {
      parsed = JSON.parse(raw) as Partial<Secrets>;
    } catch {
      // Reported below with the rest.
    }
    if (typeof parsed?.authSecret === "string" && parsed.authSecret.length >= 32) return { authSecret: parsed.authSecret };
    // Replacing it would lock out every two-factor admin and break every newsletter link (they need the old secret), so stop instead.
    throw new Error(`${file} holds no usable secret (authSecret, at least 32 characters). Restore it from a backup, or set AUTH_SECRET to the site's secret.`);
  }
  const secrets: Secrets = { authSecret: crypto.randomBytes(32).toString("base64url") };
  // "wx" so two processes starting together cannot overwrite each other's secret.
  try {
    fs.writeFileSync(file, JSON.stringify(secrets, null, 2), { mode: 0o600, flag: "wx" });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "EEXIST") return loadSecrets(dataDir);
    throw error;
  }
  return secrets;
}
