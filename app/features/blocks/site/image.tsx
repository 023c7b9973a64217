import type { BlockOf } from "#app/features/blocks/block-schema";
import { BlockFigure } from "./figure";

const ALIGN = { left: "max-w-xl", centre: "mx-auto max-w-3xl", right: "ml-auto max-w-xl", full: "" } as const;

/** One picture with its caption, aligned in the page's column. */
export function ImageBlock({ block }: { block: BlockOf<"image"> }) {
  return (
    <div id={block.id} className="mx-auto max-w-7xl px-4 py-8">
      <BlockFigure image={block.image} caption={block.caption} className={ALIGN[block.align]} sizes={block.align === "full" ? "(min-width: 80rem) 80rem, 100vw" : "(min-width: 48rem) 48rem, 100vw"} />
    </div>
  );
}
