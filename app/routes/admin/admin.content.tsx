import { useNavigate } from "react-router";
import { Save } from "lucide-react";
import type { Route } from "./+types/admin.content";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { editorShouldRevalidate, PageEditor, useRevisionChanged } from "#app/features/pages/admin/page-editor";
import { PageSelector } from "#app/features/pages/admin/page-selector";
import type { EditorActionData } from "#app/features/pages/editor-values";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { getPageById } from "#app/content/pages";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { loadEditorState, pageEditorAction } from "#app/features/pages/editor-route.server";

export const meta: Route.MetaFunction = () => [{ title: "Content · Admin Dashboard" }];

/** The Content tab's page selector: its values, and the catalogue page each one edits. */
const CMS_PAGES = [
  { value: "homepage", pageId: "home" },
  { value: "about", pageId: "about" },
  { value: "mission", pageId: "mission" },
  { value: "difference", pageId: "difference" },
  { value: "facilities", pageId: "facilities" },
  { value: "youth-provision", pageId: "youth-provision" },
  { value: "sports", pageId: "sports" },
  { value: "contact", pageId: "contact" },
] as const;

const OPTIONS = CMS_PAGES.map((p) => ({ id: p.value, title: getPageById(p.pageId)!.title }));

export const shouldRevalidate = editorShouldRevalidate;

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  const chosen = new URL(request.url).searchParams.get("page");
  const entry = CMS_PAGES.find((p) => p.value === chosen);
  const page = entry ? getPageById(entry.pageId) : undefined;
  return { options: OPTIONS, chosen: entry?.value ?? null, editor: page ? await loadEditorState(await getDatabase(), page) : null };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "pages");
  const form = await request.clone().formData();
  const entry = CMS_PAGES.find((p) => p.pageId === form.get("pageId"));
  return pageEditorAction(request, current, { base: "/admin/content", ip: context?.clientIp, selectorValue: entry?.value, restoresWordsOnly: true });
}

export default function ContentTab({ loaderData, actionData }: Route.ComponentProps) {
  const { editor, options, chosen } = loaderData;
  const navigate = useNavigate();
  const revisionChanged = useRevisionChanged(editor?.page.id ?? null, editor?.revision ?? null);
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Content Management</CardTitle>
        <CardDescription>Edit the words of the main pages. The Pages tab edits the same content, with images and layout too.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <AdminRefusalNotice data={actionData} className="mb-0" />
        <PageSelector
          groups={[{ label: null, pages: options }]}
          selected={chosen}
          label="CMS page"
          placeholder="Select a page to edit"
          onChoose={(value) => navigate(`/admin/content?page=${encodeURIComponent(value)}`)}
        />
        {editor ? (
          <PageEditor
            key={`${editor.page.id}-${editor.revision}`}
            page={editor.page}
            initial={editor.values}
            builtIn={editor.builtIn}
            revision={editor.revision}
            revisions={editor.revisions}
            imageOrigins={editor.imageOrigins}
            focusHeading={revisionChanged}
            panels={["content"]}
            actionData={actionData as EditorActionData | undefined}
          />
        ) : (
          <div className="flex flex-wrap items-center justify-between gap-3 border-t border-border pt-4">
            <p className="text-muted-foreground">Choose a page to edit its content.</p>
            <Button type="button" disabled>
              <Save aria-hidden="true" /> Save Changes
            </Button>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
