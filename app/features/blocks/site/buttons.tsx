import type { BlockButton, BlockOf } from "#app/features/blocks/block-schema";
import { safeHref } from "#app/features/pages/markdown";
import { ButtonLink } from "#app/features/site/button-link";
import { BlockSection, type BlockProps } from "./block-section";

/** A row of buttons, the first filled and the rest outlined; a button whose address the site would not follow is left out. */
export function ButtonRow({ buttons, className = "flex flex-wrap gap-3" }: { buttons: readonly BlockButton[]; className?: string }) {
  const shown = buttons.filter((b) => safeHref(b.href));
  if (shown.length === 0) return null;
  return (
    <div className={className}>
      {shown.map((button, i) => (
        <ButtonLink key={`${i}-${button.label}`} href={button.href} variant={i === 0 ? "primary" : "outline"}>
          {button.label}
        </ButtonLink>
      ))}
    </div>
  );
}

export function ButtonsBlock({ block, muted }: BlockProps<BlockOf<"buttons">>) {
  return (
    <BlockSection id={block.id} title={block.title} intro={block.text ? <p>{block.text}</p> : undefined} muted={muted}>
      <ButtonRow buttons={block.buttons} />
    </BlockSection>
  );
}
