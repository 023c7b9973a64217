import type { BlockOf } from "#app/features/blocks/block-schema";
import type { SiteSettings } from "#app/content/site";
import { FindUsMap } from "#app/features/site/find-us-map";
import { BlockSection, type BlockProps } from "./block-section";

/** The Find Us map at the point set in Settings; nothing is fetched from the map's site until the visitor asks. */
export function MapBlock({ block, muted, settings }: BlockProps<BlockOf<"map">> & { settings: SiteSettings }) {
  return (
    <BlockSection id={block.id} title={block.title} intro={block.intro || undefined} muted={muted}>
      <FindUsMap latitude={settings.mapLatitude} longitude={settings.mapLongitude} label={settings.mapQuery} />
    </BlockSection>
  );
}
