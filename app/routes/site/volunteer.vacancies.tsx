import { Clock } from "lucide-react";
import type { Route } from "./+types/volunteer.vacancies";
import { CTAS } from "#app/content/pages";
import { VOLUNTEER_TYPES } from "#app/content/site";
import { ButtonLink } from "#app/features/site/button-link";
import { ContentPage } from "#app/features/pages/site/content-page";
import { PageSection } from "#app/features/site/section";
import { getDatabase } from "#app/platform/db/db.server";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import { logger } from "#app/platform/log/logger.server";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { listOpportunities } from "#app/features/volunteers/volunteer-roles.server";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ context }: Route.LoaderArgs) {
  // The roles cannot be read (the database is down): the page still shows, says so, and is not cached.
  const roles = await getDatabase()
    .then((database) => listOpportunities(database, { openOnly: true }))
    .catch((error: unknown) => {
      logger.error({ err: error, requestId: context?.requestId }, "failed to load volunteer vacancies");
      noteFallback();
      return null;
    });
  return { ...(await loadPublicPage("volunteer-vacancies", context?.requestId)), roles };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

const typeLabel = (value: string) => VOLUNTEER_TYPES.find((t) => t.value === value)?.label ?? value;

export default function VolunteerVacancies({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="vacancies" title="Current Vacancies" muted>
        {loaderData.roles === null ? (
          <p role="status" className="text-lg text-muted-foreground">
            We cannot show our vacancies just now. Please try again later, or{" "}
            <a href={CTAS.applyNow.href} className="font-medium text-primary underline underline-offset-4">
              apply to volunteer
            </a>{" "}
            and tell us what you would like to do.
          </p>
        ) : loaderData.roles.length === 0 ? (
          <p className="text-lg text-muted-foreground">
            We have no open vacancies right now, but we are always glad to hear from people who want to help.{" "}
            <a href={CTAS.applyNow.href} className="font-medium text-primary underline underline-offset-4">
              Apply to volunteer
            </a>{" "}
            and tell us what you would like to do.
          </p>
        ) : null}
        <ul className="grid gap-6 lg:grid-cols-2">
          {(loaderData.roles ?? []).map((role) => (
            <li key={role.id} className="flex flex-col rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
              <h3 className="text-xl font-semibold">{role.title}</h3>
              <p className="mt-2 flex flex-wrap items-center gap-3 text-sm">
                <span className="rounded-full border border-border px-3 py-0.5">{typeLabel(role.type)}</span>
                <span className="inline-flex items-center gap-1 text-muted-foreground">
                  <Clock aria-hidden="true" className="size-4" />
                  <span className="sr-only">Time commitment: </span>
                  {role.timeCommitment}
                </span>
              </p>
              <p className="mt-3 whitespace-pre-line text-muted-foreground">{role.description}</p>
              {role.skills.length > 0 ? (
                <>
                  <h4 className="mt-4 font-semibold">Skills</h4>
                  <ul className="mt-1 list-disc pl-6 text-muted-foreground">
                    {role.skills.map((skill) => (
                      <li key={skill}>{skill}</li>
                    ))}
                  </ul>
                </>
              ) : null}
              <div className="mt-6">
                <ButtonLink href={`${CTAS.applyNow.href}?role=${encodeURIComponent(role.id)}#apply`}>
                  {CTAS.applyNow.label}
                  <span className="sr-only">: {role.title}</span>
                </ButtonLink>
              </div>
            </li>
          ))}
        </ul>
      </PageSection>
    </ContentPage>
  );
}
