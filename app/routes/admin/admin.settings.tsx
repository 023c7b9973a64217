import { data, Link } from "react-router";
import type { Route } from "./+types/admin.settings";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { SettingsForm, type SettingsValues } from "#app/features/settings/admin/settings-form";
import { InViewWhenShown } from "#app/features/settings/admin/save-error-summary";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { Button } from "#app/components/ui/button";
import { refuseAdminRequest, refuseFailedSave, refuseStaleEdit } from "#app/features/admin/admin-response.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { settingsFormSchema } from "#app/features/pages/page-content.schema";
import { formValues, parseForm, type FieldErrors } from "#app/web/parse-form";
import { readSettings, saveSettings, settingsVersion, type AllSettings } from "#app/features/settings/site-settings.server";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Settings · Admin Dashboard" }];

function toValues(s: AllSettings): SettingsValues {
  return {
    charityName: s.charityName,
    tagline: s.tagline,
    charityNumber: s.charityNumber,
    phone: s.phone,
    email: s.email,
    postalAddress: s.postalAddress,
    mapQuery: s.mapQuery,
    mapLatitude: String(s.mapLatitude),
    mapLongitude: String(s.mapLongitude),
    ...s.social,
    donationUrl: s.donationUrl,
    monthlyDonationUrl: s.monthlyDonationUrl,
    registrationRetentionMonths: String(s.registrationRetentionMonths),
    mailRetentionMonths: String(s.mailRetentionMonths),
  };
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "settings");
  const settings = await readSettings(await getDatabase());
  return { values: toValues(settings), version: settingsVersion(settings) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "settings");
  const form = await request.formData();
  const baseVersion = form.get("version");
  if (typeof baseVersion !== "string" || !baseVersion) return refuseAdminRequest(400, { title: "Failed to save settings.", description: "The form was incomplete, so nothing was changed. Reload the page and try again." });
  const parsed = parseForm(settingsFormSchema, form);
  if (!parsed.ok) return data<{ errors: FieldErrors; values: SettingsValues }>({ errors: parsed.errors, values: parsed.values }, { status: 400 });
  const database = await getDatabase();
  let result: Awaited<ReturnType<typeof saveSettings>>;
  try {
    result = await saveSettings(database, parsed.data, { id: current.user.id, email: current.user.email, ip: context?.clientIp }, { baseVersion });
  } catch (error) {
    return refuseFailedSave("Failed to save settings.", form, error);
  }
  if (!result.ok) return refuseStaleEdit("Failed to save settings.", "settings", result.conflict, formValues(form));
  return redirectWithToast("/admin/settings", { title: "Settings saved", description: "The site shows the new details now." });
}

export default function SettingsArea({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Settings"
        description="The charity's details, contact information, links and donation pages used across the site."
        className="mb-0"
        actions={
          <Button asChild variant="outline">
            <Link to="/admin/settings/mail">E-mail: sender and mail server</Link>
          </Button>
        }
      />
      <Card>
        <CardContent className="pt-6">
          <InViewWhenShown shown={actionData && "refusal" in actionData ? actionData : null}>
            <AdminRefusalNotice data={actionData} />
          </InViewWhenShown>
          <SettingsForm
            key={actionData ? "submitted" : "saved"}
            values={(actionData && "values" in actionData ? (actionData.values as SettingsValues) : undefined) ?? loaderData.values}
            version={loaderData.version}
            errors={actionData && "errors" in actionData ? actionData.errors : undefined}
            unsaved={Boolean(actionData && "values" in actionData)}
          />
        </CardContent>
      </Card>
    </div>
  );
}
