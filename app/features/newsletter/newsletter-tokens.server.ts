import crypto from "node:crypto";
import { env, loadSecrets } from "#app/platform/env.server";

/**
 * Links in newsletter e-mails carry HMAC-signed tokens. A confirmation token
 * expires and works once (it names a random value stored on the subscriber,
 * cleared when used); an unsubscribe token never expires, because a link in
 * an old newsletter must still work.
 */

/** How long a confirmation link works: its expiry is signed into the token. */
export const CONFIRM_LINK_HOURS = 48;

type TokenPurpose = "confirm" | "unsubscribe";
export interface TokenPayload {
  /** subscriber id */
  s: string;
  p: TokenPurpose;
  /** confirm only: the subscriber's current confirm_nonce */
  n?: string;
  /** confirm only: expiry, ms since epoch */
  e?: number;
}

let secretOverride: string | undefined;
/** Tests sign with their own secret; the site uses AUTH_SECRET or the generated one in DATA_DIR. */
export function setNewsletterSecret(secret: string | undefined): void {
  secretOverride = secret;
}

function tokenKey(): Buffer {
  const secret = secretOverride ?? loadSecrets(env().DATA_DIR).authSecret;
  // A key of its own, so a newsletter token can never pass for any other signed value.
  return crypto.createHmac("sha256", secret).update("newsletter-token-v1").digest();
}

function sign(payload: TokenPayload): string {
  const body = Buffer.from(JSON.stringify(payload)).toString("base64url");
  const mac = crypto.createHmac("sha256", tokenKey()).update(body).digest("base64url");
  return `${body}.${mac}`;
}

export type TokenCheck = { ok: true; payload: TokenPayload } | { ok: false; reason: "invalid" | "expired" };

export function verifyToken(token: string | null | undefined, purpose: TokenPurpose, now = Date.now()): TokenCheck {
  if (!token || token.length > 1000) return { ok: false, reason: "invalid" };
  const [body, mac, extra] = token.split(".");
  if (!body || !mac || extra !== undefined) return { ok: false, reason: "invalid" };
  const expected = crypto.createHmac("sha256", tokenKey()).update(body).digest();
  const given = Buffer.from(mac, "base64url");
  if (given.length !== expected.length || !crypto.timingSafeEqual(given, expected)) return { ok: false, reason: "invalid" };
  let payload: TokenPayload;
  try {
    payload = JSON.parse(Buffer.from(body, "base64url").toString("utf8")) as TokenPayload;
  } catch {
    return { ok: false, reason: "invalid" };
  }
  if (payload.p !== purpose || typeof payload.s !== "string") return { ok: false, reason: "invalid" };
  if (purpose === "confirm" && (typeof payload.e !== "number" || payload.e < now)) return { ok: false, reason: "expired" };
  return { ok: true, payload };
}

export function unsubscribeToken(subscriberId: string): string {
  return sign({ s: subscriberId, p: "unsubscribe" });
}

export function confirmToken(subscriberId: string, nonce: string, now = Date.now()): string {
  return sign({ s: subscriberId, p: "confirm", n: nonce, e: now + CONFIRM_LINK_HOURS * 3600_000 });
}

export function siteUrl(): string {
  return env().PUBLIC_URL;
}

export function confirmUrl(token: string): string {
  return `${siteUrl()}/newsletter/confirm?token=${encodeURIComponent(token)}`;
}

export function unsubscribeUrl(subscriberId: string): string {
  return `${siteUrl()}/newsletter/unsubscribe?token=${encodeURIComponent(unsubscribeToken(subscriberId))}`;
}

/** RFC 2369 and RFC 8058: mail programs show an Unsubscribe button that POSTs to the link. */
export function listUnsubscribeHeaders(subscriberId: string): Record<string, string> {
  return {
    "List-Unsubscribe": `<${unsubscribeUrl(subscriberId)}>`,
    "List-Unsubscribe-Post": "List-Unsubscribe=One-Click",
  };
}
