import { data, Form, isRouteErrorResponse, Link, NavLink, Outlet, useLocation, useNavigation } from "react-router";
import { ExternalLink, Loader2, LogOut, Menu as MenuIcon, ShieldAlert, X } from "lucide-react";
import type { Route } from "./+types/admin";
import { activeArea, areasFor } from "#app/features/admin/admin-tabs";
import { roleLabel } from "#app/features/accounts/roles";
import { LoginForm } from "#app/features/accounts/admin/login-form";
import { forgetPageDrafts } from "#app/features/pages/admin/page-draft";
import { SessionWatch } from "#app/features/accounts/admin/session-watch";
import { ToastMessage, Toaster, type ToastData } from "#app/features/admin/toast-message";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { adminExists, checkStaff, getAuth, getSession } from "#app/features/accounts/auth.server";
import { getToast } from "#app/web/toast.server";
import { TWO_FACTOR_REQUIRED } from "#app/features/accounts/two-factor-policy";
import { cn } from "#app/components/ui/utils";
// ── What needs attention: counts for the tabs' badges (and the landing page's summary) ──
import { attentionCounts, attentionLinks } from "#app/features/dashboard/attention.server";
import { attentionAreasFor, tabAttention } from "#app/features/dashboard/attention";
import { TabBadge } from "#app/features/dashboard/admin/attention-ui";
import { getDatabase } from "#app/platform/db/db.server";
import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";

export const meta: Route.MetaFunction = () => [
  { title: "Admin Dashboard" },
  { name: "robots", content: "noindex" },
];

/**
 * The dashboard shell. Signed-in admins get the tabs; anyone else at
 * /admin gets the sign-in form in place, and a signed-in member without the
 * admin role gets a plain "not allowed" page. Each tab's own loader checks
 * again: this layout's check protects nothing on its own.
 */
export async function loader({ request }: Route.LoaderArgs) {
  const site = await getAuth();
  const current = await getSession(site, request);
  const { toast, headers } = getToast(request);
  try {
    checkStaff(request, current);
  } catch (thrown) {
    const status = thrown instanceof Response ? thrown.status : (thrown as { init?: ResponseInit }).init?.status;
    if (status === 401) {
      const url = new URL(request.url);
      throw data(
        { signInRequired: true, adminExists: await adminExists(site.database), redirectTo: url.pathname.replace(/\.data$/, ""), toast },
        { status: 401, headers },
      );
    }
    if (status === 403) throw data({ notAllowed: true, email: current?.user.email ?? "" }, { status: 403 });
    throw thrown;
  }
  // Only the areas this member of staff may open: a count says records exist.
  const database = await getDatabase();
  const attention = await attentionCounts(database, attentionAreasFor(current!.user.role));
  const attentionLinksFor = await attentionLinks(database, attention);
  return data({ user: current!.user, sessionEndsAt: current!.endsAt, serverNow: new Date().toISOString(), toast, attention, attentionLinks: attentionLinksFor }, { headers });
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const location = useLocation();
  const area = activeArea(location.pathname);
  // Only the areas this role may open; each area's own loader refuses the rest anyway.
  const { tabs, secondary } = areasFor(loaderData.user.role);
  const attention = loaderData.attention;
  const loading = navigation.state === "loading" && navigation.location.pathname.startsWith("/admin");
  const signedInAs = `Signed in as ${loaderData.user.email} (${roleLabel(loaderData.user.role)})`;
  // The phone's menu: folded away again whenever another area opens.
  const [menuOpen, setMenuOpen] = useState(false);
  const menuButton = useRef<HTMLButtonElement>(null);
  useEffect(() => setMenuOpen(false), [location.pathname]);
  const attentionTotal = [...tabs, ...secondary].reduce((sum, a) => sum + tabAttention(a.path, attention), 0);
  return (
    <div className="min-h-screen bg-muted/40">
      <a
        href="#admin-content"
        // Moves focus without a navigation, which would redraw a form being written.
        onClick={(event) => {
          const main = document.getElementById("admin-content");
          if (!main) return;
          event.preventDefault();
          main.focus();
          main.scrollIntoView();
        }}
        className="sr-only z-50 rounded-md bg-primary px-4 py-2 text-primary-foreground focus:not-sr-only focus:fixed focus:left-4 focus:top-4"
      >
        Skip to content
      </a>
      <header className="border-b border-border bg-background">
        {/* On a phone the header is one short row: the title, the menu button and two icon buttons. */}
        <div className="mx-auto flex max-w-7xl items-center justify-between gap-2 px-4 py-2 md:flex-wrap md:gap-4 md:py-4">
          <div className="min-w-0">
            <h1 className="text-lg font-bold md:text-2xl">Admin Dashboard</h1>
            {/* Once only (a second copy in the menu would read twice); on a phone it gives its line to the page. */}
            <p className="text-sm text-muted-foreground max-md:sr-only">{signedInAs}</p>
          </div>
          <div className="flex items-center gap-1 md:gap-2">
            <Button asChild variant="ghost" className="max-md:px-3">
              <Link to="/" reloadDocument>
                <ExternalLink aria-hidden="true" />
                <span className="max-md:sr-only">View site</span>
              </Link>
            </Button>
            {/* Signing out leaves none of this person's unsaved page edits in the browser. */}
            <Form method="post" action="/logout" onSubmit={() => forgetPageDrafts(loaderData.user.id)}>
              <Button type="submit" variant="outline" className="max-md:px-3">
                <LogOut aria-hidden="true" />
                <span className="max-md:sr-only">Logout</span>
              </Button>
            </Form>
            {/* Last in the row, so the keyboard goes from it straight into the menu it opens. */}
            <AdminMenuButton open={menuOpen} onToggle={() => setMenuOpen((was) => !was)} count={attentionTotal} buttonRef={menuButton} />
          </div>
        </div>
        {/* The navigation: always shown from tablet width; on a phone only once the menu button opens it. */}
        <div
          id="admin-menu"
          className={cn("mx-auto max-w-7xl px-4 max-md:max-h-[calc(100vh-4rem)] max-md:overflow-y-auto max-md:pb-3", menuOpen ? "block" : "max-md:hidden")}
          onKeyDown={(event) => {
            if (event.key !== "Escape" || !menuOpen) return;
            setMenuOpen(false);
            menuButton.current?.focus();
          }}
        >
          {tabs.length > 0 ? (
            <nav aria-label="Admin sections">
              {/* Wraps rather than scrolls at in-between widths, so no tab is ever out of sight. */}
              <ul className="flex flex-wrap gap-x-1 max-md:flex-col">
                {tabs.map((tab) => (
                  <li key={tab.path}>
                    <AreaLink to={tab.path} current={area?.path === tab.path} label={tab.label} badge={<TabBadge path={tab.path} counts={attention} />} />
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
          {secondary.length > 0 ? (
            <nav aria-label="More admin areas" className="max-md:mt-2 max-md:border-t max-md:border-border max-md:pt-2 md:border-t md:border-border md:py-1">
              <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm max-md:flex-col max-md:gap-0">
                {secondary.map((item) => (
                  <li key={item.path}>
                    <NavLink
                      to={item.path}
                      className={({ isActive }) =>
                        cn(
                          "inline-flex min-h-11 items-center rounded-md px-2 font-medium underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring max-md:w-full",
                          isActive ? "text-foreground underline" : "text-muted-foreground",
                        )
                      }
                    >
                      {item.label}
                      <TabBadge path={item.path} counts={attention} />
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          ) : null}
        </div>
      </header>
      <main id="admin-content" tabIndex={-1} className="relative mx-auto max-w-7xl px-4 py-6 focus:outline-none" aria-busy={loading || undefined}>
        {loading ? (
          <div role="status" className="absolute inset-x-4 top-6 z-10 flex items-center gap-2 rounded-md border border-border bg-background px-4 py-3 text-sm shadow-sm">
            <Loader2 className="size-4 animate-spin" aria-hidden="true" />
            Loading…
          </div>
        ) : null}
        <div className={cn(loading && "opacity-50 transition-opacity")}>
          <Outlet />
        </div>
      </main>
      <Toaster position="top-right" closeButton />
      <ToastMessage toast={loaderData.toast} />
      <SessionWatch endsAt={loaderData.sessionEndsAt} now={loaderData.serverNow} />
    </div>
  );
}

/**
 * The phone's menu button: a disclosure for the navigation. Its badge adds up
 * the tabs' counts, so what needs attention shows while the menu is folded.
 */
function AdminMenuButton({ open, onToggle, count, buttonRef }: { open: boolean; onToggle: () => void; count: number; buttonRef: RefObject<HTMLButtonElement | null> }) {
  return (
    <Button ref={buttonRef} variant="outline" className="px-3 md:hidden" aria-expanded={open} aria-controls="admin-menu" onClick={onToggle}>
      {open ? <X aria-hidden="true" /> : <MenuIcon aria-hidden="true" />}
      Menu
      {count > 0 ? (
        <span className="relative">
          <span aria-hidden="true" className="inline-flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-xs font-bold leading-5 text-primary-foreground">
            {count}
          </span>
          <span className="sr-only">{`, ${count} need${count === 1 ? "s" : ""} attention`}</span>
        </span>
      ) : null}
    </Button>
  );
}

function AreaLink({ to, label, current, badge }: { to: string; label: string; current: boolean; badge?: ReactNode }) {
  return (
    <Link
      to={to}
      aria-current={current ? "page" : undefined}
      className={cn(
        "inline-flex min-h-11 items-center whitespace-nowrap px-3 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-inset focus-visible:ring-ring max-md:w-full max-md:border-l-4 md:border-b-2",
        current ? "border-primary text-foreground max-md:bg-muted" : "border-transparent text-muted-foreground hover:text-foreground",
      )}
    >
      {label}
      {badge}
    </Link>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const location = useLocation();
  if (isRouteErrorResponse(error) && error.status === 401) {
    // The layout's own loader says where to come back to; a save refused
    // because the session ended (a plain 401 from the tab's action) comes
    // back to the tab it was made on.
    const info = typeof error.data === "object" ? (error.data as { adminExists?: boolean; redirectTo?: string; toast?: ToastData | null }) : null;
    const back = info?.redirectTo ?? `${location.pathname}${location.search}`;
    return (
      <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted px-4 py-12">
        <main id="main" className="flex w-full flex-col items-center gap-6">
          <h1 className="text-2xl font-bold">Admin Dashboard</h1>
          {info ? null : <p role="alert">Your session ended before that could be saved. Sign in to carry on.</p>}
          <LoginForm redirectTo={back.startsWith("/admin") ? back : "/admin"} adminExists={info?.adminExists ?? true} headingLevel="h2" />
          <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
            Back to the website
          </Link>
        </main>
        <Toaster position="top-center" closeButton />
        <ToastMessage toast={info?.toast} />
      </div>
    );
  }
  if (isRouteErrorResponse(error) && error.status === 403) {
    // A save from an admin who has not set up two-factor since the site began to require it, an account without a staff
    // role, or a staff role refused one area (requireStaff's words: what it may not do and whom to ask).
    const mustEnrol = error.data === TWO_FACTOR_REQUIRED;
    const refusal = !mustEnrol && typeof error.data === "string" && error.data.startsWith("Your account (") ? error.data : null;
    const email = mustEnrol ? undefined : (error.data as { email?: string } | undefined)?.email;
    const back = location.pathname.startsWith("/admin") ? location.pathname : "/admin";
    return (
      <div className="flex min-h-screen items-center justify-center bg-muted px-4 py-12">
        <main id="main" className="w-full max-w-lg">
          <Card>
            <CardHeader>
              <ShieldAlert className="size-8 text-destructive" aria-hidden="true" />
              <CardTitle as="h1">{mustEnrol ? "Set up two-factor sign-in" : "Not allowed"}</CardTitle>
              <CardDescription>
                {mustEnrol
                  ? `${TWO_FACTOR_REQUIRED} Nothing was saved: once it is set up, make your change again.`
                  : refusal
                    ? `${refusal} Nothing was shown or changed.`
                    : `${email ? `You are signed in as ${email}, but` : "Your"} account is not allowed to use the admin area. Ask an administrator of the site if you need access.`}
              </CardDescription>
            </CardHeader>
            <CardContent className="flex flex-wrap gap-2">
              {mustEnrol ? (
                <Button asChild>
                  <Link to={`/two-factor/setup?redirectTo=${encodeURIComponent(back)}`} reloadDocument>
                    Set up two-factor sign-in
                  </Link>
                </Button>
              ) : refusal ? (
                <Button asChild>
                  <Link to="/admin">Back to your dashboard</Link>
                </Button>
              ) : (
                <>
                  <Form method="post" action="/logout">
                    <Button type="submit" variant="outline">
                      <LogOut aria-hidden="true" />
                      Logout
                    </Button>
                  </Form>
                  <Button asChild variant="ghost">
                    <Link to="/" reloadDocument>
                      Back to the website
                    </Link>
                  </Button>
                </>
              )}
            </CardContent>
          </Card>
        </main>
      </div>
    );
  }
  throw error;
}
