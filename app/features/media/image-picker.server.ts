import type { Database } from "#app/platform/db/db.server";
import { BUILT_IN_IMAGES } from "#app/content/site";
import { logger } from "#app/platform/log/logger.server";
import { getActiveMediaFile, listActiveMediaFiles, type MediaFile } from "./media.server";
import type { PickerImage } from "./picker-image";

// ── The image picker: the images it offers, and one image by id ──────────────

function builtInPickerImages(): PickerImage[] {
  return BUILT_IN_IMAGES.map((img) => ({ ...img, source: "built-in" as const }));
}

function uploadToPicker(file: MediaFile): PickerImage {
  return {
    id: file.id,
    filename: file.fileUrl,
    alt: file.altText,
    description: file.caption ?? undefined,
    category: file.category,
    width: file.width ?? undefined,
    height: file.height ?? undefined,
    source: "upload",
  };
}

/**
 * Every image the picker offers: active uploaded images (newest first), then
 * the built-in ones. If the uploads cannot be read, the built-in list alone
 * (the failure is logged), so the picker still works.
 */
export async function listPickerImages(database: Database): Promise<PickerImage[]> {
  try {
    const uploads = await listActiveMediaFiles(database, "image");
    return [...uploads.map(uploadToPicker), ...builtInPickerImages()];
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "failed to read uploaded images; offering built-in images only");
    return builtInPickerImages();
  }
}

/** An image by id: the built-in list first, then an active upload. */
export async function findImage(database: Database, id: string): Promise<PickerImage | null> {
  const builtIn = BUILT_IN_IMAGES.find((img) => img.id === id);
  if (builtIn) return { ...builtIn, source: "built-in" };
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  try {
    const file = await getActiveMediaFile(database, id);
    return file && file.fileType === "image" ? uploadToPicker(file) : null;
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error), id }, "failed to read an uploaded image");
    return null;
  }
}
