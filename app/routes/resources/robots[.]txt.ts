import { env } from "#app/platform/env.server";

/** Crawlers may read every public page, never the admin area or its sign-in. */
export function loader() {
  const origin = env().PUBLIC_URL;
  const body = ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /login", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
