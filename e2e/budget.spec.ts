import path from "node:path";
import { expect, test } from "@playwright/test";
// Plain JavaScript shared with `npm run bench bundle`, so the guard and the benchmark measure the same thing.
import { analysePublicRoutes, BUDGETS, JS_CEILING, kb } from "../bench/lib/bundle.mjs";

/**
 * Bundle budgets, asserted on the production build the end-to-end suite
 * runs against (not a timing: sizes and the import graph). A public route
 * that imports admin code, or grows past a budget, fails here.
 */
const buildDir = path.resolve(import.meta.dirname, "..", process.env.BUILD_DIR ?? "build");
const routes = analysePublicRoutes(buildDir);

test("the build has every public route, each loading React Router's entry and the stylesheet", () => {
  const ids = routes.map((r) => r.id);
  for (const id of ["routes/site/_index", "routes/site/$", "routes/site/donate", "routes/site/news", "routes/site/volunteer.apply"]) {
    expect(ids).toContain(id);
  }
  for (const route of routes) {
    expect(route.js.some((url) => url.includes("/entry.client-")), route.id).toBe(true);
    expect(route.css.length, `${route.id} loads the site's stylesheet`).toBeGreaterThan(0);
  }
});

test("no public route reaches admin code, even through a lazy import", () => {
  const offenders = routes.filter((r) => r.adminModules.length).map((r) => `${r.id}: ${r.adminModules.join(", ")}`);
  expect(offenders, "admin modules reachable from public routes").toEqual([]);
});

test(`every public route loads at most ${kb(JS_CEILING)} of JavaScript and ${kb(BUDGETS.cssBytes)} of CSS (brotli)`, () => {
  const over = routes
    .filter((r) => r.jsSize.brotli > JS_CEILING || r.cssSize.brotli > BUDGETS.cssBytes)
    .map((r) => `${r.id}: JS ${kb(r.jsSize.brotli)}, CSS ${kb(r.cssSize.brotli)}`);
  expect(over, "public routes over budget").toEqual([]);
});
