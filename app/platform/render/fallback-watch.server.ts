import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Public pages never break over a database hiccup: a part that cannot be
 * read shows its built-in copy, or nothing (page-content, events,
 * testimonials, settings). Such a page must not be kept, by the full-page
 * cache or by any shared cache in front of the site, or visitors would go on
 * seeing it after the database is back. The parts that fall back say so
 * here, and the server sends that response uncached.
 */
const watch = new AsyncLocalStorage<{ fellBack: boolean }>();

/** Runs a request's work and tells whether anything in it fell back. */
export async function watchFallbacks<T>(work: () => Promise<T>): Promise<{ result: T; fellBack: boolean }> {
  const state = { fellBack: false };
  const result = await watch.run(state, work);
  return { result, fellBack: state.fellBack };
}

/** Called where a read failed and a fallback is shown instead. */
export function noteFallback(): void {
  const state = watch.getStore();
  if (state) state.fellBack = true;
}
