import type { Layout, PageImage } from "#app/content/types";
import type { FieldErrors } from "#app/web/parse-form";
import type { DraftBlock } from "#app/features/blocks/admin/block-list";
import type { PageSeo } from "./page-document";

// The page editor's data, shared by its form (admin/), the browser's kept
// drafts and the server module that loads and saves it: a plain module, so
// the server side does not reach into the UI for its types.

/** What the editor edits: the page's effective content (staff's fields over the built-in copy). */
export interface EditorValues {
  heroTitle: string;
  heroSubtitle: string;
  mainTitle: string;
  content: string;
  layout: Layout;
  images: PageImage[];
  /** Every block of the page, in order (the Blocks sub-tab); the hero's and main text's words are the fields above. */
  blocks?: DraftBlock[];
  /** Search and sharing (its own sub-tab). */
  seo?: PageSeo;
}

export interface EditorConflict {
  revision: number;
  updatedAt: string;
  updatedByEmail: string | null;
}

export interface EditorActionData {
  errors?: FieldErrors;
  /** Refused block fields by their place in the block list ("3.cards.1.title"), and refused search fields ("seo.description"). */
  blockErrors?: Record<string, string>;
  seoErrors?: Record<string, string>;
  /** What was submitted, so a failed save (or a page without JavaScript) keeps it. */
  values?: EditorValues;
  conflict?: EditorConflict;
}

export interface RevisionItem {
  revision: number;
  createdAt: string;
  createdByEmail: string | null;
  restoredFrom: number | null;
  heroTitle: string;
  /** How the version went live: seed, migration, publish, scheduled (and, on older lists, none). */
  action?: string;
}

/** Where the page stands between its draft and the site, for the editor's Publish, Unpublish and Schedule. */
export interface PublishingState {
  status: "published" | "draft-changes" | "scheduled" | "unpublished";
  /** The status in words, e.g. "Scheduled for Tue 1 Dec, 09:00". */
  words: string;
  hasDraft: boolean;
  live: boolean;
  scheduledAt: string | null;
  /** The revision visitors see now, marked Current in the list; null when unpublished. */
  liveRevision: number | null;
  /** Only pages the catch-all route renders can be taken off the site. */
  canUnpublish: boolean;
  /** What the accessibility checks find in the saved draft: errors stop Publish, warnings only ask staff to look. */
  findings: { level: "error" | "warning"; message: string }[];
}

/** A refused New page or Change address: which form, the messages by field, and what was typed. */
export interface LifecycleActionData {
  lifecycle: {
    form: "create" | "move";
    errors: Record<string, string[]>;
    values: Record<string, string>;
  };
}
