import { execFileSync } from "node:child_process";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { buildDir, root } from "./site-process";

export interface RouteInfo {
  id: string;
  path: string;
  index: boolean;
  hasLoader: boolean;
  hasAction: boolean;
}

/**
 * Every route of the production build whose URL passes `keep` (by default
 * those under /admin), with a URL to request it: read from the build's own
 * route table, so a route added later is in the list without anyone
 * listing it.
 */
export function buildRoutes(keep: (path: string) => boolean = (p) => p === "/admin" || p.startsWith("/admin/")): RouteInfo[] {
  const entry = pathToFileURL(path.join(root, buildDir, "server/index.js")).href;
  const script = `const { routes } = await import(${JSON.stringify(entry)});
    console.log(JSON.stringify(Object.values(routes).map((r) => ({ id: r.id, path: r.path ?? "", index: !!r.index, parentId: r.parentId ?? null, hasLoader: !!r.module.loader, hasAction: !!r.module.action }))));`;
  const raw = execFileSync(process.execPath, ["--input-type=module", "-e", script], {
    cwd: root,
    env: { ...process.env, LOG_LEVEL: "silent" },
    encoding: "utf8",
  });
  const all = JSON.parse(raw.trim().split("\n").pop()!) as Array<RouteInfo & { parentId: string | null }>;
  const byId = new Map(all.map((r) => [r.id, r]));
  const fullPath = (id: string | null): string => {
    const route = id ? byId.get(id) : undefined;
    if (!route) return "";
    const own = route.path
      .split("/")
      .filter(Boolean)
      // Dynamic segments get a well-formed id that matches nothing.
      .map((s) => (s === "*" ? "anything" : s.startsWith(":") ? "00000000-0000-4000-8000-000000000000" : s.replace(/\?$/, "")))
      .join("/");
    return [fullPath(route.parentId), own].filter(Boolean).join("/");
  };
  return all.map((r) => ({ ...r, path: `/${fullPath(r.id)}` })).filter((r) => keep(r.path));
}
