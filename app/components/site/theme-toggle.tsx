import { Moon, Sun } from "lucide-react";
import { useFetcher, useLocation } from "react-router";

const buttonClass =
  "inline-flex size-11 items-center justify-center rounded-md border border-border text-foreground hover:bg-muted";

/**
 * Light/dark toggle. Both buttons are rendered and CSS shows the one that
 * switches away from the theme in use, so it is right on first paint even
 * when the theme follows the system, and it works without JavaScript.
 */
export function ThemeToggle() {
  const fetcher = useFetcher();
  const location = useLocation();
  return (
    <fetcher.Form method="post" action="/theme" className="flex">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="theme" value="dark" className={`${buttonClass} dark:hidden`} aria-label="Switch to dark theme">
        <Moon aria-hidden="true" className="size-5" />
      </button>
      <button type="submit" name="theme" value="light" className={`${buttonClass} hidden dark:inline-flex`} aria-label="Switch to light theme">
        <Sun aria-hidden="true" className="size-5" />
      </button>
    </fetcher.Form>
  );
}
