import type { Database } from "#app/platform/db/db.server";
import type { Actor } from "#app/features/audit/actor";
import { moveToBin } from "#app/features/bin/bin-mark.server";
import { toBool } from "#app/platform/db/db.server";
import { getPageById } from "#app/content/pages";
import { logger } from "#app/platform/log/logger.server";
import { resolveImageSrc, sectionLabel } from "#app/features/pages/page-image-src";
import { type Storage } from "#app/platform/storage/objects";
import { deleteMediaFile, getMediaFile, storedKeys, type MediaFile } from "./media.server";
import { mediaKeysIn, storagePublicBase } from "./media-addresses.server";

// ── Where files are used, and refusing to delete one that is ─────────────────

/** One place outside the media table that shows stored files: a page's section image, a page's images, an event, a setting. */
export interface MediaReference {
  /** Where it is, in words staff know from the admin area, e.g. "Home page (Hero section image)". */
  place: string;
  /** The storage keys it points at. */
  keys: Set<string>;
  /** The library file it was chosen as, where that is recorded (section images). */
  mediaId: string | null;
}

function pageName(pageId: string): string {
  return `${getPageById(pageId)?.title ?? pageId} page`;
}

/**
 * Every place outside media_files that holds a media address: section
 * images, page content images, events' pictures and settings. Four reads
 * of small tables (one row per page, section, event or setting). The
 * storage clean-up keeps whatever these point at; the library refuses to
 * delete a file any of them uses.
 */
export async function listMediaReferences({ db }: Database, publicBase: string): Promise<MediaReference[]> {
  const [sections, pages, events, settings] = await Promise.all([
    db.selectFrom("section_images").select(["page_id", "section", "image_url", "media_id"]).orderBy("page_id").orderBy("section").execute(),
    // Pages' documents (decision 015): what is live and the draft, in the bin or not, since a restore brings either back.
    db.selectFrom("pages").select(["id", "published", "draft", "deleted_at"]).orderBy("id").execute(),
    db.selectFrom("events").select(["id", "title", "image_url", "is_published", "deleted_at"]).where("image_url", "is not", null).orderBy("title").execute(),
    db.selectFrom("site_settings").select(["key", "value"]).orderBy("key").execute(),
  ]);
  const references: MediaReference[] = [];
  for (const s of sections) {
    references.push({ place: `${pageName(s.page_id)} (${sectionLabel(s.section)} section image)`, keys: mediaKeysIn(s.image_url, publicBase), mediaId: s.media_id });
  }
  for (const p of pages) {
    for (const [json, state] of [[p.published, ""], [p.draft, " (draft)"]] as const) {
      if (json === null) continue;
      const keys = mediaKeysIn(json, publicBase);
      // Image entries may hold a bare file name, which is served from the uploads folder.
      try {
        const doc = JSON.parse(json) as { blocks?: Array<{ images?: Array<{ filename?: unknown; src?: unknown }> }> };
        for (const block of doc.blocks ?? []) {
          for (const entry of block.images ?? []) {
            if (typeof entry?.filename === "string") mediaKeysIn(resolveImageSrc(entry.filename), publicBase, keys);
          }
        }
      } catch {
        // A broken document: the addresses found in its text are all there is.
      }
      references.push({ place: `${pageName(p.id)}${p.deleted_at ? " (in the Bin)" : state}`, keys, mediaId: null });
    }
  }
  for (const e of events) {
    // An event in the bin still holds its picture, so restoring it brings it back whole; staff are told where it is.
    const state = e.deleted_at ? " (in the Bin)" : toBool(e.is_published) ? "" : " (draft)";
    references.push({ place: `the event '${e.title}'${state}`, keys: mediaKeysIn(e.image_url, publicBase), mediaId: null });
  }
  for (const s of settings) {
    references.push({ place: `the site settings (${s.key})`, keys: mediaKeysIn(s.value, publicBase), mediaId: null });
  }
  return references.filter((r) => r.keys.size > 0 || r.mediaId !== null);
}

/** The places (each once, in the order listed) that show a file or one of its generated sizes. */
export function usesOf(
  file: Pick<MediaFile, "id" | "filename" | "fileUrl" | "variants">,
  references: readonly MediaReference[],
  publicBase: string,
): string[] {
  const keys = mediaKeysIn(file.fileUrl, publicBase, new Set([file.filename, ...file.variants.map((v) => v.key)]));
  const places = new Set<string>();
  for (const reference of references) {
    if (reference.mediaId === file.id || [...reference.keys].some((key) => keys.has(key))) places.add(reference.place);
  }
  return [...places];
}

export type DeleteUnusedResult = { ok: true; file: MediaFile } | { ok: false; reason: "missing" } | { ok: false; reason: "in-use"; uses: string[] };

/**
 * Deletes a library file and its stored objects, unless something on the
 * site uses it: then nothing is changed and the places are returned, so
 * staff can choose another picture there first. The row goes before the
 * objects, so the site never points at a missing file.
 */
export async function deleteUnusedMediaFile(database: Database, storage: Storage, id: string): Promise<DeleteUnusedResult> {
  const file = await getMediaFile(database, id);
  if (!file) return { ok: false, reason: "missing" };
  const publicBase = storagePublicBase(storage);
  const uses = usesOf(file, await listMediaReferences(database, publicBase), publicBase);
  if (uses.length > 0) return { ok: false, reason: "in-use", uses };
  const deleted = await purgeMediaFile(database, storage, id);
  return deleted ? { ok: true, file: deleted } : { ok: false, reason: "missing" };
}

/**
 * What staff's Delete does: the same refusal when something on the site
 * uses the file, else the file goes to the bin (its stored objects stay, so
 * a restore brings it back exactly; the public site stops serving them at
 * once, as for an inactive file).
 */
export async function binUnusedMediaFile(database: Database, storage: Storage, id: string, actor: Actor): Promise<DeleteUnusedResult> {
  const file = await getMediaFile(database, id);
  if (!file) return { ok: false, reason: "missing" };
  const publicBase = storagePublicBase(storage);
  const uses = usesOf(file, await listMediaReferences(database, publicBase), publicBase);
  if (uses.length > 0) return { ok: false, reason: "in-use", uses };
  const moved = await moveToBin(database, "media_files", id, actor, { kind: "media", name: file.originalName });
  return moved ? { ok: true, file } : { ok: false, reason: "missing" };
}

/**
 * Removes a file for good, in the bin or not: the row, then its stored
 * objects (the original and every generated size). The row goes before the
 * objects, so the site never points at a missing file.
 */
export async function purgeMediaFile(database: Database, storage: Storage, id: string): Promise<MediaFile | null> {
  const deleted = await deleteMediaFile(database, id);
  if (!deleted) return null;
  await Promise.all(
    storedKeys(deleted).map((key) =>
      storage.delete(key).catch((error: unknown) => logger.error({ err: error instanceof Error ? error.message : String(error), key }, "could not remove a stored object")),
    ),
  );
  return deleted;
}
