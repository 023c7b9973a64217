import type { ReactNode } from "react";

/** One titled group of a settings form (a fieldset with its legend), as every settings screen lays them out. */
export function SettingsGroup({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <fieldset className="grid gap-4 rounded-lg border border-border p-4">
      <legend className="px-1 text-lg font-semibold">{title}</legend>
      {description ? <div className="-mt-2 text-sm text-muted-foreground">{description}</div> : null}
      {children}
    </fieldset>
  );
}
