import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { LAYOUT_DESCRIPTIONS, LAYOUTS, type Layout } from "#app/content/types";

export const LAYOUT_LABELS: Record<Layout, string> = {
  "text-only": "Text only",
  "image-left": "Image left",
  "image-right": "Image right",
  gallery: "Gallery",
  "hero-content": "Hero with content",
};

/** The Layout sub-tab: the page's layout, with what each one shows. */
export function LayoutField({ id, layout, onChange }: { id: string; layout: Layout; onChange: (layout: Layout) => void }) {
  return (
    <div className="grid max-w-xl gap-2">
      <Label htmlFor={`${id}-layout`}>Page Layout</Label>
      <NativeSelect
        id={`${id}-layout`}
        name="layout"
        value={layout}
        onChange={(e) => onChange(e.target.value as Layout)}
        aria-describedby={`${id}-layout-description`}
      >
        {LAYOUTS.map((l) => (
          <option key={l} value={l}>
            {LAYOUT_LABELS[l]}
          </option>
        ))}
      </NativeSelect>
      <p id={`${id}-layout-description`} aria-live="polite" className="rounded-md bg-muted p-3 text-sm">
        {LAYOUT_DESCRIPTIONS[layout]}
      </p>
    </div>
  );
}
