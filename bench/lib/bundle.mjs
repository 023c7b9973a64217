// What each public page downloads as JavaScript and CSS, read from a
// production build. Public pages are not hydrated (decision 010): the only
// JavaScript they load is the enhancement script, bundled on its own into
// client/assets/enhance/ (vite.config.ts), plus the public stylesheet
// (app/public.css, built as client/assets/public-<hash>.css, holding only
// what public pages use) in place of the root's full one, and any other
// stylesheet of the route's own from React Router's manifest. The server
// puts them inline in a <style> in the page's <head> instead of linking
// them (app/platform/render/inline-css.server.ts), so the CSS budget is the built
// files' size whether they arrive linked or inline. The admin-code check
// still follows each public route's module graph (chunk-modules.json,
// written by scripts/vite-chunk-modules.ts), which a hydrated page would
// load on a client-side visit. Shared by `npm run bench bundle` and the
// budget guard (e2e/budget.spec.ts), which also checks the real HTML loads
// nothing else.
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const BUDGETS = {
  /** JavaScript a public page loads, brotli-compressed as served (issue 10's goal). */
  jsBytes: 90 * 1024,
  /** CSS a public page loads (inline in its HTML), brotli-compressed on its own. */
  cssBytes: 20 * 1024,
};

/** What the regression guard enforces for JavaScript: the goal itself. */
export const JS_CEILING = BUDGETS.jsBytes;

/** Where the build puts the public pages' enhancement script (see vite.config.ts). */
export const ENHANCE_DIR = "assets/enhance";

/** The public pages' stylesheet as built from app/public.css (Vite names the asset after its source). */
export const PUBLIC_CSS = /^public-[\w-]+\.css$/;

/** Source folders whose code must never reach a public page. */
export const ADMIN_CODE = /^app\/(routes\/admin|features\/admin|features\/[^/]+\/admin)\//;

export function readBuild(buildDir) {
  const clientDir = path.join(buildDir, "client");
  const assets = path.join(clientDir, "assets");
  const manifestFile = fs.readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!manifestFile) throw new Error(`No React Router manifest in ${assets}: is ${buildDir} a production build?`);
  const source = fs.readFileSync(path.join(assets, manifestFile), "utf8");
  const manifest = JSON.parse(source.slice(source.indexOf("=") + 1).replace(/;\s*$/, ""));
  const modulesFile = path.join(buildDir, "chunk-modules.json");
  if (!fs.existsSync(modulesFile)) throw new Error(`${modulesFile} is missing: rebuild with the chunk-modules plugin in vite.config.ts.`);
  const { chunks } = JSON.parse(fs.readFileSync(modulesFile, "utf8"));
  const enhanceDir = path.join(clientDir, ENHANCE_DIR);
  const enhance = fs.existsSync(enhanceDir)
    ? fs.readdirSync(enhanceDir).filter((f) => f.endsWith(".js")).map((f) => `/${ENHANCE_DIR}/${f}`).sort()
    : [];
  if (enhance.length !== 1) throw new Error(`Expected one enhancement script in ${enhanceDir}, found ${enhance.length}.`);
  const publicCss = fs.readdirSync(assets).filter((f) => PUBLIC_CSS.test(f));
  if (publicCss.length !== 1) throw new Error(`Expected one public stylesheet (public-*.css) in ${assets}, found ${publicCss.length}.`);
  // The full stylesheet (app/app.css), which the root route links for pages that hydrate.
  const fullCssUrls = manifest.routes.root?.css ?? [];
  return {
    clientDir,
    manifest,
    manifestUrl: `/assets/${manifestFile}`,
    chunks,
    enhanceUrl: enhance[0],
    publicCssUrl: `/assets/${publicCss[0]}`,
    fullCssUrls,
  };
}

const sizeCache = new Map();
/** Raw, gzip (level 9) and brotli (quality 11) sizes of a built file, by URL path. */
export function fileSizes(clientDir, url) {
  const key = path.join(clientDir, url);
  if (!sizeCache.has(key)) {
    const bytes = fs.readFileSync(key);
    sizeCache.set(key, {
      raw: bytes.length,
      gzip: zlib.gzipSync(bytes, { level: 9 }).length,
      brotli: zlib.brotliCompressSync(bytes, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
    });
  }
  return sizeCache.get(key);
}

function routeChain(manifest, id) {
  const chain = [];
  for (let route = manifest.routes[id]; route; route = manifest.routes[route.parentId]) chain.unshift(route);
  return chain;
}

const toFile = (url) => url.replace(/^\//, "");

/** Every chunk reachable from the roots, following static imports (and dynamic ones when asked). */
function closure(chunks, roots, { dynamic }) {
  const seen = new Set();
  const stack = roots.map(toFile);
  while (stack.length) {
    const file = stack.pop();
    if (seen.has(file)) continue;
    seen.add(file);
    const chunk = chunks[file];
    if (!chunk) continue;
    stack.push(...chunk.imports, ...(dynamic ? chunk.dynamicImports : []));
  }
  return [...seen];
}

/** The public routes: everything inside the site layout. */
export function publicRouteIds(manifest) {
  return Object.keys(manifest.routes).filter((id) => id.startsWith("routes/site/") && id !== "routes/site/_layout").sort();
}

/** Raw, gzip and brotli sizes of several built files added up. */
export function sumSizes(clientDir, urls) {
  return urls.reduce(
    (total, url) => {
      const s = fileSizes(clientDir, url);
      return { raw: total.raw + s.raw, gzip: total.gzip + s.gzip, brotli: total.brotli + s.brotli };
    },
    { raw: 0, gzip: 0, brotli: 0 },
  );
}

/**
 * For each public route: the JS and CSS a visit loads (the enhancement
 * script; the public stylesheet, then the stylesheets of the route chain
 * below the root, in the order the server inlines them), and any admin
 * source module its module graph reaches, even through a lazy import().
 */
export function analysePublicRoutes(buildDir) {
  const { clientDir, manifest, chunks, enhanceUrl, publicCssUrl } = readBuild(buildDir);
  return publicRouteIds(manifest).map((id) => {
    const chain = routeChain(manifest, id);
    const roots = chain.flatMap((r) => [r.module, ...(r.imports ?? [])]);
    const loaded = closure(chunks, roots, { dynamic: false });
    const js = [enhanceUrl];
    const rootCss = new Set(manifest.routes.root?.css ?? []);
    const own = [...chain.slice(1).flatMap((r) => r.css ?? []), ...loaded.flatMap((file) => chunks[file]?.stylesheets ?? [])];
    const css = [...new Set([publicCssUrl, ...own.filter((url) => !rootCss.has(url))])];
    const sum = (urls) => sumSizes(clientDir, urls);
    const adminModules = [];
    for (const file of closure(chunks, roots, { dynamic: true })) {
      for (const module of chunks[file]?.modules ?? []) {
        if (ADMIN_CODE.test(module)) adminModules.push(`${module} (in ${file})`);
      }
    }
    return { id, js, css, jsSize: sum(js), cssSize: sum(css), adminModules };
  });
}

export const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;

/**
 * The admin area's JavaScript: the shell every admin page loads (the
 * manifest's entry, the root and the admin layout, with their static
 * imports), and for each admin route what it adds on top, which the browser
 * fetches only when that tab is opened (each tab stays lazy).
 */
export function analyseAdminRoutes(buildDir) {
  const { clientDir, manifest, chunks } = readBuild(buildDir);
  const entry = manifest.entry ? [manifest.entry.module, ...(manifest.entry.imports ?? [])] : [];
  const layout = routeChain(manifest, "routes/admin/admin");
  const shellFiles = new Set(closure(chunks, [...entry, ...layout.flatMap((r) => [r.module, ...(r.imports ?? [])])], { dynamic: false }));
  const shell = { js: [...shellFiles], jsSize: sumSizes(clientDir, [...shellFiles].map((f) => `/${f}`)) };
  const routes = Object.keys(manifest.routes)
    .filter((id) => id.startsWith("routes/admin/") && id !== "routes/admin/admin")
    .sort()
    .map((id) => {
      const route = manifest.routes[id];
      const own = closure(chunks, [route.module, ...(route.imports ?? [])], { dynamic: false }).filter((f) => !shellFiles.has(f));
      return { id, js: own, jsSize: sumSizes(clientDir, own.map((f) => `/${f}`)) };
    });
  return { shell, routes };
}
