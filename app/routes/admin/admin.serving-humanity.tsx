import type { Route } from "./+types/admin.serving-humanity";
import { AdminPlaceholder } from "#app/components/admin/admin-placeholder";
import { requireAdmin } from "#app/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Serving Humanity · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function ServingHumanityTab() {
  return (
    <AdminPlaceholder
      heading="Serving Humanity"
      lead="Images for the Serving Humanity page."
      body="This area will let you browse the media library or upload new images and apply them to the sections of the Serving Humanity page."
    />
  );
}
