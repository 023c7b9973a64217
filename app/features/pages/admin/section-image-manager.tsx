import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { CheckCircle2, ImageUp, Library, Loader2, Trash2 } from "lucide-react";
import { ImagePicker } from "#app/features/media/admin/image-picker";
import { type PickerImage } from "#app/features/media/picker-image";
import { QuickImageUpload, type UploadedImage } from "#app/features/media/admin/quick-image-upload";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { cn } from "#app/components/ui/utils";

export interface SectionState {
  section: string;
  label: string;
  /** The image assigned now, if any. */
  assigned: { src: string; alt: string } | null;
}

interface Chosen {
  id: string;
  src: string;
  alt: string;
}

/**
 * The Page Images tab (and Serving Humanity's 'Browse & Apply Images'):
 * step 1 choose a section, step 2 either 'Select Existing' (the image
 * picker, opening on the humanitarian category) or 'Upload New'; 'Apply
 * Image' appears once both are chosen, and the assignment is saved at once
 * (the public page shows it on its next view).
 */
export function SectionImageManager({
  pageId,
  pageTitle,
  sections,
  errors,
  view,
  initialCategory = "humanitarian",
}: {
  pageId: string;
  pageTitle: string;
  sections: SectionState[];
  errors?: Partial<Record<string, string[]>>;
  /** Sent back with the form so the tab reopens on the same view. */
  view?: string;
  initialCategory?: string;
}) {
  const id = useId();
  const [section, setSection] = useState<string | null>(null);
  const [source, setSource] = useState<"existing" | "upload">("existing");
  const [chosen, setChosen] = useState<Chosen | null>(null);
  const navigation = useNavigation();
  const applying = navigation.state === "submitting" && navigation.formData?.get("intent") === "apply";
  const current = sections.find((s) => s.section === section);

  return (
    <div className="grid gap-6">
      <fieldset className="grid gap-3">
        <legend className="mb-2 text-lg font-semibold">1. Choose a section of {pageTitle}</legend>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {sections.map((s) => (
            <label
              key={s.section}
              className={cn(
                "flex min-h-11 cursor-pointer items-start gap-3 rounded-lg border-2 p-3 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring",
                section === s.section ? "border-primary bg-primary/5" : "border-border",
              )}
            >
              <input
                type="radio"
                name={`${id}-section`}
                value={s.section}
                checked={section === s.section}
                onChange={() => setSection(s.section)}
                className="mt-1 size-4 accent-primary"
              />
              <span className="grid flex-1 gap-2">
                <span className="flex flex-wrap items-center gap-2 font-semibold">
                  {s.label}
                  {s.assigned ? (
                    <Badge variant="success">
                      <CheckCircle2 aria-hidden="true" className="size-3" /> Image assigned
                    </Badge>
                  ) : null}
                </span>
                {s.assigned ? (
                  <img src={s.assigned.src} alt={s.assigned.alt} width={160} height={120} loading="lazy" className="aspect-[4/3] w-40 rounded-md border border-border object-cover" />
                ) : (
                  <span className="text-sm text-muted-foreground">Shows its default picture</span>
                )}
              </span>
            </label>
          ))}
        </div>
      </fieldset>

      {current?.assigned ? (
        <Form method="post" className="flex flex-wrap items-center gap-3">
          <input type="hidden" name="intent" value="clear" />
          <input type="hidden" name="pageId" value={pageId} />
          <input type="hidden" name="section" value={current.section} />
          {view ? <input type="hidden" name="view" value={view} /> : null}
          <Button type="submit" variant="outline" size="sm" className="text-destructive">
            <Trash2 aria-hidden="true" /> Remove the {current.label} image
          </Button>
        </Form>
      ) : null}

      <section aria-labelledby={`${id}-step2`} className="grid gap-4">
        <h3 id={`${id}-step2`} className="text-lg font-semibold">
          2. Choose the image
        </h3>
        <div className="flex flex-wrap gap-2" role="group" aria-label="Image source">
          <Button type="button" variant={source === "existing" ? "default" : "outline"} aria-pressed={source === "existing"} onClick={() => setSource("existing")}>
            <Library aria-hidden="true" /> Select Existing
          </Button>
          <Button type="button" variant={source === "upload" ? "default" : "outline"} aria-pressed={source === "upload"} onClick={() => setSource("upload")}>
            <ImageUp aria-hidden="true" /> Upload New
          </Button>
        </div>
        {source === "existing" ? (
          <ImagePicker
            initialCategory={initialCategory}
            selectedId={chosen?.id ?? null}
            onSelect={(image: PickerImage) => setChosen({ id: image.id, src: image.filename, alt: image.alt })}
          />
        ) : (
          <QuickImageUpload
            heading="Upload a new image"
            section={section ?? "general"}
            category={initialCategory}
            purpose="page-image"
            onUploaded={(file: UploadedImage) => setChosen({ id: file.id, src: file.fileUrl, alt: file.altText })}
            className="rounded-lg border border-border p-4"
          />
        )}
      </section>

      <div aria-live="polite" className="grid gap-3">
        {section && chosen ? (
          <Form method="post" className="flex flex-wrap items-center gap-4 rounded-lg border border-border bg-muted/50 p-4">
            <input type="hidden" name="intent" value="apply" />
            <input type="hidden" name="pageId" value={pageId} />
            <input type="hidden" name="section" value={section} />
            <input type="hidden" name="imageId" value={chosen.id} />
            {view ? <input type="hidden" name="view" value={view} /> : null}
            <img src={chosen.src} alt="" width={96} height={72} className="aspect-[4/3] w-24 rounded-md border border-border object-cover" />
            <p className="flex-1 text-sm">
              Apply <span className="font-semibold">{chosen.alt}</span> to the <span className="font-semibold">{current?.label ?? section}</span> section.
            </p>
            <Button type="submit" disabled={applying}>
              {applying ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Apply Image
            </Button>
          </Form>
        ) : (
          <p className="text-sm text-muted-foreground">
            {section ? "Now choose or upload an image." : chosen ? "Now choose a section." : "Choose a section and an image to apply it."}
          </p>
        )}
        <ApplyErrors id={`${id}-apply-error`} errors={errors} />
      </div>
    </div>
  );
}

/**
 * Serving Humanity's Direct Upload: an uploader per section. The upload is
 * saved to the library at once; "Use it for {section}" then puts it in the
 * section ('Image Updated'), so a wrong file never reaches the public page.
 */
export function DirectSectionUpload({
  pageId,
  section,
  label,
  view,
  errors,
}: {
  pageId: string;
  section: SectionState;
  label: string;
  view: string;
  /** Why applying an image to this section was refused (SectionImageActionData, for this section only). */
  errors?: Partial<Record<string, string[]>>;
}) {
  const id = useId();
  const [pending, setPending] = useState<UploadedImage | null>(null);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("section") === section.section;
  return (
    <div className="grid gap-3 rounded-lg border border-border p-4">
      <QuickImageUpload heading={label} section={section.section} category="humanitarian" purpose="page-image" onUploaded={setPending} />
      {section.assigned ? (
        <p className="flex items-center gap-2 text-sm">
          <Badge variant="success">Image assigned</Badge> Now showing: {section.assigned.alt}
        </p>
      ) : null}
      {pending ? (
        <Form method="post" className="flex flex-wrap items-center gap-3" reloadDocument={false}>
          <input type="hidden" name="intent" value="direct" />
          <input type="hidden" name="pageId" value={pageId} />
          <input type="hidden" name="section" value={section.section} />
          <input type="hidden" name="imageId" value={pending.id} />
          <input type="hidden" name="view" value={view} />
          <p className="text-sm">
            Uploaded: <span className="font-semibold">{pending.altText}</span>
          </p>
          <Button type="submit" disabled={busy}>
            Use it for {section.label}
          </Button>
        </Form>
      ) : null}
      <ApplyErrors id={`${id}-error`} errors={errors} />
    </div>
  );
}

/**
 * Why the server refused to apply an image (the section, the image, its
 * address or alt text), by the form that sent it. An alert, so a screen
 * reader says it at once: the page itself stays as it was.
 */
function ApplyErrors({ id, errors }: { id: string; errors?: Partial<Record<string, string[]>> }) {
  const messages = [...new Set(Object.values(errors ?? {}).flatMap((list) => list ?? []))];
  return (
    <div id={id} role="alert" className="text-sm font-medium text-destructive">
      {messages.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
