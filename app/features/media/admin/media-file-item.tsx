import { Form, Link } from "react-router";
import { Eye, EyeOff, Pencil } from "lucide-react";
import { ConfirmDeleteButton } from "#app/features/admin/record-fields";
import { RowCheckbox } from "#app/features/admin/bulk-select";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { categoryLabel } from "#app/content/site";
import { megabytes } from "#app/features/media/upload-rules";
import { CATEGORY_OPTIONS, describeMediaPlace, describeMediaUses, PAGE_OPTIONS, SECTION_OPTIONS } from "./media-options";
import { formatDateTime } from "#app/web/dates";

/** The fields of a media file the library shows (a MediaFile, as loader data). */
export interface MediaFileView {
  id: string;
  filename: string;
  originalName: string;
  fileUrl: string;
  fileType: "image" | "video";
  fileSize: number;
  mimeType: string | null;
  category: string;
  altText: string;
  caption: string | null;
  pageAssignment: string | null;
  sectionAssignment: string | null;
  isActive: boolean;
  createdAt: string;
  width: number | null;
  height: number | null;
  variants: { width: number; format: string; url: string }[];
  processing: string | null;
}

function Preview({ file }: { file: MediaFileView }) {
  if (file.fileType === "video") {
    return (
      <video src={file.fileUrl} preload="metadata" controls muted className="aspect-video w-full rounded-md bg-black object-contain" aria-label={file.altText} />
    );
  }
  const small = file.variants.filter((v) => v.format === "webp").sort((a, b) => a.width - b.width)[0];
  return (
    <img
      src={small?.url ?? file.fileUrl}
      alt={file.altText}
      width={file.width ?? undefined}
      height={file.height ?? undefined}
      loading="lazy"
      decoding="async"
      className="aspect-video w-full rounded-md bg-muted object-cover"
    />
  );
}

/** What was typed into a file's edit form whose save failed, to put back in it. */
export interface KeptMediaEdit {
  id: string;
  altText: string;
  caption: string;
  category: string;
  page: string;
  section: string;
}

/** The values the edit form starts from. */
type MediaEditValues = Pick<KeptMediaEdit, "altText" | "caption" | "category" | "page" | "section">;

/** Where a file is assigned (a page, a section), "None" first; a stored value no longer offered stays chosen, so editing other fields does not change it. */
function AssignmentSelect({ id, label, name, value, options }: { id: string; label: string; name: string; value: string; options: readonly { value: string; label: string }[] }) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <NativeSelect id={id} name={name} defaultValue={value}>
        <option value="none">None</option>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
        {value !== "none" && !options.some((o) => o.value === value) ? <option value={value}>{value}</option> : null}
      </NativeSelect>
    </div>
  );
}

/**
 * A media file's edit form: alt text, caption, category, page and section. Used in the
 * library's list, and on its own (`name` only) when a save failed and the
 * file is not on the page to hold what was typed.
 */
export function MediaEditForm({ id, name, values, returnTo }: { id: string; name: string; values: MediaEditValues; returnTo: string }) {
  const idp = `media-${id}`;
  return (
    <Form method="post" className="grid gap-3" aria-label={`Edit ${name}`}>
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="returnTo" value={returnTo} />
      <div className="grid gap-2">
        <Label htmlFor={`${idp}-alt`}>Alt text</Label>
        <Input id={`${idp}-alt`} name="altText" defaultValue={values.altText} maxLength={500} />
      </div>
      <div className="grid gap-2">
        <Label htmlFor={`${idp}-caption`}>Caption</Label>
        <Textarea id={`${idp}-caption`} name="caption" defaultValue={values.caption} rows={2} maxLength={2000} />
      </div>
      <div className="grid gap-3 sm:grid-cols-3">
        <div className="grid gap-2">
          <Label htmlFor={`${idp}-category`}>Category</Label>
          <NativeSelect id={`${idp}-category`} name="category" defaultValue={values.category}>
            {CATEGORY_OPTIONS.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
        <AssignmentSelect id={`${idp}-page`} label="Page" name="page" value={values.page} options={PAGE_OPTIONS} />
        <AssignmentSelect id={`${idp}-section`} label="Section" name="section" value={values.section} options={SECTION_OPTIONS} />
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" name="intent" value="update">
          Save
        </Button>
        <Button asChild variant="outline">
          <Link to={returnTo}>Cancel</Link>
        </Button>
      </div>
    </Form>
  );
}

/**
 * One file of the library: its preview and details, or (one at a time) its
 * edit form, holding `kept` when a save failed. `uses` says where the site
 * shows it (undefined when that could not be read).
 */
export function MediaFileItem({
  file,
  editing,
  kept,
  returnTo,
  uses,
  bulkFormId,
}: {
  file: MediaFileView;
  editing: boolean;
  kept?: KeptMediaEdit;
  returnTo: string;
  uses?: readonly string[];
  /** The list's bulk form, which this file's checkbox belongs to. */
  bulkFormId?: string;
}) {
  const name = file.altText || file.originalName;
  return (
    <li className="grid gap-4 rounded-lg border border-border p-4 sm:grid-cols-[12rem_1fr]" aria-label={name}>
      <Preview file={file} />
      {editing ? (
        <MediaEditForm
          id={file.id}
          name={name}
          values={kept ?? { altText: file.altText, caption: file.caption ?? "", category: file.category, page: file.pageAssignment ?? "none", section: file.sectionAssignment ?? "none" }}
          returnTo={returnTo}
        />
      ) : (
        <div className="grid content-start gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {bulkFormId ? <RowCheckbox formId={bulkFormId} id={file.id} label={`Select the file ${name}`} /> : null}
            <p className="font-semibold break-words">{name}</p>
            <Badge variant={file.isActive ? "success" : "secondary"}>{file.isActive ? "Active" : "Inactive"}</Badge>
            <Badge variant="outline">{categoryLabel(file.category)}</Badge>
          </div>
          {file.caption ? <p className="text-sm">{file.caption}</p> : null}
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <dt>Type</dt>
            <dd>
              {file.fileType === "video" ? "Video" : "Image"}
              {file.mimeType ? ` (${file.mimeType})` : ""}
              {file.width && file.height ? `, ${file.width} × ${file.height}` : ""}
            </dd>
            <dt>Size</dt>
            <dd>{megabytes(file.fileSize)} MB</dd>
            {file.fileType === "image" && file.processing && file.processing !== "done" ? (
              <>
                <dt>Smaller sizes</dt>
                <dd>
                  {file.processing === "failed"
                    ? "Could not be made, so phones are sent the full-size file. Uploading the picture again tries once more."
                    : "Being made for phones; until then they are sent the full-size file."}
                </dd>
              </>
            ) : null}
            {/* Where the file is shown, said once: an unset page or section is not a place, so it is not listed beside one. */}
            <dt>Shown</dt>
            <dd>{describeMediaPlace(file, uses)}</dd>
            <dt>File</dt>
            <dd className="break-all">{file.originalName}</dd>
            <dt>Uploaded</dt>
            <dd>
              <time dateTime={file.createdAt}>{formatDateTime(file.createdAt)}</time>
            </dd>
          </dl>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button asChild variant="outline" size="sm">
              <Link to={`${returnTo}${returnTo.includes("?") ? "&" : "?"}edit=${file.id}#media-${file.id}`} id={`media-${file.id}`}>
                <Pencil aria-hidden="true" /> Edit<span className="sr-only"> {name}</span>
              </Link>
            </Button>
            <Form method="post">
              <input type="hidden" name="id" value={file.id} />
              <input type="hidden" name="returnTo" value={returnTo} />
              <input type="hidden" name="active" value={file.isActive ? "0" : "1"} />
              <Button type="submit" name="intent" value="toggle" variant="outline" size="sm">
                {file.isActive ? <EyeOff aria-hidden="true" /> : <Eye aria-hidden="true" />}
                {file.isActive ? "Deactivate" : "Activate"}
                <span className="sr-only"> {name}</span>
              </Button>
            </Form>
            <ConfirmDeleteButton
              id={file.id}
              what={`the file ${name}`}
              extra={{ returnTo }}
              consequence="It goes to the Bin, where it can be restored for 30 days; the site stops showing it at once."
              blocked={uses?.length ? `Used on: ${describeMediaUses(uses)}. It cannot be deleted while the site shows it: choose another picture there first.` : undefined}
            />
          </div>
        </div>
      )}
    </li>
  );
}
