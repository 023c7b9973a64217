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
 * tab, another page in the selector, the browser's back button) shows a
 * dialog; closing or reloading the browser tab gets the browser's own
 * warning. Saving is not leaving: call markSubmitting() when the form is
 * sent, so its redirect back is not blocked.
 */
export function useUnsavedChangesGuard(dirty: boolean) {
  const submitting = useRef(false);
  const navigation = useNavigation();
  useEffect(() => {
    if (navigation.state === "idle") submitting.current = false;
  }, [navigation.state]);

  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty &&
      !submitting.current &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (!dirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers need a return value to show the prompt.
      event.returnValue = "";
    };
    window.addEventListener("beforeunload", warn);
    return () => window.removeEventListener("beforeunload", warn);
  }, [dirty]);

  return {
    blocker,
    markSubmitting: () => {
      submitting.current = true;
    },
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
