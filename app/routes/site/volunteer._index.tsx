import type { Route } from "./+types/volunteer._index";
import { CTAS } from "#app/content/pages";
import { GET_INVOLVED_CARDS, VOLUNTEER_ROLE_CARDS } from "#app/content/site";
import { ButtonLink } from "#app/features/site/button-link";
import { ContentPage } from "#app/features/pages/site/content-page";
import { InfoCardGrid } from "#app/features/site/info-card-grid";
import { PageSection } from "#app/features/site/section";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPage("volunteer", context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function Volunteer({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="volunteer-roles" title="Volunteer Roles" muted>
        <InfoCardGrid cards={VOLUNTEER_ROLE_CARDS} />
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink href={CTAS.applyToVolunteer.href}>{CTAS.applyToVolunteer.label}</ButtonLink>
          <ButtonLink href={CTAS.viewVacancies.href} variant="outline">
            {CTAS.viewVacancies.label}
          </ButtonLink>
        </div>
      </PageSection>
      <PageSection id="get-involved" title="Other Ways to Get Involved">
        <InfoCardGrid cards={GET_INVOLVED_CARDS} linkLabel="Find Out More" />
      </PageSection>
    </ContentPage>
  );
}
