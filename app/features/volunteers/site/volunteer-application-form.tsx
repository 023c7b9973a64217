import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import {
  ANY_ROLE,
  ANY_ROLE_LABEL,
  AVAILABILITY_OPTIONS,
  VOLUNTEER_CONSENT_TEXT,
  VOLUNTEER_PRIVACY_TEXT,
} from "#app/features/volunteers/volunteer.schema";
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

export const VOLUNTEER_FORM_LISTS = ["roles", "availability"] as const;
const P = "volunteer";

/** 'Apply to Volunteer': a plain form that works before (or without) JavaScript. */
export function VolunteerApplicationForm({
  roles,
  preselected,
  actionData,
  action,
  consent,
  privacy,
}: {
  roles: { id: string; title: string }[];
  preselected: string[];
  actionData?: PublicFormActionData;
  /** The route that checks the form, when it is shown on another page. */
  action?: string;
  /** Staff's wording for the consent box and the privacy note; empty keeps the built-in words. */
  consent?: string;
  privacy?: string;
}) {
  const form = publicFormState(actionData);
  const roleOptions = [...roles.map((r) => ({ value: r.id, label: r.title })), { value: ANY_ROLE, label: ANY_ROLE_LABEL }];
  const order = [
    { name: "name", target: fieldId(P, "name") },
    { name: "email", target: fieldId(P, "email") },
    { name: "phone", target: fieldId(P, "phone") },
    { name: "roles", target: fieldId(P, "roles", roleOptions[0]!.value) },
    { name: "availability", target: fieldId(P, "availability", AVAILABILITY_OPTIONS[0].value) },
    { name: "message", target: fieldId(P, "message") },
    { name: "consent", target: fieldId(P, "consent") },
  ];
  return (
    <Form method="post" action={action} noValidate className="relative max-w-2xl space-y-6" aria-label="Apply to volunteer">
      <ErrorSummary errors={form.errors} formError={form.formError} order={order} />
      <Honeypot prefix={P} />
      <TextField prefix={P} name="name" label="Your full name" autoComplete="name" maxLength={100} errors={form.errors.name} defaultValue={form.text("name")} />
      <TextField
        prefix={P}
        name="email"
        label="Email address"
        hint="We will send a copy of your application here."
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        errors={form.errors.email}
        defaultValue={form.text("email")}
      />
      <TextField
        prefix={P}
        name="phone"
        label="Phone number"
        hint="So we can call you about your application."
        type="tel"
        autoComplete="tel"
        inputMode="tel"
        maxLength={20}
        optional
        errors={form.errors.phone}
        defaultValue={form.text("phone")}
      />
      <ChoiceGroup
        prefix={P}
        name="roles"
        legend="Which roles interest you?"
        hint="Tick all that apply."
        type="checkbox"
        options={roleOptions}
        selected={form.list("roles") ?? preselected}
        errors={form.errors.roles}
      />
      <ChoiceGroup
        prefix={P}
        name="availability"
        legend="When are you available?"
        hint="Tick all that apply."
        type="checkbox"
        options={AVAILABILITY_OPTIONS}
        selected={form.list("availability")}
        errors={form.errors.availability}
        columns
      />
      <TextField
        prefix={P}
        name="message"
        label="Tell us a little about yourself"
        hint="For example, any experience with young people, sport or events. Up to 1000 characters."
        multiline
        rows={5}
        maxLength={1000}
        optional
        errors={form.errors.message}
        defaultValue={form.text("message")}
      />
      <CheckboxField prefix={P} name="consent" label={consent || VOLUNTEER_CONSENT_TEXT} errors={form.errors.consent} checked={form.text("consent") === "yes"} />
      <PrivacyNote>{privacy || VOLUNTEER_PRIVACY_TEXT}</PrivacyNote>
      <Button type="submit" size="lg" data-busy-label="Sending...">
        Send my application
      </Button>
    </Form>
  );
}
