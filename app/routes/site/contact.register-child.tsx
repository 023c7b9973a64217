import type { Route } from "./+types/contact.register-child";
import { REGISTER_BENEFITS, REGISTER_CHILD_BANNER } from "#app/content/site";
import { ContentPage } from "#app/features/pages/site/content-page";
import { InfoCardGrid } from "#app/features/site/info-card-grid";
import { PageSection } from "#app/features/site/section";
import { FormConfirmation } from "#app/features/public-forms/site/public-form";
import { REGISTRATION_FORM_LISTS, RegistrationForm } from "#app/features/registrations/site/registration-form";
import { publicFormAction } from "#app/features/public-forms/public-forms.server";
import { registrationRetentionMonths, submitRegistration } from "#app/features/registrations/registrations.server";
import { ukToday } from "#app/web/dates";
import { SiteImage } from "#app/features/media/site/site-image";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { registerBanner } from "#app/features/pages/section-images.server";
import { seoMeta } from "#app/features/pages/seo";

/** `?sent` shows the thanks for a registration: a page of its own in the page cache (server/page-params.ts). */
export const handle = { cacheParams: ["sent"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const data = await loadPublicPage("register-child", context?.requestId);
  const form = { sent: new URL(request.url).searchParams.has("sent"), today: ukToday(), retentionMonths: await registrationRetentionMonths() };
  // The banner staff assigned in Page Images; until then the general picture stands in.
  const banner = registerBanner(data.page.sectionImages);
  return {
    ...data,
    form,
    banner: banner && { src: banner.src, alt: banner.alt, width: banner.width ?? 1200, height: banner.height ?? 800, responsive: banner.responsive },
  };
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
  const { banner, form } = loaderData;
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="benefits" title="Why Join Us" muted>
        <InfoCardGrid cards={REGISTER_BENEFITS} columns={4} />
      </PageSection>
      <PageSection
        id="register"
        title="Register Your Child Now"
        intro={
          form.sent ? undefined : (
            <p>
              Fill in this form and we will be in touch to welcome you and find the right sessions. It takes about five
              minutes. Our youth programmes are free.
            </p>
          )
        }
      >
        {form.sent ? (
          <FormConfirmation title="Thank you, your registration has been sent">
            <p>We will be in touch soon, usually by phone, to welcome you and talk about sessions.</p>
            <p>If anything changes in the meantime, or you made a mistake, just call or email us.</p>
          </FormConfirmation>
        ) : (
          <RegistrationForm actionData={actionData} today={form.today} retentionMonths={form.retentionMonths} />
        )}
      </PageSection>
      {banner ? (
        <div id={REGISTER_CHILD_BANNER.id} className="mx-auto max-w-7xl px-4 py-12">
          <SiteImage
            src={banner.src}
            alt={banner.alt}
            width={banner.width}
            height={banner.height}
            srcSet={banner.responsive?.srcSet || undefined}
            avifSrcSet={banner.responsive?.avifSrcSet || undefined}
            sizes="(min-width: 80rem) 80rem, 100vw"
            className="rounded-lg shadow-lg"
          />
        </div>
      ) : null}
    </ContentPage>
  );
}
