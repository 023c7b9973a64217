import { useContext } from "react";
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/_layout";
import { SITE_HEADER_CLASS, SiteHeader } from "#app/features/site/site-header";
import { SITE_FOOTER_CLASS, SiteFooter } from "#app/features/site/site-footer";
import { ErrorPage } from "#app/features/site/error-page";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { getPublicMenus } from "#app/features/navigation/navigation-store.server";
import { SiteChromeContext } from "#app/features/site/site-chrome";
import { siteChromeHtml } from "#app/features/site/site-chrome.server";
// Built on its own from only the files public pages render (app/public.css).
import publicStylesheet from "#app/public.css?url";

/**
 * Public pages are server-rendered and never hydrated (decision 010; see
 * app/root.tsx), and carry `stylesheet` inline in place of the root's full
 * one (app/platform/render/inline-css.server.ts). The footer's newsletter
 * form reads `?newsletter=check-email` to thank a visitor who signed up
 * from the page: the page cache keeps that page apart, and drops every
 * parameter no route declares (server/page-params.ts).
 */
export const handle = { hydrate: false, stylesheet: publicStylesheet, cacheParams: ["newsletter"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const [settings, menus] = await Promise.all([getSiteSettings(), getPublicMenus()]);
  // The header and footer as HTML, kept between renders; handed to the render through the load context, not the page's data.
  if (context) context.siteChrome = siteChromeHtml(settings, new URL(request.url), menus);
  return { settings, menus };
}

/**
 * Only reached from a hydrated page (the admin area, sign-in) following a
 * client-side link to the public site: load the page as a document instead,
 * so it arrives as the server renders it, with its enhancement script.
 */
export async function clientLoader({ request }: Route.ClientLoaderArgs): Promise<never> {
  window.location.assign(request.url);
  return new Promise<never>(() => {});
}

export default function SiteLayout({ loaderData }: Route.ComponentProps) {
  return (
    <SiteChrome settings={loaderData.settings} menus={loaderData.menus}>
      <Outlet />
    </SiteChrome>
  );
}

type LayoutData = Route.ComponentProps["loaderData"];

function SiteChrome({ settings, menus, children }: { settings: LayoutData["settings"]; menus: LayoutData["menus"]; children: React.ReactNode }) {
  const chrome = useContext(SiteChromeContext);
  return (
    <div className="flex min-h-screen flex-col">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to main content
      </a>
      {chrome ? (
        <header className={SITE_HEADER_CLASS} dangerouslySetInnerHTML={{ __html: chrome.header }} />
      ) : (
        <SiteHeader siteName={settings.charityName} menu={menus.header} />
      )}
      <main id="main" tabIndex={-1} className="flex-1 focus:outline-none">
        {children}
      </main>
      {chrome ? (
        <footer className={SITE_FOOTER_CLASS} dangerouslySetInnerHTML={{ __html: chrome.footer }} />
      ) : (
        <SiteFooter settings={settings} links={menus.footer} />
      )}
    </div>
  );
}

/** Errors below the layout (404s included) keep the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const data = useRouteLoaderData<typeof loader>("routes/site/_layout");
  const body = <ErrorPage notFound={isRouteErrorResponse(error) && error.status === 404} />;
  if (!data) return <main id="main">{body}</main>;
  return (
    <SiteChrome settings={data.settings} menus={data.menus}>
      {body}
    </SiteChrome>
  );
}
