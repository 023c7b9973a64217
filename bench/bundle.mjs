// npm run bench bundle
//
// The JavaScript and CSS each public page loads (decision 010: the
// enhancement script and the stylesheet), from the production build
// (built first if missing or stale): sizes raw, gzip and brotli, against the
// budgets, and whether any admin source file is reachable from the page.
// The same figures are asserted by e2e/budget.spec.ts.
import path from "node:path";
import { analyseAdminRoutes, analysePublicRoutes, BUDGETS, kb } from "./lib/bundle.mjs";
import { appendReport, BUILD_DIR, ensureBuild, machine, printTable, root } from "./lib/common.mjs";

ensureBuild();
const routes = analysePublicRoutes(path.join(root, BUILD_DIR));
const header = ["public route", "JS files", "JS raw", "JS gzip", "JS brotli", "CSS gzip", "CSS brotli", "admin code"];
const rows = routes.map((r) => [
  r.id.replace("routes/site/", ""),
  r.js.length,
  kb(r.jsSize.raw),
  kb(r.jsSize.gzip),
  kb(r.jsSize.brotli),
  kb(r.cssSize.gzip),
  kb(r.cssSize.brotli),
  r.adminModules.length ? `YES: ${r.adminModules[0]}` : "none",
]);
printTable(header, rows);
const worst = (pick) => Math.max(...routes.map(pick));
const summary = [
  ["largest JS (brotli, as served)", kb(worst((r) => r.jsSize.brotli)), `≤ ${kb(BUDGETS.jsBytes)}`, worst((r) => r.jsSize.brotli) <= BUDGETS.jsBytes ? "met" : "NOT met"],
  ["largest CSS (brotli, as served)", kb(worst((r) => r.cssSize.brotli)), `≤ ${kb(BUDGETS.cssBytes)}`, worst((r) => r.cssSize.brotli) <= BUDGETS.cssBytes ? "met" : "NOT met"],
  ["public routes reaching admin code", String(routes.filter((r) => r.adminModules.length).length), "0", routes.some((r) => r.adminModules.length) ? "NOT met" : "met"],
];
printTable(["measure", "result", "goal", ""], summary);
// The admin area: the shell, and what each tab adds when opened (lazy per tab).
const admin = analyseAdminRoutes(path.join(root, BUILD_DIR));
const adminRows = [
  ["shell (entry, root, admin layout)", admin.shell.js.length, kb(admin.shell.jsSize.raw), kb(admin.shell.jsSize.gzip), kb(admin.shell.jsSize.brotli)],
  ...[...admin.routes]
    .sort((a, b) => b.jsSize.brotli - a.jsSize.brotli)
    .map((r) => [r.id.replace("routes/admin/", ""), r.js.length, kb(r.jsSize.raw), kb(r.jsSize.gzip), kb(r.jsSize.brotli)]),
];
const adminHeader = ["admin route (own JS beyond the shell)", "JS files", "JS raw", "JS gzip", "JS brotli"];
printTable(adminHeader, adminRows);

appendReport(
  "Bundle benchmark",
  `Machine: ${machine()}. Run: \`npm run bench bundle\` (build folder \`${BUILD_DIR}\`). Sizes are what a visit to the page downloads: public pages are not hydrated (decision 010), so their JavaScript is the one enhancement script (\`assets/enhance/\`), and their CSS the public stylesheet (\`app/public.css\`, only the classes public pages use; the admin area links the full \`app/app.css\`) plus any stylesheet of the route's own from React Router's manifest, which the server inlines into the HTML (\`app/platform/render/inline-css.server.ts\`) and which are measured here as the built files; the admin-code column follows each route's module graph. gzip level 9, brotli quality 11 (the server sends the brotli files made at build time).`,
  [
    { header: ["measure", "result", "goal", ""], rows: summary },
    { header, rows },
    { header: adminHeader, rows: adminRows, caption: "The admin area (not public pages): the shell every admin page loads, and the JavaScript each admin route adds when its tab is opened, largest first." },
  ],
);
if (summary.some((r) => r[3] !== "met")) process.exitCode = 1;
