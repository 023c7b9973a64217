import { useRef, type KeyboardEvent } from "react";
import { useSearchParams } from "react-router";
import type { Route } from "./+types/admin.serving-humanity";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { DirectSectionUpload, SectionImageManager, type SectionState } from "#app/features/pages/admin/section-image-manager";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { getPageById } from "#app/content/pages";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { sectionImageAction, type SectionImageActionData } from "#app/features/pages/editor-route.server";
import { sectionLabel, sectionOptions } from "#app/features/pages/page-content.schema";
import { listSectionImages } from "#app/features/pages/section-images.server";
import { cn } from "#app/components/ui/utils";

export const meta: Route.MetaFunction = () => [{ title: "Serving Humanity · Admin Dashboard" }];

const PAGE_ID = "serving-humanity";
/** Direct Upload offers only these two of the page's sections. */
const DIRECT_SECTIONS = ["hero", "uc3-infographic"];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  const page = getPageById(PAGE_ID)!;
  const assigned = await listSectionImages(await getDatabase(), PAGE_ID);
  const sections: SectionState[] = sectionOptions(PAGE_ID).map((section) => {
    const found = assigned.find((a) => a.section === section);
    return { section, label: sectionLabel(section), assigned: found ? { src: found.imageUrl, alt: found.altText } : null };
  });
  return { page: { id: page.id, title: page.title, path: page.path }, sections };
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "pages");
  return sectionImageAction(request, current, {
    back: (_pageId, view) => `/admin/serving-humanity${view === "direct" ? "?view=direct" : ""}`,
    ip: context?.clientIp,
  });
}

const VIEWS = [
  { value: "browse", label: "Browse & Apply Images" },
  { value: "direct", label: "Direct Upload" },
] as const;

export default function ServingHumanityTab({ loaderData, actionData }: Route.ComponentProps) {
  const { page, sections } = loaderData;
  const [params, setParams] = useSearchParams();
  const view = params.get("view") === "direct" ? "direct" : "browse";
  const tabs = useRef<Record<string, HTMLButtonElement | null>>({});
  const choose = (value: string) => setParams(value === "direct" ? { view: "direct" } : {}, { replace: true, preventScrollReset: true });

  function onKey(event: KeyboardEvent<HTMLButtonElement>) {
    if (!["ArrowLeft", "ArrowRight", "Home", "End"].includes(event.key)) return;
    event.preventDefault();
    const next = view === "browse" ? "direct" : "browse";
    const target = event.key === "Home" ? "browse" : event.key === "End" ? "direct" : next;
    choose(target);
    tabs.current[target]?.focus();
  }

  return (
    <div className="grid gap-6">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader
        title="Serving Humanity"
        className="mb-0"
        description={
          <>
            Images for the{" "}
            <a href={page.path} target="_blank" rel="noreferrer" className="font-medium text-primary underline-offset-4 hover:underline">
              Serving Humanity page<span className="sr-only"> (opens in a new tab)</span>
            </a>
            : applied images show there at once.
          </>
        }
      />
      <Card>
        <CardContent className="grid gap-6 pt-6">
          <div role="tablist" aria-label="Serving Humanity images" className="flex gap-1 border-b border-border">
            {VIEWS.map((v) => (
              <button
                key={v.value}
                ref={(el) => {
                  tabs.current[v.value] = el;
                }}
                type="button"
                role="tab"
                id={`sh-tab-${v.value}`}
                aria-selected={view === v.value}
                aria-controls={`sh-panel-${v.value}`}
                tabIndex={view === v.value ? 0 : -1}
                onClick={() => choose(v.value)}
                onKeyDown={onKey}
                className={cn(
                  "-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
                  view === v.value ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
                )}
              >
                {v.label}
              </button>
            ))}
          </div>
          {view === "browse" ? (
            <div role="tabpanel" id="sh-panel-browse" aria-labelledby="sh-tab-browse">
              <SectionImageManager
                pageId={page.id}
                pageTitle={page.title}
                sections={sections}
                errors={(actionData as SectionImageActionData | undefined)?.errors}
              />
            </div>
          ) : (
            <div role="tabpanel" id="sh-panel-direct" aria-labelledby="sh-tab-direct" className="grid gap-6 lg:grid-cols-2">
              {DIRECT_SECTIONS.map((name) => {
                const section = sections.find((s) => s.section === name)!;
                const refused = actionData as SectionImageActionData | undefined;
                return (
                  <DirectSectionUpload
                    key={name}
                    pageId={page.id}
                    section={section}
                    label={`${section.label} image`}
                    view="direct"
                    errors={refused?.section === name ? refused.errors : undefined}
                  />
                );
              })}
            </div>
          )}
        </CardContent>
      </Card>
    </div>
  );
}
