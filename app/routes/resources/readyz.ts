import { getDatabase } from "#app/platform/db/db.server";
import { pingMediaTable } from "#app/features/media/media.server";
import { logger } from "#app/platform/log/logger.server";
import { getStorage } from "#app/platform/storage/storage.server";

/** How long a check may take before the process counts as not ready (a load balancer is waiting). */
const CHECK_TIMEOUT_MS = 3_000;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([work, new Promise<never>((_, reject) => setTimeout(() => reject(new Error("timed out")), CHECK_TIMEOUT_MS).unref())]);
}

async function check(name: string, work: () => Promise<unknown>): Promise<"ok" | "unreachable"> {
  try {
    await withTimeout(work());
    return "ok";
  } catch (error) {
    logger.error({ check: name, err: error instanceof Error ? error.message : String(error) }, "readiness check failed");
    return "unreachable";
  }
}

/** Readiness: the database answers and the file store (disk or bucket) can take files. */
export async function loader() {
  const headers = { "Content-Type": "application/json", "Cache-Control": "no-store" };
  const [database, storage] = await Promise.all([
    check("database", async () => pingMediaTable(await getDatabase())),
    // The bucket answers (a missing bucket too throws), or the folder takes a write.
    check("storage", () => getStorage().probe()),
  ]);
  const ready = database === "ok" && storage === "ok";
  return new Response(JSON.stringify({ database, storage }), { status: ready ? 200 : 503, headers });
}
