// What each public page downloads as JavaScript and CSS, read from a
// production build: React Router's manifest says which route modules a page
// loads, and chunk-modules.json (written by scripts/vite-chunk-modules.ts)
// says which chunks those import and which source files are inside each.
// Shared by `npm run bench bundle` and the budget guard (e2e/budget.spec.ts).
import fs from "node:fs";
import path from "node:path";
import zlib from "node:zlib";

export const BUDGETS = {
  /** JavaScript a public page loads, gzip-compressed. */
  jsBytes: 90 * 1024,
  /** CSS a public page loads, gzip-compressed. */
  cssBytes: 20 * 1024,
};

/**
 * What the regression guard enforces for JavaScript today: React 19, React
 * DOM and React Router alone weigh about 92 KB (brotli) on every hydrated
 * page, so the 90 KB goal cannot be met while public pages hydrate (see
 * docs/performance.md). The ceiling stops growth while that stands.
 */
export const JS_CEILING = 160 * 1024;

/** Source folders whose code must never reach a public page. */
export const ADMIN_CODE = /^app\/(routes|components)\/admin\//;

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
  return { clientDir, manifest, manifestUrl: `/assets/${manifestFile}`, chunks };
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

const toUrl = (fileName) => `/${fileName}`;
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

/**
 * For each public route: the JS and CSS a visit loads (static imports only,
 * as those are what the browser fetches before the page is interactive), and
 * any admin source module reachable even through a lazy import().
 */
export function analysePublicRoutes(buildDir) {
  const { clientDir, manifest, manifestUrl, chunks } = readBuild(buildDir);
  return publicRouteIds(manifest).map((id) => {
    const chain = routeChain(manifest, id);
    const roots = [manifest.entry.module, ...manifest.entry.imports, ...chain.flatMap((r) => [r.module, ...(r.imports ?? [])])];
    const loaded = closure(chunks, roots, { dynamic: false });
    const js = [...new Set([...loaded.map(toUrl), manifestUrl])].sort();
    const css = [...new Set([...chain.flatMap((r) => r.css ?? []), ...loaded.flatMap((file) => chunks[file]?.stylesheets ?? [])])].sort();
    const sum = (urls) =>
      urls.reduce(
        (total, url) => {
          const s = fileSizes(clientDir, url);
          return { raw: total.raw + s.raw, gzip: total.gzip + s.gzip, brotli: total.brotli + s.brotli };
        },
        { raw: 0, gzip: 0, brotli: 0 },
      );
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
