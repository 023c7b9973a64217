import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Loader2, Save, Send } from "lucide-react";
import { useFormLeaveGuard } from "#app/features/admin/unsaved-changes-guard";
import { Field } from "#app/features/admin/record-fields";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { NativeSelect } from "#app/components/ui/native-select";
import { MAIL_SECURITY, MAIL_SECURITY_LABELS } from "#app/features/settings/mail-settings.schema";
import type { FieldErrors } from "#app/web/parse-form";
import { SettingsGroup } from "./settings-group";

export type MailSettingsValues = Record<string, string>;


/**
 * Settings → E-mail: the sender and the mail server. Fields the server's
 * environment sets (SMTP_URL, MAIL_FROM) are shown read-only: those win.
 * The password is never sent to the browser; the field says whether one is
 * stored, and typing replaces it.
 */
export function MailSettingsForm({
  values,
  errors,
  unsaved,
  hasPassword,
  overridden,
}: {
  values: MailSettingsValues;
  errors?: FieldErrors;
  unsaved: boolean;
  hasPassword: boolean;
  overridden: { server: boolean; sender: boolean };
}) {
  const leave = useFormLeaveGuard({ values, unsavedAtStart: unsaved });
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formData?.get("intent") === "save";
  const text = (name: string, label: string, readOnly: boolean, options: { hint?: ReactNode; type?: string; inputMode?: "email" | "numeric"; autoComplete?: string } = {}) => (
    <Field id={name} label={label} hint={readOnly ? "Set by the server's environment, which wins over this field." : options.hint} errors={errors?.[name]}>
      {(props) => <Input {...props} type={options.type ?? "text"} defaultValue={values[name] ?? ""} readOnly={readOnly} autoComplete={options.autoComplete ?? "off"} inputMode={options.inputMode} />}
    </Field>
  );
  const hasErrors = errors && Object.keys(errors).length > 0;
  return (
    <>
      <Form ref={leave.formRef} method="post" className="grid gap-6" noValidate onSubmit={leave.guardSubmit}>
        <input type="hidden" name="intent" value="save" />
        {hasErrors ? (
          <Alert variant="destructive">
            <AlertTitle>Nothing was saved</AlertTitle>
            <AlertDescription>Correct the fields marked below, then save again.</AlertDescription>
          </Alert>
        ) : null}
        <SettingsGroup
          title="Sender"
          description={overridden.sender ? "MAIL_FROM is set in the server's environment, so mail is sent from that address whatever these fields say." : "Who e-mails from the site are from. Left empty, they are from the charity's name and e-mail in Settings."}
        >
          {text("fromName", "Sender name", overridden.sender, { hint: "For example the charity's name." })}
          {text("fromAddress", "Sender address", overridden.sender, { type: "email", inputMode: "email", hint: "An address the mail server may send from, e.g. news@example.org." })}
        </SettingsGroup>
        <SettingsGroup
          title="Mail server (SMTP)"
          description={
            overridden.server
              ? "SMTP_URL is set in the server's environment, so mail goes through that server whatever these fields say."
              : "From your e-mail provider's settings for sending mail from a program or device. Leave the server empty to keep every e-mail in the Outbox."
          }
        >
          {text("host", "Mail server", overridden.server, { hint: "The host name only, e.g. smtp.example.org." })}
          <div className="grid gap-4 md:grid-cols-2">
            {text("port", "Port", overridden.server, { inputMode: "numeric", hint: "Usually 587 with STARTTLS, 465 with TLS." })}
            <Field id="security" label="Security" errors={errors?.security} hint={overridden.server ? "Set by the server's environment, which wins over this field." : undefined}>
              {(props) =>
                overridden.server ? (
                  <>
                    <NativeSelect {...props} name={undefined} defaultValue={values.security} disabled>
                      {MAIL_SECURITY.map((s) => (
                        <option key={s} value={s}>
                          {MAIL_SECURITY_LABELS[s]}
                        </option>
                      ))}
                    </NativeSelect>
                    <input type="hidden" name="security" value={values.security} />
                  </>
                ) : (
                  <NativeSelect {...props} defaultValue={values.security}>
                    {MAIL_SECURITY.map((s) => (
                      <option key={s} value={s}>
                        {MAIL_SECURITY_LABELS[s]}
                      </option>
                    ))}
                  </NativeSelect>
                )
              }
            </Field>
          </div>
          {text("user", "User name", overridden.server, { hint: "Often the full e-mail address. Leave empty if the server needs no sign-in.", autoComplete: "off" })}
          {overridden.server ? null : (
            <>
              <Field
                id="password"
                label={hasPassword ? "New password" : "Password"}
                errors={errors?.password}
                hint={hasPassword ? "A password is stored (it is never shown). Leave this empty to keep it, or type a new one to replace it." : "No password is stored."}
              >
                {(props) => <Input {...props} type="password" defaultValue="" autoComplete="new-password" />}
              </Field>
              {hasPassword ? (
                <div className="flex min-h-11 items-center gap-2">
                  <input id="clearPassword" name="clearPassword" type="checkbox" className="size-5" defaultChecked={values.clearPassword === "on"} />
                  <label htmlFor="clearPassword" className="text-sm font-medium">
                    Clear the stored password
                  </label>
                </div>
              ) : null}
            </>
          )}
        </SettingsGroup>
        <div>
          <Button type="submit" disabled={saving}>
            {saving ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Save aria-hidden="true" />}
            {saving ? "Saving..." : "Save e-mail settings"}
          </Button>
        </div>
      </Form>
      {leave.dialog}
    </>
  );
}

/** Send test e-mail: to the admin, or an address typed; the answer is shown in words. */
export function MailTestForm({
  adminEmail,
  via,
  result,
  errors,
  typed,
}: {
  adminEmail: string;
  /** Words for what the test goes through: the saved settings or SMTP_URL; null when no server is set. */
  via: string | null;
  result?: { ok: boolean; to: string; message: string };
  errors?: FieldErrors;
  typed?: string;
}) {
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formData?.get("intent") === "test";
  return (
    <section aria-labelledby="mail-test-heading" className="grid gap-4 rounded-lg border border-border p-4">
      <h3 id="mail-test-heading" className="text-lg font-semibold">
        Send test e-mail
      </h3>
      <p className="text-sm text-muted-foreground">
        {via ? `The test goes through ${via}, and is not kept in the Outbox.` : "No mail server is set up yet: save one above, then send a test."}
      </p>
      {result ? (
        <Alert variant={result.ok ? "default" : "destructive"}>
          <AlertTitle>{result.ok ? `Test e-mail sent to ${result.to}` : `The test e-mail to ${result.to} was not sent`}</AlertTitle>
          <AlertDescription>{result.message}</AlertDescription>
        </Alert>
      ) : null}
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="intent" value="test" />
        <Field id="testTo" label="Send to" errors={errors?.testTo} hint={`Leave empty to send it to you (${adminEmail}).`}>
          {(props) => <Input {...props} type="email" inputMode="email" autoComplete="email" defaultValue={typed ?? ""} className="max-w-md" />}
        </Field>
        <div>
          <Button type="submit" variant="secondary" disabled={sending || !via}>
            {sending ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Send aria-hidden="true" />}
            {sending ? "Sending..." : "Send test e-mail"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
