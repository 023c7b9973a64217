import type { Route } from "./+types/admin.content";
import { AdminPlaceholder } from "#app/components/admin/admin-placeholder";
import { requireAdmin } from "#app/lib/auth.server";

export const meta: Route.MetaFunction = () => [{ title: "Content · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  return null;
}

export default function ContentTab() {
  return (
    <AdminPlaceholder
      heading="Site content"
      lead="Content the whole site shares."
      body="This area will hold the texts and settings that appear on many pages at once, such as the contact details, social links and impact figures."
    />
  );
}
