import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import type { Route } from "./+types/root";
import { refusesHydration } from "#app/platform/render/hydration";
import { readThemeChoice } from "#app/platform/http/theme-cookie";
import { useNonce } from "#app/platform/render/nonce";
import { ErrorPage } from "#app/features/site/error-page";
import "./app.css";
// The public pages' one small script, bundled on its own (no React inside),
// added once the page has loaded (app/enhance/loader.ts).
import enhanceScript from "./enhance/site.ts?worker&url";
import { enhanceLoader } from "./enhance/loader";

/**
 * A route whose handle says `hydrate: false` (the public site's layout) is
 * sent as HTML plus the enhancement script: no React, no React Router
 * client, nothing to hydrate (decision 010). Every other page (the admin
 * area, sign-in) hydrates as usual.
 */
export function useHydrates(): boolean {
  return !useMatches().some((match) => refusesHydration(match.handle));
}

export async function loader({ request }: Route.LoaderArgs) {
  return { theme: readThemeChoice(request.headers.get("Cookie")) };
}

export function links(): Route.LinkDescriptors {
  return [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const data = useRouteLoaderData<typeof loader>("root");
  const nonce = useNonce();
  const hydrates = useHydrates();
  return (
    <html lang="en-GB" className={data?.theme ?? undefined}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={data?.theme ?? "light dark"} />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {hydrates ? (
          <>
            <ScrollRestoration nonce={nonce} />
            <Scripts nonce={nonce} />
          </>
        ) : (
          <script nonce={nonce} dangerouslySetInnerHTML={{ __html: enhanceLoader(enhanceScript) }} />
        )}
      </body>
    </html>
  );
}

export default function App() {
  return <Outlet />;
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <main id="main">
      <ErrorPage notFound={notFound} />
    </main>
  );
}
