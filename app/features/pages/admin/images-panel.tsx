import { useId, useMemo, useRef, useState, type ReactNode } from "react";
import { ArrowDown, ArrowUp, ImagePlus, Library, Plus, Trash2 } from "lucide-react";
import { ImagePicker } from "#app/features/media/admin/image-picker";
import { type PickerImage } from "#app/features/media/picker-image";
import { QuickImageUpload, type UploadedImage } from "#app/features/media/admin/quick-image-upload";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "#app/components/ui/dialog";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { cn } from "#app/components/ui/utils";
import { IMAGE_POSITIONS, type PageImage } from "#app/content/types";
import { resolveImageSrc } from "#app/features/pages/page-image-src";
import { imageErrors, LIMITS, moveImage, newImageEntry, renumber, type ImageOrigins } from "#app/features/pages/page-content.schema";

const POSITION_LABELS: Record<string, string> = { hero: "Hero", inline: "Inline", sidebar: "Sidebar", gallery: "Gallery" };

/** The Images sub-tab: upload, library, manual entries, reorder (buttons, so the keyboard can), remove. */
export function ImagesPanel({
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
