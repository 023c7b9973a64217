import type { Route } from "./+types/volunteer.apply";
import { CTAS } from "#app/content/pages";
import { ButtonLink } from "#app/components/site/button-link";
import { ContactDetails } from "#app/components/site/contact-details";
import { ContentPage } from "#app/components/site/content-page";
import { PageSection } from "#app/components/site/section";
import { loadPublicPage } from "#app/lib/public-page.server";
import { seoMeta } from "#app/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPage("volunteer-apply", context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function VolunteerApply({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery}>
      <PageSection
        id="apply"
        title="Get in Touch to Apply"
        muted
        intro={
          <p>
            Our online application form is coming soon. For now, contact us by phone or email, tell us which role interests
            you and when you are available, and we will take it from there.
          </p>
        }
      >
        <ContactDetails settings={loaderData.settings} />
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink href={CTAS.contactUs.href}>{CTAS.contactUs.label}</ButtonLink>
          <ButtonLink href={CTAS.viewVacancies.href} variant="outline">
            {CTAS.viewVacancies.label}
          </ButtonLink>
        </div>
      </PageSection>
    </ContentPage>
  );
}
