import { useState, type ReactNode } from "react";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import { ICON_NAMES } from "#app/features/site/icon";
import { richTextSchema, richTextToMarkdown, parseRichTextField, type RichTextDoc } from "#app/features/blocks/rich-text";
import { moveBlock, setAt } from "./block-list";
import type { FormKind } from "#app/features/blocks/block-schema";
import { STANDARD_FORM_WORDING, storedWording, wordingHint, type WordingField } from "#app/features/blocks/form-wording";
import type { FieldSpec, Option } from "./block-fields";

/** What every field of a block form needs from the editor around it. */
export interface FieldContext {
  /** The id prefix of this block's inputs, unique on the page. */
  idPrefix: string;
  /** Messages by path inside the block ("cards.1.title"), from the last save. */
  errors: Readonly<Record<string, string>>;
  videoPages: readonly Option[];
  /** The id of the editor's <datalist> of the site's pages, offered in every link field. */
  pagesListId: string;
  /** The rich-text editor to use; without one, a plain box in the old Markdown form. */
  renderRichText?: (props: { id: string; label: string; value: RichTextDoc; onChange: (doc: RichTextDoc) => void; describedBy?: string }) => ReactNode;
}

type Path = readonly (string | number)[];

function fieldId(ctx: FieldContext, path: Path) {
  return `${ctx.idPrefix}-${path.join("-")}`;
}

function FieldShell({ ctx, path, label, hint, children }: { ctx: FieldContext; path: Path; label: string; hint?: string; children: (a11y: { id: string; "aria-describedby"?: string; "aria-invalid"?: boolean }) => ReactNode }) {
  const id = fieldId(ctx, path);
  const error = ctx.errors[path.join(".")];
  const describedBy = [hint ? `${id}-hint` : "", error ? `${id}-error` : ""].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-1.5">
      <Label htmlFor={id}>{label}</Label>
      {children({ id, "aria-describedby": describedBy, "aria-invalid": error ? true : undefined })}
      {hint ? (
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={error} />
    </div>
  );
}

function ImageFields({ ctx, path, value, onChange, label }: { ctx: FieldContext; path: Path; value: Record<string, unknown> | null; onChange: (v: unknown) => void; label: string }) {
  const image = value ?? { src: "", alt: "", decorative: false };
  const set = (key: string, next: unknown) => onChange({ ...image, [key]: next });
  return (
    <fieldset className="grid gap-3 rounded-md border border-border p-3">
      <legend className="px-1 text-sm font-semibold">{label}</legend>
      <FieldShell ctx={ctx} path={[...path, "src"]} label="Image URL/Filename" hint="A file from the Media library (its name or /media/ address) or a built-in /images/ picture.">
        {(a11y) => <Input {...a11y} value={String(image.src ?? "")} onChange={(e) => set("src", e.target.value)} />}
      </FieldShell>
      <FieldShell ctx={ctx} path={[...path, "alt"]} label="Alt Text">
        {(a11y) => <Input {...a11y} value={String(image.alt ?? "")} disabled={image.decorative === true} onChange={(e) => set("alt", e.target.value)} />}
      </FieldShell>
      <label className="flex items-center gap-2 text-sm">
        <input type="checkbox" className="size-5" checked={image.decorative === true} onChange={(e) => set("decorative", e.target.checked)} />
        Decorative (adds nothing a screen-reader user needs; no alt text)
      </label>
    </fieldset>
  );
}

function ListField({ ctx, path, spec, value, onChange }: { ctx: FieldContext; path: Path; spec: Extract<FieldSpec, { kind: "list" }>; value: unknown; onChange: (v: unknown) => void }) {
  const items = Array.isArray(value) ? (value as Record<string, unknown>[]) : [];
  const error = ctx.errors[path.join(".")];
  return (
    <fieldset className="grid gap-3">
      <legend className="text-sm font-semibold">{spec.label}</legend>
      <FieldError id={`${fieldId(ctx, path)}-error`} errors={error} />
      <ol className="grid gap-3">
        {items.map((item, i) => {
          const name = `${spec.itemLabel} ${i + 1}`;
          return (
            <li key={i} className="grid gap-3 rounded-md border border-border p-3">
              <div className="flex flex-wrap items-center justify-between gap-2">
                <span className="font-semibold">{name}</span>
                <div className="flex flex-wrap gap-1">
                  <Button type="button" size="sm" variant="outline" disabled={i === 0} onClick={() => onChange(moveBlock(items, i, i - 1))} aria-label={`Move ${name} up`}>
                    Up
                  </Button>
                  <Button type="button" size="sm" variant="outline" disabled={i === items.length - 1} onClick={() => onChange(moveBlock(items, i, i + 1))} aria-label={`Move ${name} down`}>
                    Down
                  </Button>
                  <Button type="button" size="sm" variant="outline" onClick={() => onChange(items.filter((_, j) => j !== i))} aria-label={`Remove ${name}`}>
                    Remove
                  </Button>
                </div>
              </div>
              {spec.fields.map((field) =>
                field.kind === "image" && field.key === "$image" ? (
                  <ImageFields key="$image" ctx={ctx} path={[...path, i]} label={field.label} value={item} onChange={(next) => onChange(items.map((it, j) => (j === i ? { ...it, ...(next as object) } : it)))} />
                ) : (
                  <FieldInput key={field.key} ctx={ctx} path={[...path, i, field.key]} spec={field} value={item[field.key]} onChange={(next) => onChange(setAt(items, [i, field.key], next))} />
                ),
              )}
            </li>
          );
        })}
      </ol>
      {items.length < spec.max ? (
        <Button type="button" variant="outline" className="justify-self-start" onClick={() => onChange([...items, spec.newItem()])}>
          Add {spec.itemLabel.toLowerCase()}
        </Button>
      ) : (
        <p className="text-sm text-muted-foreground">
          At most {spec.max} {spec.label.toLowerCase()}.
        </p>
      )}
    </fieldset>
  );
}

/** A plain box for rich text when no editor is given: the old Markdown form, read back as rich text on every change. */
function PlainRichText({ id, value, onChange, a11y }: { id: string; value: RichTextDoc; onChange: (doc: RichTextDoc) => void; a11y: object }) {
  return (
    <Textarea
      {...a11y}
      id={id}
      rows={12}
      className="font-mono"
      defaultValue={richTextToMarkdown(value)}
      onChange={(e) => {
        const parsed = parseRichTextField(e.target.value);
        if ("doc" in parsed) onChange(parsed.doc);
      }}
    />
  );
}

export function FieldInput({ ctx, path, spec, value, onChange }: { ctx: FieldContext; path: Path; spec: FieldSpec; value: unknown; onChange: (v: unknown) => void }) {
  switch (spec.kind) {
    case "list":
      return <ListField ctx={ctx} path={path} spec={spec} value={value} onChange={onChange} />;
    case "image":
      return (
        <div className="grid gap-2">
          <ImageFields ctx={ctx} path={path} label={spec.label} value={(value as Record<string, unknown> | null) ?? null} onChange={onChange} />
          {spec.optional && value ? (
            <Button type="button" size="sm" variant="outline" className="justify-self-start" onClick={() => onChange(null)}>
              Remove picture
            </Button>
          ) : null}
        </div>
      );
    case "button": {
      const button = (value as { label?: string; href?: string } | null) ?? null;
      const set = (key: "label" | "href", next: string) => {
        const merged = { label: button?.label ?? "", href: button?.href ?? "", [key]: next };
        // Both boxes emptied means no button at all, which the schema stores as null.
        onChange(merged.label === "" && merged.href === "" ? null : merged);
      };
      return (
        <fieldset className="grid gap-3 rounded-md border border-border p-3">
          <legend className="px-1 text-sm font-semibold">{spec.label}</legend>
          <FieldShell ctx={ctx} path={[...path, "label"]} label="Button label">
            {(a11y) => <Input {...a11y} value={button?.label ?? ""} onChange={(e) => set("label", e.target.value)} />}
          </FieldShell>
          <FieldShell ctx={ctx} path={[...path, "href"]} label="Button link">
            {(a11y) => <Input {...a11y} list={ctx.pagesListId} value={button?.href ?? ""} placeholder="/contact or https://…" onChange={(e) => set("href", e.target.value)} />}
          </FieldShell>
        </fieldset>
      );
    }
    case "checkbox":
      return (
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-5" checked={value === true} onChange={(e) => onChange(e.target.checked)} />
          {spec.label}
        </label>
      );
    case "richtext": {
      const doc = richTextSchema.safeParse(value).success ? (value as RichTextDoc) : { type: "doc" as const, content: [] };
      return (
        <FieldShell ctx={ctx} path={path} label={spec.label}>
          {(a11y) =>
            ctx.renderRichText ? (
              ctx.renderRichText({ id: a11y.id, label: spec.label, value: doc, onChange, describedBy: a11y["aria-describedby"] })
            ) : (
              <PlainRichText id={a11y.id} value={doc} onChange={onChange} a11y={a11y} />
            )
          }
        </FieldShell>
      );
    }
    default:
      return (
        <FieldShell ctx={ctx} path={path} label={spec.label} hint={"hint" in spec ? spec.hint : undefined}>
          {(a11y) => <SimpleInput spec={spec} value={value} onChange={onChange} ctx={ctx} a11y={a11y} />}
        </FieldShell>
      );
  }
}

/**
 * A form's consent or privacy words, starting from the form's standard
 * words so staff edit what visitors read now. The block stores nothing
 * while they are the standard words (the form then keeps up with them), and
 * "Use the standard wording" puts them back. Typing is kept as typed here:
 * emptying the box does not refill it under the cursor.
 */
export function WordingInput({ ctx, path, label, form, field, value, onChange }: { ctx: FieldContext; path: Path; label: string; form: FormKind; field: WordingField; value: string; onChange: (v: string) => void }) {
  const standard = STANDARD_FORM_WORDING[form][field] ?? "";
  const [text, setText] = useState(value || standard);
  const custom = storedWording(form, field, text) !== "";
  return (
    <FieldShell ctx={ctx} path={path} label={label} hint={`${wordingHint(form, field)} ${custom ? "Reworded for this page." : "The standard wording."}`}>
      {(a11y) => (
        <div className="grid gap-2">
          <Textarea
            {...a11y}
            rows={3}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              onChange(storedWording(form, field, e.target.value));
            }}
          />
          {custom ? (
            <Button
              type="button"
              size="sm"
              variant="outline"
              className="justify-self-start"
              onClick={() => {
                setText(standard);
                onChange("");
              }}
            >
              Use the standard {label.toLowerCase()}
            </Button>
          ) : null}
        </div>
      )}
    </FieldShell>
  );
}

function SimpleInput({ spec, value, onChange, ctx, a11y }: { spec: FieldSpec; value: unknown; onChange: (v: unknown) => void; ctx: FieldContext; a11y: { id: string } }) {
  switch (spec.kind) {
    case "textarea":
      return <Textarea {...a11y} rows={3} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} />;
    case "number":
      return (
        <Input
          {...a11y}
          type="number"
          inputMode="numeric"
          min={spec.min}
          max={spec.max}
          value={typeof value === "number" ? String(value) : String(value ?? "")}
          // An emptied box stays empty while typing; the save says a number is needed.
          onChange={(e) => onChange(e.target.value === "" ? "" : Number(e.target.value))}
        />
      );
    case "select": {
      const options = spec.options === "videoPages" ? ctx.videoPages : spec.options;
      return (
        <NativeSelect {...a11y} value={String(value ?? "")} onChange={(e) => onChange(typeof value === "number" ? Number(e.target.value) : e.target.value)}>
          {value === "" || value == null ? <option value="">Choose…</option> : null}
          {options.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </NativeSelect>
      );
    }
    case "icon":
      return (
        <NativeSelect {...a11y} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)}>
          <option value="">No icon</option>
          {ICON_NAMES.map((name) => (
            <option key={name} value={name}>
              {name}
            </option>
          ))}
        </NativeSelect>
      );
    case "link":
      return (
        <Input {...a11y} list={ctx.pagesListId} value={String(value ?? "")} placeholder="/contact or https://…" onChange={(e) => onChange(e.target.value)} />
      );
    default:
      return <Input {...a11y} value={String(value ?? "")} onChange={(e) => onChange(e.target.value)} />;
  }
}
