import * as React from "react";
import { cn } from "./utils";

/**
 * The error under a form field. Give the field aria-describedby={id} and
 * aria-invalid so assistive technology reads the message with the field.
 */
export function FieldError({
  id,
  errors,
  className,
}: {
  id: string;
  errors?: string | string[] | null;
  className?: string;
}) {
  const list = (Array.isArray(errors) ? errors : errors ? [errors] : []).filter(Boolean);
  if (list.length === 0) return null;
  return (
    <div id={id} data-slot="field-error" className={cn("text-sm font-medium text-destructive", className)}>
      {list.map((message) => (
        <p key={message}>{message}</p>
      ))}
    </div>
  );
}
