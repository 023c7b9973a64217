import { Moon, Sun } from "lucide-react";
import { useLocation } from "react-router";

const buttonClass =
  "inline-flex size-11 items-center justify-center rounded-md border border-border text-foreground hover:bg-muted";

/**
 * Light/dark toggle. Both buttons are rendered and CSS shows the one that
 * switches away from the theme in use, so it is right on first paint even
 * when the theme follows the system. Without JavaScript it posts and the
 * page comes back in the new theme; app/enhance/site.ts sends the same post
 * in the background and switches the class on <html> instead.
 */
export function ThemeToggle() {
  const location = useLocation();
  return (
    <form method="post" action="/theme" className="flex" data-enhance="theme">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="theme" value="dark" className={`${buttonClass} dark:hidden`} aria-label="Switch to dark theme">
        <Moon aria-hidden="true" className="size-5" />
      </button>
      <button type="submit" name="theme" value="light" className={`${buttonClass} hidden dark:inline-flex`} aria-label="Switch to light theme">
        <Sun aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
