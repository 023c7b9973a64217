import { ArrowRight } from "lucide-react";
import type { InfoCard } from "#app/content/types";
import { Icon } from "./icon";
import { TONE_BADGE, TONE_BORDER } from "./tone";

/**
 * A grid of cards (title, description, icon, colour and an optional link).
 * A card's link names the card for screen readers, so repeated labels such
 * as "Learn More" stay distinct.
 */
export function InfoCardGrid({
  cards,
  linkLabel = "Learn More",
  headingLevel = 3,
  columns = 3,
}: {
  cards: readonly InfoCard[];
  linkLabel?: string;
  headingLevel?: 2 | 3;
  columns?: 2 | 3 | 4;
}) {
  const Heading = `h${headingLevel}` as "h3";
  const grid = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" }[columns];
  return (
    <ul className={`grid gap-6 ${grid}`}>
      {cards.map((card) => (
        <li
          key={card.title}
          className={`flex flex-col rounded-lg border border-t-4 border-border bg-card p-6 text-card-foreground shadow-sm ${TONE_BORDER[card.tone ?? "primary"]}`}
        >
          <span className={`inline-flex size-12 items-center justify-center rounded-full ${TONE_BADGE[card.tone ?? "primary"]}`}>
            <Icon name={card.icon} />
          </span>
          <Heading className="mt-4 text-xl font-semibold">{card.title}</Heading>
          <p className="mt-2 flex-1 text-muted-foreground">{card.description}</p>
          {card.href ? (
            <a
              href={card.href}
              className="mt-4 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-primary underline decoration-2 hover:no-underline"
            >
              {linkLabel}
              <span className="sr-only">: {card.title}</span>
              <ArrowRight aria-hidden="true" className="size-4" />
            </a>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
