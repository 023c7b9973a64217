import * as React from "react";
import { cn } from "./utils";

/**
 * The top of an admin screen: its title (an <h2>, under the shell's
 * "Admin Dashboard"), a sentence saying what it is for, and the screen's
 * main actions. The actions wrap under the title on a phone.
 */
export function PageHeader({
  title,
  description,
  actions,
  className,
  id,
  children,
}: {
  title: React.ReactNode;
  description?: React.ReactNode;
  actions?: React.ReactNode;
  className?: string;
  /** The heading's id, for a section labelled by it. */
  id?: string;
  /** Anything else under the description (a status line, a notice). */
  children?: React.ReactNode;
}) {
  return (
    <div data-slot="page-header" className={cn("mb-4 flex flex-wrap items-start justify-between gap-x-4 gap-y-3", className)}>
      <div className="min-w-0 flex-1 basis-64">
        <h2 id={id} className="text-2xl font-bold leading-tight">
          {title}
        </h2>
        {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
        {children}
      </div>
      {actions ? <div className="flex flex-wrap items-center gap-2">{actions}</div> : null}
    </div>
  );
}
