import { Link } from "react-router";
import type { Route } from "./+types/news";
import { EVENT_CATEGORIES, NEWS_CARDS } from "#app/content/site";
import { ContentPage } from "#app/components/site/content-page";
import { Icon } from "#app/components/site/icon";
import { PageSection } from "#app/components/site/section";
import { TONE_BADGE } from "#app/components/site/tone";
import { loadPublicPage } from "#app/lib/public-page.server";
import { seoMeta } from "#app/lib/seo";

export async function loader({ context }: Route.LoaderArgs) {
  return loadPublicPage("news", context?.requestId);
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

const categoryLabel = (value: string) => EVENT_CATEGORIES.find((c) => c.value === value)?.label ?? value;
const TONES = ["primary", "secondary", "accent"] as const;

export default function News({ loaderData }: Route.ComponentProps) {
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery}>
      <PageSection id="events" title="Upcoming Events" muted>
        <ul className="grid gap-6 md:grid-cols-3">
          {NEWS_CARDS.map((card, i) => (
            <li key={card.id} className="flex flex-col rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
              <span className={`inline-flex size-12 items-center justify-center rounded-full ${TONE_BADGE[TONES[i % TONES.length]]}`}>
                <Icon name={card.icon} />
              </span>
              <h3 className="mt-4 text-xl font-semibold">{card.title}</h3>
              <p className="mt-2 flex flex-wrap gap-2 text-sm">
                <span className="rounded-full border border-border px-3 py-0.5">{categoryLabel(card.category)}</span>
                {card.frequency ? <span className="rounded-full border border-border px-3 py-0.5">{card.frequency}</span> : null}
              </p>
              <p className="mt-3 flex-1 text-muted-foreground">{card.description}</p>
              <Link
                to="/contact"
                className="mt-4 inline-flex min-h-11 items-center self-start font-semibold text-primary underline decoration-2 hover:no-underline"
              >
                Ask about this event<span className="sr-only">: {card.title}</span>
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>
      <PageSection
        id="newsletter"
        title="Join Our Newsletter"
        intro={
          <p>
            Our newsletter sign-up is coming soon. Until then, <Link to="/contact" className="font-medium text-primary underline">contact us</Link>{" "}
            and we will let you know about new sessions and events.
          </p>
        }
      />
    </ContentPage>
  );
}
