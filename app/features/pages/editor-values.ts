import type { Layout, PageImage } from "#app/content/types";
import type { FieldErrors } from "#app/web/parse-form";

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
}

export interface EditorConflict {
  revision: number;
  updatedAt: string;
  updatedByEmail: string | null;
}

export interface EditorActionData {
  errors?: FieldErrors;
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
}
