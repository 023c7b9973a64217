import type { Route } from "./+types/contact._index";
import { SOCIAL_PLATFORM_LABELS, type SocialLinks } from "#app/content/site";
import { ButtonLink } from "#app/features/site/button-link";
import { ContactDetails } from "#app/features/site/contact-details";
import { ContentPage } from "#app/features/pages/site/content-page";
import { PageSection } from "#app/features/site/section";
import { FormConfirmation } from "#app/features/public-forms/site/public-form";
import { QuestionForm } from "#app/features/messages/site/question-form";
import { submitQuestion } from "#app/features/messages/messages.server";
import { publicFormAction } from "#app/features/public-forms/public-forms.server";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

/** `?sent=question` shows the thanks for a question: a page of its own in the page cache (server/page-params.ts). */
export const handle = { cacheParams: ["sent"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const sent = new URL(request.url).searchParams.get("sent") === "question";
  return { ...(await loadPublicPage("contact", context?.requestId)), sent };
}

export async function action({ request, context }: Route.ActionArgs) {
  return publicFormAction(request, context, {
    form: "question",
    lists: [],
    submit: submitQuestion,
    confirmation: "/contact?sent=question#ask-a-question",
  });
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

/** The social handles the contact page lists, in its order. */
const CONTACT_SOCIALS: (keyof SocialLinks)[] = ["instagram", "tiktok", "snapchat", "twitter"];

export default function Contact({ loaderData, actionData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const socials = CONTACT_SOCIALS.filter((key) => settings.social[key]);
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="contact-details" title="Contact Details" muted>
        <ContactDetails settings={settings} />
        {socials.length > 0 ? (
          <div className="mt-10">
            <h3 className="text-xl font-semibold">Follow Us</h3>
            <ul className="mt-4 flex flex-wrap gap-3">
              {socials.map((key) => (
                <li key={key}>
                  <a
                    href={settings.social[key]}
                    rel="noopener noreferrer"
                    className="inline-flex min-h-11 items-center rounded-md border border-border bg-card px-4 font-medium hover:bg-background"
                  >
                    {SOCIAL_PLATFORM_LABELS[key]}
                  </a>
                </li>
              ))}
            </ul>
          </div>
        ) : null}
      </PageSection>
      <PageSection
        id="ask-a-question"
        title="Ask a Question"
        intro={
          loaderData.sent ? undefined : (
            <p>
              Send us your question and we will reply by email. Your answer may already be in our FAQs.
            </p>
          )
        }
      >
        {loaderData.sent ? (
          <FormConfirmation title="Thank you for your question">
            <p>We have received it and will reply by email, usually within a few working days.</p>
          </FormConfirmation>
        ) : (
          <QuestionForm actionData={actionData} />
        )}
        <div className="mt-10 flex flex-wrap gap-3">
          <ButtonLink href="/contact/faqs">Read our FAQs</ButtonLink>
          <ButtonLink href="/contact/register-child" variant="outline">
            Register Your Child
          </ButtonLink>
        </div>
      </PageSection>
    </ContentPage>
  );
}
