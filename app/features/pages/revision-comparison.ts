import type { DocumentDifferences } from "#app/features/blocks/page-differences";

/**
 * A revision compared with the page as staff now edit it, as the Revisions
 * list's Compare shows it: a plain module, shared by the server that works
 * it out and the dialog that draws it.
 */
export interface RevisionComparison {
  pageTitle: string;
  revision: { number: number; createdAt: string; createdByEmail: string | null };
  /**
   * What the revision is compared with: the saved draft when there is one
   * (what a restore would replace), otherwise the version visitors see.
   */
  against: "draft" | "live";
  /** From the revision (before) to the draft or live version (after). */
  differences: DocumentDifferences;
}

export type RevisionComparisonAnswer = { ok: true; comparison: RevisionComparison } | { ok: false; message: string };
