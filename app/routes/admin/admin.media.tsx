import type { Route } from "./+types/admin.media";
import { AdminPlaceholder } from "#app/components/admin/admin-placeholder";
import { requireAdmin } from "#app/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Media · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function MediaTab() {
  return (
    <AdminPlaceholder
      heading="Media library"
      lead="Every image and video uploaded to the site."
      body="The media library is coming: here you will upload images and videos, edit their alt text and captions, assign them to pages and remove them."
    />
  );
}
