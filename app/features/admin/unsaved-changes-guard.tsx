import { useEffect, useRef } from "react";
import { useBlocker, useNavigation } from "react-router";
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog";

/**
 * Asks before unsaved edits are left behind: in-app navigation (another
 * tab, another page in the selector, the browser's back button, another
 * form on the page) shows a dialog; closing or reloading the browser tab
 * gets the browser's own warning. Saving is not leaving: call
 * markSubmitting() when the form is sent, so its redirect back is not
 * blocked. `dirty` may be a function,
 * asked at the moment of leaving (for forms whose fields the browser holds).
 * `sameAddressLoses`: whether going to the same address again, or sending
 * another form on the page, would draw the form afresh from the server (it
 * does for forms keyed by the location); when false only a different
 * address asks.
 */
export function useUnsavedChangesGuard(dirty: boolean | (() => boolean), { sameAddressLoses = true }: { sameAddressLoses?: boolean } = {}) {
  const submitting = useRef(false);
  const latest = useRef(dirty);
  latest.current = dirty;
  const isDirty = () => (typeof latest.current === "function" ? latest.current() : latest.current);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  // Another address leaves the form. So, for a form keyed by the location,
  // does any navigation at all: the same address again, an anchor on it, or
  // another form on the page being sent (a one-click Publish), after which
  // the page is drawn afresh from the server without what was typed.
  const blocker = useBlocker(({ currentLocation, nextLocation }) => {
    const elsewhere = currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search;
    return !submitting.current && (elsewhere || sameAddressLoses) && isDirty();
  });

  const mayBeDirty = dirty !== false;
  useEffect(() => {
    if (!mayBeDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      if (!isDirty()) return;
      event.preventDefault();
      // Older browsers need a return value to show the prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [mayBeDirty]);

  return {
    blocker,
    markSubmitting: () => {
      submitting.current = true;
    },
  };
}

/** What a form would send now, as one comparable string (text fields only). */
function formSnapshot(form: HTMLFormElement): string {
  const entries: [string, string][] = [];
  for (const [key, value] of new FormData(form)) if (typeof value === "string") entries.push([key, value]);
  return JSON.stringify(entries);
}

/**
 * What the form would send as the server drew it: a copy, reset to the
 * values in its markup. Anything typed before the page's script ran (on a
 * slow connection, a while) is in the form itself but not in this. Fields
 * must be uncontrolled (defaultValue, defaultChecked) or inputs whose value
 * React mirrors into the markup: a controlled <select value> mounted in the
 * browser has no default option to reset to.
 */
function renderedSnapshot(form: HTMLFormElement): string {
  const copy = form.cloneNode(true) as HTMLFormElement;
  copy.reset();
  return formSnapshot(copy);
}

/**
 * The unsaved-changes guard for a form whose fields the browser holds (the
 * record and settings forms): when the admin leaves, what the form would
 * send is compared with what it held when it appeared, so fields set by a
 * script (a picture chosen from the library) count too. `values` are what
 * the form was rendered with; `unsavedAtStart` when they are what a refused
 * save sent back, which is not saved either. Pass `formRef` to the form,
 * call `guardSubmit(event)` from its onSubmit after any check that may stop
 * it, and render `dialog`.
 */
export function useFormLeaveGuard({ values, unsavedAtStart = false }: { values: object; unsavedAtStart?: boolean }) {
  const formRef = useRef<HTMLFormElement>(null);
  const appeared = useRef<string | null>(null);
  const sent = useRef(false);
  const navigation = useNavigation();
  // Taken when the form appears, from its markup; again whenever the values
  // it was given change (a save reloaded them), and once a save of this
  // form has finished: what it
  // holds then is what was saved, even where the server stored the same
  // value as before (a trailing space trimmed). A refused save comes back
  // with `unsavedAtStart`.
  const given = JSON.stringify(values);
  // The values the comparison point was last taken for (development's
  // StrictMode runs each effect twice; the second run must not retake it).
  const takenFor = useRef<string | null>(null);
  useEffect(() => {
    if (!formRef.current || takenFor.current === given) return;
    // First as the markup had it (typing may have begun before this ran); after a reload of the values, as the form holds them.
    appeared.current = takenFor.current === null ? renderedSnapshot(formRef.current) : formSnapshot(formRef.current);
    takenFor.current = given;
  }, [given]);
  useEffect(() => {
    if (navigation.state !== "idle" || !sent.current) return;
    sent.current = false;
    if (formRef.current) appeared.current = formSnapshot(formRef.current);
  }, [navigation.state]);
  const { blocker, markSubmitting } = useUnsavedChangesGuard(() => {
    const form = formRef.current;
    if (!form || appeared.current === null) return false;
    return unsavedAtStart || formSnapshot(form) !== appeared.current;
  });
  return {
    formRef,
    guardSubmit: (event: React.FormEvent<HTMLFormElement>) => {
      if (event.defaultPrevented) return;
      sent.current = true;
      markSubmitting();
    },
    dialog: <UnsavedChangesDialog blocker={blocker} />,
  };
}

export function UnsavedChangesDialog({ blocker, onLeave }: { blocker: ReturnType<typeof useBlocker>; onLeave?: () => void }) {
  const open = blocker.state === "blocked";
  return (
    <AlertDialog open={open} onOpenChange={(next) => (!next && blocker.state === "blocked" ? blocker.reset() : undefined)}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Leave without saving?</AlertDialogTitle>
          <AlertDialogDescription>
            This page has unsaved changes. If you leave now they will be lost. Stay to save them first.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel onClick={() => blocker.state === "blocked" && blocker.reset()}>Stay on this page</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              if (blocker.state !== "blocked") return;
              onLeave?.();
              blocker.proceed();
            }}
          >
            Leave without saving
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
