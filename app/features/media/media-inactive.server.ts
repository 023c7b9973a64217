import type { Database } from "#app/platform/db/db.server";
import { keptUntilContentChanges } from "#app/platform/content-version.server";
import { logger } from "#app/platform/log/logger.server";
import { parseVariants } from "./media.server";
import { siteImageSrc } from "./media-addresses.server";

// ── Inactive files, as the public site must not show them ───────────────────

/**
 * What the public site must not show: the stored objects and addresses of
 * every inactive file, and of every file in the bin. Generated sizes are named after their original
 * (variantKey: "{dir}/{base}.{hash}.{width}w.{format}"), so `stems` also
 * catches a size made after the file was deactivated.
 */
export interface InactiveMedia {
  keys: ReadonlySet<string>;
  stems: ReadonlySet<string>;
  urls: ReadonlySet<string>;
}

const VARIANT_KEY = /^(.+)\.[0-9a-f]+\.\d+w\.(?:webp|avif)$/;

function keyStem(key: string): string {
  const dot = key.lastIndexOf(".");
  return dot > key.lastIndexOf("/") ? key.slice(0, dot) : key;
}

async function loadInactiveMedia({ db }: Database): Promise<InactiveMedia> {
  const rows = await db.selectFrom("media_files").select(["filename", "file_url", "variants", "poster_url"]).where((eb) => eb.or([eb("is_active", "=", 0), eb("deleted_at", "is not", null)])).execute();
  const keys = new Set<string>();
  const stems = new Set<string>();
  const urls = new Set<string>();
  for (const row of rows) {
    keys.add(row.filename);
    stems.add(keyStem(row.filename));
    urls.add(row.file_url);
    for (const variant of parseVariants(row.variants ?? null)) {
      keys.add(variant.key);
      urls.add(variant.url);
    }
    if (row.poster_url) urls.add(row.poster_url);
  }
  return { keys, stems, urls };
}

/**
 * Kept in memory until staff change anything (every staff write bumps the
 * content version; updateMediaFile does when the flag changes, and tells
 * this process at once), so the hot /media/* route pays a set lookup, plus
 * one read of one row every 200 ms shared by all requests, rather than a
 * query per request. A change in this process is seen by the next read; one
 * in another process sharing the database within 200 ms, as with the page
 * cache.
 */
const keptInactiveMedia = keptUntilContentChanges((database) => loadInactiveMedia(database));
const lastInactiveMedia = new WeakMap<Database, InactiveMedia>();

/** The inactive files; if they cannot be read, the last list read (and the failure logged), else the error is thrown. */
export async function getInactiveMedia(database: Database): Promise<InactiveMedia> {
  try {
    const inactive = await keptInactiveMedia(database, "inactive");
    lastInactiveMedia.set(database, inactive);
    return inactive;
  } catch (error) {
    const last = lastInactiveMedia.get(database);
    if (!last) throw error;
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "could not read inactive media files; using the last list read");
    return last;
  }
}

/** Whether a storage key (an original or one of its generated sizes) belongs to an inactive file. */
export function isInactiveKey(inactive: InactiveMedia, key: string): boolean {
  if (inactive.keys.has(key)) return true;
  const variant = VARIANT_KEY.exec(key);
  return variant ? inactive.stems.has(variant[1]!) : false;
}

/**
 * Whether an image address on a page is an inactive file's (its address, or
 * a /media/ path to it or one of its sizes, also when written out in full
 * on the site's own origin).
 */
export function isInactiveUrl(inactive: InactiveMedia, url: string): boolean {
  if (inactive.urls.has(url)) return true;
  const key = siteImageSrc(url).match(/^\/media\/([^?#]+)/)?.[1];
  return key ? isInactiveKey(inactive, key) : false;
}
