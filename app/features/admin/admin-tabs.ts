import { can, type Capability } from "#app/features/accounts/roles";

/**
 * The dashboard's areas, in the tab order staff are used to. Each is its own URL so it
 * can be bookmarked and the back button works. Secondary areas (Settings,
 * Messages, Registrations, Outbox, Audit log…) appear in a smaller second
 * navigation as later features add them here.
 */
export interface AdminArea {
  label: string;
  path: string;
  /** What a role needs to open it (roles.ts): the navigation shows only what the signed-in role may open. */
  needs: Capability;
}

export const ADMIN_TABS: readonly AdminArea[] = [
  { label: "Pages", path: "/admin", needs: "pages" },
  { label: "Content", path: "/admin/content", needs: "pages" },
  { label: "Media", path: "/admin/media", needs: "media" },
  { label: "Reviews", path: "/admin/reviews", needs: "reviews" },
  { label: "Newsletter", path: "/admin/newsletter", needs: "newsletter" },
  { label: "YouTube", path: "/admin/youtube", needs: "videos" },
  { label: "Events", path: "/admin/events", needs: "events" },
  { label: "Volunteers", path: "/admin/volunteers", needs: "volunteer-roles" },
  { label: "Serving Humanity", path: "/admin/serving-humanity", needs: "pages" },
  { label: "Page Images", path: "/admin/page-images", needs: "pages" },
];

export const ADMIN_SECONDARY: readonly AdminArea[] = [
  { label: "Navigation", path: "/admin/navigation", needs: "pages" },
  { label: "Settings", path: "/admin/settings", needs: "settings" },
  { label: "Messages", path: "/admin/messages", needs: "messages" },
  { label: "Registrations", path: "/admin/registrations", needs: "registrations" },
  { label: "Outbox", path: "/admin/outbox", needs: "outbox" },
  { label: "Audit log", path: "/admin/audit", needs: "audit" },
  { label: "Bin", path: "/admin/bin", needs: "bin" },
  { label: "Admin users", path: "/admin/users", needs: "users" },
];

/** The area a URL belongs to: the longest matching path wins (/admin is only itself). */
export function activeArea(pathname: string): AdminArea | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return [...ADMIN_TABS, ...ADMIN_SECONDARY]
    .filter((area) => (area.path === "/admin" ? path === "/admin" : path === area.path || path.startsWith(`${area.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}

/** The areas a role may open, primary and secondary, in their usual order. */
export function areasFor(role: string): { tabs: AdminArea[]; secondary: AdminArea[] } {
  return { tabs: ADMIN_TABS.filter((a) => can(role, a.needs)), secondary: ADMIN_SECONDARY.filter((a) => can(role, a.needs)) };
}

/** Where a role's dashboard starts: its first area (the Pages tab for those who may edit pages). */
export function homeFor(role: string): string {
  const { tabs, secondary } = areasFor(role);
  return (tabs[0] ?? secondary[0])?.path ?? "/admin";
}
