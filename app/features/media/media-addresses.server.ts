import { env } from "#app/platform/env.server";
import { resolveImageSrc } from "#app/features/pages/page-image-src";
import { getStorage } from "#app/platform/storage/storage.server";
import { type Storage } from "#app/platform/storage/objects";

// Image addresses as the site writes them, and the storage keys they point at.

/**
 * An image address as the site keys it (resolveImageSrc): one on the site's
 * own origin (PUBLIC_URL), as staff get from "copy image address", is its
 * path, so /media/… lookups find the upload it shows.
 */
export function siteImageSrc(address: string): string {
  return resolveImageSrc(address, env().PUBLIC_URL);
}

const KEY_IN_URL = /\/media\/([a-z0-9][a-z0-9._-]*(?:\/[a-z0-9][a-z0-9._-]*)*)/g;

/** Where the storage's objects are served from ("/media/", or a bucket's public address). */
export function storagePublicBase(storage: Pick<Storage, "publicUrl">): string {
  return storage.publicUrl("KEY").replace(/KEY$/, "");
}

/**
 * Whether an address is one of the library's uploads (/media/…, or on the
 * bucket's public address with S3_PUBLIC_URL): a page shows one only while
 * the library still holds it.
 */
export function isUploadAddress(address: string, storage: Pick<Storage, "publicUrl"> = getStorage()): boolean {
  return address.startsWith("/media/") || address.startsWith(storagePublicBase(storage));
}

/**
 * The storage keys a stored value points at: every /media/ address in it,
 * and the value itself when it is an address on the storage's public base.
 * Added to `into` when given.
 */
export function mediaKeysIn(text: string | null | undefined, publicBase: string, into: Set<string> = new Set()): Set<string> {
  if (!text) return into;
  if (publicBase && text.startsWith(publicBase)) into.add(text.slice(publicBase.length).split(/[?#]/)[0]!);
  for (const [, key] of text.matchAll(KEY_IN_URL)) into.add(key!);
  return into;
}
