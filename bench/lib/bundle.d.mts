// Types for bundle.mjs, which the budget guard (TypeScript) shares with the benchmark (plain Node).
export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface PublicRouteBundle {
  id: string;
  js: string[];
  css: string[];
  jsSize: Sizes;
  cssSize: Sizes;
  adminModules: string[];
}
export const BUDGETS: { jsBytes: number; cssBytes: number };
export const JS_CEILING: number;
export const ADMIN_CODE: RegExp;
export function analysePublicRoutes(buildDir: string): PublicRouteBundle[];
export function fileSizes(clientDir: string, url: string): Sizes;
export function kb(bytes: number): string;
export const ENHANCE_DIR: string;
export const PUBLIC_CSS: RegExp;
export function readBuild(buildDir: string): {
  clientDir: string;
  manifest: unknown;
  manifestUrl: string;
  chunks: Record<string, { imports: string[]; dynamicImports: string[]; modules: string[]; stylesheets?: string[] }>;
  /** The public pages' one script, e.g. /assets/enhance/site-abc123.js. */
  enhanceUrl: string;
  /** The public pages' stylesheet (app/public.css), e.g. /assets/public-abc123.css. */
  publicCssUrl: string;
  /** The root route's full stylesheet(s) (app/app.css), linked by pages that hydrate. */
  fullCssUrls: string[];
};
export function sumSizes(clientDir: string, urls: string[]): Sizes;
