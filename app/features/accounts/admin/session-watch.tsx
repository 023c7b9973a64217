import { Loader2 } from "lucide-react";
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
import type { SessionCheck } from "#app/features/accounts/session-check";

/** How often, at most, coming back to the tab asks the server again. */
const RECHECK_MS = 15_000;
/** After the server says the session is there, the next timed check waits at least this long. */
const MIN_WAIT_MS = 30_000;
/** setTimeout's longest wait; a later end is checked at this point and rescheduled. */
const MAX_WAIT_MS = 2 ** 31 - 1;
/** A check that takes longer than this tells nothing, and the save goes ahead. */
const CHECK_TIMEOUT_MS = 5_000;
/** A check that takes longer than this (a slow connection) shows that the save (or delete, or send) is under way. */
const SHOW_CHECK_AFTER_MS = 300;

export type EndReason = Extract<SessionCheck, { admin: false }>["reason"];

/** The clock and the server check behind SessionWatch, outside React so its timer and handlers share one state. */
function createWatch(onEnded: (reason: EndReason) => void, onRenewed: () => void) {
  let timer: ReturnType<typeof setTimeout> | undefined;
  let lastCheck = 0;
  let ended = false;
  const watch = {
    get ended() {
      return ended;
    },
    /** Asks the server; true when a save from this browser would be accepted, or when that cannot be told (offline, slow, the database down). */
    async check(): Promise<boolean> {
      lastCheck = Date.now();
      let state: SessionCheck;
      try {
        const response = await fetch("/api/session", { cache: "no-store", credentials: "same-origin", signal: AbortSignal.timeout(CHECK_TIMEOUT_MS) });
        if (!response.ok) return !ended;
        state = (await response.json()) as SessionCheck;
      } catch {
        return !ended;
      }
      const wasEnded = ended;
      ended = !state.admin;
      if (!state.admin) return (onEnded(state.reason), false);
      if (wasEnded) onRenewed();
      watch.schedule(state.endsAt, state.now);
      return true;
    },
    /**
     * Checks again just after `endsAt`, when the session should end unless it
     * is used meanwhile. Measured from the server's `now`, not this
     * browser's clock, which may be off.
     */
    schedule(endsAt: string, now: string) {
      clearTimeout(timer);
      const wait = Math.min(Math.max(new Date(endsAt).getTime() - new Date(now).getTime() + 1000, MIN_WAIT_MS), MAX_WAIT_MS);
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

const DIALOG: Record<EndReason, { title: string; description: string; link: string; href: string; done: string; stillOut: string }> = {
  "signed-out": {
    title: "Your session has ended",
    description: "Nothing on this page has been lost, but it cannot be saved until you sign in again. Sign in in a new tab, then come back to this one and save.",
    link: "Sign in",
    href: "/login?redirectTo=%2Fadmin",
    done: "I have signed in",
    stillOut: "You are still signed out. Sign in in the other tab first.",
  },
  "two-factor": {
    title: "Two-factor sign-in is now required",
    description:
      "Every admin of this site must now sign in with a code as well as a password. Nothing on this page has been lost, but it cannot be saved until you set that up. Set it up in a new tab, then come back to this one and save.",
    link: "Set up two-factor sign-in",
    href: "/two-factor/setup?redirectTo=%2Fadmin",
    done: "I have set it up",
    stillOut: "Two-factor sign-in is not set up yet. Finish setting it up in the other tab first.",
  },
};

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
export function SessionWatch({ endsAt, now }: { endsAt: string; now: string }) {
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<EndReason>("signed-out");
  const [stillOut, setStillOut] = useState(false);
  // Saves held back while their check is under way, once it has taken long enough to show.
  const [slowChecks, setSlowChecks] = useState(0);
  const [watch] = useState(() =>
    createWatch(
      (why) => {
        setReason(why);
        setOpen(true);
      },
      () => setOpen(false),
    ),
  );

  useEffect(() => {
    watch.schedule(endsAt, now);
    return () => watch.stop();
  }, [endsAt, now, watch]);

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
      form.setAttribute("aria-busy", "true");
      let shown = false;
      const slow = setTimeout(() => {
        shown = true;
        setSlowChecks((n) => n + 1);
      }, SHOW_CHECK_AFTER_MS);
      const submitter = event.submitter;
      void watch.check().then((signedIn) => {
        checking.delete(form);
        form.removeAttribute("aria-busy");
        clearTimeout(slow);
        if (shown) setSlowChecks((n) => n - 1);
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
    <>
      {/* Always there, so screen readers hear what is put in it. */}
      <div role="status" className="pointer-events-none fixed bottom-4 right-4 z-50">
        {slowChecks > 0 ? (
          <p className="flex items-center gap-2 rounded-md border border-border bg-background px-4 py-3 text-sm shadow-sm">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Please wait…
          </p>
        ) : null}
      </div>
      <AlertDialog open={open} onOpenChange={setOpen}>
        <AlertDialogContent>
          <AlertDialogHeader>
            <AlertDialogTitle>{DIALOG[reason].title}</AlertDialogTitle>
            <AlertDialogDescription>{DIALOG[reason].description}</AlertDialogDescription>
          </AlertDialogHeader>
          {stillOut ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {DIALOG[reason].stillOut}
            </p>
          ) : null}
          <AlertDialogFooter>
            <AlertDialogCancel>Close</AlertDialogCancel>
            <Button asChild variant="outline">
              <a href={DIALOG[reason].href} target="_blank" rel="noopener">
                {DIALOG[reason].link}
                <span className="sr-only"> (opens in a new tab)</span>
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
              {DIALOG[reason].done}
            </Button>
          </AlertDialogFooter>
        </AlertDialogContent>
      </AlertDialog>
    </>
  );
}
