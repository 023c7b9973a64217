import { data } from "react-router";
import type { Route } from "./+types/$";
import { getPageByPath } from "#app/content/pages";
import { logger } from "#app/lib/logger.server";

/**
 * Content pages of the built-in catalogue, by path; any other path is a
 * real 404, logged.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const page = getPageByPath(url.pathname);
  if (!page) {
    logger.warn({ requestId: context?.requestId, path: url.pathname }, "page not found");
    throw data(null, { status: 404 });
  }
  return { page };
}

export function meta({ data: loaderData }: Route.MetaArgs) {
  if (!loaderData) return [{ title: "Page not found" }, { name: "robots", content: "noindex" }];
  return [{ title: loaderData.page.title }, { name: "description", content: loaderData.page.description }];
}

export default function ContentPage({ loaderData }: Route.ComponentProps) {
  const { page } = loaderData;
  return (
    <article className="mx-auto max-w-3xl px-4 py-12">
      <h1 className="text-4xl font-bold">{page.heroTitle}</h1>
      <p className="mt-3 text-lg text-muted-foreground">{page.heroSubtitle}</p>
      <h2 className="mt-10 text-2xl font-semibold">{page.mainTitle}</h2>
      {page.content.split(/\n{2,}/).map((paragraph, i) => (
        <p key={i} className="mt-4 leading-relaxed">
          {paragraph}
        </p>
      ))}
    </article>
  );
}
