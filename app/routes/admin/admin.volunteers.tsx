import { Link } from "react-router";
import type { Route } from "./+types/admin.volunteers";
import { DeleteDisclosure, PostButton, StatusFilter } from "#app/features/admin/record-actions";
import { formatDate } from "#app/web/dates";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/features/admin/pager";
import { VolunteerStatsCards } from "#app/features/volunteers/admin/volunteer-stats";
import { PageHeader } from "#app/components/ui/page-header";
import { EmptyState } from "#app/components/ui/empty-state";
import { ListTable, ListTableBody, ListTableCell, ListTableHead, ListTableHeader, ListTableRow } from "#app/components/ui/list-table";
import { Badge } from "#app/components/ui/badge";
import { VOLUNTEER_TYPES } from "#app/content/site";
import { isRecordId, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { can } from "#app/features/accounts/roles";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { binnedToast } from "#app/features/bin/bin-mark.server";
import { bulkToast, emptyOutcome, refuseNothingSelected, selectedIds } from "#app/features/admin/bulk.server";
import { BulkBar, RowCheckbox } from "#app/features/admin/bulk-select";
import { deleteApplication } from "#app/features/volunteers/volunteer-decisions.server";
import { Button } from "#app/components/ui/button";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { APPLICATION_STATUSES, APPLICATION_STATUS_LABELS, type ApplicationStatus } from "#app/features/volunteers/volunteer.schema";
import { redirectWithToast } from "#app/web/toast.server";
import { deleteOpportunity, getOpportunity, listOpportunities, setOpportunityOpen } from "#app/features/volunteers/volunteer-roles.server";
import { countApplicationsByStatus, listApplications, volunteerStats } from "#app/features/volunteers/volunteer-applications.server";

const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = () => [{ title: "Volunteers · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, "volunteer-roles");
  // Vacancies are the website's content; the people who applied are not everyone's business (roles.ts).
  const seesApplications = can(user.role, "volunteer-applications");
  const database = await getDatabase();
  const url = new URL(request.url);
  const param = url.searchParams.get("status") ?? "";
  const status = (APPLICATION_STATUSES as readonly string[]).includes(param) ? (param as ApplicationStatus) : "pending";
  const page = requestedPage(url.searchParams);
  const [stats, counts, applications, roles] = await Promise.all([
    volunteerStats(database),
    seesApplications ? countApplicationsByStatus(database) : null,
    seesApplications ? listApplications(database, { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }) : null,
    listOpportunities(database),
  ]);
  const pages = pageCount(applications?.total ?? 0, PAGE_SIZE);
  redirectPastEnd(url, page, pages);
  return { stats, counts, status, applications, roles, page, pages };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "volunteer-roles");
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const database = await getDatabase();
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  if (intent === "bulk-delete-applications") {
    // The vacancies are this tab's content; deleting applications is for those who may see them.
    await requireStaff(request, "volunteer-applications");
    const outcome = emptyOutcome();
    const ids = selectedIds(form);
    if (ids.length === 0) return refuseNothingSelected("applications");
    for (const selected of ids) {
      if (await deleteApplication(database, selected, actor)) outcome.done++;
      else outcome.refused.push({ name: "One application", why: "it was deleted meanwhile" });
    }
    const status = String(form.get("status") ?? "");
    return redirectWithToast(`/admin/volunteers${status ? `?status=${encodeURIComponent(status)}` : ""}`, bulkToast(outcome, { one: "application", many: "applications" }, "deleted"));
  }
  if (!ROLE_INTENTS.includes(intent)) return refuseUnknownAction();
  const role = isRecordId(id) ? await getOpportunity(database, id) : null;
  if (!role) return refuseMissingRecord(id, { title: "Role not found", description: "It may have been deleted already." });
  switch (intent) {
    case "close":
      await setOpportunityOpen(database, id, false);
      return redirectWithToast("/admin/volunteers#roles", { title: "Role closed", description: `${role.title} no longer shows on the vacancies page.` });
    case "open":
      await setOpportunityOpen(database, id, true);
      return redirectWithToast("/admin/volunteers#roles", { title: "Role reopened", description: `${role.title} shows on the vacancies page again.` });
    case "delete":
      if (!(await deleteOpportunity(database, id, actor))) return refuseMissingRecord(id, { title: "Role not found", description: "It may have been deleted already." });
      return redirectWithToast("/admin/volunteers#roles", binnedToast("Role moved to the Bin", `${role.title} (applications keep its title)`));
    default:
      return refuseUnknownAction();
  }
}

const ROLE_INTENTS = ["close", "open", "delete"];

const typeLabel = (value: string) => VOLUNTEER_TYPES.find((t) => t.value === value)?.label ?? value;

export default function VolunteersTab({ loaderData, actionData }: Route.ComponentProps) {
  const { stats, counts, status, applications, roles, page, pages } = loaderData;
  return (
    <div className="space-y-10">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader title="Volunteers" description="Applications from the website, and the volunteer roles on offer." className="mb-0" />
      <VolunteerStatsCards stats={stats} />

      {counts && applications ? (
      <section aria-labelledby="applications-heading" className="space-y-4">
        <h3 id="applications-heading" className="text-xl font-semibold">
          Applications
        </h3>
        <StatusFilter
          label="Filter applications"
          current={status}
          options={APPLICATION_STATUSES.map((s) => ({ value: s, label: APPLICATION_STATUS_LABELS[s], count: counts[s] }))}
        />
        {applications.applications.length === 0 ? (
          <EmptyState>No {APPLICATION_STATUS_LABELS[status].toLowerCase()} applications.</EmptyState>
        ) : (
          <>
          <BulkBar formId="bulk-applications" label="Change the selected applications" pageIds={applications.applications.map((a) => a.id)}>
            <input type="hidden" name="status" value={status} />
            <Button type="submit" name="intent" value="bulk-delete-applications" variant="outline" size="sm" className="text-destructive">
              Delete selected
            </Button>
            <span className="text-sm text-muted-foreground">Applications hold personal details, so deleted ones are removed for good, not kept in the Bin.</span>
          </BulkBar>
          <ListTable>
            <caption className="sr-only">{APPLICATION_STATUS_LABELS[status]} applications, newest first</caption>
            <ListTableHead>
              <ListTableRow>
                <ListTableHeader><span className="sr-only">Select</span></ListTableHeader>
                <ListTableHeader>Name</ListTableHeader>
                <ListTableHeader>Roles</ListTableHeader>
                <ListTableHeader>Received</ListTableHeader>
                <ListTableHeader>Status</ListTableHeader>
                <ListTableHeader><span className="sr-only">Actions</span></ListTableHeader>
              </ListTableRow>
            </ListTableHead>
            <ListTableBody>
              {applications.applications.map((a) => (
                <ListTableRow key={a.id}>
                  <ListTableCell>
                    <RowCheckbox formId="bulk-applications" id={a.id} label={`Select the application from ${a.name}`} />
                  </ListTableCell>
                  <ListTableCell className="font-medium max-md:text-base">{a.name}</ListTableCell>
                  <ListTableCell label="Roles">{a.roles.join(", ")}</ListTableCell>
                  <ListTableCell label="Received" className="md:whitespace-nowrap">{formatDate(a.createdAt)}</ListTableCell>
                  <ListTableCell label="Status">
                    <Badge variant={a.status === "approved" ? "success" : a.status === "rejected" || a.status === "spam" ? "destructive" : "outline"}>
                      {APPLICATION_STATUS_LABELS[a.status]}
                    </Badge>
                  </ListTableCell>
                  <ListTableCell className="md:text-right">
                    <Link to={`/admin/volunteers/applications/${a.id}`} className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4">
                      Open<span className="sr-only"> the application from {a.name}</span>
                    </Link>
                  </ListTableCell>
                </ListTableRow>
              ))}
            </ListTableBody>
          </ListTable>
          </>
        )}
        <Pager
          label="Applications pages"
          page={page}
          pages={pages}
          href={(n) => pageHref("/admin/volunteers", new URLSearchParams({ status }), n)}
          summary={`${applications.total} ${applications.total === 1 ? "application" : "applications"}`}
        />
      </section>
      ) : (
        <p className="text-muted-foreground">Applications are seen by the site&apos;s Admins only: they hold applicants&apos; personal details.</p>
      )}

      <section id="roles" aria-labelledby="roles-heading" className="space-y-4">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h3 id="roles-heading" className="text-xl font-semibold">
            Volunteer roles
          </h3>
          <Button asChild>
            <Link to="/admin/volunteers/roles/new">Add a role</Link>
          </Button>
        </div>
        <p className="text-sm text-muted-foreground">Open roles show on the Volunteer Vacancies page and in the application form.</p>
        {roles.length === 0 ? <EmptyState>No roles yet.</EmptyState> : null}
        <ul className="space-y-3">
          {roles.map((role) => (
            <li key={role.id} className="rounded-lg border border-border bg-card p-4">
              <div className="flex flex-wrap items-center gap-2">
                <h4 className="font-semibold">{role.title}</h4>
                <Badge variant="secondary">{typeLabel(role.type)}</Badge>
                <Badge variant={role.isOpen ? "success" : "outline"}>{role.isOpen ? "Open" : "Closed"}</Badge>
              </div>
              <p className="mt-1 text-sm text-muted-foreground">{role.timeCommitment}</p>
              <div className="mt-3 flex flex-wrap items-start gap-2">
                <Button asChild variant="outline" size="sm">
                  <Link to={`/admin/volunteers/roles/${role.id}`}>
                    Edit<span className="sr-only"> {role.title}</span>
                  </Link>
                </Button>
                {role.isOpen ? (
                  <PostButton intent="close" id={role.id} label={`Close ${role.title}`}>
                    Close
                  </PostButton>
                ) : (
                  <PostButton intent="open" id={role.id} label={`Reopen ${role.title}`}>
                    Reopen
                  </PostButton>
                )}
                <DeleteDisclosure id={role.id} what={`the role ${role.title}`} warning="Applications that chose it keep its title. It goes to the Bin, where it can be restored for 30 days." />
              </div>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
