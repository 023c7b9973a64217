import type { BlockOf } from "#app/features/blocks/block-schema";
import type { PageImage } from "#app/content/types";
import { placeImages } from "#app/features/pages/page-layout";
import { markdownLink, PROSE_CLASSES } from "#app/features/pages/site/content-page";
import { RichTextView } from "./rich-text-view";
import { BlockFigure } from "./figure";

/**
 * Rich text with its pictures placed by the layout preset: one beside the
 * text for image-left and image-right, the rest after it, gallery pictures
 * in a grid below, then the picture applied to the Content section in Page
 * Images (`after`). Headings inside the text sit under the block's h2.
 */
export function TextBlock({ block, muted, after = [] }: { block: BlockOf<"text">; muted: boolean; after?: PageImage[] }) {
  const placed = placeImages({ layout: block.layout, images: block.images });
  // The Page Images tab's Content picture follows the text whatever the layout.
  const layout = { ...placed, inline: [...placed.inline, ...after] };
  const side = layout.side;
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={block.title ? headingId : undefined} id={block.id} className={`scroll-mt-20 ${muted ? "bg-muted" : ""}`}>
      <div className="mx-auto max-w-7xl px-4 py-12">
        <div className={side ? "grid items-start gap-10 lg:grid-cols-2" : "max-w-3xl"}>
          <div className={side && block.layout === "image-left" ? "lg:order-2" : ""}>
            {block.title ? (
              <h2 id={headingId} className="text-3xl font-bold tracking-tight">
                {block.title}
              </h2>
            ) : null}
            <RichTextView doc={block.body} headingOffset={block.title ? 1 : 0} classNames={PROSE_CLASSES} renderLink={markdownLink} />
            {layout.inline.map((image) => (
              <BlockFigure key={image.id} image={image} caption={image.caption} className="mt-8" sizes="(min-width: 48rem) 48rem, 100vw" />
            ))}
          </div>
          {side ? <BlockFigure image={side} caption={side.caption} className={block.layout === "image-left" ? "lg:order-1" : ""} /> : null}
        </div>
        {layout.gallery.length > 0 ? (
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label="Gallery">
            {layout.gallery.map((image) => (
              <li key={image.id}>
                <BlockFigure image={image} caption={image.caption} sizes="(min-width: 1024px) 33vw, (min-width: 640px) 50vw, 100vw" />
              </li>
            ))}
          </ul>
        ) : null}
      </div>
    </section>
  );
}
