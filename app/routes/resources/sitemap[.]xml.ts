import { getDatabase } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { sitemapXml } from "#app/features/pages/sitemap.server";

export async function loader() {
  const xml = await sitemapXml(await getDatabase(), env().PUBLIC_URL);
  return new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
