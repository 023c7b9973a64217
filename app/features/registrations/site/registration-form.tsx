import type { ReactNode } from "react";
import { Form } from "react-router";
import { YOUTH_AGE_RANGE } from "#app/content/site";
import { Button } from "#app/components/ui/button";
import {
  REGISTRANTS,
  REGISTRATION_DECLARATION,
  REGISTRATION_PRIVACY_TEXT,
  REGISTRATION_PROGRAMMES,
  registrationPrivacyNote,
  SELF_REGISTRATION_MIN_AGE,
} from "#app/features/registrations/registration.schema";
import {
  CheckboxField,
  ChoiceGroup,
  ErrorSummary,
  fieldId,
  Honeypot,
  PrivacyNote,
  TextField,
  publicFormState,
  type PublicFormActionData,
} from "#app/features/public-forms/site/public-form";

export const REGISTRATION_FORM_LISTS = ["programmes"] as const;
const P = "register";

const PHOTO_OPTIONS = [
  { value: "yes", label: "Yes, you may take photos and videos of them at our activities and share them" },
  { value: "no", label: "No photos or videos, please" },
];

function Part({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="space-y-6 rounded-lg border border-border bg-card p-5 text-card-foreground sm:p-6">
      <h3 className="text-xl font-semibold">{title}</h3>
      {children}
    </div>
  );
}


/**
 * 'Register Your Child': written for a parent or carer on a phone. It asks
 * only what staff need to welcome a young person safely.
 */
export function RegistrationForm({
  actionData,
  today,
  retentionMonths,
  action,
  consent,
  privacy,
}: {
  actionData?: PublicFormActionData;
  today: string;
  retentionMonths: number;
  /** The route that checks the form, when it is shown on another page. */
  action?: string;
  /** Staff's wording for the declaration box and the privacy note; empty keeps the built-in words. */
  consent?: string;
  privacy?: string;
}) {
  const form = publicFormState(actionData);
  const order = [
    { name: "registrant", target: fieldId(P, "registrant", REGISTRANTS[0].value) },
    { name: "childName", target: fieldId(P, "childName") },
    { name: "childDateOfBirth", target: fieldId(P, "childDateOfBirth") },
    { name: "programmes", target: fieldId(P, "programmes", REGISTRATION_PROGRAMMES[0]!.value) },
    { name: "parentName", target: fieldId(P, "parentName") },
    { name: "parentPhone", target: fieldId(P, "parentPhone") },
    { name: "parentEmail", target: fieldId(P, "parentEmail") },
    { name: "emergencyName", target: fieldId(P, "emergencyName") },
    { name: "emergencyPhone", target: fieldId(P, "emergencyPhone") },
    { name: "needs", target: fieldId(P, "needs") },
    { name: "photoConsent", target: fieldId(P, "photoConsent", PHOTO_OPTIONS[0]!.value) },
    { name: "declaration", target: fieldId(P, "declaration") },
  ];
  return (
    <Form method="post" action={action} noValidate className="relative max-w-3xl space-y-8" aria-label="Register your child">
      <ErrorSummary errors={form.errors} formError={form.formError} order={order} />
      <Honeypot prefix={P} />
      <ChoiceGroup
        prefix={P}
        name="registrant"
        legend="Who is filling in this form?"
        hint={`Young people aged ${SELF_REGISTRATION_MIN_AGE} or over can register themselves. For anyone younger, a parent or carer must fill it in.`}
        type="radio"
        options={REGISTRANTS}
        selected={form.list("registrant")}
        errors={form.errors.registrant}
      />
      <Part title="About the young person">
        <TextField prefix={P} name="childName" label="Their full name" autoComplete="off" maxLength={100} errors={form.errors.childName} defaultValue={form.text("childName")} />
        <TextField
          prefix={P}
          name="childDateOfBirth"
          label="Their date of birth"
          hint={`Our programmes are for young people aged ${YOUTH_AGE_RANGE.min} to ${YOUTH_AGE_RANGE.max}. For example, 2012-03-27.`}
          type="date"
          autoComplete="off"
          max={today}
          errors={form.errors.childDateOfBirth}
          defaultValue={form.text("childDateOfBirth")}
        />
        <ChoiceGroup
          prefix={P}
          name="programmes"
          legend="Which activities are they interested in?"
          hint="Tick all that apply. You can change your mind later."
          type="checkbox"
          options={REGISTRATION_PROGRAMMES}
          selected={form.list("programmes")}
          errors={form.errors.programmes}
          columns
        />
      </Part>
      <Part title="Parent or carer">
        <p className="text-muted-foreground">We will contact this person about sessions, and if we ever need to.</p>
        <TextField prefix={P} name="parentName" label="Parent or carer's full name" autoComplete="name" maxLength={100} errors={form.errors.parentName} defaultValue={form.text("parentName")} />
        <TextField
          prefix={P}
          name="parentPhone"
          label="Parent or carer's phone number"
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maxLength={20}
          errors={form.errors.parentPhone}
          defaultValue={form.text("parentPhone")}
        />
        <TextField
          prefix={P}
          name="parentEmail"
          label="Parent or carer's email address"
          type="email"
          autoComplete="email"
          inputMode="email"
          maxLength={254}
          optional
          errors={form.errors.parentEmail}
          defaultValue={form.text("parentEmail")}
        />
      </Part>
      <Part title="Emergency contact">
        <p className="text-muted-foreground">Someone we can call in an emergency if we cannot reach the parent or carer.</p>
        <TextField prefix={P} name="emergencyName" label="Emergency contact's full name" autoComplete="off" maxLength={100} errors={form.errors.emergencyName} defaultValue={form.text("emergencyName")} />
        <TextField
          prefix={P}
          name="emergencyPhone"
          label="Emergency contact's phone number"
          type="tel"
          autoComplete="off"
          inputMode="tel"
          maxLength={20}
          errors={form.errors.emergencyPhone}
          defaultValue={form.text("emergencyPhone")}
        />
      </Part>
      <Part title="Health and photos">
        <TextField
          prefix={P}
          name="needs"
          label="Medical or additional needs"
          hint="Anything that helps us keep them safe and included, such as allergies, medication or support needs. Leave it empty if there is nothing."
          multiline
          rows={4}
          maxLength={2000}
          optional
          errors={form.errors.needs}
          defaultValue={form.text("needs")}
        />
        <ChoiceGroup
          prefix={P}
          name="photoConsent"
          legend="May we take photos or videos of them?"
          hint="We sometimes share pictures of our activities on our website and social media. Saying no does not stop them taking part."
          type="radio"
          options={PHOTO_OPTIONS}
          selected={form.list("photoConsent")}
          errors={form.errors.photoConsent}
        />
      </Part>
      <CheckboxField prefix={P} name="declaration" label={consent || REGISTRATION_DECLARATION} errors={form.errors.declaration} checked={form.text("declaration") === "yes"} />
      <PrivacyNote>{registrationPrivacyNote(privacy || REGISTRATION_PRIVACY_TEXT, retentionMonths)}</PrivacyNote>
      <Button type="submit" size="lg" data-busy-label="Sending...">
        Send registration
      </Button>
    </Form>
  );
}
