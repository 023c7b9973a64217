import { useNavigate } from "react-router";
import type { Route } from "./+types/admin.page-images";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { PageSelector } from "#app/features/pages/admin/page-selector";
import { SectionImageManager } from "#app/features/pages/admin/section-image-manager";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { getPageById, getPagesByCategory, PAGE_CATEGORY_LABELS } from "#app/content/pages";
import type { PageCategory } from "#app/content/types";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { sectionImageAction, type SectionImageActionData } from "#app/features/pages/editor-route.server";
import { sectionLabel, sectionOptions } from "#app/features/pages/page-content.schema";
import { listSectionImages } from "#app/features/pages/section-images.server";

export const meta: Route.MetaFunction = () => [{ title: "Page Images · Admin Dashboard" }];

const GROUP_ORDER: PageCategory[] = ["about", "deliver", "offer", "main", "engagement", "legal"];
const GROUPS = GROUP_ORDER.map((category) => ({
  label: PAGE_CATEGORY_LABELS[category],
  pages: getPagesByCategory(category).map((p) => ({ id: p.id, title: p.title })),
}));

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  const page = getPageById(new URL(request.url).searchParams.get("page") ?? "serving-humanity") ?? getPageById("serving-humanity")!;
  const assigned = await listSectionImages(await getDatabase(), page.id);
  return {
    groups: GROUPS,
    page: { id: page.id, title: page.title, path: page.path },
    sections: sectionOptions(page.id).map((section) => {
      const found = assigned.find((a) => a.section === section);
      return { section, label: sectionLabel(section), assigned: found ? { src: found.imageUrl, alt: found.altText } : null };
    }),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "pages");
  return sectionImageAction(request, current, { back: (pageId) => `/admin/page-images?page=${encodeURIComponent(pageId)}`, ip: context?.clientIp });
}

export default function PageImagesTab({ loaderData, actionData }: Route.ComponentProps) {
  const { page, sections, groups } = loaderData;
  const navigate = useNavigate();
  return (
    <div className="grid gap-6">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader
        title="Page Images"
        description="Give each section of a page its image, from the library or a new upload. The page shows it as soon as it is applied."
        className="mb-0"
      />
      <Card>
        <CardContent className="grid gap-6 pt-6">
          <div className="flex flex-wrap items-end gap-4">
            <PageSelector groups={groups} selected={page.id} onChoose={(id) => navigate(`/admin/page-images?page=${encodeURIComponent(id)}`)} />
            <a href={page.path} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center text-sm font-medium text-primary underline-offset-4 hover:underline">
              View {page.title}<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </div>
          <SectionImageManager
            key={page.id}
            pageId={page.id}
            pageTitle={page.title}
            sections={sections}
            errors={(actionData as SectionImageActionData | undefined)?.errors}
          />
        </CardContent>
      </Card>
    </div>
  );
}
