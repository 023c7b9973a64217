import type { Route } from "./+types/contact.register-child";
import { REGISTRATION_FORM_LISTS } from "#app/features/registrations/site/registration-form";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { publicFormAction } from "#app/features/public-forms/public-forms.server";
import { submitRegistration } from "#app/features/registrations/registrations.server";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

/** `?sent` shows the thanks for a registration: a page of its own in the page cache (server/page-params.ts). */
export const handle = { cacheParams: ["sent"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.has("sent");
  const data = await loadPublicPage("register-child", context?.requestId);
  return { ...data, ...(await loadSpecialPageBlocks("register-child", data, context?.requestId)), sent };
}

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction(request, context, {
    form: "registration",
    lists: REGISTRATION_FORM_LISTS,
    submit: submitRegistration,
    confirmation: "/contact/register-child?sent=1#register",
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function RegisterChild({ loaderData, actionData }: Route.ComponentProps) {
  const { blocks, blockData, path, heroPicture, sent } = loaderData;
  return <PageBlocks blocks={blocks} data={{ ...blockData, forms: { ...blockData.forms, actionData, sent } }} pagePath={path} heroPicture={heroPicture ?? undefined} />;
}
