import * as React from "react";
import { cn } from "./utils";

/**
 * A table that becomes a list of cards on a phone. From tablet width it is
 * an ordinary table; below, each row is a card and each cell shows its
 * column's name before the value, so nothing is pushed off the side of the
 * screen (a View link at the end of a wide row stays in reach).
 *
 * Rows and cells carry their roles explicitly: a table drawn as blocks
 * would otherwise lose its structure for screen readers.
 */
export function ListTable({ className, label, ...props }: React.ComponentProps<"table"> & { label?: string }) {
  return (
    // Wide tables at in-between widths scroll inside this box, which the keyboard can reach and name.
    <div
      data-slot="list-table"
      className="md:overflow-x-auto md:rounded-lg md:border md:border-border md:bg-card"
      tabIndex={label ? 0 : undefined}
      role={label ? "region" : undefined}
      aria-label={label}
    >
      <table role="table" className={cn("w-full text-left text-sm max-md:block", className)} {...props} />
    </div>
  );
}

/** The column names: read by screen readers at every width, shown only where the table is a table. */
export function ListTableHead({ className, ...props }: React.ComponentProps<"thead">) {
  return <thead role="rowgroup" className={cn("border-b border-border bg-muted/50 max-md:sr-only", className)} {...props} />;
}

export function ListTableBody({ className, ...props }: React.ComponentProps<"tbody">) {
  return <tbody role="rowgroup" className={cn("max-md:flex max-md:flex-col max-md:gap-3", className)} {...props} />;
}

export function ListTableRow({ className, ...props }: React.ComponentProps<"tr">) {
  return (
    <tr
      role="row"
      className={cn(
        "border-b border-border last:border-b-0 max-md:flex max-md:flex-col max-md:gap-1 max-md:rounded-lg max-md:border max-md:bg-card max-md:p-3 max-md:last:border-b",
        className,
      )}
      {...props}
    />
  );
}

export function ListTableHeader({ className, ...props }: React.ComponentProps<"th">) {
  return <th role="columnheader" scope="col" className={cn("px-3 py-2 font-semibold", className)} {...props} />;
}

/**
 * A cell; `label` is its column's name, shown before the value on a phone
 * (hidden from screen readers, which hear the column header instead).
 * Leave it out for a cell of actions or one whose value names itself.
 */
export function ListTableCell({ className, label, children, ...props }: React.ComponentProps<"td"> & { label?: string }) {
  return (
    <td role="cell" className={cn("px-3 py-2 align-top max-md:flex max-md:min-w-0 max-md:flex-wrap max-md:gap-x-2 max-md:p-0 max-md:[overflow-wrap:anywhere]", className)} {...props}>
      {label ? (
        <span aria-hidden="true" className="font-medium text-muted-foreground md:hidden">
          {label}:
        </span>
      ) : null}
      {children}
    </td>
  );
}
