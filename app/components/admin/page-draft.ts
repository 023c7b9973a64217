import { useEffect, useState } from "react";
import { useRouteLoaderData } from "react-router";
import { LAYOUTS } from "#app/content/types";
import type { EditorValues, RevisionItem } from "./page-editor";

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
}

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
      !Array.isArray(v.images)
    ) {
      return null;
    }
    return parsed as PageDraft;
  } catch {
    return null;
  }
}

/**
 * Whether a draft is already saved: a revision newer than the one it started
 * from was saved by the same person (their save went through, and the editor
 * started afresh from it). A newer revision by someone else leaves it standing.
 */
export function draftWasSaved(draft: PageDraft, revisions: readonly RevisionItem[], email: string | undefined): boolean {
  return revisions.some((r) => r.revision > draft.baseRevision && email !== undefined && r.createdByEmail === email);
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
      if (draft && !same(draft.values, initial) && !draftWasSaved(draft, revisions, user?.email)) setOffered(draft);
      else store.removeItem(key);
    }
    setChecked(true);
    // Only on mount: the editor is remounted for each page and revision.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const store = storage();
    if (!checked || offered || !key || !store) return;
    try {
      if (dirty) store.setItem(key, JSON.stringify({ values, baseRevision, changedAt: new Date().toISOString() } satisfies PageDraft));
      else store.removeItem(key);
    } catch {
      // Storage full or refused: the editor works as before, without the safety copy.
    }
  }, [checked, offered, key, dirty, values, baseRevision]);

  return {
    offered,
    /** Someone saved the page after the draft's edits began. */
    savedSince: offered ? revision > offered.baseRevision : false,
    dismiss: (discard: boolean) => {
      if (discard && key) storage()?.removeItem(key);
      setOffered(null);
    },
  };
}
