import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
import { Form, useNavigation, useRevalidator, type ShouldRevalidateFunctionArgs } from "react-router";
import { ArrowDown, ArrowUp, Eye, ImagePlus, Library, Loader2, Plus, Save, Trash2 } from "lucide-react";
import { ImagePicker, type PickerImage } from "#app/features/media/admin/image-picker";
import { QuickImageUpload, type UploadedImage } from "#app/features/media/admin/quick-image-upload";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { CONTENT_TEXTAREA_ROWS } from "#app/content/site";
import { IMAGE_POSITIONS, LAYOUT_DESCRIPTIONS, LAYOUTS, type Layout, type PageImage } from "#app/content/types";
import { resolveImageSrc } from "#app/features/pages/page-image-src";
import { layoutShowsImages } from "#app/features/pages/page-layout";
import { imageErrors, LIMITS, moveImage, newImageEntry, renumber, type ImageOrigins } from "#app/features/pages/page-content.schema";
import { cn } from "#app/components/ui/utils";
import { restorableValues, usePageDraft } from "./page-draft";
import { UnsavedChangesDialog, useUnsavedChangesGuard } from "#app/features/admin/unsaved-changes-guard";
import { formatDateTime } from "#app/web/dates";
import type { EditorActionData, EditorValues, RevisionItem } from "#app/features/pages/editor-values";

type Panel = "content" | "images" | "layout";

const PANEL_LABELS: Record<Panel, string> = { content: "Content", images: "Images", layout: "Layout" };

const POSITION_LABELS: Record<string, string> = { hero: "Hero", inline: "Inline", sidebar: "Sidebar", gallery: "Gallery" };

const LAYOUT_LABELS: Record<Layout, string> = {
  "text-only": "Text only",
  "image-left": "Image left",
  "image-right": "Image right",
  gallery: "Gallery",
  "hero-content": "Hero with content",
};

const same = (a: EditorValues, b: EditorValues) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The page editor (SPEC §2 Pages tab, §4 states): Content, Images and
 * Layout sub-tabs in one form, an 'Unsaved Changes' badge, and 'Save
 * Changes' enabled only when something changed. Mount it with a key of
 * page id and revision, so choosing a page or saving starts it afresh
 * (and give it `focusHeading` from useRevisionChanged, so focus follows).
 */
export function PageEditor({
  page,
  initial,
  builtIn,
  revision,
  panels = ["content", "images", "layout"],
  actionData,
  revisions,
  headingLevel = "h3",
  imageOrigins = [],
  focusHeading = false,
}: {
  page: { id: string; title: string; path: string };
  initial: EditorValues;
  /** The built-in copy, shown as what an emptied field falls back to. */
  builtIn: Pick<EditorValues, "heroTitle" | "heroSubtitle" | "mainTitle">;
  revision: number;
  panels?: Panel[];
  actionData?: EditorActionData;
  /** Saved versions to list under the editor, newest first. */
  revisions?: RevisionItem[];
  headingLevel?: "h2" | "h3";
  /** Where pictures may come from besides the site's own paths (EditorState.imageOrigins). */
  imageOrigins?: ImageOrigins;
  /** This editor replaces one for the same page at another revision: take focus, since the control that had it is gone. */
  focusHeading?: boolean;
}) {
  const id = useId();
  const [values, setValues] = useState<EditorValues>(actionData?.values ?? initial);
  const [panel, setPanel] = useState<Panel>(panels[0] ?? "content");
  const [baseRevision, setBaseRevision] = useState(revision);
  const dirty = !same(values, initial);
  const draft = usePageDraft({ pageId: page.id, panels, initial, values, dirty, revision, baseRevision, revisions: revisions ?? [], same });
  const { blocker, markSubmitting } = useUnsavedChangesGuard(dirty);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const errors = actionData?.errors ?? {};
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const headingRef = useRef<HTMLHeadingElement>(null);
  const revalidator = useRevalidator();
  const Heading = headingLevel;

  useEffect(() => {
    // After Save, Restore or a Discard that loaded a colleague's version, the
    // button pressed went with the editor it belonged to and focus fell to
    // <body>: the keyboard and screen reader carry on from this editor's heading.
    if (!focusHeading) return;
    const active = document.activeElement;
    if (!active || active === document.body) headingRef.current?.focus();
  }, [focusHeading]);

  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = panels.length - 1;
    const next =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setPanel(panels[next]!);
    tabRefs.current[panels[next]!]?.focus();
  }

  const formId = `${id}-form`;
  const hasErrors = Object.keys(errors).length > 0;

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <Heading ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
          {page.title} <span className="text-sm font-normal text-muted-foreground">{page.path}</span>
        </Heading>
        <a href={page.path} target="_blank" rel="noreferrer" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          View live page<span className="sr-only"> {page.title} (opens in a new tab)</span>
        </a>
      </div>

      {draft.offered ? (
        <Alert>
          <AlertTitle>Unsaved changes kept in this browser</AlertTitle>
          <AlertDescription>
            <p>
              You changed this page at {formatDateTime(draft.offered.changedAt)} and those changes were not saved. Restore them to carry on, or
              discard them.
              {draft.savedSince ? " The page has been saved since then: saving your changes will ask before it replaces the newer version." : ""}
            </p>
            <div className="mt-2 flex flex-wrap gap-2">
              <Button
                type="button"
                size="sm"
                onClick={() => {
                  setValues(restorableValues(draft.offered!.values, initial, panels));
                  setBaseRevision(draft.offered!.baseRevision);
                  draft.dismiss(false);
                }}
              >
                Restore changes
              </Button>
              <Button type="button" size="sm" variant="outline" onClick={() => draft.dismiss(true)}>
                Discard them
              </Button>
            </div>
          </AlertDescription>
        </Alert>
      ) : null}
      {actionData?.conflict ? (
        <Alert variant="destructive">
          <AlertTitle>Someone else saved this page after you opened it</AlertTitle>
          <AlertDescription>
            <p>
              {actionData.conflict.updatedByEmail ?? "Another editor"} saved it at {formatDateTime(actionData.conflict.updatedAt)} (revision{" "}
              {actionData.conflict.revision}). Your changes are still below. Save anyway to replace their version (theirs stays in the
              revisions), or Discard changes to see theirs.
            </p>
          </AlertDescription>
        </Alert>
      ) : null}
      {hasErrors ? (
        <Alert variant="destructive">
          <AlertTitle>Nothing was saved</AlertTitle>
          <AlertDescription>
            <ul className="list-disc pl-4">
              {Object.entries(errors).flatMap(([field, messages]) => (messages ?? []).map((m) => <li key={`${field}-${m}`}>{m}</li>))}
            </ul>
          </AlertDescription>
        </Alert>
      ) : null}

      <Form
        method="post"
        id={formId}
        onSubmit={() => {
          markSubmitting();
          draft.markSubmitted();
        }}
        className="grid gap-4"
        aria-label={`Edit ${page.title}`}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="pageId" value={page.id} />
        <input type="hidden" name="baseRevision" value={baseRevision} />
        {panels.includes("images") ? <input type="hidden" name="images" value={JSON.stringify(values.images)} /> : null}

        {panels.length > 1 ? (
          <div role="tablist" aria-label="Edit" className="flex gap-1 border-b border-border">
            {panels.map((p, index) => (
              <button
                key={p}
                ref={(el) => {
                  tabRefs.current[p] = el;
                }}
                type="button"
                role="tab"
                id={`${id}-tab-${p}`}
                aria-selected={panel === p}
                aria-controls={`${id}-panel-${p}`}
                tabIndex={panel === p ? 0 : -1}
                onClick={() => setPanel(p)}
                onKeyDown={(e) => onTabKey(e, index)}
                className={cn(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                  panel === p ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {PANEL_LABELS[p]}
              </button>
            ))}
          </div>
        ) : null}

        {panels.includes("content") ? (
          <TabPanel id={id} panel="content" active={panel === "content"} single={panels.length === 1}>
            <div className="grid gap-4">
              <p className="text-sm text-muted-foreground">Leave a field empty to show the site's built-in text for it.</p>
              <TextField
                id={`${id}-heroTitle`}
                name="heroTitle"
                label="Hero Title"
                value={values.heroTitle}
                max={LIMITS.heroTitle}
                fallback={builtIn.heroTitle}
                errors={errors.heroTitle}
                onChange={(v) => set("heroTitle", v)}
              />
              <TextField
                id={`${id}-heroSubtitle`}
                name="heroSubtitle"
                label="Hero Subtitle"
                value={values.heroSubtitle}
                max={LIMITS.heroSubtitle}
                fallback={builtIn.heroSubtitle}
                errors={errors.heroSubtitle}
                onChange={(v) => set("heroSubtitle", v)}
              />
              <TextField
                id={`${id}-mainTitle`}
                name="mainTitle"
                label="Main Title"
                value={values.mainTitle}
                max={LIMITS.mainTitle}
                fallback={builtIn.mainTitle}
                errors={errors.mainTitle}
                onChange={(v) => set("mainTitle", v)}
              />
              <div className="grid gap-2">
                <Label htmlFor={`${id}-content`}>Main Content</Label>
                <Textarea
                  id={`${id}-content`}
                  name="content"
                  rows={CONTENT_TEXTAREA_ROWS}
                  value={values.content}
                  maxLength={LIMITS.content}
                  onChange={(e) => set("content", e.target.value)}
                  aria-describedby={`${id}-content-hint${errors.content ? ` ${id}-content-error` : ""}`}
                  aria-invalid={errors.content ? true : undefined}
                  className="font-mono text-sm"
                />
                <p id={`${id}-content-hint`} className="text-sm text-muted-foreground">
                  Separate paragraphs with a blank line. Start a line with "## " for a heading or "- " for a list item; **bold**, *italic*
                  and [link text](/contact) work too.
                </p>
                <FieldError id={`${id}-content-error`} errors={errors.content} />
              </div>
            </div>
          </TabPanel>
        ) : null}

        {panels.includes("images") ? (
          <TabPanel id={id} panel="images" active={panel === "images"} single={false}>
            <ImagesPanel
              images={values.images}
              onChange={(images) => set("images", images)}
              errors={errors.images}
              imageOrigins={imageOrigins}
              hiddenByLayout={panels.includes("layout") && !layoutShowsImages(values.layout) ? LAYOUT_LABELS[values.layout] : null}
              onShowLayout={() => {
                setPanel("layout");
                tabRefs.current.layout?.focus();
              }}
            />
          </TabPanel>
        ) : null}

        {panels.includes("layout") ? (
          <TabPanel id={id} panel="layout" active={panel === "layout"} single={false}>
            <div className="grid max-w-xl gap-2">
              <Label htmlFor={`${id}-layout`}>Page Layout</Label>
              <NativeSelect
                id={`${id}-layout`}
                name="layout"
                value={values.layout}
                onChange={(e) => set("layout", e.target.value as Layout)}
                aria-describedby={`${id}-layout-description`}
              >
                {LAYOUTS.map((l) => (
                  <option key={l} value={l}>
                    {LAYOUT_LABELS[l]}
                  </option>
                ))}
              </NativeSelect>
              <p id={`${id}-layout-description`} aria-live="polite" className="rounded-md bg-muted p-3 text-sm">
                {LAYOUT_DESCRIPTIONS[values.layout]}
              </p>
            </div>
          </TabPanel>
        ) : null}

        <div className="sticky bottom-0 z-10 -mx-6 flex flex-wrap items-center justify-between gap-3 border-t border-border bg-card px-6 py-4">
          <div aria-live="polite">{dirty ? <Badge variant="destructive">Unsaved Changes</Badge> : <span className="text-sm text-muted-foreground">All changes saved</span>}</div>
          <div className="flex flex-wrap gap-2">
            {/* After a refused save, also with nothing unsaved: it is how to see the colleague's version. */}
            {dirty || actionData?.conflict ? (
              <Button
                type="button"
                variant="ghost"
                onClick={() => {
                  setValues(initial);
                  setBaseRevision(revision);
                  // After a refused save the page has a newer version than this editor was opened at: load it.
                  if (actionData?.conflict) void revalidator.revalidate();
                }}
              >
                Discard changes
              </Button>
            ) : null}
            <Button type="submit" form={`${id}-preview`} variant="outline">
              <Eye aria-hidden="true" /> Preview<span className="sr-only"> (opens in a new tab)</span>
            </Button>
            {/* Save Changes comes first: Enter in a field presses the form's first button, and it must never be Save anyway. */}
            <Button type="submit" disabled={!dirty || saving}>
              {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
              {saving ? "Saving..." : "Save Changes"}
            </Button>
            {/* Only while there is something of one's own to save: with nothing unsaved it would put back the version as opened. */}
            {actionData?.conflict && dirty ? (
              <Button type="submit" name="force" value="1" variant="destructive" disabled={saving}>
                Save anyway
              </Button>
            ) : null}
          </div>
        </div>
      </Form>

      {/* Preview posts the unsaved edits to a page of their own, in a new tab; nothing is stored. */}
      <form id={`${id}-preview`} method="post" action="/admin/preview" target="_blank" hidden>
        <input type="hidden" name="pageId" value={page.id} />
        <input type="hidden" name="heroTitle" value={values.heroTitle} />
        <input type="hidden" name="heroSubtitle" value={values.heroSubtitle} />
        <input type="hidden" name="mainTitle" value={values.mainTitle} />
        <input type="hidden" name="content" value={values.content} />
        <input type="hidden" name="layout" value={values.layout} />
        <input type="hidden" name="images" value={JSON.stringify(values.images)} />
      </form>
      {revisions ? (
        <RevisionList
          pageId={page.id}
          revisions={revisions}
          current={revision}
          dirty={dirty}
          headingLevel={headingLevel}
          wordsOnly={!panels.includes("images") && !panels.includes("layout")}
        />
      ) : null}
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.forget} />
    </div>
  );
}

function TabPanel({ id, panel, active, single, children }: { id: string; panel: Panel; active: boolean; single: boolean; children: ReactNode }) {
  if (single) return <div>{children}</div>;
  // Hidden panels stay in the form, so every field is saved whichever sub-tab is showing.
  return (
    <div role="tabpanel" id={`${id}-panel-${panel}`} aria-labelledby={`${id}-tab-${panel}`} hidden={!active} tabIndex={0} className="focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {children}
    </div>
  );
}

function TextField({
  id,
  name,
  label,
  value,
  max,
  fallback,
  errors,
  onChange,
}: {
  id: string;
  name: string;
  label: string;
  value: string;
  max: number;
  fallback: string;
  errors?: string[];
  onChange: (value: string) => void;
}) {
  const describedBy = [fallback ? `${id}-hint` : null, errors?.length ? `${id}-error` : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Input
        id={id}
        name={name}
        value={value}
        maxLength={max}
        placeholder={fallback}
        onChange={(e) => onChange(e.target.value)}
        aria-describedby={describedBy}
        aria-invalid={errors?.length ? true : undefined}
      />
      {fallback ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          Built-in text: {fallback}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The Images sub-tab: upload, library, manual entries, reorder (buttons, so the keyboard can), remove. */
function ImagesPanel({
  images,
  onChange,
  errors,
  imageOrigins,
  hiddenByLayout,
  onShowLayout,
}: {
  images: PageImage[];
  onChange: (images: PageImage[]) => void;
  errors?: string[];
  imageOrigins: ImageOrigins;
  /** The chosen layout's name when it shows none of these images. */
  hiddenByLayout: string | null;
  onShowLayout: () => void;
}) {
  // Entry messages appear once a save was refused, not while staff are still filling a new entry in.
  const showProblems = Boolean(errors?.length);
  const id = useId();
  const [announcement, setAnnouncement] = useState("");
  const [pickerOpen, setPickerOpen] = useState(false);
  const problems = useMemo(() => imageErrors(images, imageOrigins), [images, imageOrigins]);
  const moveRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const update = (index: number, changes: Partial<PageImage>) => onChange(images.map((img, i) => (i === index ? { ...img, ...changes } : img)));

  function add(fields: Partial<PageImage>, message: string) {
    const entry = newImageEntry(images, fields);
    onChange([...images, entry]);
    setAnnouncement(message);
    // Take the keyboard to the new entry's first field.
    requestAnimationFrame(() => document.getElementById(`${id}-${entry.id}-filename`)?.focus());
  }

  function move(index: number, by: number) {
    const next = moveImage(images, index, by);
    const moved = images[index]!;
    const to = next.findIndex((i) => i.id === moved.id);
    if (to === index) return;
    onChange(next);
    setAnnouncement(`${moved.alt || "Image"} moved to position ${to + 1} of ${next.length}`);
    // Keep focus on the same control of the moved entry (or its other arrow at the ends).
    requestAnimationFrame(() => {
      const same = moveRefs.current[`${moved.id}-${by < 0 ? "up" : "down"}`];
      const other = moveRefs.current[`${moved.id}-${by < 0 ? "down" : "up"}`];
      (same && !same.disabled ? same : other)?.focus();
    });
  }

  function remove(index: number) {
    const removed = images[index]!;
    onChange(renumber(images.filter((_, i) => i !== index)));
    setAnnouncement(`${removed.alt || "Image"} removed. Save Changes to remove it from the page.`);
  }

  return (
    <div className="grid gap-6">
      {hiddenByLayout ? (
        <Alert role="note">
          <AlertTitle>The page shows none of the images added here</AlertTitle>
          <AlertDescription>
            <p>
              Its layout is {hiddenByLayout}, which shows the words only. Choose another layout to show them; pictures
              given to the page's sections in the Page Images tab show with any layout.
            </p>
            <Button type="button" size="sm" variant="outline" className="mt-2" onClick={onShowLayout}>
              Choose a layout
            </Button>
          </AlertDescription>
        </Alert>
      ) : null}
      {/* Inside the editor's form, so a group of fields rather than a form of its own. */}
      <QuickImageUpload
        embedded
        heading="Upload an image"
        section="content-main"
        purpose="page-image"
        onUploaded={(file: UploadedImage) =>
          add(
            { filename: file.fileUrl, alt: file.altText, width: file.width ?? undefined, height: file.height ?? undefined },
            `Uploaded image added as image ${images.length + 1}`,
          )
        }
        className="rounded-lg border border-border p-4"
      />
      <div className="flex flex-wrap gap-2">
        <Button type="button" variant="outline" onClick={() => add({}, `Empty image entry added as image ${images.length + 1}`)}>
          <Plus aria-hidden="true" /> Add Manual Entry
        </Button>
        <Button type="button" variant="outline" onClick={() => setPickerOpen(true)}>
          <Library aria-hidden="true" /> Choose from library
        </Button>
      </div>
      <FieldError id={`${id}-errors`} errors={errors} />
      <p className="sr-only" aria-live="polite" role="status">
        {announcement}
      </p>
      {images.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">No images added yet...</p>
      ) : (
        <ol className="grid gap-4" aria-label="Page images">
          {images.map((image, index) => {
            const p = showProblems ? (problems[index] ?? {}) : {};
            const base = `${id}-${image.id}`;
            const name = image.alt || `Image ${index + 1}`;
            return (
              <li key={image.id} className="grid gap-4 rounded-lg border border-border p-4 md:grid-cols-[8rem_1fr]" aria-label={`Image ${index + 1}: ${name}`}>
                <div className="grid content-start gap-2">
                  {image.filename ? (
                    <img
                      src={resolveImageSrc(image.filename)}
                      alt=""
                      width={128}
                      height={96}
                      loading="lazy"
                      className="aspect-[4/3] w-full rounded-md border border-border bg-muted object-cover"
                    />
                  ) : (
                    <div className="flex aspect-[4/3] w-full items-center justify-center rounded-md border border-dashed border-border text-muted-foreground">
                      <ImagePlus aria-hidden="true" className="size-6" />
                    </div>
                  )}
                  <Badge variant="outline" className="justify-self-start">
                    Order: {image.order}
                  </Badge>
                </div>
                <div className="grid gap-3 sm:grid-cols-2">
                  <EntryField id={`${base}-filename`} label="Image URL/Filename" error={p.filename} className="sm:col-span-2">
                    {(props) => <Input {...props} value={image.filename} maxLength={LIMITS.filename} onChange={(e) => update(index, { filename: e.target.value })} />}
                  </EntryField>
                  <EntryField id={`${base}-alt`} label="Alt Text" error={p.alt}>
                    {(props) => <Input {...props} value={image.alt} maxLength={LIMITS.alt} onChange={(e) => update(index, { alt: e.target.value })} />}
                  </EntryField>
                  <EntryField id={`${base}-position`} label="Position" error={p.position}>
                    {(props) => (
                      <NativeSelect {...props} value={image.position} onChange={(e) => update(index, { position: e.target.value as PageImage["position"] })}>
                        {IMAGE_POSITIONS.map((pos) => (
                          <option key={pos} value={pos}>
                            {POSITION_LABELS[pos]}
                          </option>
                        ))}
                      </NativeSelect>
                    )}
                  </EntryField>
                  <EntryField id={`${base}-caption`} label="Caption (optional)" error={p.caption} className="sm:col-span-2">
                    {(props) => <Input {...props} value={image.caption} maxLength={LIMITS.caption} onChange={(e) => update(index, { caption: e.target.value })} />}
                  </EntryField>
                  <div className="flex flex-wrap gap-2 sm:col-span-2">
                    <Button
                      ref={(el) => {
                        moveRefs.current[`${image.id}-up`] = el;
                      }}
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={index === 0}
                      aria-label={`Move ${name} up`}
                      onClick={() => move(index, -1)}
                    >
                      <ArrowUp aria-hidden="true" /> Up
                    </Button>
                    <Button
                      ref={(el) => {
                        moveRefs.current[`${image.id}-down`] = el;
                      }}
                      type="button"
                      variant="outline"
                      size="sm"
                      disabled={index === images.length - 1}
                      aria-label={`Move ${name} down`}
                      onClick={() => move(index, 1)}
                    >
                      <ArrowDown aria-hidden="true" /> Down
                    </Button>
                    <Button type="button" variant="outline" size="sm" aria-label={`Remove ${name}`} onClick={() => remove(index)} className="text-destructive">
                      <Trash2 aria-hidden="true" /> Remove
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ol>
      )}
      <Dialog open={pickerOpen} onOpenChange={setPickerOpen}>
        <DialogContent className="max-w-4xl">
          <DialogHeader>
            <DialogTitle>Choose an image</DialogTitle>
            <DialogDescription>Pick an image from the media library to add to this page.</DialogDescription>
          </DialogHeader>
          <ImagePicker
            onSelect={(picked: PickerImage) => {
              setPickerOpen(false);
              add({ filename: picked.filename, alt: picked.alt, width: picked.width, height: picked.height }, `${picked.alt} added as image ${images.length + 1}`);
            }}
          />
        </DialogContent>
      </Dialog>
    </div>
  );
}

function EntryField({
  id,
  label,
  error,
  className,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  className?: string;
  children: (props: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode;
}) {
  return (
    <div className={cn("grid gap-1.5", className)}>
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": error ? `${id}-error` : undefined, "aria-invalid": error ? true : undefined })}
      {error ? <FieldError id={`${id}-error`} errors={error} /> : null}
    </div>
  );
}

export interface PageOption {
  id: string;
  title: string;
}

/**
 * Chooses the page to edit. A GET form, so it works before JavaScript
 * loads; with JavaScript, choosing is enough (the unsaved-changes guard
 * asks first if needed).
 */
export function PageSelector({
  groups,
  selected,
  onChoose,
  placeholder,
  label = "Page",
}: {
  groups: { label: string | null; pages: PageOption[] }[];
  selected: string | null;
  onChoose: (pageId: string) => void;
  placeholder?: string;
  label?: string;
}) {
  const id = useId();
  const options = (pages: PageOption[]) =>
    pages.map((p) => (
      <option key={p.id} value={p.id}>
        {p.title}
      </option>
    ));
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-64 flex-1 gap-2 sm:max-w-md">
        <Label htmlFor={`${id}-page`}>{label}</Label>
        <NativeSelect
          id={`${id}-page`}
          name="page"
          value={selected ?? ""}
          onChange={(e) => {
            if (e.target.value) onChoose(e.target.value);
          }}
        >
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {groups.map((g) =>
            g.label ? (
              <optgroup key={g.label} label={g.label}>
                {options(g.pages)}
              </optgroup>
            ) : (
              options(g.pages)
            ),
          )}
        </NativeSelect>
      </div>
      <noscript>
        <Button type="submit" variant="outline">
          Open page
        </Button>
      </noscript>
    </Form>
  );
}

/**
 * For the routes with the page editor, which key it by page and revision:
 * true once it shows another revision of the page it showed before (after
 * Save, Restore, or Discard after a refused save), for its `focusHeading`.
 * False for the first page shown and for a page newly chosen.
 */
export function useRevisionChanged(pageId: string | null, revision: number | null): boolean {
  const [shown, setShown] = useState({ pageId, revision, changed: false });
  if (shown.pageId === pageId && shown.revision === revision) return shown.changed;
  const changed = pageId !== null && shown.pageId === pageId;
  // Adjusting state while rendering, as React advises for a value derived from the previous props.
  setShown({ pageId, revision, changed });
  return changed;
}

/**
 * For the routes with the page editor: a restore refused because someone
 * saved meanwhile (409) reloads the page, so the list and the form show
 * their version. A refused save does not: the form keeps the admin's
 * edits and the version they started from, for Save anyway.
 */
export function editorShouldRevalidate({ formData, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === 409 && formData?.get("intent") === "restore" ? true : defaultShouldRevalidate;
}

/** Every saved version, newest first, each restorable with one click (a restore is a new version). */
export function RevisionList({
  pageId,
  revisions,
  current,
  dirty = false,
  headingLevel = "h3",
  wordsOnly = false,
}: {
  pageId: string;
  revisions: RevisionItem[];
  current: number;
  dirty?: boolean;
  headingLevel?: "h2" | "h3";
  /** Restoring here brings back a version's words only (its route's action restores them so). */
  wordsOnly?: boolean;
}) {
  const id = useId();
  const Heading = headingLevel;
  const navigation = useNavigation();
  const restoring = navigation.state === "submitting" && navigation.formData?.get("intent") === "restore" ? Number(navigation.formData.get("revision")) : null;
  const describe = (r: RevisionItem) =>
    r.restoredFrom === null ? "" : r.restoredFrom === 0 ? " (restored the built-in text)" : ` (restored revision ${r.restoredFrom})`;
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <Heading id={`${id}-heading`} className="text-lg font-semibold">
        Revisions
      </Heading>
      <p className="text-sm text-muted-foreground">
        Every save is kept. Restoring an earlier version saves it again as the newest, so nothing is lost.
        {wordsOnly ? " Here a restore brings back the words only: the page's images and layout stay as they are (the Pages tab restores them too)." : null}
      </p>
      {dirty ? <p className="text-sm font-medium">Save or discard your changes before restoring an earlier version.</p> : null}
      <ol className="grid gap-2">
        {[...revisions, { revision: 0, createdAt: "", createdByEmail: null, restoredFrom: null, heroTitle: "" }].map((r) => (
          <li key={r.revision} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border p-3 text-sm">
            <div>
              <span className="font-semibold">{r.revision === 0 ? "Built-in text" : `Revision ${r.revision}`}</span>
              {r.revision === current ? (
                <Badge variant="success" className="ml-2">
                  Current
                </Badge>
              ) : null}
              <p className="text-muted-foreground">
                {r.revision === 0
                  ? "The site's original copy"
                  : `${formatDateTime(r.createdAt)} by ${r.createdByEmail ?? "unknown"}${describe(r)}${r.heroTitle ? ` · “${r.heroTitle}”` : ""}`}
              </p>
            </div>
            {r.revision === current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value="restore" />
                <input type="hidden" name="pageId" value={pageId} />
                <input type="hidden" name="revision" value={r.revision} />
                {/* The version this list was drawn from: a save made since makes the restore ask first. */}
                <input type="hidden" name="baseRevision" value={current} />
                <Button type="submit" variant="outline" size="sm" disabled={dirty || restoring !== null}>
                  {restoring === r.revision ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                  Restore<span className="sr-only"> {r.revision === 0 ? "the built-in text" : `revision ${r.revision}`}</span>
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ol>
    </section>
  );
}
