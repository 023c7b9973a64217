import fs from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

/**
 * Writes <build>/chunk-modules.json after the browser build: for every
 * JavaScript chunk, the source modules inside it and the chunks it imports.
 * The bundle budget test and `npm run bench bundle` read it to prove that no
 * public page can reach admin code, which the file names of hashed chunks
 * alone cannot show. It sits beside client/, so it is never served.
 */
export function chunkModules(): Plugin {
  return {
    name: "chunk-modules",
    applyToEnvironment: (environment) => environment.name === "client",
    writeBundle(options, bundle) {
      if (!options.dir) return;
      const root = process.cwd();
      const chunks: Record<string, { modules: string[]; imports: string[]; dynamicImports: string[]; stylesheets: string[] }> = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        chunks[output.fileName] = {
          modules: output.moduleIds.map((id) => (path.isAbsolute(id) ? path.relative(root, id) : id)),
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          // Stylesheets a chunk links itself (an `import css from "./x.css?url"`), which React Router's manifest does not list.
          stylesheets: [...new Set(output.code.match(/\/assets\/[\w.-]+\.css/g) ?? [])],
        };
      }
      fs.writeFileSync(path.join(options.dir, "..", "chunk-modules.json"), JSON.stringify({ chunks }, null, 1));
    },
  };
}
