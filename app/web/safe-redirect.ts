/**
 * Where a request may send the browser next (after signing in, after a
 * form): only a path on this site, never an open redirect. Every redirect
 * target a request supplies (a redirectTo or returnTo field or query)
 * goes through this one function.
 *
 * The check runs on the path as it will be written: the target is first
 * normalised the way a URL parser reads it ("." and ".." segments resolved,
 * %2e counted as a dot), and that normal form is both what is checked and
 * what is returned. Checking the raw string and then writing back a
 * normalised one let "/.//evil.example" through as "//evil.example", which
 * a browser reads as another site.
 */

const BASE = "http://this-site.invalid";

/** Anything a browser would drop or read as a separator: with it, "/\t/evil.example" becomes "//evil.example". */
const INVISIBLE_OR_SLASHY = /[\s\u0000-\u001f\u007f\\]/;

/** The target as a normal path with its query and fragment, or `fallback` when it could lead anywhere but this site. */
export function safeRedirect(target: unknown, fallback = "/admin"): string {
  if (typeof target !== "string" || !target.startsWith("/") || target.startsWith("//")) return fallback;
  if (INVISIBLE_OR_SLASHY.test(target)) return fallback;
  let url: URL;
  try {
    url = new URL(target, BASE);
  } catch {
    return fallback;
  }
  if (url.origin !== BASE) return fallback;
  const normal = `${url.pathname}${url.search}${url.hash}`;
  // The normal form is what the browser gets, so it is what must pass.
  if (!normal.startsWith("/") || normal.startsWith("//") || INVISIBLE_OR_SLASHY.test(normal)) return fallback;
  return normal;
}
