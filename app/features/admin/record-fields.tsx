import { useEffect, useRef, useState, type ReactNode } from "react";
import { Form, Link, useLocation, useNavigation } from "react-router";
import { Trash2 } from "lucide-react";
import type { z } from "zod";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
  AlertDialogTrigger,
} from "#app/components/ui/alert-dialog";
import { AdminRefusalNotice, revalidateAfterConflict } from "./admin-refusal";
import { isAdminRefusal } from "./refusal";
import { useFormLeaveGuard } from "./unsaved-changes-guard";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Label } from "#app/components/ui/label";
import type { FieldErrors } from "#app/web/parse-form";

/**
 * Shared pieces of the Reviews, Events and YouTube forms: a labelled field
 * with its hint and errors wired to the control, browser-side checking with
 * the same zod schema the action uses, and a confirmed delete.
 */
export function Field({
  id,
  label,
  hint,
  errors,
  required,
  children,
}: {
  id: string;
  label: string;
  hint?: ReactNode;
  errors?: string[];
  required?: boolean;
  children: (props: { id: string; name: string; "aria-describedby"?: string; "aria-invalid"?: boolean; required?: boolean }) => ReactNode;
}) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(" ") || undefined;
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      {children({ id, name: id, "aria-describedby": describedBy, "aria-invalid": errorId ? true : undefined, required })}
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      {errorId ? <FieldError id={errorId} errors={errors} /> : null}
    </div>
  );
}

/** The id of a page's refusal message, which a redrawn record form gives focus to (RecordRefusalNotice). */
const REFUSAL_ID = "record-refusal";

/**
 * A record form's first problem, where focus goes when a save is refused
 * for its fields (in the browser or by the server): the first field marked
 * invalid, in the form's order, or the summary when the problem is not one
 * a field can take (a picture, say).
 */
function focusFirstProblem(form: HTMLFormElement): boolean {
  const target = form.querySelector<HTMLElement>('[aria-invalid="true"]') ?? form.querySelector<HTMLElement>("[data-error-summary]");
  target?.focus();
  return Boolean(target);
}

/**
 * Checks a form in the browser with the action's own schema before sending,
 * so mistakes show at once; the server checks again either way.
 */
function useSchemaCheck(schema: z.ZodType, serverErrors: FieldErrors | undefined) {
  const [clientErrors, setClientErrors] = useState<FieldErrors | null>(null);
  const onSubmit = (event: React.FormEvent<HTMLFormElement>) => {
    const form = event.currentTarget;
    const values: Record<string, string> = {};
    for (const [key, value] of new FormData(form)) if (typeof value === "string") values[key] = value;
    const result = schema.safeParse(values);
    if (result.success) {
      setClientErrors(null);
      return;
    }
    event.preventDefault();
    const errors: FieldErrors = {};
    for (const issue of result.error.issues) {
      const key = String(issue.path[0] ?? "form");
      (errors[key] ??= []).push(issue.message);
    }
    setClientErrors(errors);
    requestAnimationFrame(() => focusFirstProblem(form));
  };
  return { errors: clientErrors ?? serverErrors ?? {}, onSubmit };
}

/** What a page gives a record form: the record being edited (or none), its values, and a refused save's answer. */
export interface RecordFormInput<V extends object> {
  editingId: string | null;
  /**
   * The form's values. A `version` among them (the record's edit version as
   * the form was opened, see edit-version.server.ts) is sent back with an
   * edit, so a save made meanwhile is not overwritten unseen.
   */
  values: V;
  /** A refused save's field messages. */
  errors?: FieldErrors;
  /** The values are what a refused save sent back. */
  unsaved?: boolean;
  /** Where Cancel goes when editing. */
  cancelHref: string;
  /**
   * This form replaces one shown before on the page (useRecordFormSlot): a save,
   * refused or made, drew it afresh, and the Save button that had focus went
   * with the old one. It takes focus, unless something else on the page kept it.
   */
  focusOnMount?: boolean;
}

/**
 * A record tab's form (events, testimonials, videos): which record it edits,
 * its key, and whether it takes focus. An edit of a record deleted meanwhile
 * comes back (refuseDeletedRecord) as a new record's form, whatever the
 * page's data still says. The form is keyed by the location, so each save,
 * refused or made, draws it afresh (a save's redirect empties it); once it
 * is not the first form this page showed, it takes focus (RecordForm's
 * `focusOnMount`), as the page editor does after a save: the Save button
 * pressed went with the form it belonged to, and focus fell to <body>.
 */
export function useRecordFormSlot(submitted: object | undefined, editing: { id: string } | null | undefined) {
  const location = useLocation();
  const editingId = submitted && "deleted" in submitted ? null : (editing?.id ?? null);
  const formKey = `${editingId ?? "new"}-${location.key}`;
  const [first] = useState(formKey);
  return { editingId, formKey, focusOnMount: formKey !== first };
}

/**
 * A record page's shouldRevalidate: as revalidateAfterConflict, and after a
 * save of a record deleted meanwhile (404) too, so the list no longer shows
 * it, while the form keeps what was typed, as a new record's.
 */
export function revalidateAfterRefusedEdit(args: { actionStatus?: number; defaultShouldRevalidate: boolean }): boolean {
  return args.actionStatus === 404 || revalidateAfterConflict(args);
}

/**
 * An admin action's refusal at the top of a record page (AdminRefusalNotice),
 * which a redrawn record form gives focus to after a refused save without
 * field messages (someone else saved or deleted the record, the database
 * failed), so keyboard and screen reader users land on what happened.
 */
export function RecordRefusalNotice({ data, className }: { data: unknown; className?: string }) {
  if (!isAdminRefusal(data)) return null;
  return (
    <div id={REFUSAL_ID} tabIndex={-1} className={className}>
      <AdminRefusalNotice data={data} className="mb-0" />
    </div>
  );
}

/**
 * The shell of a record's create-or-edit form (an event, a video, a
 * testimonial): the action's schema checked before sending, the summary of
 * a refused save, the intent and id, the Save and Cancel buttons, and the
 * question before typing that is not saved is left behind (`unsaved` when
 * `values` are what a refused save sent back). The fields are `children`,
 * given the errors to show.
 */
export function RecordForm({
  schema,
  errors: serverErrors,
  values,
  unsaved = false,
  editingId,
  submitLabel,
  cancelHref,
  headingId,
  heading,
  focusOnMount = false,
  children,
}: RecordFormInput<object> & {
  schema: z.ZodType;
  /** The button's label for a new record ("Save changes" when editing). */
  submitLabel: string;
  headingId: string;
  heading: string;
  children: (errors: FieldErrors) => ReactNode;
}) {
  const { errors, onSubmit } = useSchemaCheck(schema, serverErrors);
  const leave = useFormLeaveGuard({ values, unsavedAtStart: unsaved });
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === (editingId ? "update" : "create");
  const formRef = leave.formRef;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // As the page editor does (PageEditor's focusHeading): only when focus
    // fell to <body> with the control that had it, so an Edit link that was
    // followed keeps it. A save refused for its fields: the first problem;
    // refused otherwise (someone else saved or deleted the record, the
    // database failed), or another action on the page refused: the message
    // saying why; a save made: this form's heading, the toast saying what
    // was saved.
    if (!focusOnMount) return;
    const active = document.activeElement;
    if (active && active !== document.body) return;
    if (formRef.current && focusFirstProblem(formRef.current)) return;
    (document.getElementById(REFUSAL_ID) ?? headingRef.current)?.focus();
  }, [focusOnMount, formRef]);
  return (
    <>
      <Form
        ref={leave.formRef}
        method="post"
        noValidate
        onSubmit={(event) => {
          onSubmit(event);
          leave.guardSubmit(event);
        }}
        className="grid gap-4"
        aria-labelledby={headingId}
      >
        <h3 ref={headingRef} id={headingId} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
          {heading}
        </h3>
        <FormErrorSummary errors={errors} />
        <input type="hidden" name="intent" value={editingId ? "update" : "create"} />
        {editingId ? <input type="hidden" name="id" value={editingId} /> : null}
        {editingId && "version" in values && typeof values.version === "string" ? <input type="hidden" name="version" value={values.version} /> : null}
        {children(errors)}
        <div className="flex flex-wrap gap-2">
          <Button type="submit" disabled={busy}>
            {busy ? "Saving…" : editingId ? "Save changes" : submitLabel}
          </Button>
          {editingId ? (
            <Button asChild variant="outline">
              <Link to={cancelHref}>Cancel</Link>
            </Button>
          ) : null}
        </div>
      </Form>
      {leave.dialog}
    </>
  );
}

/** A form summary for screen readers and sighted users alike when a save was refused. */
export function FormErrorSummary({ errors }: { errors: FieldErrors }) {
  const count = Object.keys(errors).length;
  if (count === 0) return null;
  return (
    <p role="alert" tabIndex={-1} data-error-summary className="rounded-md border border-destructive px-3 py-2 text-sm font-medium text-destructive">
      Nothing was saved: please correct {count === 1 ? "the field" : `the ${count} fields`} marked below.
    </p>
  );
}

/**
 * Delete with a confirmation that names what goes; the POST happens only on
 * confirm. With `blocked` (why it cannot go, e.g. where the site still uses
 * it) the dialog says so and offers no Delete: the server would refuse.
 */
export function ConfirmDeleteButton({
  id,
  what,
  intent = "delete",
  extra,
  blocked,
  verb = "Delete",
  consequence = "This cannot be undone.",
}: {
  id: string;
  /** e.g. 'the testimonial from Amira' */
  what: string;
  intent?: string;
  extra?: Record<string, string>;
  blocked?: string;
  /** The button's and the question's word, e.g. "Remove". */
  verb?: string;
  /** What the dialog says will happen. */
  consequence?: string;
}) {
  return (
    <AlertDialog>
      <AlertDialogTrigger asChild>
        <Button variant="outline" size="sm" className="text-destructive">
          <Trash2 aria-hidden="true" />
          {verb}<span className="sr-only"> {what}</span>
        </Button>
      </AlertDialogTrigger>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>
            {verb} {what}?
          </AlertDialogTitle>
          <AlertDialogDescription>{blocked ?? consequence}</AlertDialogDescription>
        </AlertDialogHeader>
        {blocked ? (
          <AlertDialogFooter>
            <AlertDialogCancel>Close</AlertDialogCancel>
          </AlertDialogFooter>
        ) : (
          <Form method="post">
            <input type="hidden" name="intent" value={intent} />
            <input type="hidden" name="id" value={id} />
            {extra ? Object.entries(extra).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />) : null}
            <AlertDialogFooter>
              <AlertDialogCancel>Cancel</AlertDialogCancel>
              {/* A plain submit, not AlertDialog.Action: closing the dialog must not unmount the form mid-submit. */}
              <Button type="submit" variant="destructive">
                {verb}
              </Button>
            </AlertDialogFooter>
          </Form>
        )}
      </AlertDialogContent>
    </AlertDialog>
  );
}

/** A one-button POST form (approve, publish, move…): no GET ever changes data. */
export function ActionButton({
  intent,
  id,
  children,
  label,
  variant = "outline",
  extra,
  disabled,
}: {
  intent: string;
  id: string;
  children: ReactNode;
  /** Accessible name when the visible text is not enough (e.g. "Move … up"). */
  label?: string;
  variant?: "default" | "outline" | "secondary" | "ghost";
  extra?: Record<string, string>;
  disabled?: boolean;
}) {
  return (
    <Form method="post" className="inline">
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="id" value={id} />
      {extra ? Object.entries(extra).map(([k, v]) => <input key={k} type="hidden" name={k} value={v} />) : null}
      <Button type="submit" variant={variant} size="sm" aria-label={label} disabled={disabled}>
        {children}
      </Button>
    </Form>
  );
}
