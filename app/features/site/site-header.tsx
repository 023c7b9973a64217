import { useLocation } from "react-router";
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

export function SiteHeader({ siteName, menu }: { siteName: string; menu: readonly NavItem[] }) {
  return (
    <header className={SITE_HEADER_CLASS}>
      <SiteHeaderContent siteName={siteName} menu={menu} />
    </header>
  );
}

/**
 * What is inside the header: it depends only on the charity's name, the
 * menu staff saved (resolved to addresses) and the address (path and query). On a phone the theme toggle sits left of the
 * Menu button (the disclosure is moved last); in the DOM the menu comes
 * first, so the keyboard reaches the menu's links right after the button
 * that shows them, and on a desktop meets the header left to right.
 */
export function SiteHeaderContent({ siteName, menu }: { siteName: string; menu: readonly NavItem[] }) {
  const { pathname } = useLocation();
  return (
    <div className="mx-auto flex h-16 max-w-7xl items-center justify-between gap-2 px-4 lg:gap-4">
      <a href="/" className="flex min-h-11 items-center gap-3 font-bold" aria-label={`${siteName}: home`}>
        <Logo size="md" />
        <span className="hidden text-base leading-tight sm:inline">{siteName}</span>
      </a>
      <SiteMenu menu={menu} pathname={pathname} />
      <ThemeToggle className="max-lg:ml-auto" />
    </div>
  );
}

/**
 * The menu, once, for every width (site-header.css lays it out): a row of
 * drop-down menus that open on hover and keyboard focus from 64rem up, and
 * below that a panel behind the "Menu" disclosure, each section's pages
 * behind a plus. Both work without a script; a chosen page loads with the
 * menu closed. Its landmark keeps the names it had as two menus, "Main" on
 * a desktop and "Mobile" on a phone: the name is read from whichever word
 * the width shows (hidden words are left out of a name).
 */
function SiteMenu({ menu, pathname }: { menu: readonly NavItem[]; pathname: string }) {
  return (
    <>
      <details className="site-menu-toggle max-lg:order-last">
        <summary className="site-menu-button">Menu</summary>
      </details>
      <nav className="site-menu" aria-labelledby="site-menu-name">
        <span id="site-menu-name" className="sr-only">
          <span className="lg:hidden">Mobile</span>
          <span className="max-lg:hidden">Main</span>
        </span>
        <ul>
          {/* Keyed by place: two entries may lead to one address. */}
          {menu.map((item, index) => (
            <MenuItem key={`${index}:${item.href}`} item={item} pathname={pathname} />
          ))}
        </ul>
      </nav>
    </>
  );
}

/** A menu link, marked as the current page (or section) the way NavLink did. */
function MenuLink({ item, pathname }: { item: NavItem; pathname: string }) {
  return (
    <a href={item.href} aria-current={isCurrent(item.href, pathname) ? "page" : undefined}>
      {item.name}
    </a>
  );
}

function MenuItem({ item, pathname }: { item: NavItem; pathname: string }) {
  if (!item.subItems) {
    return (
      <li>
        <MenuLink item={item} pathname={pathname} />
      </li>
    );
  }
  const label = `${item.name} pages`;
  return (
    <li>
      <MenuLink item={item} pathname={pathname} />
      {/* The phone's plus: opens the list after it. Hidden on a desktop, where the list drops down instead. */}
      <details>
        <summary>{label}</summary>
      </details>
      <ul aria-label={label}>
        {item.subItems.map((sub, index) => (
          <li key={`${index}:${sub.href}`}>
            <MenuLink item={sub} pathname={pathname} />
          </li>
        ))}
      </ul>
    </li>
  );
}
