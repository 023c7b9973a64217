import type { Route } from "./+types/admin.page-images";
import { AdminPlaceholder } from "#app/components/admin/admin-placeholder";
import { requireAdmin } from "#app/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Page Images · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function PageImagesTab() {
  return (
    <AdminPlaceholder
      heading="Page Images"
      lead="Images for each section of each page."
      body="This area will let you choose a section of any page and give it an image, either one already in the media library or a new upload."
    />
  );
}
