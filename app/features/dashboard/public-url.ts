/** Host names that only ever reach the machine they are typed on. */
const LOCAL_HOSTS = new Set(["localhost", "127.0.0.1", "0.0.0.0", "[::1]"]);

/**
 * The address links in e-mails and feeds would point at, when it is one no
 * recipient can open (the site's own machine); null when it is a real
 * address. PUBLIC_URL left unset means http://localhost:PORT, so it counts.
 */
export function localPublicUrl(publicUrl: string): string | null {
  if (!URL.canParse(publicUrl)) return publicUrl;
  const host = new URL(publicUrl).hostname.toLowerCase();
  const local = LOCAL_HOSTS.has(host) || host.endsWith(".localhost") || /^127\./.test(host);
  return local ? publicUrl : null;
}
