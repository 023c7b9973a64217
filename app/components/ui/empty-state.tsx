import * as React from "react";
import { cn } from "./utils";

/**
 * What a list says when it has nothing in it: the same dashed box on every
 * screen, with an optional next step (a link or button) under the words.
 */
export function EmptyState({ children, action, className }: { children: React.ReactNode; action?: React.ReactNode; className?: string }) {
  return (
    <div data-slot="empty-state" className={cn("rounded-lg border border-dashed border-border px-4 py-6 text-center", className)}>
      <p className="text-muted-foreground">{children}</p>
      {action ? <div className="mt-3 flex flex-wrap justify-center gap-2">{action}</div> : null}
    </div>
  );
}
