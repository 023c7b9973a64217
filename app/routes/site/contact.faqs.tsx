import { Link } from "react-router";
import type { Route } from "./+types/contact.faqs";
import { CTAS } from "#app/content/pages";
import { FAQ_TOPICS } from "#app/content/site";
import { ButtonLink } from "#app/features/site/button-link";
import { ContentPage } from "#app/features/pages/site/content-page";
import { PageSection } from "#app/features/site/section";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPage("faqs", context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

/** Where each answer's next step lives on the site. */
const FOLLOW_UP: Record<string, { label: string; href: string }> = {
  programmes: { label: "See what we deliver", href: "/what-we-deliver" },
  registering: { label: "Register Your Child Now", href: "/contact/register-child" },
  volunteering: { label: "View volunteer vacancies", href: "/volunteer/vacancies" },
  safeguarding: { label: "Contact us about safeguarding", href: "/contact" },
};

export default function Faqs({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="faq-topics" title="Topics" muted>
        <ul className="mb-8 flex flex-wrap gap-2" aria-label="Jump to a topic">
          {FAQ_TOPICS.map((faq) => (
            <li key={faq.id}>
              <a href={`#faq-${faq.id}`} className="inline-flex min-h-11 items-center rounded-full border border-border bg-card px-4 font-medium hover:bg-background">
                {faq.topic}
              </a>
            </li>
          ))}
        </ul>
        <div className="space-y-6">
          {FAQ_TOPICS.map((faq) => (
            <section key={faq.id} id={`faq-${faq.id}`} aria-labelledby={`faq-${faq.id}-heading`} className="scroll-mt-20 rounded-lg border border-border bg-card p-6 text-card-foreground">
              <h3 id={`faq-${faq.id}-heading`} className="text-xl font-semibold">
                {faq.topic}
              </h3>
              <p className="mt-3 font-medium">{faq.question}</p>
              <p className="mt-2 text-muted-foreground">{faq.answer}</p>
              {FOLLOW_UP[faq.id] ? (
                <Link to={FOLLOW_UP[faq.id].href} className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary underline decoration-2">
                  {FOLLOW_UP[faq.id].label}
                </Link>
              ) : null}
            </section>
          ))}
        </div>
      </PageSection>
      <PageSection id="still-have-questions" title="Still Have Questions?">
        <ButtonLink href={CTAS.contactUs.href}>{CTAS.contactUs.label}</ButtonLink>
      </PageSection>
    </ContentPage>
  );
}
