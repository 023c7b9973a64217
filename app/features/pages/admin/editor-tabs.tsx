import type { KeyboardEvent, ReactNode, RefObject } from "react";
import { cn } from "#app/components/ui/utils";

export type Panel = "content" | "images" | "layout" | "blocks" | "seo";

const PANEL_LABELS: Record<Panel, string> = { content: "Content", images: "Images", layout: "Layout", blocks: "Blocks", seo: "Search & sharing" };

/**
 * The editor's sub-tabs: arrow keys, Home and End move between them (and
 * choose), as a tab list does. `tabRefs` belongs to the editor, so that the
 * Images tab's "Choose a layout" can take the keyboard to the Layout tab.
 */
export function EditorTabs({
  id,
  panels,
  panel,
  setPanel,
  tabRefs,
}: {
  id: string;
  panels: Panel[];
  panel: Panel;
  setPanel: (panel: Panel) => void;
  tabRefs: RefObject<Record<string, HTMLButtonElement | null>>;
}) {
  function onTabKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = panels.length - 1;
    const next =
      event.key === "ArrowRight" ? (index === last ? 0 : index + 1)
      : event.key === "ArrowLeft" ? (index === 0 ? last : index - 1)
      : event.key === "Home" ? 0
      : event.key === "End" ? last
      : null;
    if (next === null) return;
    event.preventDefault();
    setPanel(panels[next]!);
    tabRefs.current[panels[next]!]?.focus();
  }

  return (
    <div role="tablist" aria-label="Edit" className="flex flex-wrap gap-1 border-b border-border">
      {panels.map((p, index) => (
        <button
          key={p}
          ref={(el) => {
            tabRefs.current[p] = el;
          }}
          type="button"
          role="tab"
          id={`${id}-tab-${p}`}
          aria-selected={panel === p}
          aria-controls={`${id}-panel-${p}`}
          tabIndex={panel === p ? 0 : -1}
          onClick={() => setPanel(p)}
          onKeyDown={(e) => onTabKey(e, index)}
          className={cn(
            "-mb-px inline-flex min-h-11 items-center border-b-2 px-4 text-sm font-semibold focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring",
            panel === p ? "border-primary text-foreground" : "border-transparent text-muted-foreground hover:text-foreground",
          )}
        >
          {PANEL_LABELS[p]}
        </button>
      ))}
    </div>
  );
}

export function TabPanel({ id, panel, active, single, children }: { id: string; panel: Panel; active: boolean; single: boolean; children: ReactNode }) {
  if (single) return <div>{children}</div>;
  // Hidden panels stay in the form, so every field is saved whichever sub-tab is showing.
  return (
    <div role="tabpanel" id={`${id}-panel-${panel}`} aria-labelledby={`${id}-tab-${panel}`} hidden={!active} tabIndex={0} className="focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {children}
    </div>
  );
}
