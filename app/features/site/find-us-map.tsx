import { MapPin } from "lucide-react";

/**
 * The 'Find Us' map. No third-party request is made until the visitor asks
 * for the map; before that (and without JavaScript) a link opens it instead.
 * The "Show map" button is revealed and run by app/enhance/site.ts.
 */
export function FindUsMap({ latitude, longitude, label }: { latitude: number; longitude: number; label: string }) {
  const d = 0.01;
  const embed = `https://www.openstreetmap.org/export/embed.html?bbox=${longitude - d}%2C${latitude - d / 2}%2C${longitude + d}%2C${latitude + d / 2}&layer=mapnik&marker=${latitude}%2C${longitude}`;
  const link = `https://www.openstreetmap.org/?mlat=${latitude}&mlon=${longitude}#map=15/${latitude}/${longitude}`;
  return (
    <section aria-labelledby="find-us-heading" data-enhance="map" data-embed={embed} data-title={`Map: ${label}`}>
      <h2 id="find-us-heading" className="mb-3 text-lg font-semibold">
        Find Us
      </h2>
      <div className="relative aspect-[4/3] w-full overflow-hidden rounded-lg border border-border bg-muted">
        <div data-map-placeholder className="absolute inset-0 flex flex-col items-center justify-center gap-3 p-4 text-center">
          <MapPin aria-hidden="true" className="size-8 text-primary" />
          <p className="text-sm text-muted-foreground">{label}</p>
          <button type="button" data-show-map hidden className="min-h-11 rounded-md bg-primary px-4 text-sm font-semibold text-primary-foreground">
            Show map
          </button>
          <a href={link} className="text-sm underline" rel="noopener noreferrer" target="_blank">
            Open the map on OpenStreetMap<span className="sr-only"> (opens in a new tab)</span>
          </a>
        </div>
      </div>
    </section>
  );
}
