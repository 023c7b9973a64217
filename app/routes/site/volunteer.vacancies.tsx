import { Clock } from "lucide-react";
import type { Route } from "./+types/volunteer.vacancies";
import { CTAS } from "#app/content/pages";
import { VOLUNTEER_TYPES, VOLUNTEER_VACANCIES } from "#app/content/site";
import { ButtonLink } from "#app/components/site/button-link";
import { ContentPage } from "#app/components/site/content-page";
import { PageSection } from "#app/components/site/section";
import { loadPublicPage } from "#app/lib/public-page.server";
import { seoMeta } from "#app/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPage("volunteer-vacancies", context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

const typeLabel = (value: string) => VOLUNTEER_TYPES.find((t) => t.value === value)?.label ?? value;

export default function VolunteerVacancies({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery}>
      <PageSection id="vacancies" title="Current Vacancies" muted>
        <ul className="grid gap-6 lg:grid-cols-2">
          {VOLUNTEER_VACANCIES.map((role) => (
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
              <p className="mt-3 text-muted-foreground">{role.description}</p>
              <h4 className="mt-4 font-semibold">Skills</h4>
              <ul className="mt-1 list-disc pl-6 text-muted-foreground">
                {role.skills.map((skill) => (
                  <li key={skill}>{skill}</li>
                ))}
              </ul>
              <div className="mt-6">
                <ButtonLink href={CTAS.applyNow.href}>
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
