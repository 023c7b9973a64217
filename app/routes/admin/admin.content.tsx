import { Link, redirect } from "react-router";
import type { Route } from "./+types/admin.content";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { requireStaff } from "#app/features/accounts/auth.server";
import { pageEditorAction } from "#app/features/pages/editor-route.server";
import { ContentShortcuts } from "#app/features/content-shortcut/content-shortcuts";
import { PAGE_GROUPS, pageOfOldChoice, pagesTabHref } from "#app/features/content-shortcut/page-groups";

export const meta: Route.MetaFunction = () => [{ title: "Content · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  // An address from when this tab had its own editor (a bookmark, an old link) opens that page in the Pages tab.
  const old = pageOfOldChoice(new URL(request.url).searchParams.get("page"));
  if (old) throw redirect(pagesTabHref(old));
  return { groups: PAGE_GROUPS };
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
