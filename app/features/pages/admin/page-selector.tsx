import { useId } from "react";
import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";

export interface PageOption {
  id: string;
  title: string;
}

/**
 * Chooses the page to edit. A GET form, so it works before JavaScript
 * loads; with JavaScript, choosing is enough (the unsaved-changes guard
 * asks first if needed).
 */
export function PageSelector({
  groups,
  selected,
  onChoose,
  placeholder,
  label = "Page",
}: {
  groups: { label: string | null; pages: PageOption[] }[];
  selected: string | null;
  onChoose: (pageId: string) => void;
  placeholder?: string;
  label?: string;
}) {
  const id = useId();
  const options = (pages: PageOption[]) =>
    pages.map((p) => (
      <option key={p.id} value={p.id}>
        {p.title}
      </option>
    ));
  return (
    <Form method="get" className="flex flex-wrap items-end gap-3">
      <div className="grid min-w-64 flex-1 gap-2 sm:max-w-md">
        <Label htmlFor={`${id}-page`}>{label}</Label>
        <NativeSelect
          id={`${id}-page`}
          name="page"
          value={selected ?? ""}
          onChange={(e) => {
            if (e.target.value) onChoose(e.target.value);
          }}
        >
          {placeholder ? (
            <option value="" disabled>
              {placeholder}
            </option>
          ) : null}
          {groups.map((g) =>
            g.label ? (
              <optgroup key={g.label} label={g.label}>
                {options(g.pages)}
              </optgroup>
            ) : (
              options(g.pages)
            ),
          )}
        </NativeSelect>
      </div>
      <noscript>
        <Button type="submit" variant="outline">
          Open page
        </Button>
      </noscript>
    </Form>
  );
}
