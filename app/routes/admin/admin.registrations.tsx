import { Link } from "react-router";
import type { Route } from "./+types/admin.registrations";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/features/admin/pager";
import { StatusFilter } from "#app/features/admin/record-actions";
import { formatDate } from "#app/web/dates";
import { Button } from "#app/components/ui/button";
import { PageHeader } from "#app/components/ui/page-header";
import { EmptyState } from "#app/components/ui/empty-state";
import { ListTable, ListTableBody, ListTableCell, ListTableHead, ListTableHeader, ListTableRow } from "#app/components/ui/list-table";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import {
  countRegistrationsByStatus,
  listRegistrations,
  recordRegistrationListView,
  registrationRetentionMonths,
  reviewCutoff,
  REVIEW_NOTICE_DAYS,
} from "#app/features/registrations/registrations.server";
import { programmeLabel, type RegistrationStatus } from "#app/features/registrations/registration.schema";

const PAGE_SIZE = 100;

export const meta: Route.MetaFunction = () => [{ title: "Registrations · Admin Dashboard" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, "registrations");
  const database = await getDatabase();
  const url = new URL(request.url);
  const status: RegistrationStatus = url.searchParams.get("status") === "spam" ? "spam" : "new";
  const page = requestedPage(url.searchParams);
  // ?due=1: only those the retention run deletes soon (the dashboard's "due for review" link).
  const due = status === "new" && url.searchParams.get("due") === "1";
  const retentionMonths = await registrationRetentionMonths();
  const lastContactBefore = due ? reviewCutoff(new Date(), retentionMonths) : undefined;
  const [counts, list] = await Promise.all([
    countRegistrationsByStatus(database),
    listRegistrations(database, { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, lastContactBefore }),
  ]);
  const pages = pageCount(list.total, PAGE_SIZE);
  redirectPastEnd(url, page, pages);
  // The list names children, so opening it is logged like opening a record.
  await recordRegistrationListView(database, { id: user.id, email: user.email, ip: clientIpFrom(context) }, status);
  return { counts, status, due, noticeDays: REVIEW_NOTICE_DAYS, retentionMonths, page, pages, ...list };
}

/** Children registered through 'Register Your Child'. */
export default function Registrations({ loaderData }: Route.ComponentProps) {
  const { counts, status, due, noticeDays, registrations, total, retentionMonths, page, pages } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title="Registrations"
        description={`Children and young people registered through the website. Opening, exporting and deleting these records is written to the audit log. Each record is deleted automatically ${retentionMonths} months after the last contact with the family.`}
        actions={
          // A POST: an export is logged, and a link could be prefetched or crawled.
          <form method="post" action="/admin/registrations.csv">
            <Button type="submit" variant="outline">
              Export all as CSV
            </Button>
          </form>
        }
      />
      <StatusFilter
        label="Filter registrations"
        current={status}
        options={[
          { value: "new", label: "Registrations", count: counts.new },
          { value: "spam", label: "Spam", count: counts.spam },
        ]}
      />
      {due ? (
        <p className="rounded-md border border-border bg-card px-3 py-2 text-sm">
          Showing only registrations due for review: without a new contact they are deleted within {noticeDays} days.{" "}
          <Link to="/admin/registrations" className="font-medium text-primary underline underline-offset-4">
            Show all registrations
          </Link>
        </p>
      ) : null}
      {registrations.length === 0 ? (
        <EmptyState>{status === "spam" ? "No spam." : due ? "No registrations are due for review." : "No registrations yet."}</EmptyState>
      ) : (
        <ListTable>
          <caption className="sr-only">{status === "spam" ? "Spam registrations" : "Registrations"}, newest first</caption>
          <ListTableHead>
            <ListTableRow>
              <ListTableHeader>Name</ListTableHeader>
              <ListTableHeader>Age</ListTableHeader>
              <ListTableHeader>Interested in</ListTableHeader>
              <ListTableHeader>Registered</ListTableHeader>
              <ListTableHeader>Last contact</ListTableHeader>
              <ListTableHeader><span className="sr-only">Actions</span></ListTableHeader>
            </ListTableRow>
          </ListTableHead>
          <ListTableBody>
            {registrations.map((r) => (
              <ListTableRow key={r.id}>
                <ListTableCell className="font-medium max-md:text-base">
                  {r.childName}
                  {r.registrant === "self" ? <span className="block text-xs text-muted-foreground">registered themselves</span> : null}
                </ListTableCell>
                <ListTableCell label="Age">{r.age ?? "?"}</ListTableCell>
                <ListTableCell label="Interested in">{r.programmes.map(programmeLabel).join(", ")}</ListTableCell>
                <ListTableCell label="Registered" className="md:whitespace-nowrap">{formatDate(r.createdAt)}</ListTableCell>
                <ListTableCell label="Last contact" className="md:whitespace-nowrap">{formatDate(r.lastContactAt)}</ListTableCell>
                <ListTableCell className="md:text-right">
                  <Link to={`/admin/registrations/${r.id}`} className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
                    View<span className="sr-only"> the registration of {r.childName}</span>
                  </Link>
                </ListTableCell>
              </ListTableRow>
            ))}
          </ListTableBody>
        </ListTable>
      )}
      <Pager
        label="Registrations pages"
        page={page}
        pages={pages}
        href={(n) => pageHref("/admin/registrations", new URLSearchParams(due ? { status, due: "1" } : { status }), n)}
        summary={`${total} ${total === 1 ? "registration" : "registrations"}`}
      />
    </div>
  );
}
