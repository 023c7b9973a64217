import { Moon, Sun } from "lucide-react";
import { useLocation } from "react-router";

// No display here: each button says its own. With `inline-flex` here, the light theme's `hidden`
// on the second button lost to it (the stylesheet happens to put inline-flex later) and both showed.
const buttonClass = "size-11 items-center justify-center rounded-md border border-border text-foreground hover:bg-muted";

/**
 * Light/dark toggle. Both buttons are rendered and CSS shows the one that
 * switches away from the theme in use, so it is right on first paint even
 * when the theme follows the system. Without JavaScript it posts and the
 * page comes back in the new theme; app/enhance/site.ts sends the same post
 * in the background and switches the class on <html> instead.
 */
export function ThemeToggle({ className = "" }: { className?: string }) {
  const location = useLocation();
  return (
    <form method="post" action="/theme" className={`flex ${className}`} data-enhance="theme">
      <input type="hidden" name="redirectTo" value={location.pathname + location.search} />
      <button type="submit" name="theme" value="dark" className={`inline-flex dark:hidden ${buttonClass}`} aria-label="Switch to dark theme">
        <Moon aria-hidden="true" className="size-5" />
      </button>
      <button type="submit" name="theme" value="light" className={`hidden dark:inline-flex ${buttonClass}`} aria-label="Switch to light theme">
        <Sun aria-hidden="true" className="size-5" />
      </button>
    </form>
  );
}
