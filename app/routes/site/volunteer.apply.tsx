import type { Route } from "./+types/volunteer.apply";
import { VOLUNTEER_FORM_LISTS } from "#app/features/volunteers/site/volunteer-application-form";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { publicFormAction } from "#app/features/public-forms/public-forms.server";
import { submitVolunteerApplication } from "#app/features/volunteers/volunteer-applications.server";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

/** `?role=` ticks the roles a vacancy's "Apply Now" named, `?sent` shows the thanks: each a page of its own in the page cache (server/page-params.ts). */
export const handle = { cacheParams: ["role", "sent"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const data = await loadPublicPage("volunteer-apply", context?.requestId);
  const page = await loadSpecialPageBlocks("volunteer-apply", data, context?.requestId);
  // "Apply Now" on a vacancy ticks that role for the visitor. (When the roles cannot be read the form still shows, and the page is not cached.)
  const preselected = url.searchParams.getAll("role").filter((id) => (page.blockData.vacancies ?? []).some((r) => r.id === id));
  return { ...data, ...page, preselected, sent: url.searchParams.has("sent") };
}

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction(request, context, {
    form: "volunteer-application",
    lists: VOLUNTEER_FORM_LISTS,
    submit: submitVolunteerApplication,
    confirmation: "/volunteer/apply?sent=1#apply",
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function VolunteerApply({ loaderData, actionData }: Route.ComponentProps) {
  const { blocks, blockData, path, heroPicture, sent, preselected } = loaderData;
  return (
    <PageBlocks blocks={blocks} data={{ ...blockData, forms: { ...blockData.forms, actionData, sent, preselected } }} pagePath={path} heroPicture={heroPicture ?? undefined} />
  );
}
