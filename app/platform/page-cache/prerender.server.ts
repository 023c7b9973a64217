import type { PageCache } from "./page-cache.server";

/**
 * Public pages rendered into the cache before anyone asks for them, so the
 * first visitor after a start or a staff save gets a page from memory
 * instead of waiting for a render (docs/decisions/008-page-cache.md).
 *
 * A run renders every listed page the cache does not hold, a few at a
 * time, in the background: start-up does not wait for it, and a visitor's
 * request is never queued behind more than a couple of renders. Runs begin
 * at start and after every change of content: a save in this process, or
 * one in another process sharing the database, which the cache notices
 * because the version is read every `pollMs` even when nobody visits. A
 * change during a run starts it again from the top, since what it rendered
 * before the change was dropped with it.
 *
 * The pages go through the site's own page-cache path, so a page is kept
 * only if a visitor's render of it would be: one that fails, or that shows
 * a fallback because the database could not be read, is logged and left to
 * be rendered when a visitor asks for it.
 */

/** Pages rendered at once: enough to finish ~40 pages in well under a second, few enough that a visitor is never held up. */
const CONCURRENCY = 2;
/** A save clears the cache, then the server bumps the version and clears again: one run for the lot. */
const SETTLE_MS = 50;
/** More pages than the site has (built-in pages and published events), and a fraction of what the cache may hold. */
const MAX_PAGES = 200;

type Level = "info" | "warn";

export interface PrerenderOptions {
  cache: PageCache;
  /** The paths to have ready, most important first (the server lists the sitemap's). */
  paths: () => Promise<string[]>;
  /** Renders one page as an anonymous visitor would ask for it, through the page cache, which keeps it if it may. */
  render: (path: string) => Promise<Response>;
  log: (level: Level, fields: Record<string, unknown>, message: string) => void;
  concurrency?: number;
  settleMs?: number;
  /** How often the shared version is read while nobody visits; the cache's own interval by default. */
  pollMs?: number;
}

export interface Prerendering {
  /** No more runs or version reads; a render under way finishes. */
  stop(): void;
  /** Resolves once no run is waiting or under way (for tests). */
  idle(): Promise<void>;
}

export function startPrerendering({ cache, paths, render, log, concurrency = CONCURRENCY, settleMs = SETTLE_MS, pollMs = cache.checkIntervalMs }: PrerenderOptions): Prerendering {
  let stopped = false;
  /** A change since the current run's list was taken: the run stops and another begins. */
  let changed = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> | undefined;

  const keyOf = (path: string) => cache.keyForUrl("GET", new URL(path, "http://prerender.invalid"), null);

  /** Renders one page; false when it was not kept, for a reason other than a change meanwhile. */
  async function prepare(path: string, key: string): Promise<boolean> {
    try {
      const response = await render(path);
      await response.arrayBuffer();
      if (changed || stopped || cache.has(key)) return true;
      log("warn", { path, status: response.status, cacheControl: response.headers.get("cache-control") }, "page not prepared ahead: it is rendered when a visitor asks for it");
    } catch (error) {
      if (stopped) return true;
      log("warn", { path, err: error instanceof Error ? error.message : String(error) }, "page not prepared ahead: it is rendered when a visitor asks for it");
    }
    return false;
  }

  async function run(): Promise<void> {
    changed = false;
    const started = performance.now();
    let listed: string[];
    try {
      listed = [...new Set(await paths())];
    } catch (error) {
      log("warn", { err: error instanceof Error ? error.message : String(error) }, "could not list the pages to prepare ahead");
      return;
    }
    if (listed.length > MAX_PAGES) log("info", { listed: listed.length, prepared: MAX_PAGES }, "more pages than are prepared ahead: the rest are rendered when asked for");
    const queue = listed.slice(0, MAX_PAGES);
    let rendered = 0;
    let failed = 0;
    const worker = async () => {
      while (!changed && !stopped && queue.length > 0) {
        const path = queue.shift()!;
        const key = keyOf(path);
        // Kept already (a visitor asked first), or never kept (a path the cache leaves alone).
        if (!key || cache.has(key)) continue;
        if (await prepare(path, key)) rendered++;
        else failed++;
        // A render with SQLite runs start to end without waiting on I/O: let visitors' requests that arrived meanwhile go first.
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await Promise.all(Array.from({ length: concurrency }, worker));
    if (!changed && !stopped) log("info", { pages: rendered, failed, ms: Math.round(performance.now() - started) }, "public pages prepared ahead");
  }

  function schedule(delayMs: number): void {
    changed = true;
    if (stopped || timer || running) return;
    timer = setTimeout(() => {
      timer = undefined;
      running = run().finally(() => {
        running = undefined;
        if (changed) schedule(settleMs);
      });
    }, delayMs);
    timer.unref?.();
  }

  const unsubscribe = cache.onChange(() => schedule(settleMs));
  // Another process's save is seen at the next read of the shared version, which visitors' requests make while the site is busy.
  const poll = setInterval(() => void cache.ensureCurrent().catch(() => undefined), pollMs);
  poll.unref?.();
  schedule(0);

  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
      timer = undefined;
      clearInterval(poll);
      unsubscribe();
    },
    async idle() {
      while (timer || running) await (running ?? new Promise((r) => setTimeout(r, settleMs)));
    },
  };
}
