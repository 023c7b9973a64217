import { expect } from "vitest";
import type { Database } from "#app/platform/db/db.server";
import { getJob, runNextJob } from "#app/platform/jobs/jobs.server";

/** Runs the job at once again and again (skipping its backoff) until the runner gives up on it. */
export async function runUntilGivenUp(database: Database, id: string): Promise<void> {
  for (let run = 0; run < 10; run++) {
    await database.db.updateTable("jobs").set({ run_at: "2000-01-01T00:00:00.000Z" }).where("id", "=", id).where("status", "=", "queued").execute();
    expect(await runNextJob(database)).toBe(true);
    if ((await getJob(database, id))?.status === "failed") return;
  }
  throw new Error("the runner never gave up");
}
