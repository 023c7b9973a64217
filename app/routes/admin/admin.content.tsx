import { Link, redirect } from "react-router";
import type { Route } from "./+types/admin.content";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { requireStaff } from "#app/features/accounts/auth.server";
import { pageEditorAction } from "#app/features/pages/editor-route.server";
import { ContentShortcuts } from "#app/features/content-shortcut/content-shortcuts";
import { pageOfOldChoice, pagesTabHref } from "#app/features/content-shortcut/page-groups";
import { pageGroups } from "#app/features/pages/page-groups";
import { listPageRecords } from "#app/features/pages/page-records.server";
import { getDatabase } from "#app/platform/db/db.server";

export const meta: Route.MetaFunction = () => [{ title: "Content · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  // An address from when this tab had its own editor (a bookmark, an old link) opens that page in the Pages tab.
  const pages = await listPageRecords(await getDatabase());
  const old = pageOfOldChoice(new URL(request.url).searchParams.get("page"), new Set(pages.filter((p) => !p.inBin).map((p) => p.id)));
  if (old) throw redirect(pagesTabHref(old));
  return { groups: pageGroups(pages) };
}

/**
 * A save from a Content tab opened before it became a shortcut still lands,
 * as the Pages tab's own save would, and goes back to the page there.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "pages");
  return pageEditorAction(request, current, { base: "/admin", ip: context?.clientIp });
}

export default function ContentTab({ loaderData }: Route.ComponentProps) {
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Content"
        className="mb-0"
        description={
          <>
            A page&rsquo;s words, images and layout are edited in one place, the{" "}
            <Link to="/admin" className="font-medium text-primary underline underline-offset-4">
              Pages
            </Link>{" "}
            tab. Choose a page to open it there, at its words.
          </>
        }
      />
      <Card>
        <CardContent className="pt-6">
          <ContentShortcuts groups={loaderData.groups} />
        </CardContent>
      </Card>
    </div>
  );
}
