import { ArrowRight } from "lucide-react";
import type { BlockOf } from "#app/features/blocks/block-schema";
import { safeHref } from "#app/features/pages/markdown";
import { Icon } from "#app/features/site/icon";
import { TONE_BADGE, TONE_BORDER } from "#app/features/site/tone";
import { BlockSection, type BlockProps } from "./block-section";
import { ButtonRow } from "./buttons";

const GRID = { 2: "sm:grid-cols-2", 3: "sm:grid-cols-2 lg:grid-cols-3", 4: "sm:grid-cols-2 lg:grid-cols-4" } as const;

/**
 * A grid of cards, each with its icon, colour and an optional link. The
 * link names its card for screen readers, so repeated labels such as
 * "Learn More" stay distinct; a link the site would not follow is left out.
 */
export function CardsBlock({ block, muted }: BlockProps<BlockOf<"cards">>) {
  return (
    <BlockSection id={block.id} title={block.title} intro={block.intro || undefined} muted={muted}>
      <ul className={`grid gap-6 ${GRID[block.columns]}`}>
        {block.cards.map((card, i) => {
          const link = card.href ? safeHref(card.href) : null;
          return (
            <li
              key={`${i}-${card.title}`}
              className={`flex flex-col rounded-lg border border-t-4 border-border bg-card p-6 text-card-foreground shadow-sm ${TONE_BORDER[card.tone]}`}
            >
              {card.icon ? (
                <span className={`inline-flex size-12 items-center justify-center rounded-full ${TONE_BADGE[card.tone]}`}>
                  <Icon name={card.icon} />
                </span>
              ) : null}
              <h3 className="mt-4 text-xl font-semibold">{card.title}</h3>
              {card.description ? <p className="mt-2 flex-1 text-muted-foreground">{card.description}</p> : <span className="flex-1" />}
              {link ? (
                <a
                  href={link.href}
                  rel={link.external ? "noopener noreferrer" : undefined}
                  className="mt-4 inline-flex min-h-11 items-center gap-2 self-start font-semibold text-primary underline decoration-2 hover:no-underline"
                >
                  {card.buttonLabel || "Learn More"}
                  <span className="sr-only">: {card.title}</span>
                  <ArrowRight aria-hidden="true" className="size-4" />
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ButtonRow buttons={block.buttons} className="mt-10 flex flex-wrap gap-3" />
    </BlockSection>
  );
}
