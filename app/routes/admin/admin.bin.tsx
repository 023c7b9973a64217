import { RotateCcw } from "lucide-react";
import { Link } from "react-router";
import type { Route } from "./+types/admin.bin";
import { EmptyState } from "#app/components/ui/empty-state";
import { ActionButton, ConfirmDeleteButton, RecordRefusalNotice } from "#app/features/admin/record-fields";
import { PageHeader } from "#app/components/ui/page-header";
import { isRecordId, refuseAdminRequest, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { can } from "#app/features/accounts/roles";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { binKind, listBin, purgeFromBin, restoreFromBin } from "#app/features/bin/bin.server";
import { BIN_DAYS } from "#app/features/bin/bin-days";
import { getDatabase } from "#app/platform/db/db.server";
import { getStorage } from "#app/platform/storage/storage.server";
import { formatDateTime } from "#app/web/dates";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Bin · Admin Dashboard" }];

const BASE = "/admin/bin";

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, "bin");
  // Each kind only to those who may delete it in its own tab.
  const items = await listBin(await getDatabase());
  return { items: items.filter((item) => { const kind = binKind(item.kind); return kind !== undefined && can(user.role, kind.capability); }) };
}

const GONE = { title: "Not in the Bin", description: "It may have been restored or deleted permanently already." };

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "bin");
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  if (intent !== "restore" && intent !== "purge") return refuseUnknownAction();
  const kind = binKind(String(form.get("kind") ?? ""));
  if (!kind || !(kind.ids ? kind.ids.test(id) : isRecordId(id))) return refuseMissingRecord(id, GONE);
  await requireStaff(request, kind.capability);
  const database = await getDatabase();
  if (intent === "restore") {
    const result = await restoreFromBin(database, kind, id, actor);
    if (!result.ok && result.reason === "missing") return refuseMissingRecord(id, GONE);
    if (!result.ok) return refuseAdminRequest(409, { title: "Could not restore", description: result.message });
    return redirectWithToast(BASE, {
      title: `${kind.label} restored`,
      description: `${result.item.name} is back where it was.${result.note ? ` ${result.note}` : ""}`,
      link: { label: `Open ${kind.listLabel}`, href: kind.listPath },
    });
  }
  const purged = await purgeFromBin(database, getStorage(), kind, id, actor);
  if (!purged.ok && purged.reason === "missing") return refuseMissingRecord(id, GONE);
  if (!purged.ok) return refuseAdminRequest(409, { title: "Could not delete permanently", description: purged.message });
  return redirectWithToast(BASE, { title: `${kind.label} deleted permanently` });
}

export default function BinPage({ loaderData, actionData }: Route.ComponentProps) {
  const { items } = loaderData;
  return (
    <div className="grid gap-4">
      <RecordRefusalNotice data={actionData} className="mb-0" />
      <PageHeader
        title="Bin"
        className="mb-2"
        description={`Deleted pages, media files, events, testimonials, videos and volunteer roles stay here for ${BIN_DAYS} days, newest first. Restore one to put it back exactly as it was; after ${BIN_DAYS} days it is removed for good.`}
      />
      {items.length === 0 ? (
        <EmptyState>The Bin is empty. Anything you delete from the admin lists comes here first.</EmptyState>
      ) : (
        <ul className="grid gap-3" aria-label="Deleted items">
          {items.map((item) => {
            const what = `the ${item.label.toLowerCase()} ${item.name}`;
            return (
              <li key={`${item.kind}:${item.id}`} className="rounded-lg border border-border p-4" aria-label={`${item.label}: ${item.name}`}>
                <p className="flex flex-wrap items-baseline gap-x-2">
                  <span className="text-sm font-medium text-muted-foreground">{item.label}</span>
                  <span className="break-all font-semibold">{item.name}</span>
                </p>
                <p className="mt-1 text-sm">
                  Deleted by {item.deletedBy ?? "someone unknown"} on <time dateTime={item.deletedAt}>{formatDateTime(item.deletedAt)}</time>.{" "}
                  {item.daysLeft === 0 ? "Removed for good at the next clean-up." : `${item.daysLeft} day${item.daysLeft === 1 ? "" : "s"} left.`}
                </p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <ActionButton intent="restore" id={item.id} extra={{ kind: item.kind }} label={`Restore ${what}`}>
                    <RotateCcw aria-hidden="true" /> Restore
                  </ActionButton>
                  <ConfirmDeleteButton
                    id={item.id}
                    intent="purge"
                    what={what}
                    extra={{ kind: item.kind }}
                    verb="Delete permanently"
                    consequence={item.kind === "media" ? "The file and all its sizes are removed for good. This cannot be undone." : "It is removed for good. This cannot be undone."}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <p className="text-sm text-muted-foreground">
        Every delete, restore and permanent delete is recorded in the <Link to="/admin/audit" className="underline">Audit log</Link>.
      </p>
    </div>
  );
}
