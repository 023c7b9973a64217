import { ChevronDown, Menu, Minus, Plus, X } from "lucide-react";
import { useLocation } from "react-router";
import { NAVIGATION } from "#app/content/navigation";
import type { NavItem } from "#app/content/types";
import { Logo } from "./logo";
import { ThemeToggle } from "./theme-toggle";

/*
 * Plain <a> links throughout: public pages are not hydrated (decision 010),
 * so React Router's <Link>/<NavLink> would add nothing in the browser, and
 * on the server they resolved each of the ~80 menu links against the route
 * tree on every render (a tenth of a page's render time, decision 011).
 */

/** Whether a menu entry is the current page or a section it is in (as NavLink decided it). */
export function isCurrent(href: string, pathname: string): boolean {
  const here = pathname.length > 1 ? pathname.replace(/\/+$/, "").toLowerCase() : pathname;
  const target = href.toLowerCase();
  if (target === "/") return here === "/";
  return here === target || here.startsWith(`${target}/`);
}

/** The header element's own classes: the layout may fill it with markup kept from an earlier render (app/features/site/site-chrome.server.tsx). */
export const SITE_HEADER_CLASS = "sticky top-0 z-40 border-b border-border bg-background";

export function SiteHeader({ siteName }: { siteName: string }) {
  return (
    <header className={SITE_HEADER_CLASS}>
      <SiteHeaderContent siteName={siteName} />
    </header>
  );
}

/** What is inside the header: it depends only on the charity's name and the address (path and query). */
export function SiteHeaderContent({ siteName }: { siteName: string }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-4 px-4">
      <a href="/" className="flex min-h-11 items-center gap-3 font-bold" aria-label={`${siteName}: home`}>
        <Logo size="md" />
        <span className="hidden text-base leading-tight sm:inline">{siteName}</span>
      </a>
      <DesktopNav pathname={pathname} />
      <div className="flex items-center gap-2">
        <ThemeToggle />
        <MobileNav />
      </div>
    </div>
  );
}

const navLinkClass = (isActive: boolean) =>
  `inline-flex min-h-11 items-center gap-1 rounded-md px-3 text-sm font-medium hover:bg-muted ${
    isActive ? "text-primary underline decoration-2" : "text-foreground"
  }`;

/** A desktop menu link, marked as the current page (or section) the way NavLink did. */
function MenuLink({ href, pathname, extraClass = "", children }: { href: string; pathname: string; extraClass?: string; children: React.ReactNode }) {
  const active = isCurrent(href, pathname);
  return (
    <a href={href} className={`${navLinkClass(active)}${extraClass}`} aria-current={active ? "page" : undefined}>
      {children}
    </a>
  );
}

/** Menus open on hover and on keyboard focus, with no script needed. */
function DesktopNav({ pathname }: { pathname: string }) {
  return (
    <nav aria-label="Main" className="hidden lg:block">
      <ul className="flex items-center gap-1">
        {NAVIGATION.map((item) => (
          <li key={item.href} className="group relative">
            <MenuLink href={item.href} pathname={pathname}>
              {item.name}
              {item.subItems && <ChevronDown aria-hidden="true" className="size-4" />}
            </MenuLink>
            {item.subItems && (
              <ul
                aria-label={`${item.name} pages`}
                className="invisible absolute left-0 top-full z-50 min-w-64 rounded-md border border-border bg-background p-2 opacity-0 shadow-lg transition-opacity group-focus-within:visible group-focus-within:opacity-100 group-hover:visible group-hover:opacity-100"
              >
                {item.subItems.map((sub) => (
                  <li key={sub.href}>
                    <MenuLink href={sub.href} pathname={pathname} extraClass=" w-full">
                      {sub.name}
                    </MenuLink>
                  </li>
                ))}
              </ul>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * The phone menu: native <details> disclosures, so it works by touch and
 * keyboard with no script at all; a plus/minus toggle per item opens its
 * sub-menu, and choosing a page loads it with the menu closed.
 */
function MobileNav() {
  return (
    <details className="group/menu lg:hidden">
      <summary className="inline-flex size-11 cursor-pointer list-none items-center justify-center rounded-md border border-border hover:bg-muted [&::-webkit-details-marker]:hidden">
        <Menu aria-hidden="true" className="size-5 group-open/menu:hidden" />
        <X aria-hidden="true" className="hidden size-5 group-open/menu:block" />
        <span className="sr-only">Menu</span>
      </summary>
      <nav
        aria-label="Mobile"
        className="absolute inset-x-0 top-16 max-h-[calc(100vh-4rem)] overflow-y-auto border-b border-border bg-background px-4 pb-6 shadow-lg"
      >
        <ul className="divide-y divide-border">
          {NAVIGATION.map((item) => (
            <MobileNavItem key={item.href} item={item} />
          ))}
        </ul>
      </nav>
    </details>
  );
}

function MobileNavItem({ item }: { item: NavItem }) {
  const linkClass = "flex min-h-12 items-center py-2 pr-14 font-medium";
  if (!item.subItems) {
    return (
      <li>
        <a href={item.href} className={linkClass}>
          {item.name}
        </a>
      </li>
    );
  }
  return (
    <li className="relative">
      <a href={item.href} className={linkClass}>
        {item.name}
      </a>
      <details className="group/sub">
        <summary className="absolute right-0 top-0 inline-flex size-12 cursor-pointer list-none items-center justify-center rounded-md hover:bg-muted [&::-webkit-details-marker]:hidden">
          <Plus aria-hidden="true" className="size-5 group-open/sub:hidden" />
          <Minus aria-hidden="true" className="hidden size-5 group-open/sub:block" />
          <span className="sr-only">{item.name} pages</span>
        </summary>
        <ul className="mb-2 ml-4 border-l border-border pl-3">
          {item.subItems.map((sub) => (
            <li key={sub.href}>
              <a href={sub.href} className="flex min-h-11 items-center text-muted-foreground hover:text-foreground">
                {sub.name}
              </a>
            </li>
          ))}
        </ul>
      </details>
    </li>
  );
}
