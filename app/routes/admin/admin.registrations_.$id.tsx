import { Link } from "react-router";
import type { Route } from "./+types/admin.registrations_.$id";
import { DeleteDisclosure, PostButton } from "#app/features/admin/record-actions";
import { formatDate, formatDateTime } from "#app/web/dates";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { Badge } from "#app/components/ui/badge";
import { isRecordId, refuseAdminRequest, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { telHref } from "#app/web/phone";
import {
  deleteRegistration,
  markRegistrationContacted,
  monthsBefore,
  registrationRetentionMonths,
  setRegistrationStatus,
  viewRegistration,
} from "#app/features/registrations/registrations.server";
import { parseDate, programmeLabel } from "#app/features/registrations/registration.schema";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Registration · Admin Dashboard" }];

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, "registrations");
  const registration = await viewRegistration(await getDatabase(), params.id, { id: user.id, email: user.email, ip: clientIpFrom(context) });
  if (!registration) throw new Response("Registration not found", { status: 404 });
  const months = await registrationRetentionMonths();
  // The day it will be deleted unless there is contact again: last contact plus the retention period.
  const deleteOn = monthsBefore(new Date(registration.lastContactAt), -months).toISOString();
  return { registration, deleteOn };
}

const INCOMPLETE = {
  title: "This registration cannot be moved to Registrations",
  description:
    "It did not pass the form's checks (see the details below), so it was kept as spam, unchecked. If it is a real family, contact them and ask them to register again, or register with them.",
};

export async function action({ request, params, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "registrations");
  const database = await getDatabase();
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const form = await request.formData();
  const here = `/admin/registrations/${params.id}`;
  const intent = String(form.get("intent") ?? "");
  if (!["contacted", "spam", "new", "delete"].includes(intent)) return refuseUnknownAction();
  const gone = () => refuseMissingRecord(params.id, { title: "Registration not found", description: "It may have been deleted already." });
  if (!isRecordId(params.id)) return gone();
  switch (intent) {
    case "contacted":
      if (!(await markRegistrationContacted(database, params.id, actor))) return gone();
      return redirectWithToast(here, { title: "Contact recorded", description: "The retention period starts again from today." });
    case "spam":
    case "new":
    {
      const outcome = await setRegistrationStatus(database, params.id, intent, actor);
      if (outcome === "not-found") return gone();
      if (outcome === "incomplete") return refuseAdminRequest(409, INCOMPLETE);
      return redirectWithToast(here, { title: intent === "spam" ? "Marked as spam" : "Moved to Registrations" });
    }
    case "delete":
      if (!(await deleteRegistration(database, params.id, actor))) return gone();
      return redirectWithToast("/admin/registrations", { title: "Registration deleted", description: "The record is gone for good." });
    default:
      return refuseUnknownAction();
  }
}

/** The date of birth as stored: spam that failed the form's checks keeps whatever was typed, which may be no date at all. */
function dateOfBirth(raw: string, age: number | null): string {
  const date = parseDate(raw);
  if (!date) return raw.trim() ? `${raw} (not a date)` : "Not given";
  const iso = `${String(date.y).padStart(4, "0")}-${String(date.m).padStart(2, "0")}-${String(date.d).padStart(2, "0")}`;
  return `${formatDate(`${iso}T12:00:00Z`)} (age ${age ?? "?"})`;
}

/** A number staff can tap to ring; spam kept unchecked may hold no phone number, which shows as text. */
function PhoneLink({ phone }: { phone: string }) {
  const href = telHref(phone);
  if (!href) return <>{phone || "Not given"}</>;
  return (
    <a href={href} className="text-primary underline underline-offset-4">
      {phone}
    </a>
  );
}

export default function RegistrationDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { registration: r, deleteOn } = loaderData;
  const rows: [string, React.ReactNode][] = [
    ["Filled in by", r.registrant === "self" ? "The young person (13 or over)" : "A parent or carer"],
    ["Date of birth", dateOfBirth(r.childDateOfBirth, r.age)],
    ["Interested in", r.programmes.map(programmeLabel).join(", ")],
    ["Parent or carer", r.parentName],
    ["Parent or carer's phone", <PhoneLink key="p" phone={r.parentPhone} />],
    ["Parent or carer's email", r.parentEmail ? <a key="e" href={`mailto:${r.parentEmail}`} className="text-primary underline underline-offset-4">{r.parentEmail}</a> : "Not given"],
    ["Emergency contact", <span key="c">{r.emergencyName}, <PhoneLink phone={r.emergencyPhone} /></span>],
    ["Medical or additional needs", r.needs || "None given"],
    ["Photos and videos", r.photoConsent ? "Yes, consent given" : "No photos or videos"],
    ["Declaration", r.declaredAt ? `Confirmed ${formatDateTime(r.declaredAt)}` : "Not confirmed"],
    ["Registered", formatDateTime(r.createdAt)],
    ["Last contact", formatDateTime(r.lastContactAt)],
  ];
  return (
    <div className="space-y-8">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <p>
        <Link to={`/admin/registrations${r.status === "spam" ? "?status=spam" : ""}`} className="text-sm font-medium text-primary underline underline-offset-4">
          Back to Registrations
        </Link>
      </p>
      <header className="flex flex-wrap items-center gap-3">
        <h2 className="text-2xl font-bold">{r.childName}</h2>
        {r.status === "spam" ? <Badge variant="destructive">Spam</Badge> : null}
        {!r.photoConsent ? <Badge variant="outline">No photos</Badge> : null}
      </header>
      <dl className="grid max-w-3xl grid-cols-1 gap-x-6 gap-y-3 rounded-lg border border-border bg-card p-4 sm:grid-cols-[14rem_1fr]">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="font-medium">{label}</dt>
            <dd className="whitespace-pre-wrap">{value}</dd>
          </div>
        ))}
      </dl>
      <section aria-labelledby="keep-heading" className="max-w-3xl space-y-3">
        <h3 id="keep-heading" className="text-xl font-semibold">Keeping this record</h3>
        <p className="text-muted-foreground">
          It will be deleted automatically on {formatDate(deleteOn)} unless there is contact with the family before then.
        </p>
        <div className="flex flex-wrap items-start gap-2">
          <PostButton intent="contacted" variant="default">
            We were in touch today
          </PostButton>
          {r.status !== "spam" ? <PostButton intent="spam">Mark as spam</PostButton> : r.declaredAt ? <PostButton intent="new">Not spam</PostButton> : null}
          <DeleteDisclosure id={r.id} what={`the registration of ${r.childName}`} warning="The record is removed for good. This cannot be undone." />
        </div>
        {r.status === "spam" && !r.declaredAt ? (
          <p className="text-sm text-muted-foreground">
            This did not pass the form&apos;s checks, so it cannot be moved to Registrations. If it is a real family, contact them and ask them to
            register again.
          </p>
        ) : null}
      </section>
    </div>
  );
}
