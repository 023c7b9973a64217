import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { Textarea } from "#app/components/ui/textarea";
import { FieldError } from "#app/components/ui/field-error";
import type { PageSeo } from "#app/features/pages/page-document";
import type { EffectiveSeo } from "#app/features/blocks/page-seo";

/**
 * A page's search and sharing fields. Each empty field shows, as its
 * placeholder and under it, what the page uses instead, so staff see that an
 * unedited page is already described.
 */
export function SeoFields({
  id,
  value,
  defaults,
  errors = {},
  onChange,
}: {
  id: string;
  value: PageSeo;
  /** What the page shows with these fields empty. */
  defaults: EffectiveSeo;
  errors?: Readonly<Record<string, string>>;
  onChange: (seo: PageSeo) => void;
}) {
  const set = <K extends keyof PageSeo>(key: K, next: PageSeo[K]) => onChange({ ...value, [key]: next });
  const field = (key: string) => ({ id: `${id}-${key}`, "aria-invalid": errors[`seo.${key}`] ? true : undefined, "aria-describedby": `${id}-${key}-hint ${id}-${key}-error` });
  return (
    <fieldset className="grid gap-4">
      <legend className="text-lg font-semibold">Search and sharing</legend>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-title`}>Search title</Label>
        <Input {...field("title")} value={value.title} placeholder={defaults.title} maxLength={120} onChange={(e) => set("title", e.target.value)} />
        <p id={`${id}-title-hint`} className="text-sm text-muted-foreground">
          Shown in search results and browser tabs. Empty: the page title.
        </p>
        <FieldError id={`${id}-title-error`} errors={errors["seo.title"]} />
      </div>
      <div className="grid gap-1.5">
        <Label htmlFor={`${id}-description`}>Description</Label>
        <Textarea {...field("description")} rows={3} value={value.description} placeholder={defaults.description} maxLength={300} onChange={(e) => set("description", e.target.value)} />
        <p id={`${id}-description-hint`} className="text-sm text-muted-foreground">
          {value.description.length} of about 160 characters search engines show. Empty: {defaults.description ? `"${defaults.description}"` : "none yet — add a hero subtitle or some text"}.
        </p>
        <FieldError id={`${id}-description-error`} errors={errors["seo.description"]} />
      </div>
      <fieldset className="grid gap-3 rounded-md border border-border p-3">
        <legend className="px-1 text-sm font-semibold">Share image</legend>
        <div className="grid gap-1.5">
          <Label htmlFor={`${id}-image`}>Image URL/Filename</Label>
          <Input
            {...field("image")}
            value={value.image?.src ?? ""}
            placeholder={defaults.image?.src ?? "/images/share.png"}
            onChange={(e) => set("image", e.target.value ? { src: e.target.value, alt: value.image?.alt ?? "", decorative: false } : null)}
          />
          <p id={`${id}-image-hint`} className="text-sm text-muted-foreground">
            Shown when the page is shared on social media. Empty: the hero's picture, else the site's.
          </p>
          <FieldError id={`${id}-image-error`} errors={errors["seo.image.src"]} />
        </div>
        {value.image ? (
          <div className="grid gap-1.5">
            <Label htmlFor={`${id}-image-alt`}>Alt Text</Label>
            <Input id={`${id}-image-alt`} value={value.image.alt} onChange={(e) => set("image", { ...value.image!, alt: e.target.value })} />
          </div>
        ) : null}
      </fieldset>
      <label className="flex items-start gap-2">
        <input type="checkbox" className="mt-1 size-5" checked={value.noindex} onChange={(e) => set("noindex", e.target.checked)} />
        <span>
          Hide from search engines
          <span className="block text-sm text-muted-foreground">The page stays on the site but asks search engines not to list it, and leaves the sitemap.</span>
        </span>
      </label>
    </fieldset>
  );
}
