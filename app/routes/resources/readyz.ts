import { getDatabase } from "#app/lib/db.server";
import { pingMediaTable } from "#app/lib/media.server";
import { logger } from "#app/lib/logger.server";

/** Readiness: the database answers. */
export async function loader() {
  const headers = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  try {
    await pingMediaTable(await getDatabase());
    return new Response(JSON.stringify({ database: "ok" }), { headers });
  } catch (error) {
    logger.error({ err: error }, "readiness check failed");
    return new Response(JSON.stringify({ database: "unreachable" }), { status: 503, headers });
  }
}
