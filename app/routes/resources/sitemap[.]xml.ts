import { getDatabase } from "#app/lib/db.server";
import { env } from "#app/lib/env.server";
import { sitemapXml } from "#app/lib/sitemap.server";

export async function loader() {
  const xml = await sitemapXml(await getDatabase(), env().PUBLIC_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
