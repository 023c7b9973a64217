import type { Route } from "./+types/admin._index";
import { AdminPlaceholder } from "#app/components/admin/admin-placeholder";
import { requireAdmin } from "#app/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Pages · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function PagesTab() {
  return (
    <AdminPlaceholder
      heading="Page Content Management"
      lead="Edit content, layout, and images for all website pages."
      body="The page editor is coming: here you will choose any page of the site and change its hero, main text, images and layout, with every earlier version kept so a mistake can be undone."
    />
  );
}
