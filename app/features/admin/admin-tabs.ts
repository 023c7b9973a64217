/**
 * The dashboard's areas, in the tab order staff are used to. Each is its own URL so it
 * can be bookmarked and the back button works. Secondary areas (Settings,
 * Messages, Registrations, Outbox, Audit log…) appear in a smaller second
 * navigation as later features add them here.
 */
export interface AdminArea {
  label: string;
  path: string;
}

export const ADMIN_TABS: readonly AdminArea[] = [
  { label: "Pages", path: "/admin" },
  { label: "Content", path: "/admin/content" },
  { label: "Media", path: "/admin/media" },
  { label: "Reviews", path: "/admin/reviews" },
  { label: "Newsletter", path: "/admin/newsletter" },
  { label: "YouTube", path: "/admin/youtube" },
  { label: "Events", path: "/admin/events" },
  { label: "Volunteers", path: "/admin/volunteers" },
  { label: "Serving Humanity", path: "/admin/serving-humanity" },
  { label: "Page Images", path: "/admin/page-images" },
];

export const ADMIN_SECONDARY: readonly AdminArea[] = [
  { label: "Settings", path: "/admin/settings" },
  { label: "Messages", path: "/admin/messages" },
  { label: "Registrations", path: "/admin/registrations" },
  { label: "Outbox", path: "/admin/outbox" },
  { label: "Audit log", path: "/admin/audit" },
  { label: "Bin", path: "/admin/bin" },
  { label: "Admin users", path: "/admin/users" },
];

/** The area a URL belongs to: the longest matching path wins (/admin is only itself). */
export function activeArea(pathname: string): AdminArea | undefined {
  const path = pathname.replace(/\/+$/, "") || "/";
  return [...ADMIN_TABS, ...ADMIN_SECONDARY]
    .filter((area) => (area.path === "/admin" ? path === "/admin" : path === area.path || path.startsWith(`${area.path}/`)))
    .sort((a, b) => b.path.length - a.path.length)[0];
}
