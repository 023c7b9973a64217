import { Input } from "#app/components/ui/input";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { Field, RecordForm, type RecordFormInput } from "#app/features/admin/record-fields";
import { TESTIMONIAL_COLORS, TESTIMONIAL_RATINGS, testimonialSchema } from "#app/features/testimonials/testimonial.schema";

export interface TestimonialFormValues {
  name: string;
  role: string;
  rating: string;
  text: string;
  color: string;
  /** When editing: the testimonial's edit version as the form was opened. */
  version: string;
}

export const EMPTY_TESTIMONIAL: TestimonialFormValues = { name: "", role: "", rating: "5", text: "", color: "primary", version: "" };

/** Add or edit a testimonial. New ones wait as Pending until approved. */
export function TestimonialForm(input: RecordFormInput<TestimonialFormValues>) {
  const { values, editingId } = input;
  return (
    <RecordForm
      {...input}
      schema={testimonialSchema}
      submitLabel="Add testimonial"
      headingId="testimonial-form-heading"
      heading={editingId ? "Edit testimonial" : "Add a testimonial"}
    >
      {(errors) => (
        <>
          <Field id="name" label="Name" required errors={errors.name} hint="As the person agreed to be named, e.g. a first name or 'Parent'.">
            {(p) => <Input {...p} defaultValue={values.name} autoComplete="off" maxLength={120} />}
          </Field>
          <Field id="role" label="Role" errors={errors.role} hint="Optional, e.g. 'Parent of a young person at our youth sessions'.">
            {(p) => <Input {...p} defaultValue={values.role} autoComplete="off" maxLength={160} />}
          </Field>
          <Field id="text" label="Text" required errors={errors.text}>
            {(p) => <Textarea {...p} defaultValue={values.text} rows={5} maxLength={2000} />}
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field id="rating" label="Rating" errors={errors.rating}>
              {(p) => (
                <NativeSelect {...p} defaultValue={values.rating}>
                  <option value="">No rating</option>
                  {TESTIMONIAL_RATINGS.map((r) => (
                    <option key={r} value={String(r)}>
                      {r} out of 5
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
            <Field id="color" label="Colour" errors={errors.color}>
              {(p) => (
                <NativeSelect {...p} defaultValue={values.color}>
                  {TESTIMONIAL_COLORS.map((c) => (
                    <option key={c.value} value={c.value}>
                      {c.label}
                    </option>
                  ))}
                </NativeSelect>
              )}
            </Field>
          </div>
        </>
      )}
    </RecordForm>
  );
}
