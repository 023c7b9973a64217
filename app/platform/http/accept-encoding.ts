/**
 * The one reading of a request's Accept-Encoding, for pages rendered now and
 * pages sent from the cache alike: a browser must get the same encoding
 * whichever path answered it. q=0 refuses an encoding; `*` stands for any
 * encoding not named.
 */
export type Encoding = "br" | "gzip" | "identity";

/** The encoding to send: brotli, else gzip, else none, by the request's Accept-Encoding. */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [name, ...params] = part.trim().toLowerCase().split(";");
    if (!name) continue;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith("q="));
    accepted.set(name, q ? Number(q.slice(2)) || 0 : 1);
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return "identity";
}
