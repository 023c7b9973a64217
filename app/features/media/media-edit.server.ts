import type { Database } from "#app/platform/db/db.server";
import type { Actor } from "#app/features/audit/actor";
import { recordAudit } from "#app/features/audit/audit.server";
import { getMediaFile, updateMediaFile, type MediaFile, type MediaFileChanges } from "./media.server";

/** The fields staff edit on a file, in the words the audit log names them. */
const FIELD_WORDS: Array<[keyof MediaFile, string]> = [
  ["altText", "alt text"],
  ["caption", "caption"],
  ["category", "category"],
  ["pageAssignment", "page"],
  ["sectionAssignment", "section"],
];

/**
 * Saves a file's edit form and, when anything changed, records who changed
 * what (a file moved to another category changes where it is filed and
 * which galleries show it, so it is worth a line in the log). Null when the
 * file is gone (or in the Bin).
 */
export async function saveMediaEdit(database: Database, id: string, changes: MediaFileChanges, actor: Actor): Promise<MediaFile | null> {
  const before = await getMediaFile(database, id);
  if (!before) return null;
  const after = await updateMediaFile(database, id, changes);
  if (!after) return null;
  const changed = FIELD_WORDS.filter(([field]) => (before[field] ?? null) !== (after[field] ?? null)).map(([, words]) => words);
  if (changed.length > 0) {
    await recordAudit(database, {
      action: "media.updated",
      actorId: actor.id,
      actorEmail: actor.email,
      ip: actor.ip ?? null,
      detail: {
        id,
        name: after.originalName,
        changed: changed.join(", "),
        ...(before.category !== after.category ? { fromCategory: before.category, toCategory: after.category } : {}),
      },
    });
  }
  return after;
}
