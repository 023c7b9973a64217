import { useEffect, useId, useMemo, useState } from "react";
import { Check, Search } from "lucide-react";
import { Badge } from "#app/components/ui/badge";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { categoryLabel, FALLBACK_IMAGES, PICKER_CATEGORIES } from "#app/content/site";
import { cn } from "#app/components/ui/utils";
import type { PickerImage } from "#app/features/media/picker-image";

/** The search matches alt text and description, ignoring case; "all" shows every category. */
export function filterImages(images: readonly PickerImage[], search: string, category: string): PickerImage[] {
  const needle = search.trim().toLowerCase();
  return images.filter(
    (img) =>
      (category === "all" || img.category === category) &&
      (!needle || img.alt.toLowerCase().includes(needle) || (img.description ?? "").toLowerCase().includes(needle)),
  );
}

/**
 * The image picker: search, a category filter, and a grid of
 * every uploaded and built-in image (uploads first) to choose from. Loads
 * its list itself, so any admin screen can drop it in; a failed load is
 * logged and the picker stays empty.
 */
export function ImagePicker({
  selectedId,
  onSelect,
  initialCategory = "all",
  images: given,
  className,
}: {
  selectedId?: string | null;
  onSelect?: (image: PickerImage) => void;
  initialCategory?: string;
  /** Images to offer; without them the picker loads /api/media/images. */
  images?: readonly PickerImage[];
  className?: string;
}) {
  const id = useId();
  const [loaded, setLoaded] = useState<readonly PickerImage[] | null>(given ?? null);
  const [search, setSearch] = useState("");
  const [category, setCategory] = useState(initialCategory);
  const [selected, setSelected] = useState<string | null>(selectedId ?? null);

  useEffect(() => {
    if (given) {
      setLoaded(given);
      return;
    }
    let live = true;
    fetch("/api/media/images", { headers: { Accept: "application/json" } })
      .then(async (res) => {
        if (!res.ok) throw new Error(`status ${res.status}`);
        const body = (await res.json()) as { images: PickerImage[] };
        if (live) setLoaded(body.images);
      })
      .catch((error: unknown) => {
        console.error("Failed to load the image library", error);
        if (live) setLoaded([]);
      });
    return () => {
      live = false;
    };
  }, [given]);

  useEffect(() => setSelected(selectedId ?? null), [selectedId]);

  const images = useMemo(() => filterImages(loaded ?? [], search, category), [loaded, search, category]);
  const headingId = `${id}-heading`;

  return (
    // Laid out by its own width, not the window's: inside the event form's narrow column a wide window's four columns
    // would squash the thumbnails into each other and the search box to a sliver.
    <section aria-labelledby={headingId} className={cn("@container grid gap-4", className)}>
      <div className="grid gap-3 @lg:grid-cols-[1fr_14rem]">
        <div className="relative">
          <Label htmlFor={`${id}-search`} className="sr-only">
            Search images
          </Label>
          <Search className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground" aria-hidden="true" />
          <Input
            id={`${id}-search`}
            type="search"
            placeholder="Search images..."
            value={search}
            onChange={(e) => setSearch(e.target.value)}
            // The picker may sit inside another form (the event form): Enter searches, it does not submit that form.
            onKeyDown={(e) => {
              if (e.key === "Enter") e.preventDefault();
            }}
            className="pl-9"
          />
        </div>
        <div>
          <Label htmlFor={`${id}-category`} className="sr-only">
            Category
          </Label>
          <NativeSelect id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)}>
            {PICKER_CATEGORIES.map((c) => (
              <option key={c.value} value={c.value}>
                {c.label}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <h3 id={headingId} className="text-base font-semibold" aria-live="polite">
        {loaded === null ? "Loading images…" : `Select Image (${images.length} available)`}
      </h3>
      {loaded !== null && images.length === 0 ? (
        <p className="rounded-md border border-dashed border-border p-6 text-center text-muted-foreground">No images found matching your criteria</p>
      ) : (
        // As many columns as fit at 8rem or more each (one when even that does not fit): a thumbnail never overlaps its neighbour.
        <ul className="grid grid-cols-[repeat(auto-fill,minmax(min(100%,8rem),1fr))] gap-3">
          {images.map((image) => {
            const isSelected = image.id === selected;
            return (
              <li key={`${image.source}-${image.id}`} className="min-w-0">
                <button
                  type="button"
                  aria-pressed={isSelected}
                  onClick={() => {
                    setSelected(image.id);
                    onSelect?.(image);
                  }}
                  className={cn(
                    "group relative grid w-full gap-2 rounded-lg border-2 p-2 text-left transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring",
                    isSelected ? "border-primary bg-primary/5" : "border-border hover:border-primary/50",
                  )}
                >
                  <PickerThumbnail image={image} />
                  <Badge variant="secondary" className="max-w-full justify-self-start overflow-hidden">
                    {categoryLabel(image.category)}
                  </Badge>
                  <span className="line-clamp-2 text-sm break-words">{image.alt}</span>
                  {isSelected ? (
                    <span className="absolute right-3 top-3 flex size-7 items-center justify-center rounded-full bg-primary text-primary-foreground shadow">
                      <Check className="size-4" aria-hidden="true" />
                      <span className="sr-only">Selected</span>
                    </span>
                  ) : null}
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}

/** A thumbnail that falls back to a stock picture when the image cannot be loaded. */
function PickerThumbnail({ image }: { image: PickerImage }) {
  const [failed, setFailed] = useState(false);
  return (
    <img
      src={failed ? FALLBACK_IMAGES[0] : image.filename}
      alt=""
      width={image.width ?? 400}
      height={image.height ?? 300}
      loading="lazy"
      decoding="async"
      onError={() => setFailed(true)}
      className="aspect-[4/3] w-full rounded-md bg-muted object-cover"
    />
  );
}
