import type { Route } from "./+types/contact._index";
import { PageBlocks } from "#app/features/blocks/site/page-blocks";
import { currentQuestionTopics, loadSpecialPageBlocks } from "#app/features/blocks/block-data.server";
import { submitQuestion } from "#app/features/messages/messages.server";
import { publicFormAction } from "#app/features/public-forms/public-forms.server";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

/** `?sent=question` shows the thanks for a question: a page of its own in the page cache (server/page-params.ts). */
export const handle = { cacheParams: ["sent"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "question";
  const data = await loadPublicPage("contact", context?.requestId);
  return { ...data, ...(await loadSpecialPageBlocks("contact", data, context?.requestId)), sent };
}

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction(request, context, {
    form: "question",
    lists: [],
    // The topics the form offered: the FAQ page's as published, not only the built-in ones.
    submit: async (database, submission) => submitQuestion(database, submission, (await currentQuestionTopics()).map((t) => t.value)),
    confirmation: "/contact?sent=question#ask-a-question",
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { blocks, blockData, path, heroPicture, sent } = loaderData;
  return <PageBlocks blocks={blocks} data={{ ...blockData, forms: { ...blockData.forms, actionData, sent } }} pagePath={path} heroPicture={heroPicture ?? undefined} />;
}
