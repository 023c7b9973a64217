import { data, Link } from "react-router";
import type { Route } from "./+types/admin.settings_.mail";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { requireStaff } from "#app/features/accounts/auth.server";
import { refuseFailedSave, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { MailSettingsForm, MailTestForm, type MailSettingsValues } from "#app/features/settings/admin/mail-settings-form";
import { mailStatus, readMailSettings, saveMailSettings, storedPasswordUnreadable, type MailSettings } from "#app/features/settings/mail-settings.server";
import { mailSettingsFormSchema, mailTestSchema } from "#app/features/settings/mail-settings.schema";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { getDatabase } from "#app/platform/db/db.server";
import { sendCheckMessage, serverName } from "#app/platform/mail/mail-check.server";
import { mailRoute, mailSetByEnvironment, senderAddress } from "#app/platform/mail/mailer.server";
import { parseForm, type FieldErrors } from "#app/web/parse-form";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "E-mail settings · Admin Dashboard" }];

function toValues(s: MailSettings): MailSettingsValues {
  return { fromName: s.fromName, fromAddress: s.fromAddress, host: s.host, port: String(s.port), security: s.security, user: s.user };
}

/** What the test goes through, in words for the screen. */
async function testVia(): Promise<string | null> {
  const route = await mailRoute();
  if (!route.smtp) return null;
  return route.source === "env" ? `SMTP_URL (${serverName(route.smtp)}), set in the server's environment` : `the settings as saved (${serverName(route.smtp)})`;
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, "settings");
  const database = await getDatabase();
  const [settings, status, unreadable, via] = await Promise.all([readMailSettings(database), mailStatus(), storedPasswordUnreadable(database), testVia()]);
  return { values: toValues(settings), hasPassword: settings.hasPassword, status, unreadable, via, overridden: mailSetByEnvironment(), adminEmail: user.email };
}

type ActionAnswer =
  | { intent: "save"; errors: FieldErrors; values: MailSettingsValues }
  | { intent: "test"; errors?: FieldErrors; typed: string; result?: { ok: boolean; to: string; message: string } };

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "settings");
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  if (intent === "test") {
    const parsed = parseForm(mailTestSchema, form);
    const typed = String(form.get("testTo") ?? "");
    if (!parsed.ok) return data<ActionAnswer>({ intent: "test", errors: parsed.errors, typed }, { status: 400 });
    const to = parsed.data.testTo || user.email;
    const route = await mailRoute();
    if (!route.smtp) return data<ActionAnswer>({ intent: "test", typed, result: { ok: false, to, message: "No mail server is set up: save one above first." } }, { status: 409 });
    const { charityName } = await getSiteSettings();
    const result = await sendCheckMessage(route.smtp, {
      from: await senderAddress(route),
      to,
      subject: `Test e-mail from ${charityName}`,
      text: `This is a test e-mail from ${charityName}'s website, sent by ${user.email} from Settings → E-mail.\n\nIf you can read this, the site can send e-mail.`,
    });
    const message = result.ok ? `The mail server accepted it and answered: ${result.reply}` : result.reason;
    return data<ActionAnswer>({ intent: "test", typed, result: { ok: result.ok, to, message } }, { status: result.ok ? 200 : 502 });
  }
  if (intent !== "save") return refuseUnknownAction();
  const parsed = parseForm(mailSettingsFormSchema, form);
  if (!parsed.ok) {
    // What was typed goes back into the form, except the password, which never travels back to a page.
    const { password: _password, ...values } = parsed.values;
    return data<ActionAnswer>({ intent: "save", errors: parsed.errors, values }, { status: 400 });
  }
  try {
    await saveMailSettings(await getDatabase(), parsed.data, { id: user.id, email: user.email, ip: clientIpFrom(context) });
  } catch (error) {
    form.delete("password");
    return refuseFailedSave("Failed to save e-mail settings.", form, error);
  }
  return redirectWithToast("/admin/settings/mail", { title: "E-mail settings saved", description: "Mail uses them from now on: send a test e-mail to check." });
}

export default function MailSettingsArea({ loaderData, actionData }: Route.ComponentProps) {
  const { status, overridden, unreadable, via } = loaderData;
  const save = actionData && "intent" in actionData && actionData.intent === "save" ? actionData : undefined;
  const test = actionData && "intent" in actionData && actionData.intent === "test" ? actionData : undefined;
  return (
    <div className="grid gap-6">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader
        title="E-mail"
        className="mb-0"
        description={
          <>
            How the site sends e-mail: confirmations, staff notices, volunteer decisions, invitations and newsletters.{" "}
            <Link to="/admin/settings" className="text-primary underline underline-offset-4">
              Back to Settings
            </Link>
          </>
        }
      />
      <Card>
        <CardContent className="grid gap-6 pt-6">
          {status.configured ? (
            <Alert>
              <AlertTitle>E-mail is sent</AlertTitle>
              <AlertDescription>
                {status.source === "env" ? "Through the mail server in the server's environment (SMTP_URL), which wins over the settings below." : "Through the mail server set up below."}
              </AlertDescription>
            </Alert>
          ) : (
            <Alert variant="destructive" role="status">
              <AlertTitle>No mail server is set up: nothing is e-mailed</AlertTitle>
              <AlertDescription>
                Every message waits in the{" "}
                <Link to="/admin/outbox" className="underline underline-offset-4">
                  Outbox
                </Link>{" "}
                until a mail server is set up here. From there it can then be sent.
              </AlertDescription>
            </Alert>
          )}
          {status.publicUrlIsLocalhost ? (
            <Alert variant="destructive" role="status">
              <AlertTitle>Links in e-mails point at this computer</AlertTitle>
              <AlertDescription>
                PUBLIC_URL is {status.publicUrl}, so links in e-mails (confirmations, unsubscribe, invitations) only work on this computer. Ask whoever runs the
                server to set PUBLIC_URL to the site's public address, e.g. https://www.example.org.
              </AlertDescription>
            </Alert>
          ) : null}
          {unreadable ? (
            <Alert variant="destructive" role="status">
              <AlertTitle>The stored password cannot be read</AlertTitle>
              <AlertDescription>The site's secret has changed since it was saved. Type the password again and save.</AlertDescription>
            </Alert>
          ) : null}
          <MailSettingsForm
            key={save ? "submitted" : "saved"}
            values={save?.values ?? loaderData.values}
            errors={save?.errors}
            unsaved={Boolean(save)}
            hasPassword={loaderData.hasPassword}
            overridden={overridden}
          />
          <MailTestForm adminEmail={loaderData.adminEmail} via={via} result={test?.result} errors={test?.errors} typed={test?.typed} />
        </CardContent>
      </Card>
    </div>
  );
}
