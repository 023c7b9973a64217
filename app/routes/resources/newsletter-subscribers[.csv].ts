import type { Route } from "./+types/newsletter-subscribers[.csv]";
import { requireAdmin } from "#app/lib/auth.server";
import { getDatabase } from "#app/lib/db.server";
import { SUBSCRIBER_STATUSES, subscribersCsv, type SubscriberStatus } from "#app/lib/newsletter.server";

/** The subscriber list as CSV, with the same search and status filter as the Newsletter tab. Reads only. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status") ?? "";
  const status = (SUBSCRIBER_STATUSES as string[]).includes(statusParam) ? (statusParam as SubscriberStatus) : undefined;
  const csv = await subscribersCsv(await getDatabase(), { search: url.searchParams.get("q") ?? undefined, status });
  const date = new Date().toISOString().slice(0, 10);
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${date}.csv"`,
      // Personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "private, no-store",
    },
  });
}
