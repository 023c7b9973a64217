import { type RouteConfig, layout } from "@react-router/dev/routes";
import { flatRoutes } from "@react-router/fs-routes";

/**
 * Routes are grouped by audience, one folder each, with flat-route file
 * names inside (e.g. routes/site/volunteer.apply.tsx is /volunteer/apply):
 * - site/: the public pages, inside the shared header and footer
 * - auth/: sign-in and sign-out
 * - admin/: the staff dashboard
 * - resources/: files, feeds, sitemap, health and other non-page URLs
 */
export default [
  layout(
    "routes/site/_layout.tsx",
    await flatRoutes({ rootDirectory: "routes/site", ignoredRouteFiles: ["**/_layout.tsx", "**/*.test.*"] }),
  ),
  ...(await flatRoutes({ rootDirectory: "routes/auth", ignoredRouteFiles: ["**/*.test.*"] })),
  ...(await flatRoutes({ rootDirectory: "routes/admin", ignoredRouteFiles: ["**/*.test.*"] })),
  ...(await flatRoutes({ rootDirectory: "routes/resources", ignoredRouteFiles: ["**/*.test.*"] })),
] satisfies RouteConfig;
