import type { BlockOf } from "#app/features/blocks/block-schema";
import { Icon } from "#app/features/site/icon";
import { BlockSection, type BlockProps } from "./block-section";
import { ButtonRow } from "./buttons";

/** Numbered steps, each with its icon, title and description. */
export function StepsBlock({ block, muted }: BlockProps<BlockOf<"steps">>) {
  return (
    <BlockSection id={block.id} title={block.title} muted={muted}>
      <ol className="grid gap-6 md:grid-cols-3">
        {block.steps.map((step, i) => (
          <li key={`${i}-${step.title}`} className="rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
            <span className="inline-flex items-center gap-3">
              <span className="inline-flex size-12 items-center justify-center rounded-full bg-primary text-xl font-bold text-primary-foreground">{i + 1}</span>
              {step.icon ? <Icon name={step.icon} className="size-6 text-primary" /> : null}
            </span>
            <h3 className="mt-4 text-xl font-semibold">{step.title}</h3>
            {step.description ? <p className="mt-2 text-muted-foreground">{step.description}</p> : null}
          </li>
        ))}
      </ol>
      <ButtonRow buttons={block.buttons} className="mt-10 flex flex-wrap gap-3" />
    </BlockSection>
  );
}
