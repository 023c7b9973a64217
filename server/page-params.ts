import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import type { PageParams } from "#app/platform/page-cache/page-key.server";

/**
 * Which query parameters each public page reads, gathered at start-up from
 * what its routes declare in their `handle`, for the page cache (which, in
 * the platform, may not know the routes). A link's tracking tags (`utm_*`,
 * `fbclid`, …) are read by no page, so the cache drops them from its key and
 * the visitor gets the cached page:
 *
 * - `cacheParams`: parameters that change the page (a form's thanks,
 *   `?sent=1`). The public layout declares the footer's own.
 * - `privateParams`: parameters that make the page one person's (a link's
 *   token that shows their address): with one, the page is never cached.
 *
 * A page's parameters are those of every route it matches (the root, the
 * layout, the page). A page none of whose routes declares anything (sign-in's
 * pages, files and feeds) may read any parameter, so any query string keeps
 * it out of the cache.
 */

/** What a route module's `handle` may say to the page cache. */
export interface PageCacheHandle {
  cacheParams?: readonly string[];
  privateParams?: readonly string[];
}

type Manifest = ServerBuild["routes"];

interface Node {
  id: string;
  path?: string;
  index?: boolean;
  caseSensitive?: boolean;
  children?: Node[];
}

/** The build's flat route list as the tree React Router matches against. */
function routeTree(manifest: Manifest): Node[] {
  const nodes = new Map<string, Node>();
  for (const route of Object.values(manifest)) {
    if (route) nodes.set(route.id, { id: route.id, path: route.path, index: route.index, caseSensitive: route.caseSensitive });
  }
  const top: Node[] = [];
  for (const route of Object.values(manifest)) {
    if (!route) continue;
    const parent = route.parentId ? nodes.get(route.parentId) : undefined;
    if (parent) (parent.children ??= []).push(nodes.get(route.id)!);
    else top.push(nodes.get(route.id)!);
  }
  return top;
}

export function pageParamsOf(manifest: Manifest): (pathname: string) => PageParams | null {
  const tree = routeTree(manifest) as unknown as RouteObject[];
  return (pathname) => {
    const matches = matchRoutes(tree, pathname);
    if (!matches) return null;
    const vary = new Set<string>();
    const personal = new Set<string>();
    let declared = false;
    for (const { route } of matches) {
      const handle = manifest[route.id!]?.module.handle as PageCacheHandle | undefined;
      if (!handle?.cacheParams && !handle?.privateParams) continue;
      declared = true;
      for (const name of handle.cacheParams ?? []) vary.add(name);
      for (const name of handle.privateParams ?? []) personal.add(name);
    }
    return declared ? { vary: [...vary], personal: [...personal] } : null;
  };
}
