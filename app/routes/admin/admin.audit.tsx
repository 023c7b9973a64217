import type { Route } from "./+types/admin.audit";
import { auditActionLabel } from "#app/features/audit/audit-labels";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/features/admin/pager";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { listAudit } from "#app/features/audit/audit.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { formatDateTime } from "#app/web/dates";

const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = () => [{ title: "Audit log · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "audit");
  const url = new URL(request.url);
  const page = requestedPage(url.searchParams);
  const { entries, total } = await listAudit(await getDatabase(), { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = pageCount(total, PAGE_SIZE);
  redirectPastEnd(url, page, pages);
  return { entries, total, page, pages };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pages } = loaderData;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Audit log</CardTitle>
        <CardDescription>
          Sign-ins, sign-outs, account changes and other sensitive actions, newest first. {total} entr{total === 1 ? "y" : "ies"}.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-4">
        {entries.length === 0 ? (
          <p className="text-sm text-muted-foreground">Nothing has been recorded yet.</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full border-collapse text-left text-sm">
              <caption className="sr-only">Audit log, page {page} of {pages}</caption>
              <thead>
                <tr className="border-b border-border">
                  <th scope="col" className="py-2 pr-4 font-semibold">When (UK time)</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">What</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">Who</th>
                  <th scope="col" className="py-2 pr-4 font-semibold">Address</th>
                  <th scope="col" className="py-2 font-semibold">Detail</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((entry) => (
                  <tr key={entry.id} className="border-b border-border align-top">
                    <td className="whitespace-nowrap py-2 pr-4">
                      <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, { seconds: true })}</time>
                    </td>
                    <td className="py-2 pr-4">
                      {auditActionLabel(entry.action)}
                      {auditActionLabel(entry.action) !== entry.action ? (
                        <span className="block font-mono text-xs text-muted-foreground">{entry.action}</span>
                      ) : null}
                    </td>
                    <td className="break-all py-2 pr-4">{entry.actorEmail ?? "—"}</td>
                    <td className="py-2 pr-4 font-mono text-xs">{entry.ip ?? "—"}</td>
                    <td className="py-2 font-mono text-xs">
                      {entry.detail
                        ? Object.entries(entry.detail)
                            .map(([k, v]) => `${k}: ${typeof v === "string" ? v : JSON.stringify(v)}`)
                            .join(", ")
                        : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        <Pager
          label="Audit log pages"
          page={page}
          pages={pages}
          href={(n) => pageHref("/admin/audit", new URLSearchParams(), n)}
          previous="Newer entries"
          next="Older entries"
        />
      </CardContent>
    </Card>
  );
}
