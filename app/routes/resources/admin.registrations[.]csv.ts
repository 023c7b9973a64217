import { redirect } from "react-router";
import type { Route } from "./+types/admin.registrations[.]csv";
import { getAuth, requireStaff } from "#app/features/accounts/auth.server";
import { confirmIdentityPage, requireRecentAuth } from "#app/features/accounts/reauth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { exportRegistrationsCsv } from "#app/features/registrations/registrations.server";
import { ukToday } from "#app/web/dates";

/** Only POST: every export is written to the audit log, which no GET may do. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "registrations", { resource: true });
  return new Response("Use the Export button on the Registrations page.", {
    status: 405,
    headers: { Allow: "POST", "Cache-Control": "private, no-store" },
  });
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "registrations", { resource: true });
  const { user } = current;
  const form = await request.formData();
  const field = (name: string) => String(form.get(name) ?? "").slice(0, 1024);
  // Children's details leave the site here: a session alone, with no password for ten minutes, is not enough.
  const checked = await requireRecentAuth(await getAuth(), request, current, { password: field("password"), code: field("code") }, clientIpFrom(context), "exporting registrations");
  if (!checked.ok) {
    if (checked.status === 403) return redirect(confirmIdentityPage("/admin/registrations"), 303);
    return new Response(checked.message, { status: checked.status, headers: { "Cache-Control": "private, no-store", ...(checked.retryAfterSeconds ? { "Retry-After": String(checked.retryAfterSeconds) } : {}) } });
  }
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
