import { useEffect } from "react";
import { data, isRouteErrorResponse, Link } from "react-router";
import type { Route } from "./+types/admin_.preview";
import { ContentPage } from "#app/features/pages/site/content-page";
import { SiteFooter } from "#app/features/site/site-footer";
import { SiteHeader } from "#app/features/site/site-header";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { checkDocument, editedDocument, getPageRecord } from "#app/features/pages/page-records.server";
import { applyEditorSubmission } from "#app/features/pages/editor-document";
import { findEditablePage } from "#app/features/pages/editable-page.server";
import { postedDocumentParts, withPostedParts } from "#app/features/pages/editor-blocks";
import { hasOwnBlocks, withPageVideos } from "#app/features/pages/page-shape";
import { CONTENT_TEMPLATE } from "#app/features/pages/seed/seed-document";
import { loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { resolvedContent } from "#app/features/pages/published-page.server";
import { parseRichTextField } from "#app/features/blocks/rich-text";
import { loadGallery, showableImageOrigins, visiblePageContent } from "#app/features/pages/public-page-data.server";
import { pageContentFormSchemaFor } from "#app/features/pages/page-content.schema";
import { formValues, parseForm } from "#app/web/parse-form";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { getPublicMenus } from "#app/features/navigation/navigation-store.server";
// The public pages' enhancement script (decision 010), so the preview
// behaves as the page will: pictures that fail fall back, videos and the
// map load when asked, the testimonials turn.
import enhanceScript from "#app/enhance/site.ts?worker&url";

/**
 * POST /admin/preview: the public page as it would look with the editor's
 * unsaved edits, opened in a new tab. Nothing is stored; the answer is
 * never cached or indexed.
 */
const PRIVATE_HEADERS = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };

export function headers() {
  return PRIVATE_HEADERS;
}

export const meta: Route.MetaFunction = () => [
  { title: "Preview · Admin Dashboard" },
  { name: "robots", content: "noindex, nofollow" },
];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  // The preview itself comes from the action (a POST from the editor); this
  // loader also runs after it, so it must not redirect.
  return null;
}

export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "pages");
  const form = await request.formData();
  const parsed = parseForm(pageContentFormSchemaFor(showableImageOrigins()), form);
  if (!parsed.ok) {
    const messages = Object.values(parsed.errors).flatMap((m) => m ?? []);
    return data({ problems: messages }, { status: 400, headers: PRIVATE_HEADERS });
  }
  const body = parseRichTextField(parsed.data.content);
  if ("error" in body) return data({ problems: [body.error] }, { status: 400, headers: PRIVATE_HEADERS });
  const database = await getDatabase();
  const page = await findEditablePage(database, parsed.data.pageId);
  const record = page && (await getPageRecord(database, page.id));
  const saved = record && editedDocument(record);
  if (!page || !saved) return data({ problems: ["This page could not be found: reload the editor."] }, { status: 400, headers: PRIVATE_HEADERS });
  // The unsaved fields (blocks and words) over the page's draft (or what is live), as Save would store them.
  const edited = applyEditorSubmission(withPostedParts(saved, postedDocumentParts(formValues(form))), { ...parsed.data, body: body.doc }, page.builtIn ?? undefined);
  const checked = checkDocument(edited);
  if (!checked.ok) return data({ problems: checked.issues.map((issue) => issue.message) }, { status: 400, headers: PRIVATE_HEADERS });
  const draft = checked.document;
  const [content, settings, gallery, menus] = await Promise.all([
    // Less deactivated uploads, as the live page shows it.
    resolvedContent(database, page.id, draft).then((loaded) => visiblePageContent(loaded, database)),
    getSiteSettings(),
    loadGallery(page.builtIn?.videoAssignment ?? null, { database }),
    getPublicMenus(),
  ]);
  // Drawn as visitors will see it: a page with a form or list of its own, or with blocks beyond its hero and text, block by block.
  const byBlocks = page.template !== CONTENT_TEMPLATE || hasOwnBlocks(draft);
  const drawn = byBlocks
    ? await loadSpecialPageBlocks(page.id, { page: content, settings, heroInline: null, document: withPageVideos(draft, page.builtIn?.videoAssignment ?? null) })
    : null;
  return data({ page: content, title: page.title, path: page.path, settings, gallery, menus, drawn }, { headers: PRIVATE_HEADERS });
}

export default function Preview({ actionData }: Route.ComponentProps) {
  const showsPage = Boolean(actionData && !("problems" in actionData));
  useEffect(() => {
    // A module runs once however often it is imported: one preview per tab.
    if (showsPage) void import(/* @vite-ignore */ enhanceScript);
  }, [showsPage]);
  if (!actionData) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold">Nothing to preview</h1>
        <p className="mt-4">
          Open a page in the{" "}
          <Link to="/admin" className="font-medium text-primary underline">
            Pages tab
          </Link>{" "}
          and choose Preview to see your unsaved changes here.
        </p>
      </main>
    );
  }
  if ("problems" in actionData) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold">This preview cannot be shown</h1>
        <p className="mt-4">Correct these in the editor, then preview again:</p>
        <ul className="mt-2 list-disc pl-6">
          {actionData.problems.map((p) => (
            <li key={p}>{p}</li>
          ))}
        </ul>
      </main>
    );
  }
  const { page, settings, gallery, title, path, menus, drawn } = actionData;
  return (
    <div className="flex min-h-screen flex-col">
      <div role="note" className="sticky top-0 z-50 bg-primary px-4 py-2 text-center text-sm font-semibold text-primary-foreground">
        Preview of {title} ({path}) with your changes. Visitors do not see them until you publish.
      </div>
      <SiteHeader siteName={settings.charityName} menu={menus.header} />
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {drawn ? (
          <PageBlocks blocks={drawn.blocks} data={drawn.blockData} pagePath={path} heroPicture={drawn.heroPicture ?? undefined} />
        ) : (
          <ContentPage page={page} gallery={gallery} />
        )}
      </main>
      <SiteFooter settings={settings} links={menus.footer} />
    </div>
  );
}

/** Outside the dashboard layout, so it answers a signed-in non-admin itself. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main id="main" className="mx-auto max-w-3xl px-4 py-12">
        <h1 className="text-2xl font-bold">Not allowed</h1>
        <p className="mt-4">Your account is not allowed to use the admin area. Ask an administrator of the site if you need access.</p>
      </main>
    );
  }
  throw error;
}
