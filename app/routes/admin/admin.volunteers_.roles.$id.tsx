import { data, Link } from "react-router";
import type { Route } from "./+types/admin.volunteers_.roles.$id";
import { AdminRefusalNotice, revalidateAfterConflict } from "#app/features/admin/admin-refusal";
import { VolunteerOpportunityForm, type OpportunityFormValues } from "#app/features/volunteers/admin/volunteer-opportunity-form";
import { isRecordId, refuseFailedSave, refuseMissingRecord, refuseStaleEdit } from "#app/features/admin/admin-response.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { redirectWithToast } from "#app/web/toast.server";
import { isEditConflict, type EditResult } from "#app/web/stale-edit.server";
import { createOpportunity, getOpportunity, opportunityVersion, updateOpportunity, type Opportunity } from "#app/features/volunteers/volunteer-roles.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.isNew ? "Add a role" : "Edit role"} · Volunteers · Admin Dashboard` }];

const EMPTY: OpportunityFormValues = { title: "", type: "coaching", timeCommitment: "", skills: "", description: "" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "volunteer-roles");
  if (params.id === "new") return { isNew: true, values: EMPTY };
  const role = await getOpportunity(await getDatabase(), params.id);
  if (!role) throw new Response("Role not found", { status: 404 });
  return {
    isNew: false,
    values: {
      title: role.title,
      type: role.type,
      timeCommitment: role.timeCommitment,
      skills: role.skills.join("\n"),
      description: role.description,
      version: opportunityVersion(role),
    },
  };
}

const SAVE_FAILED = "Failed to save role.";

/** After a stale edit (409) the page's data is the role as it now is; the form keeps what was typed. */
export const shouldRevalidate = revalidateAfterConflict;

export async function action({ request, params }: Route.ActionArgs) {
  await requireStaff(request, "volunteer-roles");
  const database = await getDatabase();
  const form = await request.formData();
  const gone = () => refuseMissingRecord(params.id, { title: "Role not found", description: "It may have been deleted already." });
  if (params.id !== "new" && !isRecordId(params.id)) return gone();
  let result: EditResult<Opportunity> | undefined;
  try {
    result =
      params.id === "new"
        ? await createOpportunity(database, form)
        : // The version the form was opened at; a form without one (opened before it was sent) is refused as stale.
          await updateOpportunity(database, params.id, form, { baseVersion: String(form.get("version") ?? "") });
  } catch (error) {
    return refuseFailedSave(SAVE_FAILED, form, error, { roleId: params.id });
  }
  if (!result) return gone();
  if (isEditConflict(result)) return refuseStaleEdit(SAVE_FAILED, "role", result.conflict, result.values);
  if (!result.ok) return data({ errors: result.errors, values: result.values }, { status: 400 });
  return redirectWithToast("/admin/volunteers#roles", {
    title: params.id === "new" ? "Role added" : "Role saved",
    description: `${result.data.title} ${result.data.isOpen ? "shows on the vacancies page." : "is saved (closed)."}`,
  });
}

export default function EditRole({ loaderData, actionData: answer }: Route.ComponentProps) {
  const actionData = answer && "values" in answer ? answer : undefined;
  const values = (actionData?.values as OpportunityFormValues | undefined) ?? loaderData.values;
  return (
    <div className="space-y-6">
      <AdminRefusalNotice data={answer} className="mb-0" />
      <p>
        <Link to="/admin/volunteers#roles" className="text-sm font-medium text-primary underline underline-offset-4">
          Back to Volunteers
        </Link>
      </p>
      <h2 className="text-2xl font-bold">{loaderData.isNew ? "Add a volunteer role" : `Edit ${loaderData.values.title}`}</h2>
      <VolunteerOpportunityForm values={values} serverErrors={actionData?.errors} unsaved={Boolean(actionData)} submitLabel={loaderData.isNew ? "Add role" : "Save changes"} />
    </div>
  );
}
