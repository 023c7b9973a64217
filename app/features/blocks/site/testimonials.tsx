import type { BlockOf } from "#app/features/blocks/block-schema";
import type { Testimonial } from "#app/content/site";
import { TestimonialCarousel } from "#app/features/testimonials/site/testimonial-carousel";
import { BlockSection, type BlockProps } from "./block-section";

/** The approved testimonials as the carousel (run by app/enhance/site.ts); nothing when there are none. */
export function TestimonialsBlock({ block, muted, items }: BlockProps<BlockOf<"testimonials">> & { items: readonly (Testimonial & { id?: string })[] }) {
  if (items.length === 0) return null;
  return (
    <BlockSection id={block.id} title={block.title} intro={block.intro || undefined} muted={muted}>
      <TestimonialCarousel items={items} />
    </BlockSection>
  );
}
