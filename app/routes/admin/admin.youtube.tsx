import { ArrowDown, ArrowUp, ExternalLink, Pencil } from "lucide-react";
import { data, Link } from "react-router";
import type { Route } from "./+types/admin.youtube";
import { EmptyState } from "#app/components/ui/empty-state";
import { ActionButton, ConfirmDeleteButton, RecordRefusalNotice, revalidateAfterRefusedEdit, useRecordFormSlot } from "#app/features/admin/record-fields";
import { EMPTY_YOUTUBE, YoutubeForm, type YoutubeFormValues } from "#app/features/videos/admin/youtube-form";
import { PageHeader } from "#app/components/ui/page-header";
import { FormBesideList } from "#app/components/ui/form-beside-list";
import { BUILT_IN_PAGES } from "#app/content/pages";
import { isRecordId, refuseDeletedRecord, refuseFailedSave, refuseMissingRecord, refuseStaleEdit, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { binnedToast } from "#app/features/bin/bin-mark.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { isEditConflict } from "#app/web/stale-edit.server";
import { getDatabase } from "#app/platform/db/db.server";
import type { FieldErrors } from "#app/web/parse-form";
import { youTubeWatchUrl } from "#app/features/videos/youtube";
import {
  countYoutubeVideos,
  createYoutubeVideo,
  deleteYoutubeVideo,
  getYoutubeVideo,
  listYoutubeVideos,
  moveYoutubeVideo,
  updateYoutubeVideo,
  youtubeVideoVersion,
  type YoutubeVideo,
} from "#app/features/videos/videos.server";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "YouTube · Admin Dashboard" }];

const BASE = "/admin/youtube";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "videos");
  const database = await getDatabase();
  const editId = new URL(request.url).searchParams.get("edit");
  const [videos, counts, editing] = await Promise.all([
    listYoutubeVideos(database),
    countYoutubeVideos(database),
    editId ? getYoutubeVideo(database, editId) : null,
  ]);
  return { videos, counts, editing: editing ? { ...editing, version: youtubeVideoVersion(editing) } : null };
}

interface ActionResult {
  errors: FieldErrors;
  values: Record<string, string>;
}

const SAVE_FAILED = "Failed to save video.";

/** After a stale edit (409), or an edit of a video deleted meanwhile (404), the list shows the videos as they now are. */
export const shouldRevalidate = revalidateAfterRefusedEdit;

/**
 * Where a new video shows, as the toast says it: a page's gallery shows every
 * video linked to it, but the home page shows one (decision 006).
 */
function addedWhere(title: string, page: string): string {
  if (page !== "home") return `${title} now shows on its page.`;
  return `${title} is linked to the home page, which shows one video under "Watch Our Latest Update": its uploaded video if it has one, else the first YouTube video linked to it.`;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "videos");
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const database = await getDatabase();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const gone = () => refuseMissingRecord(id, { title: "Video not found", description: "It may have been deleted already." });
  if (intent !== "create" && VIDEO_INTENTS.includes(intent) && !isRecordId(id)) return gone();

  try {
    switch (intent) {
      case "create": {
        const result = await createYoutubeVideo(database, form);
        if (!result.ok) return data<ActionResult>({ errors: result.errors, values: result.values }, { status: 400 });
        return redirectWithToast(BASE, { title: "Video added", description: addedWhere(result.data.title, result.data.page) });
      }
      case "update": {
        // The version the form was opened at; a form without one (opened before it was sent) is refused as stale.
        const result = await updateYoutubeVideo(database, id, form, { baseVersion: String(form.get("version") ?? "") });
        // Deleted since the form was opened: what was typed comes back, to be saved as a new video.
        if (!result) return refuseDeletedRecord(SAVE_FAILED, "video", form);
        if (isEditConflict(result)) return refuseStaleEdit(SAVE_FAILED, "video", result.conflict, result.values);
        if (!result.ok) return data<ActionResult>({ errors: result.errors, values: result.values }, { status: 400 });
        return redirectWithToast(BASE, { title: "Video updated" });
      }
      case "up":
      case "down": {
        if (!(await getYoutubeVideo(database, id))) return gone();
        const moved = await moveYoutubeVideo(database, id, intent);
        return redirectWithToast(BASE, moved ? { title: "Order saved" } : { title: "Already at the end", type: "info" });
      }
      case "delete": {
        const deleted = await deleteYoutubeVideo(database, id, actor);
        if (!deleted) return gone();
        return redirectWithToast(BASE, binnedToast("Video moved to the Bin", deleted.title));
      }
      default:
        return refuseUnknownAction();
    }
  } catch (error) {
    if (intent === "create" || intent === "update") return refuseFailedSave(SAVE_FAILED, form, error, { intent, videoId: id || undefined });
    throw error;
  }
}

const VIDEO_INTENTS = ["create", "update", "up", "down", "delete"];

const pageOf = (assignment: string) => BUILT_IN_PAGES.find((p) => p.videoAssignment === assignment);

export default function YoutubeTab({ loaderData, actionData }: Route.ComponentProps) {
  const { videos, counts, editing } = loaderData;
  const submitted = actionData && "values" in actionData ? actionData : undefined;
  const { editingId, formKey, focusOnMount } = useRecordFormSlot(submitted, editing);
  const values: YoutubeFormValues = submitted
    ? { ...EMPTY_YOUTUBE, ...submitted.values }
    : editing
      ? { url: youTubeWatchUrl(editing.videoId), title: editing.title, description: editing.description, page: editing.page, version: editing.version }
      : EMPTY_YOUTUBE;
  const byPage = new Map<string, YoutubeVideo[]>();
  for (const v of videos) byPage.set(v.page, [...(byPage.get(v.page) ?? []), v]);

  return (
    <div className="grid gap-6">
      <RecordRefusalNotice data={actionData} className="mb-0" />
      <PageHeader
        title="YouTube"
        className="mb-0"
        description={`${counts.all} ${counts.all === 1 ? "video" : "videos"} on ${counts.pages} ${counts.pages === 1 ? "page" : "pages"}. Visitors see a play button; the video loads from YouTube (privacy-enhanced mode) only when they press it.`}
      />
      <FormBesideList
        form={
          <YoutubeForm
            key={formKey}
            editingId={editingId}
            values={values}
            errors={submitted?.errors}
            unsaved={Boolean(submitted)}
            cancelHref={BASE}
            focusOnMount={focusOnMount}
          />
        }
      >
        {videos.length === 0 ? (
          <EmptyState>No YouTube videos yet. Add the first one with the form.</EmptyState>
        ) : (
          [...byPage.entries()].map(([assignment, list]) => {
            const page = pageOf(assignment);
            const headingId = `videos-${assignment}`;
            return (
              <section key={assignment} aria-labelledby={headingId} className="grid gap-3">
                <h3 id={headingId} className="text-lg font-semibold">
                  {page?.title ?? assignment} <span className="text-muted-foreground tabular-nums">({list.length})</span>
                </h3>
                {page ? (
                  <p className="-mt-2 text-sm">
                    <a href={page.path} className="text-primary underline-offset-4 hover:underline">
                      {page.path}
                    </a>
                  </p>
                ) : null}
                <ol className="grid gap-3">
                  {list.map((v, i) => (
                    <li key={v.id} className="rounded-lg border border-border p-4" aria-label={v.title}>
                      <p className="font-semibold">
                        <span className="text-muted-foreground tabular-nums">{i + 1}.</span> {v.title}
                      </p>
                      {v.description ? <p className="mt-1 text-sm text-muted-foreground">{v.description}</p> : null}
                      <p className="mt-1 text-sm">
                        <a
                          href={youTubeWatchUrl(v.videoId)}
                          target="_blank"
                          rel="noopener noreferrer"
                          className="inline-flex items-center gap-1 text-primary underline-offset-4 hover:underline"
                        >
                          youtube.com/watch?v={v.videoId}
                          <ExternalLink aria-hidden="true" className="size-3" />
                          <span className="sr-only">(opens in a new tab)</span>
                        </a>
                      </p>
                      <div className="mt-3 flex flex-wrap gap-2">
                        <ActionButton intent="up" id={v.id} label={`Move ${v.title} up`} disabled={i === 0}>
                          <ArrowUp aria-hidden="true" /> Up
                        </ActionButton>
                        <ActionButton intent="down" id={v.id} label={`Move ${v.title} down`} disabled={i === list.length - 1}>
                          <ArrowDown aria-hidden="true" /> Down
                        </ActionButton>
                        <Link
                          to={`${BASE}?edit=${v.id}#youtube-form-heading`}
                          className="inline-flex min-h-9 items-center gap-2 rounded-md border border-input px-3 text-sm font-semibold hover:bg-muted"
                        >
                          <Pencil aria-hidden="true" className="size-4" /> Edit<span className="sr-only"> {v.title}</span>
                        </Link>
                        <ConfirmDeleteButton id={v.id} what={`the video ${v.title}`} consequence="It goes to the Bin, where it can be restored for 30 days." />
                      </div>
                    </li>
                  ))}
                </ol>
              </section>
            );
          })
        )}
      </FormBesideList>
    </div>
  );
}
