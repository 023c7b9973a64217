import type { Route } from "./+types/admin.volunteers";
import { AdminPlaceholder } from "#app/components/admin/admin-placeholder";
import { requireAdmin } from "#app/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Volunteers · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function VolunteersTab() {
  return (
    <AdminPlaceholder
      heading="Volunteers"
      lead="Volunteer roles and applications."
      body="This area will list the volunteer roles on offer and the applications people send, so you can approve or decline them."
    />
  );
}
