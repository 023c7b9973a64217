import type { BlockOf } from "#app/features/blocks/block-schema";
import type { PageImage } from "#app/content/types";
import { Logo } from "#app/features/site/logo";
import { ButtonRow } from "./buttons";
import { BlockFigure } from "./figure";

/**
 * The page's title band, holding its only h1. The home style puts the logo
 * over large centred type; the banner style is every other page's, with
 * the hero picture under the band. What text sits on, in which colours,
 * is described for the publish contrast check in hero-contrast.ts
 * (HERO_LOOKS); its test fails when the two part.
 */
export function HeroBlock({ block, inlineSrc, picture }: { block: BlockOf<"hero">; inlineSrc?: string | null; picture?: PageImage }) {
  // The page's own record of the same picture carries an upload's generated sizes.
  const image = block.image && picture && picture.filename === block.image.src && !block.image.decorative ? picture : block.image;
  if (block.style === "home") {
    return (
      <section aria-labelledby={`${block.id}-heading`} className="border-b border-border bg-muted">
        <div className="mx-auto flex max-w-7xl flex-col items-center px-4 py-16 text-center sm:py-24">
          <Logo size="xl" />
          <h1 id={`${block.id}-heading`} className="mt-6 text-4xl font-extrabold tracking-tight sm:text-6xl">
            {block.title}
          </h1>
          {block.subtitle ? <p className="mt-4 max-w-2xl text-xl text-muted-foreground">{block.subtitle}</p> : null}
          <ButtonRow buttons={block.buttons} className="mt-8 flex flex-wrap justify-center gap-3" />
        </div>
      </section>
    );
  }
  return (
    <>
      <header className="border-b border-border bg-muted">
        <div className="mx-auto max-w-7xl px-4 py-14 sm:py-20">
          <h1 className="max-w-4xl text-4xl font-bold tracking-tight sm:text-5xl">{block.title}</h1>
          {block.subtitle ? <p className="mt-4 max-w-3xl text-xl text-muted-foreground">{block.subtitle}</p> : null}
          <ButtonRow buttons={block.buttons} className="mt-8 flex flex-wrap gap-3" />
        </div>
      </header>
      {image ? (
        <div className="mx-auto max-w-7xl px-4 pt-10" data-section="hero">
          <BlockFigure image={image} caption={"caption" in image ? image.caption : ""} lazy={false} sizes="(min-width: 80rem) 80rem, 100vw" inlineSrc={inlineSrc} />
        </div>
      ) : null}
    </>
  );
}
