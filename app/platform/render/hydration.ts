/**
 * Whether a route's handle keeps its pages from hydrating (`hydrate: false`,
 * the public site's layout; decision 010). Read in the browser's matches by
 * root.tsx and in the server's by inline-css.server.ts, which must agree.
 */
export function refusesHydration(handle: unknown): boolean {
  return (handle as { hydrate?: boolean } | undefined)?.hydrate === false;
}
