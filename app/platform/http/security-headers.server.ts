/**
 * Headers every response carries. The Content-Security-Policy allows our own
 * scripts only through a per-response nonce (no 'unsafe-inline' scripts) and
 * names exactly the third parties a page may use.
 */
export interface CspOptions {
  /** A fresh nonce for a page rendered for this response only. */
  nonce?: string;
  /**
   * For a page served from the full-page cache to many visitors: the hashes
   * of its exact inline scripts instead of a nonce that every copy would share.
   */
  scriptHashes?: string[];
  /** Extra origins for images and media (e.g. an S3 or CDN public URL). */
  mediaOrigins?: string[];
}

/**
 * Third-party frames: the YouTube player (privacy-enhanced host, loaded only
 * when a visitor presses play) and the footer's map. No YouTube image host:
 * video posters are drawn or served by us, so nothing reaches YouTube before play.
 */
export const FRAME_SOURCES = ["https://www.youtube-nocookie.com", "https://www.openstreetmap.org"];

export function contentSecurityPolicy({ nonce, scriptHashes = [], mediaOrigins = [] }: CspOptions): string {
  const media = ["'self'", "data:", "blob:", ...mediaOrigins].join(" ");
  const scripts = ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : []), ...scriptHashes].join(" ");
  return [
    "default-src 'self'",
    `script-src ${scripts}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src ${media}`,
    `media-src ${media}`,
    "font-src 'self'",
    "connect-src 'self'",
    `frame-src ${FRAME_SOURCES.join(" ")}`,
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ].join("; ");
}

/**
 * What a public page (one that never hydrates, decision 010) sends in place
 * of a base header (docs/decisions/017-public-pages-opener-policy.md).
 *
 * A same-origin opener policy makes the browser put the page in a browsing
 * context group, and so a renderer process, of its own whenever it arrives
 * from a page with another policy: Lighthouse measured that start-up as
 * 0–75 ms of main-thread blocking on /about/mission, against 0 ms in every
 * run without it, and on Android a site that sends it is isolated in
 * processes of its own. What it protects, a window's link to the site that
 * opened it, matters where a page holds someone's session or data: the
 * admin, sign-in and invitations keep it. A public page is the same for
 * everyone and reads no session.
 */
export const PUBLIC_PAGE_HEADERS: Readonly<Record<string, string>> = { "Cross-Origin-Opener-Policy": "unsafe-none" };

export function baseSecurityHeaders(isHttps: boolean): Record<string, string> {
  const headers: Record<string, string> = {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(), usb=(), interest-cohort=()",
    "Cross-Origin-Opener-Policy": "same-origin",
    "X-Frame-Options": "DENY",
  };
  if (isHttps) headers["Strict-Transport-Security"] = "max-age=63072000; includeSubDomains";
  return headers;
}
