import { redirect } from "react-router";
import type { Route } from "./+types/admin.newsletter-subscribers[.]csv";
import { getAuth, requireStaff } from "#app/features/accounts/auth.server";
import { confirmIdentityPage, requireRecentAuth } from "#app/features/accounts/reauth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { exportSubscribersCsv, SUBSCRIBER_STATUSES, type SubscriberStatus } from "#app/features/newsletter/subscribers.server";
import { ukToday } from "#app/web/dates";

/** Only POST: every export of the subscriber list is written to the audit log, which no GET may do. */
export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "subscribers", { resource: true });
  return new Response("Use the Export CSV button on the Newsletter page.", {
    status: 405,
    headers: { Allow: "POST", "Cache-Control": "private, no-store" },
  });
}

/** The subscriber list as CSV, with the search and status filter the Newsletter tab shows (sent in the form, not the address). */
export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "subscribers", { resource: true });
  const { user } = current;
  const form = await request.formData();
  const statusField = String(form.get("status") ?? "");
  const status = (SUBSCRIBER_STATUSES as string[]).includes(statusField) ? (statusField as SubscriberStatus) : undefined;
  const search = String(form.get("q") ?? "").trim() || undefined;
  const field = (name: string) => String(form.get(name) ?? "").slice(0, 1024);
  // Everyone's address leaves the site here: a session alone, with no password for ten minutes, is not enough.
  const checked = await requireRecentAuth(await getAuth(), request, current, { password: field("password"), code: field("code") }, clientIpFrom(context), "exporting newsletter subscribers");
  if (!checked.ok) {
    if (checked.status === 403) {
      // Back to the list as it was filtered, so the Export button there carries the same search.
      const list = new URLSearchParams({ ...(search ? { q: search } : {}), ...(status ? { status } : {}) }).toString();
      return redirect(confirmIdentityPage(`/admin/newsletter${list ? `?${list}` : ""}#subscribers`), 303);
    }
    return new Response(checked.message, { status: checked.status, headers: { "Cache-Control": "private, no-store", ...(checked.retryAfterSeconds ? { "Retry-After": String(checked.retryAfterSeconds) } : {}) } });
  }
  const { csv } = await exportSubscribersCsv(await getDatabase(), { search, status }, { id: user.id, email: user.email, ip: clientIpFrom(context) });
  return new Response(`\uFEFF${csv}`, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="newsletter-subscribers-${ukToday()}.csv"`,
      // Personal data: never kept by a shared cache or the browser's.
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
