import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { LAYOUTS } from "#app/content/types";
import type { EditorValues, RevisionItem } from "#app/features/pages/editor-values";

/**
 * A page editor's unsaved edits, kept in this browser's localStorage while
 * they differ from what is saved, so that a save that never reached the site
 * (the session ended, the server failed, the connection dropped) or a closed
 * tab does not lose them: the next time the same person opens the same page
 * the editor offers them back. Only public page text and image choices are
 * kept, under the signed-in user's id; a successful save or "Discard" removes
 * them.
 */
export interface PageDraft {
  values: EditorValues;
  /** The revision the edits started from: restoring them saves against it, so someone else's save since is not overwritten unasked. */
  baseRevision: number;
  /** When the edits were last changed (ISO, this browser's clock). */
  changedAt: string;
  /** Sent with Save since they last changed: if a newer revision by the same person exists, that save went through. */
  submitted?: boolean;
}

/** Drafts older than this are not offered: the page has moved on, and they should not linger in a shared browser. */
export const DRAFT_MAX_AGE_MS = 14 * 24 * 60 * 60 * 1000;

const PREFIX = "page-draft";

export function pageDraftKey(userId: string, pageId: string, panels: readonly string[]): string {
  return `${PREFIX}:${userId}:${pageId}:${panels.join(",")}`;
}

/** A stored draft, or null when there is none or it is not one this release can read. */
export function readPageDraft(raw: string | null): PageDraft | null {
  if (!raw) return null;
  try {
    const parsed = JSON.parse(raw) as Partial<PageDraft> | null;
    const v = parsed?.values as Partial<EditorValues> | undefined;
    if (
      !parsed ||
      !v ||
      typeof parsed.baseRevision !== "number" ||
      typeof parsed.changedAt !== "string" ||
      !["heroTitle", "heroSubtitle", "mainTitle", "content"].every((k) => typeof v[k as keyof EditorValues] === "string") ||
      !LAYOUTS.includes(v.layout as EditorValues["layout"]) ||
      !Array.isArray(v.images) ||
      !v.images.every(isImageEntry)
    ) {
      return null;
    }
    return parsed as PageDraft;
  } catch {
    return null;
  }
}

function isImageEntry(entry: unknown): boolean {
  const e = entry as Record<string, unknown> | null;
  return (
    typeof e === "object" &&
    e !== null &&
    ["id", "filename", "alt", "caption", "position"].every((k) => typeof e[k] === "string") &&
    typeof e.order === "number"
  );
}

/**
 * Whether a draft is done with: it is too old, or it was sent with Save and
 * a revision newer than the one it started from was saved by the same person
 * (that save went through, and the editor started afresh from it). Edits
 * never sent, and a newer revision by someone else, leave it standing.
 */
export function draftIsDone(draft: PageDraft, revisions: readonly RevisionItem[], email: string | undefined, now = Date.now()): boolean {
  if (!(now - new Date(draft.changedAt).getTime() < DRAFT_MAX_AGE_MS)) return true;
  return draft.submitted === true && email !== undefined && revisions.some((r) => r.revision > draft.baseRevision && r.createdByEmail === email);
}

/** Forgets every draft a person left in this browser (on signing out). */
export function forgetPageDrafts(userId: string): void {
  const store = storage();
  if (!store) return;
  const mine = `${PREFIX}:${userId}:`;
  for (const key of Array.from({ length: store.length }, (_, i) => store.key(i))) if (key?.startsWith(mine)) store.removeItem(key);
}

/**
 * What "Restore changes" puts back: only the fields this editor edits. The
 * Content tab leaves images and layout as they are now.
 */
export function restorableValues(kept: EditorValues, initial: EditorValues, panels: readonly string[]): EditorValues {
  return {
    ...initial,
    heroTitle: kept.heroTitle,
    heroSubtitle: kept.heroSubtitle,
    mainTitle: kept.mainTitle,
    content: kept.content,
    ...(panels.includes("images") ? { images: kept.images } : {}),
    ...(panels.includes("layout") ? { layout: kept.layout } : {}),
    ...(panels.includes("blocks") && kept.blocks ? { blocks: kept.blocks } : {}),
    ...(panels.includes("seo") && kept.seo ? { seo: kept.seo } : {}),
  };
}

/** Stores a draft; a full or refused storage leaves the editor working as before, without the safety copy. */
function writeDraft(key: string, draft: PageDraft): void {
  try {
    storage()?.setItem(key, JSON.stringify(draft));
  } catch {
    // See above.
  }
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

interface AdminUser {
  user?: { id: string; email: string };
}

/**
 * Keeps the editor's values in localStorage while they are unsaved, and
 * offers a draft left from before. `offered` is that draft until the editor
 * restores or discards it; meanwhile nothing overwrites it.
 */
export function usePageDraft({
  pageId,
  panels,
  initial,
  values,
  dirty,
  revision,
  baseRevision,
  revisions,
  same,
}: {
  pageId: string;
  panels: readonly string[];
  initial: EditorValues;
  values: EditorValues;
  dirty: boolean;
  revision: number;
  baseRevision: number;
  revisions: readonly RevisionItem[];
  same: (a: EditorValues, b: EditorValues) => boolean;
}) {
  const user = (useRouteLoaderData("routes/admin/admin") as AdminUser | undefined)?.user;
  const key = user ? pageDraftKey(user.id, pageId, panels) : null;
  const [checked, setChecked] = useState(false);
  const [offered, setOffered] = useState<PageDraft | null>(null);

  // Once, in the browser: is there a draft of this page from before?
  useEffect(() => {
    const store = storage();
    if (key && store) {
      const draft = readPageDraft(store.getItem(key));
      if (draft && !same(draft.values, initial) && !draftIsDone(draft, revisions, user?.email)) setOffered(draft);
      else store.removeItem(key);
    }
    setChecked(true);
    // Only on mount: the editor is remounted for each page and revision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (!checked || offered || !key) return;
    if (dirty) writeDraft(key, { values, baseRevision, changedAt: new Date().toISOString() });
    else storage()?.removeItem(key);
  }, [checked, offered, key, dirty, values, baseRevision]);

  return {
    offered,
    /** Someone saved the page after the draft's edits began. */
    savedSince: offered ? revision > offered.baseRevision : false,
    dismiss: (discard: boolean) => {
      if (discard && key) storage()?.removeItem(key);
      setOffered(null);
    },
    /** Save was pressed: the kept copy is marked as sent, until the next change. */
    markSubmitted: () => {
      if (key && !offered) writeDraft(key, { values, baseRevision, changedAt: new Date().toISOString(), submitted: true });
    },
    /** The admin chose to leave without saving: nothing is kept. */
    forget: () => {
      if (key) storage()?.removeItem(key);
    },
  };
}
