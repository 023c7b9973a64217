import type { Route } from "./+types/volunteer.apply";
import { noteFallback } from "#app/platform/render/fallback-watch.server";
import { CTAS } from "#app/content/pages";
import { ButtonLink } from "#app/features/site/button-link";
import { ContactDetails } from "#app/features/site/contact-details";
import { ContentPage } from "#app/features/pages/site/content-page";
import { PageSection } from "#app/features/site/section";
import { FormConfirmation } from "#app/features/public-forms/site/public-form";
import { VOLUNTEER_FORM_LISTS, VolunteerApplicationForm } from "#app/features/volunteers/site/volunteer-application-form";
import { getDatabase } from "#app/platform/db/db.server";
import { publicFormAction } from "#app/features/public-forms/public-forms.server";
import { listOpportunities } from "#app/features/volunteers/volunteer-roles.server";
import { submitVolunteerApplication } from "#app/features/volunteers/volunteer-applications.server";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

/** `?role=` ticks the roles a vacancy's "Apply Now" named, `?sent` shows the thanks: each a page of its own in the page cache (server/page-params.ts). */
export const handle = { cacheParams: ["role", "sent"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // The roles cannot be read (the database is down): the page still shows, with the form's text kept after a refused send, and is not cached.
  const roles = await listOpportunities(await getDatabase(), { openOnly: true })
    .then((open) => open.map((r) => ({ id: r.id, title: r.title })))
    .catch(() => {
      noteFallback();
      return [];
    });
  // "Apply Now" on a vacancy ticks that role for the visitor.
  const preselected = url.searchParams.getAll("role").filter((id) => roles.some((r) => r.id === id));
  return { ...(await loadPublicPage("volunteer-apply", context?.requestId)), roles, preselected, sent: url.searchParams.has("sent") };
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
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection
        id="apply"
        title="Apply to Volunteer"
        muted
        intro={
          loaderData.sent ? undefined : (
            <p>Tell us a little about yourself and which roles interest you. It takes about five minutes.</p>
          )
        }
      >
        {loaderData.sent ? (
          <FormConfirmation title="Thank you for applying to volunteer">
            <p>We have received your application, and we will also email you to say it has arrived.</p>
            <p>A member of our team will read it and get back to you, usually within two weeks.</p>
          </FormConfirmation>
        ) : (
          <VolunteerApplicationForm roles={loaderData.roles} preselected={loaderData.preselected} actionData={actionData} />
        )}
        <h3 className="mt-12 text-xl font-semibold">Prefer to talk first?</h3>
        <p className="mt-2 text-muted-foreground">Call or email us, tell us which role interests you, and we will take it from there.</p>
        <div className="mt-6">
          <ContactDetails settings={loaderData.settings} />
        </div>
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
