import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { Field, FormErrorSummary, useSchemaCheck } from "#app/components/admin/record-fields";
import { EVENT_CATEGORIES } from "#app/content/site";
import { eventSchema } from "#app/lib/schemas/event";
import type { FieldErrors } from "#app/lib/schemas/parse-form";

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
};

/** Create or edit an event (SPEC §3 fields, §5 required ones). */
export function EventForm({
  editingId,
  values,
  errors: serverErrors,
  cancelHref,
}: {
  editingId: string | null;
  values: EventFormValues;
  errors?: FieldErrors;
  cancelHref: string;
}) {
  const { errors, onSubmit } = useSchemaCheck(eventSchema, serverErrors);
  const [regular, setRegular] = useState(values.regular);
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === (editingId ? "update" : "create");
  return (
    <Form method="post" noValidate onSubmit={onSubmit} className="grid gap-4" aria-labelledby="event-form-heading">
      <h3 id="event-form-heading" className="text-lg font-semibold">
        {editingId ? "Edit event" : "Create an event"}
      </h3>
      <FormErrorSummary errors={errors} />
      <input type="hidden" name="intent" value={editingId ? "update" : "create"} />
      {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
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
      <fieldset className="grid gap-4 rounded-md border border-border p-4">
        <legend className="px-1 text-sm font-medium">Image (optional)</legend>
        <Field id="imageUrl" label="Image address" errors={errors.imageUrl} hint="A picture from the media library (its /media/… address) or a web address.">
          {(p) => <Input {...p} defaultValue={values.imageUrl} autoComplete="off" inputMode="url" />}
        </Field>
        <Field id="imageAlt" label="Image description (alt text)" errors={errors.imageAlt} hint="What the picture shows, for people who cannot see it.">
          {(p) => <Input {...p} defaultValue={values.imageAlt} autoComplete="off" maxLength={300} />}
        </Field>
      </fieldset>
      <div className="flex items-center gap-3">
        <input type="checkbox" id="published" name="published" defaultChecked={values.published} className="size-5 accent-primary" />
        <label htmlFor="published" className="text-sm font-medium">
          Published (shown on News and Events)
        </label>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : editingId ? "Save changes" : "Create event"}
        </Button>
        {editingId ? (
          <Button asChild variant="outline">
            <Link to={cancelHref}>Cancel</Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
