import type { Context, MiddlewareHandler } from "hono";
import { AddressBuckets, type BucketLimits } from "./token-bucket";

/**
 * Per-address limits on what anonymous visitors can make the server do.
 * Cached pages, static files and uploads are answered before these run and
 * cost nothing; what is left is rendering a page (a database read and some
 * milliseconds of CPU) and reading a form. Past the limit the answer is
 * 429 with Retry-After and a short page in words.
 */

export const ANONYMOUS_REQUEST_LIMITS = {
  /**
   * Pages rendered for one address (uncached pages, feeds, 404s): a person
   * reads a page in seconds, and even opening every link of a page at once
   * is a few dozen. 60 at once, then 2 a second.
   */
  pages: { burst: 60, perSecond: 2 },
  /**
   * Forms sent without a session (public forms, sign-in, the theme switch):
   * a family sending several registrations fits in 20; after that, one
   * every 6 seconds. The forms' own per-address limits (in the database,
   * across processes) still apply within these.
   */
  forms: { burst: 20, perSecond: 1 / 6 },
} satisfies Record<string, BucketLimits>;

/** The load balancer's and the process manager's checks must always get through. */
const NEVER_LIMITED = /^\/(healthz|readyz)$/;

/**
 * The machine itself. A reverse proxy on it, with TRUST_PROXY unset, makes
 * every visitor arrive from here: limiting this address would limit the
 * whole site at once. The operator's own checks and tests come from here too.
 */
const LOOPBACK = /^(127\.|::1$|::ffff:127\.)/;
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** The refusal: Retry-After in seconds, and a page a person can read on a phone. */
export function tooManyRequests(retryAfterSeconds: number): Response {
  const wait = `${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}`;
  const page = [
    '<!DOCTYPE html><html lang="en-GB"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><title>Too many requests</title></head>',
    "<body><h1>Too many requests</h1>",
    `<p>We have had a lot of requests from your connection in a short time. Please wait ${wait} and try again.</p>`,
    "</body></html>",
  ].join("");
  return new Response(page, {
    status: 429,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store", "Retry-After": String(retryAfterSeconds) },
  });
}

export interface AnonymousRequestLimitsOptions {
  /** The visitor's address as the server reads it (the proxy's, with TRUST_PROXY=1). */
  clientIp: (c: Context) => string;
  /** Whether the request carries a live staff session (the server asks sign-in). */
  isSignedIn: (request: Request) => Promise<boolean>;
  limits?: { pages: BucketLimits; forms: BucketLimits };
  /** false: nothing is limited (REQUEST_LIMITS=off, should the limits ever hold back real visitors). */
  enabled?: boolean;
  now?: () => number;
}

/**
 * Two middlewares for the server to place: `forms` before anything reads a
 * body (every method but GET, HEAD and OPTIONS), `pages` just before a page
 * is rendered, after the page cache, static files and uploads have answered
 * what they can.
 */
export function anonymousRequestLimits({ clientIp, isSignedIn, limits = ANONYMOUS_REQUEST_LIMITS, enabled = true, now }: AnonymousRequestLimitsOptions): {
  forms: MiddlewareHandler;
  pages: MiddlewareHandler;
} {
  if (!enabled) return { forms: (_c, next) => next(), pages: (_c, next) => next() };
  const pages = new AddressBuckets(limits.pages, { now });
  const forms = new AddressBuckets(limits.forms, { now });
  const charge: (buckets: AddressBuckets) => MiddlewareHandler = (buckets) => async (c, next) => {
    const address = clientIp(c);
    if (LOOPBACK.test(address)) return next();
    const taken = buckets.take(address);
    if (taken.allowed) return next();
    // Staff are never held, even sharing an office's address with a flood.
    // Their session is looked up only once the address has run out, so an
    // anonymous request within its allowance never costs a lookup.
    if (c.req.header("cookie") && (await isSignedIn(c.req.raw))) return next();
    return tooManyRequests(taken.retryAfterSeconds);
  };
  const chargeForms = charge(forms);
  const chargePages = charge(pages);
  return {
    forms: (c, next) => (SAFE_METHODS.has(c.req.method) ? next() : chargeForms(c, next)),
    pages: (c, next) => (!SAFE_METHODS.has(c.req.method) || NEVER_LIMITED.test(c.req.path) ? next() : chargePages(c, next)),
  };
}
