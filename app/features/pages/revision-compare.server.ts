import type { Database } from "#app/platform/db/db.server";
import { toNum } from "#app/platform/db/db.server";
import { documentDifferences } from "#app/features/blocks/page-differences";
import { getPageRecord, readDocument } from "./page-records.server";
import type { RevisionComparisonAnswer } from "./revision-comparison";

/**
 * One revision of a page against its draft (or, with no draft, what is
 * live): what changed since that revision went live, block by block.
 * Reads only; a page in the bin or a revision that is not there is refused
 * in words.
 */
export async function compareRevision(database: Database, pageId: string, revision: number): Promise<RevisionComparisonAnswer> {
  const record = await getPageRecord(database, pageId);
  if (!record) return { ok: false, message: "That page no longer exists: reload the Pages tab." };
  const row = await database.db
    .selectFrom("page_revisions")
    .select(["revision", "document", "created_at", "created_by_email"])
    .where("page_id", "=", pageId)
    .where("revision", "=", revision)
    .executeTakeFirst();
  const older = row ? readDocument(row.document) : null;
  if (!row || !older) return { ok: false, message: `Revision ${revision} of this page no longer exists.` };
  const against = record.draft ? "draft" : "live";
  const current = record.draft ?? record.published;
  if (!current) return { ok: false, message: "This page has neither a draft nor a live version to compare with." };
  return {
    ok: true,
    comparison: {
      pageTitle: current.title,
      revision: { number: toNum(row.revision), createdAt: row.created_at, createdByEmail: row.created_by_email },
      against,
      differences: documentDifferences(older, current),
    },
  };
}
