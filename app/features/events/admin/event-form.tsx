import { useState } from "react";
import { ImageUp, Library, Trash2 } from "lucide-react";
import { ImagePicker } from "#app/features/media/admin/image-picker";
import { QuickImageUpload } from "#app/features/media/admin/quick-image-upload";
import { FieldError } from "#app/components/ui/field-error";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { Field, RecordForm, type RecordFormInput } from "#app/features/admin/record-fields";
import { EVENT_CATEGORIES } from "#app/content/site";
import { eventSchema } from "#app/features/events/event.schema";
import type { FieldErrors } from "#app/web/parse-form";

export interface EventFormValues {
  title: string;
  category: string;
  regular: boolean;
  date: string;
  time: string;
  scheduleNote: string;
  location: string;
  description: string;
  imageUrl: string;
  imageAlt: string;
  published: boolean;
  /**
   * When editing: the event's updated_at as the form was opened, sent back
   * so a save made meanwhile (an unpublish) is not overwritten unseen.
   */
  updatedAt: string;
}

export const EMPTY_EVENT: EventFormValues = {
  title: "",
  category: "",
  regular: false,
  date: "",
  time: "",
  scheduleNote: "",
  location: "",
  description: "",
  imageUrl: "",
  imageAlt: "",
  published: true,
  updatedAt: "",
};

/** Create or edit an event (eventSchema says which fields are required). */
export function EventForm(input: RecordFormInput<EventFormValues>) {
  const { values, editingId } = input;
  const [regular, setRegular] = useState(values.regular);
  return (
    <RecordForm
      {...input}
      schema={eventSchema}
      submitLabel="Create event"
      headingId="event-form-heading"
      heading={editingId ? "Edit event" : "Create an event"}
    >
      {(errors) => (
        <>
          {editingId ? <input type="hidden" name="updatedAt" value={values.updatedAt} /> : null}
          <Field id="title" label="Title" required errors={errors.title}>
            {(p) => <Input {...p} defaultValue={values.title} autoComplete="off" maxLength={160} />}
          </Field>
          <Field id="category" label="Category" required errors={errors.category}>
            {(p) => (
              <NativeSelect {...p} defaultValue={values.category}>
                <option value="">Choose a category</option>
                {EVENT_CATEGORIES.map((c) => (
                  <option key={c.value} value={c.value}>
                    {c.label}
                  </option>
                ))}
              </NativeSelect>
            )}
          </Field>
          <div className="flex items-start gap-3">
            <input
              type="checkbox"
              id="regular"
              name="regular"
              defaultChecked={values.regular}
              onChange={(e) => setRegular(e.currentTarget.checked)}
              aria-describedby="regular-hint"
              className="mt-1 size-5 accent-primary"
            />
            <div>
              <label htmlFor="regular" className="text-sm font-medium">
                Regular session with no single date
              </label>
              <p id="regular-hint" className="text-sm text-muted-foreground">
                For sessions that repeat, like a weekly workshop. Give the schedule instead; a date is then optional.
              </p>
            </div>
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="date" label="Date" required={!regular} errors={errors.date} hint="UK time.">
              {(p) => <Input {...p} type="date" defaultValue={values.date} />}
            </Field>
            <Field id="time" label="Time" required={!regular} errors={errors.time}>
              {(p) => <Input {...p} type="time" defaultValue={values.time} />}
            </Field>
          </div>
          <Field id="scheduleNote" label="Schedule" required={regular} errors={errors.scheduleNote} hint="e.g. Weekly, Monthly, Every Tuesday after school.">
            {(p) => <Input {...p} defaultValue={values.scheduleNote} autoComplete="off" maxLength={80} />}
          </Field>
          <Field id="location" label="Location" required errors={errors.location}>
            {(p) => <Input {...p} defaultValue={values.location} autoComplete="off" maxLength={200} />}
          </Field>
          <Field id="description" label="Description" required errors={errors.description} hint="Paragraphs, **bold**, *italic*, lists starting with - and [links](/contact) are supported.">
            {(p) => <Textarea {...p} defaultValue={values.description} rows={6} maxLength={5000} />}
          </Field>
          <EventImageField key={values.imageUrl} imageUrl={values.imageUrl} imageAlt={values.imageAlt} errors={errors} />
          <div className="flex items-center gap-3">
            <input type="checkbox" id="published" name="published" defaultChecked={values.published} className="size-5 accent-primary" />
            <label htmlFor="published" className="text-sm font-medium">
              Published (shown on News and Events)
            </label>
          </div>
        </>
      )}
    </RecordForm>
  );
}

/**
 * The event's optional picture, chosen from the media library (the image
 * picker) or uploaded on the spot, never typed: the server accepts only a
 * picture the site holds. Shows the chosen picture with a way to remove it.
 */
function EventImageField({ imageUrl, imageAlt, errors }: { imageUrl: string; imageAlt: string; errors: FieldErrors }) {
  const [chosen, setChosen] = useState<{ src: string; alt: string; id?: string } | null>(imageUrl ? { src: imageUrl, alt: imageAlt } : null);
  const [alt, setAlt] = useState(imageAlt);
  const [source, setSource] = useState<"existing" | "upload" | null>(null);
  const choose = (image: { id: string; src: string; alt: string }) => {
    setChosen(image);
    setAlt(image.alt);
    setSource(null);
  };
  const imageErrors = errors.imageUrl;
  return (
    <fieldset className="grid gap-4 rounded-md border border-border p-4">
      <legend className="px-1 text-sm font-medium">Image (optional)</legend>
      <input type="hidden" name="imageUrl" value={chosen?.src ?? ""} />
      {chosen ? (
        <div className="grid gap-3">
          <img
            src={chosen.src}
            alt=""
            width={320}
            height={180}
            className="aspect-video w-full max-w-xs rounded-md border border-border bg-muted object-cover"
          />
          <p className="text-sm">
            Chosen: <span className="font-semibold">{chosen.alt || chosen.src}</span>
          </p>
          <Field
            id="imageAlt"
            label="Image description (alt text)"
            errors={errors.imageAlt}
            hint="What the picture shows, for people who cannot see it. Starts as the library's description."
          >
            {(p) => <Input {...p} value={alt} onChange={(e) => setAlt(e.target.value)} autoComplete="off" maxLength={300} />}
          </Field>
        </div>
      ) : (
        <p className="text-sm text-muted-foreground">No image: the event shows without a picture.</p>
      )}
      <FieldError id="imageUrl-error" errors={imageErrors} />
      <div className="flex flex-wrap gap-2" role="group" aria-label="Event image">
        <Button
          type="button"
          variant={source === "existing" ? "default" : "outline"}
          aria-pressed={source === "existing"}
          onClick={() => setSource(source === "existing" ? null : "existing")}
        >
          <Library aria-hidden="true" /> Choose from the library
        </Button>
        <Button
          type="button"
          variant={source === "upload" ? "default" : "outline"}
          aria-pressed={source === "upload"}
          onClick={() => setSource(source === "upload" ? null : "upload")}
        >
          <ImageUp aria-hidden="true" /> Upload new
        </Button>
        {chosen ? (
          <Button type="button" variant="outline" className="text-destructive" onClick={() => setChosen(null)}>
            <Trash2 aria-hidden="true" /> Remove image
          </Button>
        ) : null}
      </div>
      {source === "existing" ? (
        <ImagePicker
          initialCategory="all"
          selectedId={chosen?.id ?? null}
          onSelect={(image) => choose({ id: image.id, src: image.filename, alt: image.alt })}
        />
      ) : source === "upload" ? (
        <QuickImageUpload
          heading="Upload an image for this event"
          category="general"
          onUploaded={(file) => choose({ id: file.id, src: file.fileUrl, alt: file.altText })}
          embedded
          className="rounded-lg border border-border p-4"
        />
      ) : null}
    </fieldset>
  );
}
