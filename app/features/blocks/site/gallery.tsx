import type { BlockOf } from "#app/features/blocks/block-schema";
import { BlockSection, type BlockProps } from "./block-section";
import { BlockFigure } from "./figure";

/** Pictures in a grid, each with its caption. */
export function GalleryBlock({ block, muted }: BlockProps<BlockOf<"gallery">>) {
  return (
    <BlockSection id={block.id} title={block.title} muted={muted}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={block.title ? undefined : "Gallery"}>
        {block.images.map((image, i) => (
          <li key={`${i}-${image.src}`}>
            <BlockFigure image={image} caption={image.caption} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
