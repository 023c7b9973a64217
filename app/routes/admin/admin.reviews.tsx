import { ArrowDown, ArrowUp, Check, Pencil, Star, Undo2, X } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.reviews";
import { EmptyState } from "#app/components/ui/empty-state";
import { ActionButton, ConfirmDeleteButton, RecordRefusalNotice, revalidateAfterRefusedEdit, useRecordFormSlot } from "#app/features/admin/record-fields";
import { EMPTY_TESTIMONIAL, TestimonialForm, type TestimonialFormValues } from "#app/features/testimonials/admin/testimonial-form";
import { Badge } from "#app/components/ui/badge";
import { PageHeader } from "#app/components/ui/page-header";
import { FormBesideList } from "#app/components/ui/form-beside-list";
import { isRecordId, refuseDeletedRecord, refuseFailedSave, refuseMissingRecord, refuseStaleEdit, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { binnedToast } from "#app/features/bin/bin-mark.server";
import { bulkToast, emptyOutcome, refuseNothingSelected, selectedIds } from "#app/features/admin/bulk.server";
import { BulkBar, RowCheckbox } from "#app/features/admin/bulk-select";
import { StatusFilter } from "#app/features/admin/record-actions";
import { Button } from "#app/components/ui/button";
import { requireStaff } from "#app/features/accounts/auth.server";
import { isEditConflict } from "#app/web/stale-edit.server";
import { getDatabase } from "#app/platform/db/db.server";
import type { FieldErrors } from "#app/web/parse-form";
import {
  isTestimonialStatus,
  TESTIMONIAL_STATUS_LABELS,
  TESTIMONIAL_STATUSES,
  type TestimonialStatus,
} from "#app/features/testimonials/testimonial.schema";
import {
  countTestimonials,
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  listTestimonials,
  moveTestimonial,
  setTestimonialStatus,
  testimonialVersion,
  updateTestimonial,
} from "#app/features/testimonials/testimonials.server";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Reviews · Admin Dashboard" }];

const BASE = "/admin/reviews";

function listUrl(status: string | null | undefined, anchor = "") {
  return `${BASE}${isTestimonialStatus(status) ? `?status=${status}` : ""}${anchor}`;
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "reviews");
  const database = await getDatabase();
  const url = new URL(request.url);
  const statusParam = url.searchParams.get("status");
  const status = isTestimonialStatus(statusParam) ? statusParam : undefined;
  const editId = url.searchParams.get("edit");
  const [testimonials, counts, editing] = await Promise.all([
    listTestimonials(database, status),
    countTestimonials(database),
    editId ? getTestimonial(database, editId) : null,
  ]);
  return { testimonials, counts, status: status ?? null, editing: editing ? { ...editing, version: testimonialVersion(editing) } : null };
}

interface ActionResult {
  errors: FieldErrors;
  values: Record<string, string>;
}

const STATUS_TOASTS: Record<TestimonialStatus, string> = {
  approved: "Testimonial approved: it now shows on the home page.",
  rejected: "Testimonial rejected: it will not show on the site.",
  pending: "Testimonial moved back to Pending: it no longer shows on the site.",
};

const SAVE_FAILED = "Failed to save testimonial.";

/** After a stale edit (409), or an edit of a testimonial deleted meanwhile (404), the list shows the testimonials as they now are. */
export const shouldRevalidate = revalidateAfterRefusedEdit;

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "reviews");
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const database = await getDatabase();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const back = listUrl(String(form.get("filter") ?? new URL(request.url).searchParams.get("status") ?? ""));
  const gone = () => refuseMissingRecord(id, { title: "Testimonial not found", description: "It may have been deleted already." });
  if (intent === "bulk-delete" || intent === "bulk-approve") {
    const outcome = emptyOutcome();
    const ids = selectedIds(form);
    if (ids.length === 0) return refuseNothingSelected("testimonials");
    for (const selected of ids) {
      const changed = intent === "bulk-delete" ? await deleteTestimonial(database, selected, actor) : await setTestimonialStatus(database, selected, "approved");
      if (changed) outcome.done++;
      else outcome.refused.push({ name: "One testimonial", why: "it was deleted meanwhile" });
    }
    const what = { one: "testimonial", many: "testimonials" };
    return redirectWithToast(
      back,
      intent === "bulk-delete"
        ? bulkToast(outcome, what, "moved to the Bin", { link: { label: "Open the Bin", href: "/admin/bin" } })
        : bulkToast(outcome, what, "approved"),
    );
  }
  if (intent !== "create" && TESTIMONIAL_INTENTS.includes(intent) && !isRecordId(id)) return gone();

  try {
    switch (intent) {
      case "create": {
        const result = await createTestimonial(database, form);
        if (!result.ok) return data<ActionResult>({ errors: result.errors, values: result.values }, { status: 400 });
        return redirectWithToast(listUrl("pending"), {
          title: "Testimonial added",
          description: "It is Pending: approve it to show it on the home page.",
        });
      }
      case "update": {
        // The version the form was opened at; a form without one (opened before it was sent) is refused as stale.
        const result = await updateTestimonial(database, id, form, { baseVersion: String(form.get("version") ?? "") });
        // Deleted since the form was opened: what was typed comes back, to be saved as a new testimonial.
        if (!result) return refuseDeletedRecord(SAVE_FAILED, "testimonial", form, "It will wait as Pending until it is approved.");
        if (isEditConflict(result)) return refuseStaleEdit(SAVE_FAILED, "testimonial", result.conflict, result.values);
        if (!result.ok) return data<ActionResult>({ errors: result.errors, values: result.values }, { status: 400 });
        return redirectWithToast(back, { title: "Testimonial updated" });
      }
      case "approved":
      case "rejected":
      case "pending": {
        const updated = await setTestimonialStatus(database, id, intent);
        if (!updated) return gone();
        return redirectWithToast(back, { title: `Testimonial ${TESTIMONIAL_STATUS_LABELS[intent].toLowerCase()}`, description: STATUS_TOASTS[intent] });
      }
      case "up":
      case "down": {
        if (!(await getTestimonial(database, id))) return gone();
        const moved = await moveTestimonial(database, id, intent);
        return redirectWithToast(back, moved ? { title: "Order saved" } : { title: "Already at the end", type: "info" });
      }
      case "delete": {
        const deleted = await deleteTestimonial(database, id, actor);
        if (!deleted) return gone();
        return redirectWithToast(back, binnedToast("Testimonial moved to the Bin", `The testimonial from ${deleted.name}`));
      }
      default:
        return refuseUnknownAction();
    }
  } catch (error) {
    if (intent === "create" || intent === "update") return refuseFailedSave(SAVE_FAILED, form, error, { intent, testimonialId: id || undefined });
    throw error;
  }
}

const TESTIMONIAL_INTENTS = ["create", "update", "approved", "rejected", "pending", "up", "down", "delete"];

const STATUS_BADGE: Record<TestimonialStatus, "success" | "secondary" | "destructive"> = {
  approved: "success",
  pending: "secondary",
  rejected: "destructive",
};

export default function ReviewsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { testimonials, counts, status, editing } = loaderData;
  const filter = status ?? "";
  const submitted = actionData && "values" in actionData ? actionData : undefined;
  const { editingId, formKey, focusOnMount } = useRecordFormSlot(submitted, editing);
  const values: TestimonialFormValues = submitted
    ? { ...EMPTY_TESTIMONIAL, ...submitted.values }
    : editing
      ? { name: editing.name, role: editing.role, rating: editing.rating ? String(editing.rating) : "", text: editing.text, color: editing.color, version: editing.version }
      : EMPTY_TESTIMONIAL;
  const approvedIds = testimonials.filter((t) => t.status === "approved").map((t) => t.id);

  return (
    <div className="grid gap-6">
      <RecordRefusalNotice data={actionData} className="mb-0" />
      <PageHeader title="Reviews" description="Testimonials for the home page carousel. Only approved ones show there, in the order below." className="mb-0" />
      <FormBesideList
        form={
          <TestimonialForm
            key={formKey}
            editingId={editingId}
            values={values}
            errors={submitted?.errors}
            unsaved={Boolean(submitted)}
            cancelHref={listUrl(status)}
            focusOnMount={focusOnMount}
          />
        }
        listClassName="gap-4"
      >
        <StatusFilter
          label="Filter testimonials by status"
          current={filter}
          href={(value) => listUrl(value)}
          options={[{ value: "", label: "All", count: counts.all }, ...TESTIMONIAL_STATUSES.map((s) => ({ value: s, label: TESTIMONIAL_STATUS_LABELS[s], count: counts[s] }))]}
        />
        {testimonials.length > 0 ? (
          <BulkBar formId="bulk-testimonials" label="Change the selected testimonials" pageIds={testimonials.map((t) => t.id)}>
            <input type="hidden" name="filter" value={filter} />
            <Button type="submit" name="intent" value="bulk-approve" variant="outline" size="sm">
              <Check aria-hidden="true" /> Approve selected
            </Button>
            <Button type="submit" name="intent" value="bulk-delete" variant="outline" size="sm" className="text-destructive">
              Delete selected
            </Button>
            <span className="text-sm text-muted-foreground">Deleted testimonials go to the Bin for 30 days.</span>
          </BulkBar>
        ) : null}
        {testimonials.length === 0 ? (
          <EmptyState>
            {status ? `No ${TESTIMONIAL_STATUS_LABELS[status].toLowerCase()} testimonials.` : "No testimonials yet. Add the first one with the form."}
          </EmptyState>
        ) : (
          <ul className="grid gap-4" aria-label="Testimonials">
            {testimonials.map((t) => {
              const position = approvedIds.indexOf(t.id);
              return (
                <li key={t.id} className="rounded-lg border border-border p-4" aria-label={`Testimonial from ${t.name}`}>
                  <div className="flex flex-wrap items-center gap-2">
                    <RowCheckbox formId="bulk-testimonials" id={t.id} label={`Select the testimonial from ${t.name}`} />
                    <span className="font-semibold">{t.name}</span>
                    {t.role ? <span className="text-sm text-muted-foreground">{t.role}</span> : null}
                    <Badge variant={STATUS_BADGE[t.status]}>{TESTIMONIAL_STATUS_LABELS[t.status]}</Badge>
                    {t.rating ? (
                      <span className="inline-flex items-center gap-1 text-sm">
                        <Star aria-hidden="true" className="size-4 fill-current text-amber-500" />
                        <span>
                          {t.rating}
                          <span className="sr-only"> out of 5</span>
                        </span>
                      </span>
                    ) : null}
                  </div>
                  <blockquote className="mt-2 whitespace-pre-line">{t.text}</blockquote>
                  <div className="mt-3 flex flex-wrap gap-2">
                    {t.status !== "approved" ? (
                      <ActionButton intent="approved" id={t.id} extra={{ filter }} label={`Approve the testimonial from ${t.name}`}>
                        <Check aria-hidden="true" /> Approve
                      </ActionButton>
                    ) : null}
                    {t.status !== "rejected" ? (
                      <ActionButton intent="rejected" id={t.id} extra={{ filter }} label={`Reject the testimonial from ${t.name}`}>
                        <X aria-hidden="true" /> Reject
                      </ActionButton>
                    ) : null}
                    {t.status !== "pending" ? (
                      <ActionButton intent="pending" id={t.id} extra={{ filter }} label={`Move the testimonial from ${t.name} back to Pending`}>
                        <Undo2 aria-hidden="true" /> Back to Pending
                      </ActionButton>
                    ) : null}
                    {t.status === "approved" ? (
                      <>
                        <ActionButton
                          intent="up"
                          id={t.id}
                          extra={{ filter }}
                          label={`Move the testimonial from ${t.name} earlier in the carousel`}
                          disabled={position === 0}
                        >
                          <ArrowUp aria-hidden="true" /> Earlier
                        </ActionButton>
                        <ActionButton
                          intent="down"
                          id={t.id}
                          extra={{ filter }}
                          label={`Move the testimonial from ${t.name} later in the carousel`}
                          disabled={position === approvedIds.length - 1}
                        >
                          <ArrowDown aria-hidden="true" /> Later
                        </ActionButton>
                      </>
                    ) : null}
                    <Link
                      to={`${listUrl(status)}${status ? "&" : "?"}edit=${t.id}`}
                      className="inline-flex min-h-9 items-center gap-2 rounded-md border border-input px-3 text-sm font-semibold hover:bg-muted"
                    >
                      <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> the testimonial from {t.name}</span>
                    </Link>
                    <ConfirmDeleteButton id={t.id} what={`the testimonial from ${t.name}`} extra={{ filter }} consequence="It goes to the Bin, where it can be restored for 30 days." />
                  </div>
                </li>
              );
            })}
          </ul>
        )}
      </FormBesideList>
    </div>
  );
}
