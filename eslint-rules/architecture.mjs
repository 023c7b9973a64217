// The layout's rules as lint errors (docs/decisions/012-feature-folders.md).
//
// Imports are resolved the way TypeScript resolves them (the #app/* alias,
// relative paths, index files), so a rule holds whichever way an import is
// spelled. Two rules:
// - `architecture/layers`: which layer may import which, that no server
//   module pulls in a React component, and that nothing imports a route;
// - `architecture/no-cycle`: no file reaches itself through its imports,
//   type-only imports included (a cycle of types today is a cycle of values
//   after the next refactor).
import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

const root = path.resolve(import.meta.dirname, "..");

/** A file's layer, from where it lives; null for tooling (tests, e2e, bench, scripts, configs). */
export function layerOf(rel) {
  if (/\.test\.tsx?$/.test(rel) || /(^|\/)\.react-router\//.test(rel)) return null;
  if (rel.startsWith("app/routes/") || rel === "app/routes.ts" || rel === "app/root.tsx" || rel === "app/entry.server.tsx" || rel.startsWith("server/")) return "route";
  const feature = /^app\/features\/([^/]+)\//.exec(rel);
  if (feature) return `feature:${feature[1]}`;
  for (const layer of ["platform", "web", "content", "enhance"]) if (rel.startsWith(`app/${layer}/`)) return layer;
  if (rel.startsWith("app/components/ui/")) return "ui";
  return null;
}

/**
 * What each layer may import, top to bottom: routes (and the server entry) use
 * anything below them, and the server's own modules each other;
 * features use each other (without cycles), the web layer, the built-in
 * content, the UI kit and the platform; the web layer only the platform and
 * the UI kit; the platform, the content and the UI kit only themselves.
 */
const MAY_IMPORT = {
  route: ["route", "feature", "web", "content", "ui", "platform", "enhance"],
  feature: ["feature", "web", "content", "ui", "platform"],
  web: ["web", "platform", "ui"],
  content: ["content"],
  ui: ["ui"],
  platform: ["platform"],
  enhance: ["enhance"],
};

/**
 * The one `*.server.ts` module that renders React on purpose: a newsletter's
 * body is a React component rendered to HTML on the server. Any other
 * `*.server.ts` that imports a `.tsx` file is pulling UI into server code.
 * (Server files that exist to render, such as app/entry.server.tsx and the
 * public header and footer's site-chrome.server.tsx, are `.tsx` themselves.)
 */
const SERVER_RENDERS_UI = new Map([["app/features/newsletter/campaign-email.server.ts", ["app/features/newsletter/admin/newsletter-email.tsx"]]]);

/** Migrations seed a fresh database with the built-in content (testimonials, events, vacancies). */
const SEEDS_FROM_CONTENT = /^app\/platform\/db\/migrations\//;
/**
 * A feature's seed modules (app/features/<name>/seed/): the pure builders
 * that turn the built-in content into records (the pages as documents of
 * blocks). Migrations may use them as they use the content itself, so a
 * fresh install and a converted one get the very same records.
 */
const FEATURE_SEED = /^app\/features\/[^/]+\/seed\//;

const kind = (layer) => (layer?.startsWith("feature:") ? "feature" : layer);

let compilerOptions;
function options() {
  if (!compilerOptions) {
    const file = path.join(root, "tsconfig.json");
    const parsed = ts.parseJsonConfigFileContent(ts.readConfigFile(file, ts.sys.readFile).config, ts.sys, root);
    compilerOptions = parsed.options;
  }
  return compilerOptions;
}

/** The repository-relative file an import names, or null for packages and what cannot be found. */
export function resolveImport(specifier, fromAbs) {
  const bare = specifier.replace(/\?.*$/, "");
  if (!bare.startsWith(".") && !bare.startsWith("#app/")) return null;
  const resolved = ts.resolveModuleName(bare, fromAbs, options(), ts.sys).resolvedModule;
  let abs = resolved?.resolvedFileName;
  if (!abs) {
    // Assets imported with a query (`?raw`, `?url`) are files, not modules.
    const candidate = bare.startsWith("#app/") ? path.join(root, "app", bare.slice(5)) : path.resolve(path.dirname(fromAbs), bare);
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) abs = candidate;
  }
  if (!abs || abs.includes(`${path.sep}node_modules${path.sep}`)) return null;
  return path.relative(root, abs).split(path.sep).join("/");
}

function sourceFiles(dir) {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith(".d.ts") ? [full] : [];
  });
}

/** Every import of the application's own code (app/ and server/), read once per lint run. */
function importGraph() {
  const graph = new Map();
  for (const abs of [...sourceFiles(path.join(root, "app")), ...sourceFiles(path.join(root, "server"))]) {
    const rel = path.relative(root, abs).split(path.sep).join("/");
    const { importedFiles } = ts.preProcessFile(fs.readFileSync(abs, "utf8"), true, true);
    const targets = new Set();
    for (const { fileName } of importedFiles) {
      const target = resolveImport(fileName, abs);
      if (target && target !== rel) targets.add(target);
    }
    graph.set(rel, [...targets]);
  }
  return graph;
}

/** Strongly connected components of more than one file (Tarjan): each is a set of files in a cycle. */
export function cyclicGroups(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const groups = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next);
    next++;
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue;
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(new Set(group));
    }
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return groups;
}

/** The shortest way back from `from` to `to` inside one group, for the message. */
function pathWithin(graph, group, from, to) {
  const previous = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const v = queue.shift();
    if (v === to) break;
    for (const w of graph.get(v) ?? []) {
      if (group.has(w) && !previous.has(w)) {
        previous.set(w, v);
        queue.push(w);
      }
    }
  }
  const steps = [];
  for (let v = to; v !== null && v !== undefined; v = previous.get(v)) steps.unshift(v);
  return steps;
}

let cycles;
let cycleGraph;
function cycleState() {
  if (!cycles) {
    cycleGraph = importGraph();
    cycles = cyclicGroups(cycleGraph);
  }
  return { graph: cycleGraph, groups: cycles };
}

function importNodes(context, check) {
  const source = context.sourceCode ?? context.getSourceCode();
  const fromAbs = context.filename ?? context.getFilename();
  const from = path.relative(root, fromAbs).split(path.sep).join("/");
  const visit = (node, literal) => {
    if (!literal || typeof literal.value !== "string") return;
    const target = resolveImport(literal.value, fromAbs);
    if (target) check({ node: literal, from, target, source });
  };
  return {
    ImportDeclaration: (node) => visit(node, node.source),
    ExportNamedDeclaration: (node) => visit(node, node.source),
    ExportAllDeclaration: (node) => visit(node, node.source),
    ImportExpression: (node) => visit(node, node.source),
    TSImportType: (node) => visit(node, node.argument?.literal ?? node.argument),
  };
}

const layers = {
  meta: { type: "problem", docs: { description: "Imports point down the layers: routes, features, web, platform" }, schema: [] },
  create(context) {
    return importNodes(context, ({ node, from, target }) => {
      const fromLayer = layerOf(from);
      if (!fromLayer) return;
      if (target.startsWith("app/routes/")) {
        context.report({ node, message: `${from} imports a route (${target}): move what both need into a feature or the web layer.` });
        return;
      }
      const toLayer = layerOf(target);
      const seeding = SEEDS_FROM_CONTENT.test(from) && (toLayer === "content" || FEATURE_SEED.test(target));
      if (toLayer && !seeding && !MAY_IMPORT[kind(fromLayer)].includes(kind(toLayer))) {
        context.report({ node, message: `The ${kind(fromLayer)} layer may not import the ${kind(toLayer)} layer (${from} → ${target}).` });
        return;
      }
      if (/\.server\.ts$/.test(from) && target.endsWith(".tsx") && !SERVER_RENDERS_UI.get(from)?.includes(target)) {
        context.report({ node, message: `Server module ${from} imports UI (${target}): move what it needs into a .ts module.` });
      }
    });
  },
};

const noCycle = {
  meta: { type: "problem", docs: { description: "No import cycles among the application's files" }, schema: [] },
  create(context) {
    return importNodes(context, ({ node, from, target }) => {
      if (!layerOf(from)) return;
      const { graph, groups } = cycleState();
      const group = groups.find((g) => g.has(from) && g.has(target));
      if (!group) return;
      const back = pathWithin(graph, group, target, from);
      context.report({ node, message: `Import cycle: ${[from, ...back].join(" → ")}` });
    });
  },
};

export default { rules: { layers, "no-cycle": noCycle } };
