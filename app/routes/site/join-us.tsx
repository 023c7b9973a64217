import type { Route } from "./+types/join-us";
import { CTAS } from "#app/content/pages";
import { JOIN_STEPS, JOIN_WAYS } from "#app/content/site";
import { ButtonLink } from "#app/features/site/button-link";
import { ContentPage } from "#app/features/pages/site/content-page";
import { Icon } from "#app/features/site/icon";
import { InfoCardGrid } from "#app/features/site/info-card-grid";
import { PageSection } from "#app/features/site/section";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPage("join-us", context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

export default function JoinUs({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="ways-to-get-involved" title="Ways to Get Involved" muted>
        <InfoCardGrid cards={JOIN_WAYS} linkLabel="Learn More" />
      </PageSection>
      <PageSection id="how-to-join" title="How to Join">
        <ol className="grid gap-6 md:grid-cols-3">
          {JOIN_STEPS.map((step) => (
            <li key={step.step} className="rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
              <span className="inline-flex items-center gap-3">
                <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground">
                  {step.step}
                </span>
                <Icon name={step.icon} className="size-6 text-primary" />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{step.title}</h3>
              <p className="mt-2 text-muted-foreground">{step.description}</p>
            </li>
          ))}
        </ol>
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink href={CTAS.registerNow.href}>{CTAS.registerNow.label}</ButtonLink>
          <ButtonLink href={CTAS.contactUs.href} variant="outline">
            {CTAS.contactUs.label}
          </ButtonLink>
        </div>
      </PageSection>
    </ContentPage>
  );
}
