import { Form, Link, useRevalidator, useSearchParams } from "react-router";
import { Search } from "lucide-react";
import type { Route } from "./+types/admin.media";
import { EmptyState } from "#app/components/ui/empty-state";
import { PageHeader } from "#app/components/ui/page-header";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { ImagePicker } from "#app/features/media/admin/image-picker";
import { type KeptMediaEdit, MediaEditForm, MediaFileItem } from "#app/features/media/admin/media-file-item";
import { CATEGORY_OPTIONS, describeMediaUses, pageLabel } from "#app/features/media/admin/media-options";
import { MediaUploadForm } from "#app/features/media/admin/media-upload-form";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/features/admin/pager";
import { QuickImageUpload } from "#app/features/media/admin/quick-image-upload";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { isRecordId, KEPT_TYPED_TEXT, refuseAdminRequest, refuseFailedWrite, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { binnedToast } from "#app/features/bin/bin-mark.server";
import { bulkToast, emptyOutcome, refuseNothingSelected, selectedIds } from "#app/features/admin/bulk.server";
import { BulkBar } from "#app/features/admin/bulk-select";
import type { Actor } from "#app/features/audit/actor";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { logger } from "#app/platform/log/logger.server";
import {
  countMediaFiles,
  listAssignedPages,
  listMediaFiles,
  updateMediaFile,
  getMediaFile,
  type FileType,
  type MediaFilter,
} from "#app/features/media/media.server";
import { saveMediaEdit } from "#app/features/media/media-edit.server";
import { storagePublicBase } from "#app/features/media/media-addresses.server";
import { binUnusedMediaFile, listMediaReferences, usesOf } from "#app/features/media/media-in-use.server";
import { getStorage } from "#app/platform/storage/storage.server";
import { redirectWithToast } from "#app/web/toast.server";
import { safeRedirect } from "#app/web/safe-redirect";
import { defaultAltText, LIBRARY_MESSAGES } from "#app/features/media/upload-rules";

export const meta: Route.MetaFunction = () => [{ title: "Media · Admin Dashboard" }];

const BASE = "/admin/media";
/** The library shows 100 files a page, the number the original site's storage lists returned by default. */
const PAGE_SIZE = 100;

function readFilter(params: URLSearchParams): MediaFilter {
  const type = params.get("type");
  return {
    search: params.get("q")?.slice(0, 200) || null,
    fileType: type === "image" || type === "video" ? (type as FileType) : null,
    category: CATEGORY_OPTIONS.some((c) => c.value === params.get("category")) ? params.get("category") : null,
    page: params.get("page")?.slice(0, 100) || null,
    unfinished: params.get("processing") === "unfinished",
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "media");
  const url = new URL(request.url);
  const filter = readFilter(url.searchParams);
  const pageNumber = requestedPage(url.searchParams, "p");
  const editId = url.searchParams.get("edit");
  let loaded;
  try {
    const database = await getDatabase();
    loaded = await Promise.all([
      listMediaFiles(database, { ...filter, limit: PAGE_SIZE, offset: (pageNumber - 1) * PAGE_SIZE }),
      countMediaFiles(database, filter),
      countMediaFiles(database),
      listAssignedPages(database),
    ]);
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "media library load failed");
    return { files: [], matching: 0, total: 0, pages: [], pageNumber, editId, uses: null, loadFailed: true };
  }
  const [files, matching, total, pages] = loaded;
  redirectPastEnd(url, pageNumber, pageCount(matching, PAGE_SIZE), "p");
  return { files, matching, total, pages, pageNumber, editId, uses: await usesOfFiles(files), loadFailed: false };
}

/**
 * Where each listed file is used, by file id (files used nowhere have none),
 * so the list and the delete confirmation say so before anyone clicks:
 * four reads of small tables for the whole page. Null if they fail; the
 * list still shows, and deleting still checks.
 */
async function usesOfFiles(files: Awaited<ReturnType<typeof listMediaFiles>>): Promise<Record<string, string[]> | null> {
  if (files.length === 0) return {};
  try {
    const publicBase = storagePublicBase(getStorage());
    const references = await listMediaReferences(await getDatabase(), publicBase);
    return Object.fromEntries(files.map((file) => [file.id, usesOf(file, references, publicBase)]).filter(([, uses]) => uses.length > 0));
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "could not read where media files are used");
    return null;
  }
}

/** Where to go back to after an action: the list as it was (filters, page), never another site. */
function returnUrl(form: FormData): string {
  const value = safeRedirect(form.get("returnTo"), BASE);
  return value === BASE || value.startsWith(`${BASE}?`) ? value.replace(/([?&])edit=[^&]*&?/, "$1").replace(/[?&]$/, "") : BASE;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "media");
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const id = String(form.get("id") ?? "");
  const back = returnUrl(form);
  const database = await getDatabase();
  const text = (name: string) => String(form.get(name) ?? "").slice(0, 2000);
  if (intent === "bulk-delete" || intent === "bulk-move") return bulkAction(intent, form, back, actor);
  if (!MEDIA_INTENTS.includes(intent)) return refuseUnknownAction();
  if (!isRecordId(id)) return refuseMissingRecord(id, { title: intent === "delete" ? LIBRARY_MESSAGES.deleteFailed : LIBRARY_MESSAGES.updateFailed });

  switch (intent) {
    case "update": {
      try {
        // A category not offered (a forged or outdated form) leaves the stored one as it is.
        const category = CATEGORY_OPTIONS.find((c) => c.value === form.get("category"))?.value;
        const existing = await saveMediaEdit(
          database,
          id,
          { altText: defaultAltText(text("altText"), "").slice(0, 500), caption: text("caption"), pageAssignment: text("page"), sectionAssignment: text("section"), category },
          actor,
        );
        if (!existing) return refuseMissingRecord(id, { title: LIBRARY_MESSAGES.updateFailed });
        logger.info({ mediaId: id, userId: user.id }, "media file updated");
        return redirectWithToast(back, { title: LIBRARY_MESSAGES.updated });
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error), mediaId: id }, "media update failed");
        return refuseFailedWrite(
          { title: LIBRARY_MESSAGES.updateFailed, description: KEPT_TYPED_TEXT },
          { id, altText: text("altText"), caption: text("caption"), category: text("category"), page: text("page"), section: text("section") } satisfies KeptMediaEdit,
        );
      }
    }
    case "toggle": {
      const active = form.get("active") === "1";
      try {
        const updated = await updateMediaFile(database, id, { isActive: active });
        if (!updated) return refuseMissingRecord(id, { title: LIBRARY_MESSAGES.updateFailed });
        return redirectWithToast(back, {
          title: LIBRARY_MESSAGES.updated,
          description: active ? "The file is active: it shows on the site and in the image picker." : "The file is inactive: it is hidden from the site and the image picker.",
        });
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error), mediaId: id }, "media toggle failed");
        return redirectWithToast(back, { title: LIBRARY_MESSAGES.updateFailed, type: "error" });
      }
    }
    case "delete": {
      try {
        const result = await binUnusedMediaFile(database, getStorage(), id, actor);
        if (!result.ok && result.reason === "missing") {
          return refuseMissingRecord(id, { title: LIBRARY_MESSAGES.deleteFailed, description: "It may have been deleted already." });
        }
        if (!result.ok) {
          // Deleting it would break every page that shows it: nothing is changed.
          return refuseAdminRequest(409, { title: LIBRARY_MESSAGES.deleteFailed, description: `It is used on: ${describeMediaUses(result.uses)}. Choose another picture there first.` });
        }
        logger.info({ mediaId: id, userId: user.id }, "media file moved to the bin");
        return redirectWithToast(back, binnedToast(LIBRARY_MESSAGES.deleted, result.file.originalName));
      } catch (error) {
        logger.error({ err: error instanceof Error ? error.message : String(error), mediaId: id }, "media delete failed");
        return redirectWithToast(back, { title: LIBRARY_MESSAGES.deleteFailed, type: "error" });
      }
    }
    default:
      return refuseUnknownAction();
  }
}

const MEDIA_INTENTS = ["update", "toggle", "delete"];

const FILES = { one: "file", many: "files" };

/** Delete (to the bin) or Move (to another category) the ticked files; a file in use is refused and named, the rest still change. */
async function bulkAction(intent: "bulk-delete" | "bulk-move", form: FormData, back: string, actor: Actor) {
  const database = await getDatabase();
  const outcome = emptyOutcome();
  const ids = selectedIds(form);
  if (ids.length === 0) return refuseNothingSelected("files");
  if (intent === "bulk-move") {
    const category = CATEGORY_OPTIONS.find((c) => c.value === form.get("category"));
    if (!category) return refuseAdminRequest(400, { title: "Choose a category to move the files to", description: "Nothing was changed." });
    for (const id of ids) {
      if (await saveMediaEdit(database, id, { category: category.value }, actor)) outcome.done++;
      else outcome.refused.push({ name: "One file", why: "it was deleted meanwhile" });
    }
    return redirectWithToast(back, bulkToast(outcome, FILES, `moved to ${category.label}`));
  }
  for (const id of ids) {
    const result = await binUnusedMediaFile(database, getStorage(), id, actor);
    if (result.ok) outcome.done++;
    else if (result.reason === "in-use") outcome.refused.push({ name: (await getMediaFile(database, id))?.originalName ?? "One file", why: `used on ${describeMediaUses(result.uses)}` });
    else outcome.refused.push({ name: "One file", why: "it was deleted meanwhile" });
  }
  return redirectWithToast(back, bulkToast(outcome, FILES, "moved to the Bin", { link: { label: "Open the Bin", href: "/admin/bin" } }));
}

export default function MediaTab({ loaderData, actionData }: Route.ComponentProps) {
  const { files, matching, total, pages, pageNumber, editId, uses, loadFailed } = loaderData;
  // A save the database refused comes back with what was typed.
  const kept = actionData && "kept" in actionData ? (actionData.kept as KeptMediaEdit) : undefined;
  const [params] = useSearchParams();
  const revalidator = useRevalidator();
  const listParams = new URLSearchParams(params);
  listParams.delete("edit");
  const returnTo = `${BASE}${listParams.toString() ? `?${listParams}` : ""}`;
  const pageTotal = pageCount(matching, PAGE_SIZE);
  const unfinished = params.get("processing") === "unfinished";
  const filtered = Boolean(params.get("q") || params.get("type") || params.get("category") || params.get("page") || unfinished);

  return (
    <div className="grid gap-6">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader title="Media" description="The pictures and videos the site's pages, events and galleries show." className="mb-0" />
      {kept && !files.some((f) => f.id === kept.id) ? (
        // The library itself could not be read, or the file is on another of its pages: the typed edit still has a form.
        <Card>
          <CardHeader>
            <CardTitle as="h3">Your edit</CardTitle>
            <CardDescription>What you typed for the file, not saved yet. Save it again when the library is back.</CardDescription>
          </CardHeader>
          <CardContent>
            <MediaEditForm id={kept.id} name="the file" values={kept} returnTo={returnTo} />
          </CardContent>
        </Card>
      ) : null}
      <div className="grid gap-6 lg:grid-cols-2">
        <Card>
          <CardHeader>
            <CardTitle as="h3">Upload media</CardTitle>
            <CardDescription>Add images and videos to the library. Assign a video to a page to show it in that page's video gallery.</CardDescription>
          </CardHeader>
          <CardContent>
            <MediaUploadForm />
          </CardContent>
        </Card>
        <Card>
          <CardContent className="pt-6">
            {/* The library list below shows the new image at once, as after the library's own upload. */}
            <QuickImageUpload onUploaded={() => void revalidator.revalidate()} />
          </CardContent>
        </Card>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Media library</CardTitle>
          <CardDescription>
            {total} {total === 1 ? "file" : "files"}, newest first. Inactive files are hidden from the site and the image picker.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <Form method="get" className="grid gap-3 sm:grid-cols-2 lg:grid-cols-[2fr_1fr_1fr_1fr_auto]" role="search" aria-label="Filter media files">
            <div className="grid gap-1">
              <Label htmlFor="media-q">Search</Label>
              <Input id="media-q" name="q" type="search" defaultValue={params.get("q") ?? ""} placeholder="Alt text, caption or file name" />
            </div>
            <div className="grid gap-1">
              <Label htmlFor="media-type">Type</Label>
              <NativeSelect id="media-type" name="type" defaultValue={params.get("type") ?? ""}>
                <option value="">All types</option>
                <option value="image">Images</option>
                <option value="video">Videos</option>
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="media-category">Category</Label>
              <NativeSelect id="media-category" name="category" defaultValue={params.get("category") ?? ""}>
                <option value="">All categories</option>
                {CATEGORY_OPTIONS.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="grid gap-1">
              <Label htmlFor="media-page">Page</Label>
              <NativeSelect id="media-page" name="page" defaultValue={params.get("page") ?? ""}>
                <option value="">All pages</option>
                <option value="none">No page</option>
                {pages.map((p) => (
                  <option key={p} value={p}>
                    {pageLabel(p)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex items-end gap-2">
              {/* Filtering further keeps the dashboard's "failed or still processing" narrowing. */}
              {unfinished ? <input type="hidden" name="processing" value="unfinished" /> : null}
              <Button type="submit" variant="outline">
                <Search aria-hidden="true" /> Filter
              </Button>
              {filtered ? (
                <Button asChild variant="ghost">
                  <Link to={BASE}>Clear</Link>
                </Button>
              ) : null}
            </div>
          </Form>

          {unfinished ? (
            <p className="rounded-md border border-border px-3 py-2 text-sm">
              Showing only uploads that failed or are still processing.{" "}
              <Link to={BASE} className="font-medium text-primary underline underline-offset-4">
                Show all files
              </Link>
            </p>
          ) : null}
          {loadFailed ? (
            <p role="alert" className="rounded-md border border-destructive p-4 text-destructive">
              {LIBRARY_MESSAGES.loadFailed}
            </p>
          ) : total === 0 ? (
            <EmptyState>{LIBRARY_MESSAGES.empty}</EmptyState>
          ) : files.length === 0 ? (
            <EmptyState>No files match these filters.</EmptyState>
          ) : (
            <>
              {filtered ? (
                <p className="text-sm text-muted-foreground" role="status">
                  {matching} {matching === 1 ? "file matches" : "files match"}.
                </p>
              ) : null}
              <BulkBar formId="bulk-media" label="Change the selected files" pageIds={files.map((f) => f.id)}>
                <input type="hidden" name="returnTo" value={returnTo} />
                <Label htmlFor="bulk-category" className="text-sm">
                  Move to category
                </Label>
                <NativeSelect id="bulk-category" name="category" defaultValue="" className="w-auto">
                  <option value="">Choose…</option>
                  {CATEGORY_OPTIONS.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect>
                <Button type="submit" name="intent" value="bulk-move" variant="outline" size="sm">
                  Move selected
                </Button>
                <Button type="submit" name="intent" value="bulk-delete" variant="outline" size="sm" className="text-destructive">
                  Delete selected
                </Button>
                <span className="text-sm text-muted-foreground">Files in use stay; the rest go to the Bin for 30 days.</span>
              </BulkBar>
              <ul className="grid gap-4">
                {files.map((file) => (
                  <MediaFileItem
                    key={file.id}
                    file={file}
                    editing={file.id === editId || kept?.id === file.id}
                    kept={kept?.id === file.id ? kept : undefined}
                    returnTo={returnTo}
                    uses={uses ? (uses[file.id] ?? []) : undefined}
                    bulkFormId="bulk-media"
                  />
                ))}
              </ul>
              <Pager
                label="Media library pages"
                page={pageNumber}
                pages={pageTotal}
                href={(n) => pageHref(BASE, listParams, n, "p")}
                previous="Previous"
                next="Next"
              />
            </>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Image picker</CardTitle>
          <CardDescription>Every active image, as the image picker in the Pages and Page Images tabs shows it.</CardDescription>
        </CardHeader>
        <CardContent>
          {/* Remounted (and reloaded) whenever the library changes size. */}
          <ImagePicker key={total} />
        </CardContent>
      </Card>
    </div>
  );
}
