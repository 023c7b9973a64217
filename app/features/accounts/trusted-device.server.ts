import crypto from "node:crypto";

/**
 * A browser that has signed in to an account before is remembered by a
 * cookie, so that strangers failing passwords for that account cannot lock
 * its owner out: failures from a remembered browser are counted for that
 * browser alone, and the account-wide lock (failures from anywhere else)
 * does not apply to it. Without this, anyone who knows an admin's address
 * could keep the account locked with six requests every ten minutes.
 *
 * The cookie holds up to five tokens (a shared office computer may be used
 * by several staff), each a random id and an HMAC of the id with the
 * account's e-mail, keyed by the site's secret: nothing is stored on the
 * server, a token is worthless for any other account, and it grants no
 * access, only its own budget of attempts.
 */

/** How long a browser stays remembered after its last successful sign-in. */
export const TRUSTED_DEVICE_DAYS = 365;
/** Accounts remembered per browser. */
const MAX_TOKENS = 5;

/** Over https the cookie is __Host- (Secure, Path=/, no Domain), like the session's. */
export function deviceCookieName(secure: boolean): string {
  return secure ? "__Host-site.device" : "site.device";
}

/** The remembered-browser cookie under both its names (http and https): no public page depends on it. */
export const DEVICE_COOKIE_NAMES = [deviceCookieName(false), deviceCookieName(true)] as const;

function mac(secret: string, email: string, id: string): string {
  return crypto.createHmac("sha256", secret).update(`login-device:${email.trim().toLowerCase()}:${id}`).digest("base64url").slice(0, 32);
}

function tokensIn(cookieHeader: string | null | undefined, name: string): string[] {
  for (const part of (cookieHeader ?? "").split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) {
      return part
        .slice(eq + 1)
        .trim()
        .split("~")
        .filter((token) => /^[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{32}$/.test(token))
        .slice(0, MAX_TOKENS);
    }
  }
  return [];
}

function verifies(secret: string, email: string, token: string): boolean {
  const [id, given] = token.split(".") as [string, string];
  const expected = mac(secret, email, id);
  return crypto.timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

/** The id of the token this browser holds for this account, if it holds a genuine one. */
export function trustedDeviceId(secret: string, email: string, cookieHeader: string | null | undefined, secure: boolean): string | null {
  const token = tokensIn(cookieHeader, deviceCookieName(secure)).find((t) => verifies(secret, email, t));
  return token ? token.split(".")[0]! : null;
}

/**
 * The Set-Cookie header that remembers this browser for this account after a
 * correct password: a new token first, the browser's tokens for other
 * accounts after it, the oldest dropped beyond five.
 */
export function rememberDevice(secret: string, email: string, cookieHeader: string | null | undefined, secure: boolean): string {
  const name = deviceCookieName(secure);
  const id = crypto.randomBytes(16).toString("base64url");
  const others = tokensIn(cookieHeader, name).filter((t) => !verifies(secret, email, t));
  const value = [`${id}.${mac(secret, email, id)}`, ...others].slice(0, MAX_TOKENS).join("~");
  return [
    `${name}=${value}`,
    `Max-Age=${TRUSTED_DEVICE_DAYS * 24 * 60 * 60}`,
    "Path=/",
    "HttpOnly",
    "SameSite=Strict",
    ...(secure ? ["Secure"] : []),
  ].join("; ");
}
