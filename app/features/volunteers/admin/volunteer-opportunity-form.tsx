import { useState } from "react";
import { Form, Link, useNavigation } from "react-router";
import { useFormLeaveGuard } from "#app/features/admin/unsaved-changes-guard";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { VOLUNTEER_TYPES } from "#app/content/site";
import type { FieldErrors } from "#app/web/parse-form";
import { opportunitySchema } from "#app/features/volunteers/volunteer.schema";
import { z } from "zod";

export interface OpportunityFormValues {
  title: string;
  type: string;
  timeCommitment: string;
  skills: string;
  description: string;
  /** When editing: the role's edit version as the form was opened (empty for a new role). */
  version?: string;
}

function Row({ id, label, hint, errors, required, children }: { id: string; label: string; hint?: string; errors?: string[]; required?: boolean; children: React.ReactNode }) {
  return (
    <div className="grid gap-2">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {children}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
    </div>
  );
}

/** The volunteer opportunity form: title, type, time commitment, required skills, description. */
export function VolunteerOpportunityForm({
  values,
  serverErrors,
  unsaved = false,
  submitLabel,
}: {
  values: OpportunityFormValues;
  serverErrors?: FieldErrors;
  /** The values are what a refused save sent back. */
  unsaved?: boolean;
  submitLabel: string;
}) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const leave = useFormLeaveGuard({ values, unsavedAtStart: unsaved });
  const errors = clientErrors ?? serverErrors ?? {};
  const busy = useNavigation().state === "submitting";
  const aria = (name: string, hint = false) => ({
    "aria-invalid": errors[name]?.length ? true : undefined,
    "aria-describedby": [hint ? `${name}-hint` : "", errors[name]?.length ? `${name}-error` : ""].filter(Boolean).join(" ") || undefined,
  });
  return (
    <>
      <Form
        ref={leave.formRef}
        method="post"
        noValidate
        className="grid max-w-2xl gap-5"
        onSubmit={(event) => {
          const raw = Object.fromEntries([...new FormData(event.currentTarget)].filter(([, v]) => typeof v === "string"));
          const result = opportunitySchema.safeParse(raw);
          if (result.success) {
            setClientErrors(null);
            leave.guardSubmit(event);
            return;
          }
          event.preventDefault();
          const found = z.flattenError(result.error).fieldErrors as FieldErrors;
          setClientErrors(found);
          const first = Object.keys(found)[0];
          if (first) (event.currentTarget.elements.namedItem(first) as HTMLElement | null)?.focus();
        }}
      >
        {Object.keys(errors).length > 0 ? (
          <p role="alert" className="rounded-md border border-destructive px-3 py-2 text-sm font-medium text-destructive">
            Nothing was saved: please correct the fields marked below.
          </p>
        ) : null}
        {values.version ? <input type="hidden" name="version" value={values.version} /> : null}
        <Row id="title" label="Title" required errors={errors.title}>
          <Input id="title" name="title" defaultValue={values.title} maxLength={120} required {...aria("title")} />
        </Row>
        <Row id="type" label="Type" required errors={errors.type}>
          <NativeSelect id="type" name="type" defaultValue={values.type} required {...aria("type")}>
            {VOLUNTEER_TYPES.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </NativeSelect>
        </Row>
        <Row id="timeCommitment" label="Time commitment" hint="For example: Saturday mornings, or Flexible." required errors={errors.timeCommitment}>
          <Input id="timeCommitment" name="timeCommitment" defaultValue={values.timeCommitment} maxLength={120} required {...aria("timeCommitment", true)} />
        </Row>
        <Row id="skills" label="Required skills" hint="One per line. Leave empty if none are needed." errors={errors.skills}>
          <Textarea id="skills" name="skills" rows={4} defaultValue={values.skills} {...aria("skills", true)} />
        </Row>
        <Row id="description" label="Description" required errors={errors.description}>
          <Textarea id="description" name="description" rows={5} maxLength={2000} defaultValue={values.description} required {...aria("description")} />
        </Row>
        <div className="flex flex-wrap gap-3">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving..." : submitLabel}
          </Button>
          <Button asChild variant="outline">
            <Link to="/admin/volunteers#roles">Cancel</Link>
          </Button>
        </div>
      </Form>
      {leave.dialog}
    </>
  );
}
