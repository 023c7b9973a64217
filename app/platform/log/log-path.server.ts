/**
 * A request's path or URL as the server log may hold it. Some addresses carry
 * a secret: an invitation link (/invite/<token>) is as good as a password until
 * it is used or expires, which is why the database keeps only its hash, and the
 * newsletter's confirm and unsubscribe links carry theirs as ?token=. A log is
 * read, copied and kept more widely than the database, so neither may reach it;
 * see docs/decisions/007-personal-data.md.
 */

/** Path segments whose next segment is a secret. Compared case-insensitively: React Router matches routes that way. */
const SECRET_AFTER = new Set(["invite"]);

/**
 * Query parameters whose values say nothing about anyone: paging, filters and
 * flags. Every other value is replaced, since a query may carry a token, a
 * search for someone's name or a return address.
 */
const PLAIN_PARAMS = new Set(["index", "page", "status", "kind", "sent", "_routes"]);

export const SECRET_PLACEHOLDER = "[token]";
export const VALUE_PLACEHOLDER = "[redacted]";

/** Most paths hold none of these, and the page-cache fast path logs every hit: those are returned untouched. */
const MIGHT_NEED_CHANGING = /[?#%]|invite/i;

function decoded(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The path with each secret segment replaced; a single-fetch ".data" suffix is kept, so page loads and data loads still read apart. */
function pathWithoutSecrets(path: string): string {
  const segments = path.split("/");
  for (let i = 1; i < segments.length; i++) {
    if (!SECRET_AFTER.has(decoded(segments[i - 1]!).toLowerCase()) || !segments[i]) continue;
    segments[i] = segments[i]!.endsWith(".data") ? `${SECRET_PLACEHOLDER}.data` : SECRET_PLACEHOLDER;
  }
  return segments.join("/");
}

function queryWithoutValues(query: string): string {
  return query
    .split("&")
    .map((pair) => {
      if (!pair) return pair;
      const equals = pair.indexOf("=");
      const name = equals === -1 ? pair : pair.slice(0, equals);
      if (PLAIN_PARAMS.has(decoded(name.replace(/\+/g, " ")))) return pair;
      // A name given without a value could itself be the secret.
      return equals === -1 ? VALUE_PLACEHOLDER : `${name}=${VALUE_PLACEHOLDER}`;
    })
    .join("&");
}

/**
 * `target` (a path, or an absolute URL as request.url gives it) fit for the
 * log: the segment after /invite/ becomes "[token]", and the value of every
 * query parameter not known to be harmless becomes "[redacted]". A fragment,
 * which browsers never send, is dropped. Applying it twice changes nothing.
 */
export function pathForLog(target: string): string {
  if (!MIGHT_NEED_CHANGING.test(target)) return target;
  const origin = /^[a-z][a-z\d+.-]*:\/\/[^/?#]*/i.exec(target)?.[0] ?? "";
  let rest = target.slice(origin.length);
  const hashAt = rest.indexOf("#");
  if (hashAt !== -1) rest = rest.slice(0, hashAt);
  const queryAt = rest.indexOf("?");
  if (queryAt === -1) return origin + pathWithoutSecrets(rest);
  return `${origin}${pathWithoutSecrets(rest.slice(0, queryAt))}?${queryWithoutValues(rest.slice(queryAt + 1))}`;
}

/** For a logger's serializers: strings go through pathForLog, anything else is left as it is. */
export function serializePathForLog(value: unknown): unknown {
  return typeof value === "string" ? pathForLog(value) : value;
}
