import type { Route } from "./+types/admin.registrations[.]csv";
import { requireAdmin } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { exportRegistrationsCsv } from "#app/features/registrations/registrations.server";
import { ukToday } from "#app/web/dates";

/** Only POST: every export is written to the audit log, which no GET may do. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return new Response("Use the Export button on the Registrations page.", {
    status: 405,
    headers: { Allow: "POST", "Cache-Control": "private, no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const { csv } = await exportRegistrationsCsv(await getDatabase(), { id: user.id, email: user.email, ip: clientIpFrom(context) });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="registrations-${ukToday()}.csv"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
