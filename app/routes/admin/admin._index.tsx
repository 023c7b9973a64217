import { Link, redirect, useNavigate } from "react-router";
import type { Route } from "./+types/admin._index";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import {
  editorShouldRevalidate,
  PageEditor,
  useRevisionChanged,
} from "#app/features/pages/admin/page-editor";
import { PageSelector } from "#app/features/pages/admin/page-selector";
import type { EditorActionData } from "#app/features/pages/editor-values";
import {
  Card,
  CardContent,
  CardDescription,
  CardHeader,
  CardTitle,
} from "#app/components/ui/card";
import { getPageById } from "#app/content/pages";
import { pageGroups } from "#app/features/pages/page-groups";
import { requireStaff, requireStaffSession } from "#app/features/accounts/auth.server";
import { can } from "#app/features/accounts/roles";
import { homeFor } from "#app/features/admin/admin-tabs";
import { getDatabase } from "#app/platform/db/db.server";
import {
  listPageRecords,
  pagesWithBuiltInText,
  type PageListItem,
} from "#app/features/pages/page-records.server";
import {
  loadEditorState,
  pageEditorAction,
} from "#app/features/pages/editor-route.server";
import { findEditablePage } from "#app/features/pages/editable-page.server";
import {
  LIFECYCLE_INTENTS,
  pageLifecycleAction,
} from "#app/features/pages/lifecycle-route.server";
import { NewPageForm } from "#app/features/pages/admin/page-lifecycle";
import type { LifecycleActionData } from "#app/features/pages/editor-values";
import { AttentionSummary } from "#app/features/dashboard/admin/attention-ui";
import { recentActivity } from "#app/features/audit/audit-records.server";
import { RecentActivity } from "#app/features/audit/admin/recent-activity";
import { publicUrlWarningFor } from "#app/features/dashboard/public-url.server";
import { PublicUrlWarning } from "#app/features/dashboard/admin/public-url-warning";

export const meta: Route.MetaFunction = () => [
  { title: "Pages · Admin Dashboard" },
];

/** Pages a new one may go under: every live page, by address. */
function parentOptions(pages: PageListItem[]) {
  return pages
    .filter((p) => !p.inBin)
    .map((p) => ({ id: p.id, title: getPageById(p.id)?.title ?? p.title, path: p.path }))
    .sort((a, b) => a.path.localeCompare(b.path));
}

/** Pages that ship with placeholder text a charity must replace before it collects anyone's details. */
const PLACEHOLDER_PAGES = ["privacy-policy", "terms"];

export const shouldRevalidate = editorShouldRevalidate;

export async function loader({ request }: Route.LoaderArgs) {
  // /admin is where everyone lands after signing in: a role that may not edit pages starts at its own first area instead.
  const staff = await requireStaffSession(request);
  if (!can(staff.user.role, "pages") && !new URL(request.url).searchParams.has("page")) throw redirect(homeFor(staff.user.role));
  const current = await requireStaff(request, "pages");
  const pageId = new URL(request.url).searchParams.get("page");
  const database = await getDatabase();
  const [page, records] = await Promise.all([
    pageId ? findEditablePage(database, pageId) : null,
    listPageRecords(database),
  ]);
  const groups = pageGroups(records);
  if (!page) {
    const [built, activity] = await Promise.all([
      pagesWithBuiltInText(database, PLACEHOLDER_PAGES),
      // The activity is the audit log's: only for those who may read it (it names people and what was done with their details).
      can(current.user.role, "audit") ? recentActivity(database) : null,
    ]);
    const placeholders = built.map((id) => ({
      id,
      title: getPageById(id)!.title,
    }));
    return {
      groups,
      parents: parentOptions(records),
      editor: null,
      unknownPage: Boolean(pageId),
      placeholders,
      activity,
      localPublicUrl: publicUrlWarningFor(current.user.role),
      now: new Date().toISOString(),
    };
  }
  // While a page is being edited the editor has the screen; the activity waits on the landing page.
  return {
    groups,
    parents: [],
    editor: await loadEditorState(database, page),
    unknownPage: false,
    placeholders: [],
    activity: null,
    localPublicUrl: null,
    now: new Date().toISOString(),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "pages");
  // The page's own actions (new, copy, delete, address, menu) and the editor's share this address: the intent says which.
  const intent = (await request.clone().formData()).get("intent");
  if (typeof intent === "string" && LIFECYCLE_INTENTS.has(intent)) {
    return pageLifecycleAction(await request.formData(), current, { ip: context?.clientIp });
  }
  return pageEditorAction(request, current, {
    base: "/admin",
    ip: context?.clientIp,
  });
}

export default function PagesTab({
  loaderData,
  actionData,
}: Route.ComponentProps) {
  const { editor, groups, unknownPage } = loaderData;
  const lifecycleRefusal =
    actionData && "lifecycle" in actionData
      ? (actionData as LifecycleActionData).lifecycle
      : undefined;
  const navigate = useNavigate();
  const revisionChanged = useRevisionChanged(
    editor?.page.id ?? null,
    editor?.revision ?? null,
  );
  return (
    <>
      <AttentionSummary />
      <PublicUrlWarning address={loaderData.localPublicUrl} />
      <Card>
        <CardHeader>
          <CardTitle as="h2">Page Content Management</CardTitle>
          <CardDescription>
            Edit content, layout, and images for all website pages
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-6">
          <AdminRefusalNotice data={actionData} className="mb-0" />
          <PageSelector
            groups={groups}
            selected={editor?.page.id ?? null}
            placeholder="Choose a page to edit"
            onChoose={(id) => navigate(`/admin?page=${encodeURIComponent(id)}`)}
          />
          {editor ? null : (
            <NewPageForm parents={loaderData.parents} refused={lifecycleRefusal} />
          )}
          {unknownPage ? (
            <p role="alert">
              That page does not exist. Choose one from the list.
            </p>
          ) : null}
          {editor ? (
            <PageEditor
              key={`${editor.page.id}-${editor.revision}`}
              page={editor.page}
              initial={editor.values}
              builtIn={editor.builtIn}
              revision={editor.revision}
              revisions={editor.revisions}
              imageOrigins={editor.imageOrigins}
              publishing={editor.publishing}
              lifecycle={editor.lifecycle}
              sitePages={editor.sitePages}
              lifecycleRefusal={lifecycleRefusal}
              focusHeading={revisionChanged}
              actionData={actionData as EditorActionData | undefined}
            />
          ) : (
            <>
              {loaderData.placeholders.length > 0 ? (
                <PlaceholderPages pages={loaderData.placeholders} />
              ) : null}
              <p className="text-muted-foreground">
                Choose a page above to edit its words, images and layout.
              </p>
            </>
          )}
        </CardContent>
      </Card>
      {loaderData.activity ? (
        <RecentActivity items={loaderData.activity} now={loaderData.now} />
      ) : null}
    </>
  );
}

/** A reminder, until they are written, that the legal pages still say they are being drafted. */
function PlaceholderPages({
  pages,
}: {
  pages: { id: string; title: string }[];
}) {
  return (
    <section
      aria-labelledby="placeholder-pages"
      className="rounded-md border border-border bg-muted/50 p-4 text-sm"
    >
      <h3 id="placeholder-pages" className="font-semibold">
        Still showing placeholder text
      </h3>
      <p className="mt-1">
        Visitors are told these pages are still being written. The site&rsquo;s
        forms collect personal details, including children&rsquo;s, so the
        privacy policy should say how you use them.
      </p>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1">
        {pages.map((p) => (
          <li key={p.id}>
            <Link
              to={`/admin?page=${encodeURIComponent(p.id)}`}
              className="font-medium text-primary underline underline-offset-4"
            >
              Write the {p.title}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
