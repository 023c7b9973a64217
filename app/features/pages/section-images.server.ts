import type { Selectable } from "kysely";
import { BUILT_IN_IMAGES, CATEGORY_FALLBACK_IMAGE, REGISTER_CHILD_BANNER } from "#app/content/site";
import type { PageImage, SectionImage } from "#app/content/types";
import type { SectionImagesTable } from "#app/platform/db/schema";
import { nowIso, toBool, toNum, type Database } from "#app/platform/db/db.server";
import { bumpContentVersion, notifyContentChange } from "#app/platform/content-version.server";
import { getActiveMediaFile } from "#app/features/media/media.server";
import { siteImageSrc } from "#app/features/media/media-addresses.server";
import type { Actor } from "#app/features/audit/actor";
import { responsiveImage } from "#app/features/media/responsive-image";
import { sectionOptions, type SectionImageForm } from "./page-content.schema";

/**
 * The image staff chose for one section of one page (Page Images and
 * Serving Humanity tabs). One per section: applying another replaces it,
 * and the public page shows it at once.
 */

export interface StoredSectionImage {
  pageId: string;
  section: string;
  imageUrl: string;
  altText: string;
  mediaId: string | null;
  width: number | null;
  height: number | null;
  updatedAt: string;
}

function toStored(row: Selectable<SectionImagesTable>): StoredSectionImage {
  return {
    pageId: row.page_id,
    section: row.section,
    imageUrl: row.image_url,
    altText: row.alt_text,
    mediaId: row.media_id,
    width: row.width === null ? null : toNum(row.width),
    height: row.height === null ? null : toNum(row.height),
    updatedAt: row.updated_at,
  };
}

/** A page's section images, or every page's when no page is given. */
export async function listSectionImages({ db }: Database, pageId?: string): Promise<StoredSectionImage[]> {
  let query = db.selectFrom("section_images").selectAll().orderBy("page_id").orderBy("section");
  if (pageId) query = query.where("page_id", "=", pageId);
  return (await query.execute()).map(toStored);
}

export type AssignResult =
  | { ok: true; image: StoredSectionImage }
  | { ok: false; field: "section" | "imageId" | "imageUrl"; message: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Assigns an image to a section. An image chosen from the library is looked
 * up by its id (an active uploaded image or a built-in one), so its address,
 * alt text and size come from the server, not the browser.
 */
export async function assignSectionImage(database: Database, input: SectionImageForm, actor: Actor): Promise<AssignResult> {
  if (!sectionOptions(input.pageId).includes(input.section)) {
    return { ok: false, field: "section", message: "Choose one of this page's sections" };
  }
  let image: { url: string; alt: string; mediaId: string | null; width: number | null; height: number | null };
  const builtIn = input.imageId ? BUILT_IN_IMAGES.find((i) => i.id === input.imageId) : undefined;
  if (builtIn) {
    image = { url: builtIn.filename, alt: builtIn.alt, mediaId: null, width: builtIn.width, height: builtIn.height };
  } else if (input.imageId) {
    const file = UUID.test(input.imageId) ? await getActiveMediaFile(database, input.imageId) : null;
    if (!file || file.fileType !== "image") {
      return { ok: false, field: "imageId", message: "That image is no longer in the media library; choose another" };
    }
    image = { url: file.fileUrl, alt: file.altText, mediaId: file.id, width: file.width, height: file.height };
  } else {
    image = { url: siteImageSrc(input.imageUrl ?? ""), alt: "", mediaId: null, width: null, height: null };
  }
  const alt = input.altText?.trim() || image.alt;
  if (!alt) return { ok: false, field: "imageUrl", message: "Give the image alt text: describe it for people who cannot see it" };

  const now = nowIso();
  const row = {
    image_url: image.url,
    alt_text: alt,
    media_id: image.mediaId,
    width: image.width,
    height: image.height,
    updated_at: now,
    updated_by: actor.id,
  };
  await database.db.transaction().execute(async (trx) => {
    await trx
      .insertInto("section_images")
      .values({ page_id: input.pageId, section: input.section, ...row })
      .onConflict((oc) => oc.columns(["page_id", "section"]).doUpdateSet(row))
      .execute();
    await bumpContentVersion(trx);
  });
  notifyContentChange({ kind: "section-image", pageId: input.pageId });
  return {
    ok: true,
    image: { pageId: input.pageId, section: input.section, imageUrl: image.url, altText: alt, mediaId: image.mediaId, width: image.width, height: image.height, updatedAt: now },
  };
}

/** Removes a section's image, so the page shows its built-in picture (or none) there again. */
export async function clearSectionImage(database: Database, pageId: string, section: string): Promise<boolean> {
  const removed = await database.db.transaction().execute(async (trx) => {
    const result = await trx.deleteFrom("section_images").where("page_id", "=", pageId).where("section", "=", section).executeTakeFirst();
    if (Number(result.numDeletedRows) === 0) return false;
    await bumpContentVersion(trx);
    return true;
  });
  if (removed) notifyContentChange({ kind: "section-image", pageId });
  return removed;
}

export interface MediaSizes {
  width: number | null;
  height: number | null;
  responsive?: PageImage["responsive"];
  /** False for a deactivated file: the public site must not show it. */
  isActive: boolean;
}

/**
 * Sizes and generated variants of uploaded images, by their public URL, so
 * pages can give them srcsets and dimensions. Each is keyed by the address
 * asked for, which may be the upload's written out in full on the site's
 * own origin (siteImageSrc). Addresses that are not uploads are simply not
 * found.
 */
export async function mediaByUrl({ db }: Database, urls: readonly string[]): Promise<Map<string, MediaSizes>> {
  const asked = new Map<string, string>();
  for (const url of urls) if (url) asked.set(url, siteImageSrc(url));
  const found = new Map<string, MediaSizes>();
  if (asked.size === 0) return found;
  const rows = await db
    .selectFrom("media_files").where("deleted_at", "is", null)
    .select(["file_url", "width", "height", "placeholder", "variants", "is_active"])
    .where("file_url", "in", [...new Set([...asked.keys(), ...asked.values()])])
    .where("file_type", "=", "image")
    .execute();
  const byFileUrl = new Map<string, MediaSizes>();
  for (const row of rows) {
    let variants: { width: number; format: "webp" | "avif"; url: string }[] = [];
    try {
      const parsed = row.variants ? (JSON.parse(row.variants) as unknown) : [];
      if (Array.isArray(parsed)) variants = parsed as typeof variants;
    } catch {
      variants = [];
    }
    const width = row.width === null ? null : toNum(row.width);
    const height = row.height === null ? null : toNum(row.height);
    const r = responsiveImage({ fileUrl: row.file_url, width, height, placeholder: row.placeholder, variants });
    byFileUrl.set(row.file_url, {
      width,
      height,
      responsive: r.srcSet || r.avifSrcSet ? { srcSet: r.srcSet, avifSrcSet: r.avifSrcSet, placeholder: r.placeholder } : undefined,
      isActive: toBool(row.is_active),
    });
  }
  for (const [url, src] of asked) {
    const sizes = byFileUrl.get(url) ?? byFileUrl.get(src);
    if (sizes) found.set(url, sizes);
  }
  return found;
}

/**
 * Section images as the public page renders them, with sizes and variants
 * of uploads. A section whose upload is deactivated is left out, so the
 * page shows what it shows when no image is assigned there.
 */
export async function toPublicSectionImages(database: Database, stored: readonly StoredSectionImage[]): Promise<Record<string, SectionImage>> {
  const sizes = stored.length ? await mediaByUrl(database, stored.map((s) => s.imageUrl)) : new Map<string, MediaSizes>();
  const out: Record<string, SectionImage> = {};
  for (const s of stored) {
    const found = sizes.get(s.imageUrl);
    if (found && !found.isActive) continue;
    out[s.section] = {
      section: s.section,
      src: s.imageUrl,
      alt: s.altText,
      width: found?.width ?? s.width ?? undefined,
      height: found?.height ?? s.height ?? undefined,
      responsive: found?.responsive,
    };
  }
  return out;
}

/**
 * The register page's banner: the image assigned to its
 * register-child-banner section, else the general category's picture.
 */
export function registerBanner(sectionImages: Record<string, SectionImage> | undefined): SectionImage | null {
  const assigned = sectionImages?.[REGISTER_CHILD_BANNER.id];
  if (assigned) return assigned;
  const src = CATEGORY_FALLBACK_IMAGE[REGISTER_CHILD_BANNER.fallbackCategory];
  const fallback = BUILT_IN_IMAGES.find((i) => i.filename === src);
  return fallback
    ? { section: REGISTER_CHILD_BANNER.id, src: fallback.filename, alt: fallback.alt, width: fallback.width, height: fallback.height }
    : null;
}
