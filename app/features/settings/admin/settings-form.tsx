import { Form, useNavigation } from "react-router";
import { Loader2, Save } from "lucide-react";
import { useFormLeaveGuard } from "#app/features/admin/unsaved-changes-guard";
import { Field } from "#app/features/admin/record-fields";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { MAIL_RETENTION_LIMITS, RETENTION_LIMITS } from "#app/features/pages/page-content.schema";
import type { FieldErrors } from "#app/web/parse-form";
import { SettingsGroup } from "./settings-group";

export type SettingsValues = Record<string, string>;


/**
 * The Settings area's form: every value the footer, contact and donate pages
 * read, and the version of the settings it was opened at (kept through a
 * refused save, so that saving again cannot overwrite a colleague's either).
 */
export function SettingsForm({ values, version, errors, unsaved = false }: { values: SettingsValues; version: string; errors?: FieldErrors; unsaved?: boolean }) {
  const leave = useFormLeaveGuard({ values, unsavedAtStart: unsaved });
  const navigation = useNavigation();
  const saving = navigation.state === "submitting";
  const text = (name: string, label: string, options: { hint?: string; type?: string; required?: boolean; autoComplete?: string; inputMode?: "tel" | "email" | "url" | "decimal" | "numeric" } = {}) => (
    <Field id={name} label={label} hint={options.hint} errors={errors?.[name]} required={options.required}>
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
  const hasErrors = errors && Object.keys(errors).length > 0;
  return (
    <>
      <Form ref={leave.formRef} method="post" className="grid gap-6" noValidate onSubmit={leave.guardSubmit}>
        <input type="hidden" name="version" value={values.version ?? version} />
        {hasErrors ? (
          <Alert variant="destructive">
            <AlertTitle>Nothing was saved</AlertTitle>
            <AlertDescription>Correct the fields marked below, then save again.</AlertDescription>
          </Alert>
        ) : null}
        <SettingsGroup title="The charity">
          {text("charityName", "Charity name", { required: true })}
          {text("tagline", "Tagline", { hint: "Shown in the footer under the charity's name." })}
          {text("charityNumber", "Registered charity number", { hint: "Shown in the footer when set." })}
        </SettingsGroup>
        <SettingsGroup title="Contact details" description="Shown in the footer and on the Contact page.">
          {text("phone", "Phone", { type: "tel", inputMode: "tel" })}
          {text("email", "E-mail", { type: "email", inputMode: "email" })}
          <Field id="postalAddress" label="Postal address" errors={errors?.postalAddress}>
            {(props) => <Textarea {...props} rows={4} defaultValue={values.postalAddress ?? ""} />}
          </Field>
        </SettingsGroup>
        <SettingsGroup title="Social links" description="Full addresses starting with https://. Leave empty to hide a network.">
          <div className="grid gap-4 md:grid-cols-2">
            {text("youtube", "YouTube", { type: "url", inputMode: "url" })}
            {text("instagram", "Instagram", { type: "url", inputMode: "url" })}
            {text("twitter", "Twitter/X", { type: "url", inputMode: "url" })}
            {text("tiktok", "TikTok", { type: "url", inputMode: "url" })}
            {text("snapchat", "Snapchat", { type: "url", inputMode: "url" })}
          </div>
        </SettingsGroup>
        <SettingsGroup title="Map location" description="The footer's Find Us map centres on this point.">
          {text("mapQuery", "Map label", { hint: "For example the building's name and town." })}
          <div className="grid gap-4 md:grid-cols-2">
            {text("mapLatitude", "Latitude", { required: true, inputMode: "decimal", hint: "e.g. 53.7248" })}
            {text("mapLongitude", "Longitude", { required: true, inputMode: "decimal", hint: "e.g. -1.8658" })}
          </div>
        </SettingsGroup>
        <SettingsGroup title="Donations" description="Where the Donate page's buttons lead. Leave empty and the buttons explain how to give by contacting you.">
          {text("donationUrl", "One-time donation link", { type: "url", inputMode: "url" })}
          {text("monthlyDonationUrl", "Monthly donation link", { type: "url", inputMode: "url", hint: "If empty, the one-time link is used." })}
        </SettingsGroup>
        <SettingsGroup title="Keeping personal data">
          {text("registrationRetentionMonths", "Keep registrations for (months)", {
            required: true,
            inputMode: "numeric",
            hint: `A child's registration is deleted this many months after the last contact with the family (${RETENTION_LIMITS.min} to ${RETENTION_LIMITS.max}; default ${RETENTION_LIMITS.default}).`,
          })}
          {text("mailRetentionMonths", "Keep copies of e-mails for (months)", {
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
