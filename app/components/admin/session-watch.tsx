import { useEffect, useState } from "react";
import {
  AlertDialog,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from "#app/components/ui/alert-dialog";
import { Button } from "#app/components/ui/button";

/** How often, at most, coming back to the tab asks the server again. */
const RECHECK_MS = 15_000;
/** setTimeout's longest wait; a later end is checked at this point and rescheduled. */
const MAX_WAIT_MS = 2 ** 31 - 1;

interface SessionState {
  admin: boolean;
  endsAt: string | null;
}

/** The clock and the server check behind SessionWatch, outside React so its timer and handlers share one state. */
function createWatch(onEnded: () => void, onRenewed: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCheck = 0;
  let ended = false;
  const watch = {
    get ended() {
      return ended;
    },
    /** Asks the server; true when this browser can still save. */
    async check(): Promise<boolean> {
      lastCheck = Date.now();
      let state: SessionState;
      try {
        const response = await fetch("/api/session", { cache: "no-store", credentials: "same-origin" });
        state = (await response.json()) as SessionState;
      } catch {
        // Offline, or the server is restarting: nothing new is known.
        return !ended;
      }
      const wasEnded = ended;
      ended = !state.admin;
      if (ended) return (onEnded(), false);
      if (wasEnded) onRenewed();
      if (state.endsAt) watch.schedule(state.endsAt);
      return true;
    },
    /** Checks again just after `at`, when the session should end unless it was used elsewhere. */
    schedule(at: string) {
      clearTimeout(timer);
      const wait = Math.min(Math.max(new Date(at).getTime() - Date.now() + 1000, 0), MAX_WAIT_MS);
      timer = setTimeout(() => void watch.check(), wait);
    },
    /**
     * Coming back to the tab: check, unless that was done a moment ago. After
     * an end, always: the admin may be back from signing in in another tab.
     */
    recheck() {
      if (document.visibilityState === "visible" && (ended || Date.now() - lastCheck > RECHECK_MS)) void watch.check();
    },
    stop() {
      clearTimeout(timer);
    },
  };
  return watch;
}

/**
 * Keeps an admin's work when their session has ended. A save sent without a
 * session is refused and answered with the sign-in form, which takes the
 * place of whatever was being typed. So every save first asks the server
 * (GET /api/session, which does not renew the session) and, when the
 * session has ended, is held back while a dialog asks the admin to sign in
 * in another tab; the form stays as it was, and after signing in the same
 * Save works. The dialog also opens as soon as the end is known: when the
 * session's end time passes, or the tab comes back into view.
 */
export function SessionWatch({ endsAt }: { endsAt: string }) {
  const [open, setOpen] = useState(false);
  const [stillOut, setStillOut] = useState(false);
  const [watch] = useState(() =>
    createWatch(
      () => setOpen(true),
      () => setOpen(false),
    ),
  );

  useEffect(() => {
    watch.schedule(endsAt);
    return () => watch.stop();
  }, [endsAt, watch]);

  useEffect(() => {
    const onReturn = () => watch.recheck();
    document.addEventListener("visibilitychange", onReturn);
    window.addEventListener("focus", onReturn);
    // Every save first asks whether the session is still there. Capture
    // phase on window runs before React's own submit handling, so a form
    // held back is neither sent nor replaced; once the answer is yes, the
    // same form is submitted again, with the same button, and let through.
    let passing = false;
    // A form whose check is under way: pressing Save again sends it once, not twice.
    const checking = new WeakSet<HTMLFormElement>();
    const hold = (event: SubmitEvent) => {
      const form = event.target;
      if (passing || !(form instanceof HTMLFormElement) || form.method !== "post" || form.target || form.getAttribute("action")?.startsWith("/logout")) return;
      event.preventDefault();
      event.stopPropagation();
      if (checking.has(form)) return;
      checking.add(form);
      const submitter = event.submitter;
      void watch.check().then((signedIn) => {
        checking.delete(form);
        if (!signedIn) {
          setStillOut(false);
          setOpen(true);
          return;
        }
        if (!form.isConnected) return;
        passing = true;
        try {
          form.requestSubmit(submitter && submitter.isConnected ? submitter : null);
        } finally {
          passing = false;
        }
      });
    };
    window.addEventListener("submit", hold, true);
    return () => {
      document.removeEventListener("visibilitychange", onReturn);
      window.removeEventListener("focus", onReturn);
      window.removeEventListener("submit", hold, true);
    };
  }, [watch]);

  return (
    <AlertDialog open={open} onOpenChange={setOpen}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Your session has ended</AlertDialogTitle>
          <AlertDialogDescription>
            Nothing on this page has been lost, but it cannot be saved until you sign in again. Sign in in a new tab, then come back to this one
            and save.
          </AlertDialogDescription>
        </AlertDialogHeader>
        {stillOut ? (
          <p role="alert" className="text-sm font-medium text-destructive">
            You are still signed out. Sign in in the other tab first.
          </p>
        ) : null}
        <AlertDialogFooter>
          <AlertDialogCancel>Close</AlertDialogCancel>
          <Button asChild variant="outline">
            <a href="/login?redirectTo=%2Fadmin" target="_blank" rel="noopener">
              Sign in<span className="sr-only"> (opens in a new tab)</span>
            </a>
          </Button>
          <Button
            type="button"
            onClick={async () => {
              const back = await watch.check();
              setStillOut(!back);
              if (back) setOpen(false);
            }}
          >
            I have signed in
          </Button>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
