import type { BlockOf } from "#app/features/blocks/block-schema";
import { safeHref } from "#app/features/pages/markdown";
import { BlockSection, type BlockProps } from "./block-section";

/** Questions and answers by topic, with a row of jump links to each topic first. */
export function FaqBlock({ block, muted }: BlockProps<BlockOf<"faq">>) {
  const anchor = (id: string) => `faq-${id}`;
  return (
    <BlockSection id={block.id} title={block.title} muted={muted}>
      <ul className="mb-8 flex flex-wrap gap-2" aria-label="Jump to a topic">
        {block.entries.map((entry) => (
          <li key={entry.id}>
            <a href={`#${anchor(entry.id)}`} className="inline-flex min-h-11 items-center rounded-full border border-border bg-card px-4 font-medium hover:bg-background">
              {entry.topic}
            </a>
          </li>
        ))}
      </ul>
      <div className="space-y-6">
        {block.entries.map((entry) => {
          const followUp = entry.followUp && safeHref(entry.followUp.href) ? entry.followUp : null;
          return (
            <section
              key={entry.id}
              id={anchor(entry.id)}
              aria-labelledby={`${anchor(entry.id)}-heading`}
              className="scroll-mt-20 rounded-lg border border-border bg-card p-6 text-card-foreground"
            >
              <h3 id={`${anchor(entry.id)}-heading`} className="text-xl font-semibold">
                {entry.topic}
              </h3>
              <p className="mt-3 font-medium">{entry.question}</p>
              <p className="mt-2 text-muted-foreground">{entry.answer}</p>
              {followUp ? (
                <a href={followUp.href} className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary underline decoration-2">
                  {followUp.label}
                </a>
              ) : null}
            </section>
          );
        })}
      </div>
    </BlockSection>
  );
}
