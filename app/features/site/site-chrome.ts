import { createContext } from "react";

/** A public page's header and footer, inside their own elements, as HTML. */
export interface SiteChromeHtml {
  header: string;
  footer: string;
}

/**
 * The header's and footer's inner HTML for this request, when the server has
 * it (app/features/site/site-chrome.server.tsx): set by the public layout's loader,
 * provided by app/entry.server.tsx. Elsewhere (the admin preview, tests) it
 * is absent and the layout renders them itself.
 */
export const SiteChromeContext = createContext<SiteChromeHtml | undefined>(undefined);
