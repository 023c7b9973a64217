import { CircleAlert } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { cn } from "#app/components/ui/utils";
import { isAdminRefusal } from "./refusal";

/**
 * Shows an admin action's refusal ("Event not found") at the top of the tab
 * it came back to. Rendered by the server as well, so it reads the same
 * with JavaScript off; role="alert" announces it.
 */
export function AdminRefusalNotice({ data, className }: { data: unknown; className?: string }) {
  if (!isAdminRefusal(data)) return null;
  const { title, description } = data.refusal;
  return (
    <Alert variant="destructive" className={cn("mb-6", className)}>
      <CircleAlert aria-hidden="true" />
      <AlertTitle>{title}</AlertTitle>
      {description ? <AlertDescription>{description}</AlertDescription> : null}
    </Alert>
  );
}

/**
 * A route's shouldRevalidate for record forms: React Router reloads a page's
 * data after a 2xx action only; after a stale edit (409, refuseStaleEdit)
 * the list around the form shows the record as it now is too, while the
 * form keeps what was typed.
 */
export function revalidateAfterConflict({ actionStatus, defaultShouldRevalidate }: { actionStatus?: number; defaultShouldRevalidate: boolean }): boolean {
  return actionStatus === 409 ? true : defaultShouldRevalidate;
}
