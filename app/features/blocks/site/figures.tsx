import type { BlockOf } from "#app/features/blocks/block-schema";
import { ImpactCounters } from "#app/features/site/impact-counters";
import { BlockSection, type BlockProps } from "./block-section";

/** Impact figures: the final numbers in the HTML, counting up in the browser (app/enhance/site.ts) as they always have. */
export function FiguresBlock({ block, muted }: BlockProps<BlockOf<"figures">>) {
  const stats = block.figures.map((f) => ({ value: f.value, suffix: f.suffix, label: f.label, color: f.tone }));
  return (
    <BlockSection id={block.id} title={block.title} muted={muted}>
      <ImpactCounters stats={stats} />
    </BlockSection>
  );
}
