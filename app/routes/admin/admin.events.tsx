import { Copy, Eye, EyeOff, Pencil } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.events";
import { EmptyState } from "#app/components/ui/empty-state";
import { EMPTY_EVENT, EventForm, type EventFormValues } from "#app/features/events/admin/event-form";
import { ActionButton, ConfirmDeleteButton, RecordRefusalNotice, revalidateAfterRefusedEdit, useRecordFormSlot } from "#app/features/admin/record-fields";
import { Badge } from "#app/components/ui/badge";
import { PageHeader } from "#app/components/ui/page-header";
import { FormBesideList } from "#app/components/ui/form-beside-list";
import { isRecordId, refuseDeletedRecord, refuseFailedSave, refuseMissingRecord, refuseStaleEdit, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { binnedToast } from "#app/features/bin/bin-mark.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { isEditConflict } from "#app/web/stale-edit.server";
import { getDatabase } from "#app/platform/db/db.server";
import { eventCategoryLabel, eventPath, formatEventWhen } from "#app/features/events/event-format";
import {
  countEvents,
  createEvent,
  deleteEvent,
  duplicateEvent,
  getEvent,
  listEvents,
  setEventPublished,
  updateEvent,
  type SiteEvent,
} from "#app/features/events/events.server";
import type { FieldErrors } from "#app/web/parse-form";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Events · Admin Dashboard" }];

const BASE = "/admin/events";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "events");
  const database = await getDatabase();
  const editId = new URL(request.url).searchParams.get("edit");
  const [events, counts, editing] = await Promise.all([listEvents(database), countEvents(database), editId ? getEvent(database, editId) : null]);
  return { events, counts, editing };
}

interface ActionResult {
  errors: FieldErrors;
  values: Record<string, string>;
}

const SAVE_FAILED = "Failed to save event.";

/**
 * After a refused action the page's data is not reloaded, except after a
 * 409: the event was changed meanwhile, so the list shows it as it now is
 * (Draft, say) while the form keeps what was typed; and after a 404: the
 * event was deleted meanwhile, so the list no longer shows it.
 */
export const shouldRevalidate = revalidateAfterRefusedEdit;

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "events");
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const database = await getDatabase();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const gone = () => refuseMissingRecord(id, { title: "Event not found", description: "It may have been deleted already." });
  if (intent !== "create" && EVENT_INTENTS.includes(intent) && !isRecordId(id)) return gone();

  try {
    switch (intent) {
      case "create": {
        const result = await createEvent(database, form);
        if (!result.ok) return data<ActionResult>({ errors: result.errors, values: result.values }, { status: 400 });
        return redirectWithToast(BASE, {
          title: "Event created",
          description: result.data.published ? `${result.data.title} is on News and Events.` : `${result.data.title} is saved as a draft.`,
        });
      }
      case "update": {
        // The updated_at the form was opened at; a form without one (opened before it was sent) is refused as stale.
        const result = await updateEvent(database, id, form, { baseUpdatedAt: String(form.get("updatedAt") ?? "") });
        // Deleted since the form was opened: what was typed comes back, to be saved as a new event.
        if (!result) return refuseDeletedRecord(SAVE_FAILED, "event", form);
        if (isEditConflict(result)) return refuseStaleEdit(SAVE_FAILED, "event", result.conflict, result.values);
        if (!result.ok) return data<ActionResult>({ errors: result.errors, values: result.values }, { status: 400 });
        return redirectWithToast(BASE, { title: "Event updated" });
      }
      case "duplicate": {
        const copy = await duplicateEvent(database, id);
        if (!copy) return gone();
        return redirectWithToast(`${BASE}?edit=${copy.id}`, {
          title: "Event duplicated",
          description: "The copy is a draft: change what you need, then publish it.",
        });
      }
      case "publish":
      case "unpublish": {
        const updated = await setEventPublished(database, id, intent === "publish");
        if (!updated) return gone();
        return redirectWithToast(BASE, {
          title: intent === "publish" ? "Event published" : "Event unpublished",
          description: intent === "publish" ? `${updated.title} is on News and Events.` : `${updated.title} is now a draft, hidden from the site.`,
        });
      }
      case "delete": {
        const deleted = await deleteEvent(database, id, actor);
        if (!deleted) return gone();
        return redirectWithToast(BASE, binnedToast("Event moved to the Bin", deleted.title));
      }
      default:
        return refuseUnknownAction();
    }
  } catch (error) {
    if (intent === "create" || intent === "update") return refuseFailedSave(SAVE_FAILED, form, error, { intent, eventId: id || undefined });
    throw error;
  }
}

const EVENT_INTENTS = ["create", "update", "duplicate", "publish", "unpublish", "delete"];

function toFormValues(e: SiteEvent): EventFormValues {
  return {
    title: e.title,
    category: e.category,
    regular: e.date === null,
    date: e.date ?? "",
    time: e.time ?? "",
    scheduleNote: e.scheduleNote ?? "",
    location: e.location,
    description: e.description,
    imageUrl: e.imageUrl ?? "",
    imageAlt: e.imageAlt ?? "",
    published: e.published,
    updatedAt: e.updatedAt,
  };
}

function fromSubmitted(values: Record<string, string>): EventFormValues {
  return {
    ...EMPTY_EVENT,
    ...values,
    regular: values.regular === "on",
    published: values.published === "on",
  };
}

function EventList({ title, events, empty }: { title: string; events: SiteEvent[]; empty?: string }) {
  const id = `events-${title.toLowerCase().replace(/\s+/g, "-")}`;
  if (events.length === 0 && !empty) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h3 id={id} className="text-lg font-semibold">
        {title} <span className="text-muted-foreground tabular-nums">({events.length})</span>
      </h3>
      {events.length === 0 ? (
        <EmptyState>{empty}</EmptyState>
      ) : (
        <ul className="grid gap-3">
          {events.map((e) => {
            const when = formatEventWhen(e);
            return (
              <li key={e.id} className="rounded-lg border border-border p-4" aria-label={e.title}>
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-semibold">{e.title}</span>
                  <Badge variant={e.published ? "success" : "secondary"}>{e.published ? "Published" : "Draft"}</Badge>
                  <Badge variant="outline">{eventCategoryLabel(e.category)}</Badge>
                  {e.scheduleNote ? <Badge variant="outline">{e.scheduleNote}</Badge> : null}
                </div>
                <p className="mt-1 text-sm text-muted-foreground">{[when, e.location].filter(Boolean).join(" · ") || "No date or location yet"}</p>
                <div className="mt-3 flex flex-wrap gap-2">
                  <Link
                    to={`${BASE}?edit=${e.id}#event-form-heading`}
                    className="inline-flex min-h-9 items-center gap-2 rounded-md border border-input px-3 text-sm font-semibold hover:bg-muted"
                  >
                    <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> {e.title}</span>
                  </Link>
                  {e.published ? (
                    <ActionButton intent="unpublish" id={e.id} label={`Unpublish ${e.title}`}>
                      <EyeOff aria-hidden="true" /> Unpublish
                    </ActionButton>
                  ) : (
                    <ActionButton intent="publish" id={e.id} label={`Publish ${e.title}`}>
                      <Eye aria-hidden="true" /> Publish
                    </ActionButton>
                  )}
                  <ActionButton intent="duplicate" id={e.id} label={`Duplicate ${e.title}`}>
                    <Copy aria-hidden="true" /> Duplicate
                  </ActionButton>
                  {e.published ? (
                    <a
                      href={eventPath(e.slug)}
                      className="inline-flex min-h-9 items-center rounded-md px-3 text-sm font-semibold text-primary underline-offset-4 hover:underline"
                    >
                      View on site<span className="sr-only">: {e.title}</span>
                    </a>
                  ) : null}
                  <ConfirmDeleteButton id={e.id} what={`the event ${e.title}`} consequence="It goes to the Bin, where it can be restored for 30 days." />
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

export default function EventsTab({ loaderData, actionData }: Route.ComponentProps) {
  const { events, counts, editing } = loaderData;
  const submitted = actionData && "values" in actionData ? actionData : undefined;
  const { editingId, formKey, focusOnMount } = useRecordFormSlot(submitted, editing);
  const values = submitted ? fromSubmitted(submitted.values) : editing ? toFormValues(editing) : EMPTY_EVENT;
  return (
    <div className="grid gap-6">
      <RecordRefusalNotice data={actionData} className="mb-0" />
      <PageHeader
        title="Events"
        className="mb-0"
        description={
          <>
            {counts.all} {counts.all === 1 ? "event" : "events"}: {counts.published} published, {counts.drafts} {counts.drafts === 1 ? "draft" : "drafts"},{" "}
            {counts.upcoming} upcoming. Published events show on{" "}
            <a href="/news" className="font-medium text-primary underline">
              News and Events
            </a>{" "}
            and in the{" "}
            <a href="/events.ics" className="font-medium text-primary underline">
              calendar feed
            </a>
            .
          </>
        }
      />
      <FormBesideList
        form={
          <EventForm
            key={formKey}
            editingId={editingId}
            values={values}
            errors={submitted?.errors}
            unsaved={Boolean(submitted)}
            cancelHref={BASE}
            focusOnMount={focusOnMount}
          />
        }
        wide
      >
        <EventList title="Regular sessions" events={events.regular} />
        <EventList title="Upcoming" events={events.upcoming} empty="No upcoming events. Create one with the form." />
        <EventList title="Past" events={events.past} />
      </FormBesideList>
    </div>
  );
}
