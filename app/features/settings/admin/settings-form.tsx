import { Form, useNavigation } from "react-router";
import { Loader2, Save } from "lucide-react";
import { useFormLeaveGuard } from "#app/features/admin/unsaved-changes-guard";
import { Field } from "#app/features/admin/record-fields";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { MAIL_RETENTION_LIMITS, RETENTION_LIMITS } from "#app/features/pages/page-content.schema";
import type { FieldErrors } from "#app/web/parse-form";
import { SettingsGroup } from "./settings-group";
import { SaveErrorSummary } from "./save-error-summary";

export type SettingsValues = Record<string, string>;

/** Each field's label, shared by the field and the summary of a refused save that links to it. */
const LABELS: Record<string, string> = {
  charityName: "Charity name",
  tagline: "Tagline",
  charityNumber: "Registered charity number",
  phone: "Phone",
  email: "E-mail",
  postalAddress: "Postal address",
  youtube: "YouTube",
  instagram: "Instagram",
  twitter: "Twitter/X",
  tiktok: "TikTok",
  snapchat: "Snapchat",
  mapQuery: "Map label",
  mapLatitude: "Latitude",
  mapLongitude: "Longitude",
  donationUrl: "One-time donation link",
  monthlyDonationUrl: "Monthly donation link",
  registrationRetentionMonths: "Keep registrations for (months)",
  mailRetentionMonths: "Keep copies of e-mails for (months)",
};


/**
 * The Settings area's form: every value the footer, contact and donate pages
 * read, and the version of the settings it was opened at (kept through a
 * refused save, so that saving again cannot overwrite a colleague's either).
 */
export function SettingsForm({ values, version, errors, unsaved = false }: { values: SettingsValues; version: string; errors?: FieldErrors; unsaved?: boolean }) {
  const leave = useFormLeaveGuard({ values, unsavedAtStart: unsaved });
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const text = (name: string, options: { hint?: string; type?: string; required?: boolean; autoComplete?: string; inputMode?: "tel" | "email" | "url" | "decimal" | "numeric" } = {}) => (
    <Field id={name} label={LABELS[name] ?? name} hint={options.hint} errors={errors?.[name]} required={options.required}>
      {(props) => (
        <Input
          {...props}
          type={options.type ?? "text"}
          defaultValue={values[name] ?? ""}
          autoComplete={options.autoComplete ?? "off"}
          inputMode={options.inputMode}
        />
      )}
    </Field>
  );
  return (
    <>
      <Form ref={leave.formRef} method="post" className="grid gap-6" noValidate onSubmit={leave.guardSubmit}>
        <input type="hidden" name="version" value={values.version ?? version} />
        <SaveErrorSummary errors={errors} labels={LABELS} />
        <SettingsGroup title="The charity">
          {text("charityName", { required: true })}
          {text("tagline", { hint: "Shown in the footer under the charity's name." })}
          {text("charityNumber", { hint: "Shown in the footer when set." })}
        </SettingsGroup>
        <SettingsGroup title="Contact details" description="Shown in the footer and on the Contact page.">
          {text("phone", { type: "tel", inputMode: "tel" })}
          {text("email", { type: "email", inputMode: "email" })}
          <Field id="postalAddress" label={LABELS.postalAddress!} errors={errors?.postalAddress}>
            {(props) => <Textarea {...props} rows={4} defaultValue={values.postalAddress ?? ""} />}
          </Field>
        </SettingsGroup>
        <SettingsGroup title="Social links" description="Full addresses starting with https://. Leave empty to hide a network.">
          <div className="grid gap-4 md:grid-cols-2">
            {text("youtube", { type: "url", inputMode: "url" })}
            {text("instagram", { type: "url", inputMode: "url" })}
            {text("twitter", { type: "url", inputMode: "url" })}
            {text("tiktok", { type: "url", inputMode: "url" })}
            {text("snapchat", { type: "url", inputMode: "url" })}
          </div>
        </SettingsGroup>
        <SettingsGroup title="Map location" description="The footer's Find Us map centres on this point.">
          {text("mapQuery", { hint: "For example the building's name and town." })}
          <div className="grid gap-4 md:grid-cols-2">
            {text("mapLatitude", { required: true, inputMode: "decimal", hint: "e.g. 53.7248" })}
            {text("mapLongitude", { required: true, inputMode: "decimal", hint: "e.g. -1.8658" })}
          </div>
        </SettingsGroup>
        <SettingsGroup title="Donations" description="Where the Donate page's buttons lead. Leave empty and the buttons explain how to give by contacting you.">
          {text("donationUrl", { type: "url", inputMode: "url" })}
          {text("monthlyDonationUrl", { type: "url", inputMode: "url", hint: "If empty, the one-time link is used." })}
        </SettingsGroup>
        <SettingsGroup title="Keeping personal data">
          {text("registrationRetentionMonths", {
            required: true,
            inputMode: "numeric",
            hint: `A child's registration is deleted this many months after the last contact with the family (${RETENTION_LIMITS.min} to ${RETENTION_LIMITS.max}; default ${RETENTION_LIMITS.default}).`,
          })}
          {text("mailRetentionMonths", {
            required: true,
            inputMode: "numeric",
            hint: `The Outbox's copy of each e-mail the site sends (confirmations, staff notices, newsletters) is deleted this many months after it was written (${MAIL_RETENTION_LIMITS.min} to ${MAIL_RETENTION_LIMITS.max}; default ${MAIL_RETENTION_LIMITS.default}). Deleting an application, question or registration deletes its e-mails at once.`,
          })}
        </SettingsGroup>
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {saving ? "Saving..." : "Save Settings"}
          </Button>
        </div>
      </Form>
      {leave.dialog}
    </>
  );
}
