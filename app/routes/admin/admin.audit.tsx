import type { Route } from "./+types/admin.audit";
import { EmptyState } from "#app/components/ui/empty-state";
import { auditActionLabel } from "#app/features/audit/audit-labels";
import { auditSentence } from "#app/features/audit/audit-sentences";
import { auditRecords } from "#app/features/audit/audit-records.server";
import { AuditSentence } from "#app/features/audit/admin/audit-sentence";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/features/admin/pager";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
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
  const database = await getDatabase();
  const { entries, total } = await listAudit(database, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const pages = pageCount(total, PAGE_SIZE);
  redirectPastEnd(url, page, pages);
  const records = await auditRecords(database, entries);
  // The sentences are made here, so the records' names never reach the browser except in them.
  return { entries: entries.map((entry) => ({ ...entry, sentence: auditSentence(entry, records) })), total, page, pages };
}

export default function AuditLog({ loaderData }: Route.ComponentProps) {
  const { entries, total, page, pages } = loaderData;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Audit log"
        description={`Sign-ins, sign-outs, account changes and other sensitive actions, newest first. ${total} entr${total === 1 ? "y" : "ies"}.`}
        className="mb-0"
      />
      <Card>
        <CardContent className="grid gap-4 pt-6">
          {entries.length === 0 ? (
            <EmptyState>Nothing has been recorded yet.</EmptyState>
          ) : (
            <div className="overflow-x-auto">
              <table className="w-full border-collapse text-left text-sm">
                <caption className="sr-only">Audit log, page {page} of {pages}</caption>
                <thead>
                  <tr className="border-b border-border">
                    <th scope="col" className="py-2 pr-4 font-semibold">When (UK time)</th>
                    <th scope="col" className="py-2 pr-4 font-semibold">What happened</th>
                    <th scope="col" className="py-2 font-semibold">Address</th>
                  </tr>
                </thead>
                <tbody>
                  {entries.map((entry) => (
                    <tr key={entry.id} className="border-b border-border align-top">
                      <td className="py-2 pr-4 sm:whitespace-nowrap">
                        <time dateTime={entry.createdAt}>{formatDateTime(entry.createdAt, { seconds: true })}</time>
                      </td>
                      <td className="min-w-48 py-2 pr-4">
                        <p className="break-words">
                          <AuditSentence parts={entry.sentence} />
                        </p>
                        {/* The raw entry, for a developer or an investigation: what the log stores, word for word. */}
                        <details className="mt-1 text-xs text-muted-foreground">
                          <summary className="inline-flex min-h-6 cursor-pointer items-center">{`${auditActionLabel(entry.action)}: as recorded`}</summary>
                          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-3 gap-y-0.5 font-mono">
                            <dt>action</dt>
                            <dd className="break-all">{entry.action}</dd>
                            <dt>by</dt>
                            <dd className="break-all">{entry.actorEmail ?? "—"}</dd>
                            {entry.detail
                              ? Object.entries(entry.detail).map(([key, value]) => (
                                  <div key={key} className="contents">
                                    <dt>{key}</dt>
                                    <dd className="break-all">{typeof value === "string" ? value : JSON.stringify(value)}</dd>
                                  </div>
                                ))
                              : null}
                          </dl>
                        </details>
                      </td>
                      <td className="break-all py-2 font-mono text-xs">{entry.ip ?? "—"}</td>
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
    </div>
  );
}
