import type { Route } from "./+types/contact._index";
import { SOCIAL_PLATFORM_LABELS, type SocialLinks } from "#app/content/site";
import { ButtonLink } from "#app/components/site/button-link";
import { ContactDetails } from "#app/components/site/contact-details";
import { ContentPage } from "#app/components/site/content-page";
import { PageSection } from "#app/components/site/section";
import { loadPublicPage } from "#app/lib/public-page.server";
import { seoMeta } from "#app/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPage("contact", context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

/** The handles the contact page lists (SPEC §2), in its order. */
const CONTACT_SOCIALS: (keyof SocialLinks)[] = ["instagram", "tiktok", "snapchat", "twitter"];

export default function Contact({ loaderData }: Route.ComponentProps) {
  const { settings } = loaderData;
  const socials = CONTACT_SOCIALS.filter((key) => settings.social[key]);
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery}>
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
          <p>
            Our online question form is coming soon. Until then, please call or email us using the details above, or see if
            your question is answered in our FAQs.
          </p>
        }
      >
        <div className="flex flex-wrap gap-3">
          <ButtonLink href="/contact/faqs">Read our FAQs</ButtonLink>
          <ButtonLink href="/contact/register-child" variant="outline">
            Register Your Child
          </ButtonLink>
        </div>
      </PageSection>
    </ContentPage>
  );
}
