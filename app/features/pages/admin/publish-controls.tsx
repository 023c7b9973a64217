import { useId } from "react";
import { Form, useNavigation } from "react-router";
import { CalendarClock, EyeOff, Loader2, Send } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import type { PublishingState } from "#app/features/pages/editor-values";

/**
 * Between the draft and the site: the page's status in words, Publish
 * (the saved draft goes live), Unpublish, and Schedule at a UK date and
 * time. Each is its own form, so none of them sends the editor's unsaved
 * fields: they act on what was saved, and wait while something is unsaved.
 */
export function PublishControls({
  pageId,
  version,
  publishing,
  dirty,
  scheduleErrors,
}: {
  pageId: string;
  version: number;
  publishing: PublishingState;
  dirty: boolean;
  scheduleErrors?: string[];
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="pageId" value={pageId} />
      <input type="hidden" name="baseRevision" value={version} />
    </>
  );
  const spinner = (intent: string) => (busy === intent ? <Loader2 className="animate-spin" aria-hidden="true" /> : null);
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3 rounded-md border border-border p-4">
      <div className="flex flex-wrap items-baseline justify-between gap-2">
        <h4 id={`${id}-heading`} className="text-base font-semibold">
          Publishing
        </h4>
        <p className="text-sm" data-testid="page-status">
          Status: <strong>{publishing.words}</strong>
        </p>
      </div>
      {dirty ? <p className="text-sm font-medium">Save your changes first: Publish and Schedule use the saved draft.</p> : null}
      <DraftFindings findings={publishing.findings} />
      <div className="flex flex-wrap items-end gap-2">
        <Form method="post">
          {hidden("publish")}
          <Button type="submit" disabled={dirty || !publishing.hasDraft || busy !== null}>
            {spinner("publish") ?? <Send aria-hidden="true" />}
            Publish
          </Button>
        </Form>
        {publishing.canUnpublish ? (
          <Form method="post">
            {hidden("unpublish")}
            <Button type="submit" variant="outline" disabled={busy !== null}>
              {spinner("unpublish") ?? <EyeOff aria-hidden="true" />}
              Unpublish
            </Button>
          </Form>
        ) : null}
        {publishing.scheduledAt ? (
          <Form method="post">
            {hidden("cancel-schedule")}
            <Button type="submit" variant="ghost" disabled={busy !== null}>
              {spinner("cancel-schedule")}
              Cancel schedule
            </Button>
          </Form>
        ) : null}
      </div>
      {publishing.hasDraft ? (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          {hidden("schedule")}
          <div className="grid gap-1">
            <Label htmlFor={`${id}-at`}>Publish the draft at (UK time)</Label>
            <Input
              id={`${id}-at`}
              type="datetime-local"
              name="at"
              required
              className="w-auto"
              aria-invalid={scheduleErrors?.length ? true : undefined}
              aria-describedby={scheduleErrors?.length ? `${id}-at-error` : undefined}
            />
          </div>
          <Button type="submit" variant="outline" disabled={dirty || busy !== null}>
            {spinner("schedule") ?? <CalendarClock aria-hidden="true" />}
            Schedule
          </Button>
          <FieldError id={`${id}-at-error`} errors={scheduleErrors} className="basis-full" />
        </Form>
      ) : null}
    </section>
  );
}

/**
 * What the checks find in the saved draft, before anyone presses Publish:
 * problems that stop it going live, then things worth a look (a link that
 * says "click here") that do not.
 */
function DraftFindings({ findings }: { findings: PublishingState["findings"] }) {
  const errors = findings.filter((f) => f.level === "error");
  const warnings = findings.filter((f) => f.level === "warning");
  if (findings.length === 0) return null;
  return (
    <div className="grid gap-2 text-sm">
      {errors.length > 0 ? (
        <div className="rounded-md border border-destructive p-3">
          <p className="font-semibold text-destructive">This draft cannot go live until these are put right:</p>
          <ul className="mt-1 list-disc pl-5">
            {errors.map((f) => (
              <li key={f.message}>{f.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
      {warnings.length > 0 ? (
        <div className="rounded-md border border-border bg-muted/50 p-3">
          <p className="font-semibold">Worth a look before you publish (these do not stop it):</p>
          <ul className="mt-1 list-disc pl-5">
            {warnings.map((f) => (
              <li key={f.message}>{f.message}</li>
            ))}
          </ul>
        </div>
      ) : null}
    </div>
  );
}
