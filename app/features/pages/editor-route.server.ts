import { data } from "react-router";
import { builtInPageContent, getPageById } from "#app/content/pages";
import { DEFAULT_IMAGE_POSITION, IMAGE_POSITIONS, LAYOUTS, type BuiltInPage, type Layout, type PageImage } from "#app/content/types";
import type { EditorActionData, EditorValues, RevisionItem } from "./editor-values";
import { recordAudit } from "#app/features/audit/audit.server";
import type { CurrentSession } from "#app/features/accounts/auth.server";
import { getDatabase, type Database } from "#app/platform/db/db.server";
import { getStoredPageContent, listRevisions, mergePageContent, restoreRevision, savePageContent } from "./page-store.server";
import { pageContentFormSchemaFor, renumber, sectionImageSchemaFor, sectionLabel, sectionOptions } from "./page-content.schema";
import { showableImageOrigins } from "./public-page-data.server";
import { layoutShowsImages } from "./page-layout";
import { formatDateTime } from "#app/web/dates";
import { refuseAdminRequest, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import type { FieldErrors } from "#app/web/parse-form";
import { assignSectionImage, clearSectionImage } from "./section-images.server";
import { formValues, parseForm } from "#app/web/parse-form";
import { redirectWithToast } from "#app/web/toast.server";

/**
 * The loader and action behind the Pages tab and the Content tab's CMS
 * variant: both edit the same stored page content, so they share this.
 */

export interface EditorState {
  page: { id: string; title: string; path: string };
  values: EditorValues;
  builtIn: Pick<EditorValues, "heroTitle" | "heroSubtitle" | "mainTitle">;
  revision: number;
  revisions: RevisionItem[];
  /** Where the page's pictures may come from besides its own paths, so the editor checks addresses as the server does. */
  imageOrigins: string[];
}

export async function loadEditorState(database: Database, page: BuiltInPage): Promise<EditorState> {
  const [stored, revisions] = await Promise.all([getStoredPageContent(database, page.id), listRevisions(database, page.id)]);
  const merged = mergePageContent(page, stored);
  const base = builtInPageContent(page);
  return {
    page: { id: page.id, title: page.title, path: page.path },
    values: {
      heroTitle: merged.heroTitle,
      heroSubtitle: merged.heroSubtitle,
      mainTitle: merged.mainTitle,
      content: merged.content,
      layout: merged.layout,
      images: merged.images,
    },
    builtIn: { heroTitle: base.heroTitle, heroSubtitle: base.heroSubtitle, mainTitle: base.mainTitle },
    revision: stored?.revision ?? 0,
    revisions: revisions.map((r) => ({
      revision: r.revision,
      createdAt: r.createdAt,
      createdByEmail: r.createdByEmail,
      restoredFrom: r.restoredFrom,
      heroTitle: r.heroTitle ?? base.heroTitle,
    })),
    imageOrigins: showableImageOrigins(),
  };
}

const text = (value: unknown): value is string => typeof value === "string";

/**
 * The entries of a submitted image list that the editor can show: objects
 * with its text fields. The editor's own list always is; a hand-made POST
 * (`[null]`, `[{"order":{}}]`) is not, and drawing it would break the page.
 */
function editableImages(list: unknown[]): PageImage[] {
  const images = list.flatMap((entry): PageImage[] => {
    if (!entry || typeof entry !== "object" || Array.isArray(entry)) return [];
    const e = entry as Record<string, unknown>;
    if (!text(e.id) || e.id === "" || !text(e.filename) || !text(e.alt)) return [];
    const size = (v: unknown) => (typeof v === "number" && Number.isInteger(v) && v > 0 ? v : undefined);
    return [
      {
        id: e.id,
        filename: e.filename,
        alt: e.alt,
        caption: text(e.caption) ? e.caption : "",
        position: IMAGE_POSITIONS.find((p) => p === e.position) ?? DEFAULT_IMAGE_POSITION,
        order: 0,
        width: size(e.width),
        height: size(e.height),
      },
    ];
  });
  return renumber(images);
}

/** What was typed, to put back in the editor when a save is refused. */
function submittedValues(page: BuiltInPage, raw: Record<string, string>, fallback: EditorValues): EditorValues {
  let images: PageImage[] = fallback.images;
  if (raw.images !== undefined) {
    try {
      const parsed = JSON.parse(raw.images) as unknown;
      if (Array.isArray(parsed)) images = editableImages(parsed);
    } catch {
      // Unreadable: keep the stored images rather than lose the rest of the form.
    }
  }
  const layout = LAYOUTS.find((l): l is Layout => l === raw.layout);
  return {
    heroTitle: raw.heroTitle ?? fallback.heroTitle,
    heroSubtitle: raw.heroSubtitle ?? fallback.heroSubtitle,
    mainTitle: raw.mainTitle ?? fallback.mainTitle,
    content: raw.content ?? fallback.content,
    layout: layout ?? fallback.layout ?? builtInPageContent(page).layout,
    images,
  };
}

export async function pageEditorAction(
  request: Request,
  current: CurrentSession,
  options: {
    base: string;
    ip?: string;
    /** The selector value that reopens this page, when it is not the page id. */
    selectorValue?: string;
    /** A tab that edits only the words restores only the words: the page's images and layout stay. */
    restoresWordsOnly?: boolean;
  },
) {
  const database = await getDatabase();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const page = getPageById(String(form.get("pageId") ?? ""));
  const actor = { id: current.user.id, email: current.user.email };
  if (intent !== "save" && intent !== "restore") return refuseUnknownAction();
  if (!page) {
    return data<EditorActionData>({ errors: { pageId: ["Choose a page to edit"] } }, { status: 400 });
  }
  const back = `${options.base}?page=${encodeURIComponent(options.selectorValue ?? page.id)}`;

  if (intent === "restore") {
    const raw = String(form.get("revision") ?? "");
    const revision = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    const rawBase = String(form.get("baseRevision") ?? "");
    const baseRevision = /^\d{1,9}$/.test(rawBase) ? Number(rawBase) : undefined;
    const result = Number.isInteger(revision) ? await restoreRevision(database, page.id, revision, actor, baseRevision, { wordsOnly: options.restoresWordsOnly }) : null;
    if (result && !result.ok && result.reason === "conflict") {
      const { current: saved } = result;
      return refuseAdminRequest(409, {
        title: "Nothing was restored",
        description: `${saved.updatedByEmail ?? "Someone else"} saved this page at ${formatDateTime(saved.updatedAt)} (revision ${saved.revision}) after you opened it, so nothing was restored. Their version is now shown: restore again if you still want the earlier one.`,
      });
    }
    if (!result || !result.ok) {
      // 404 for a revision number that is not there, 400 for one that could never be.
      return refuseAdminRequest(Number.isInteger(revision) ? 404 : 400, { title: "Nothing was restored", description: "That revision no longer exists." });
    }
    await recordAudit(database, { action: "page.restored", actorId: actor.id, actorEmail: actor.email, ip: options.ip, detail: { pageId: page.id, from: revision, revision: result.revision, ...(options.restoresWordsOnly ? { wordsOnly: true } : {}) } });
    const restored = revision === 0 ? "its built-in text" : `revision ${revision}`;
    return redirectWithToast(back, {
      title: "Revision restored",
      description: options.restoresWordsOnly
        ? `${page.title} has the words of ${restored} again, saved as revision ${result.revision}. Its images and layout are as they were.`
        : `${page.title} shows ${restored} again, saved as revision ${result.revision}.`,
    });
  }


  const parsed = parseForm(pageContentFormSchemaFor(showableImageOrigins()), form);
  const state = await loadEditorState(database, page);
  if (!parsed.ok) {
    return data<EditorActionData>({ errors: parsed.errors, values: submittedValues(page, parsed.values, state.values) }, { status: 400 });
  }
  const result = await savePageContent(database, parsed.data, actor);
  if (!result.ok) {
    if (result.reason === "conflict") {
      return data<EditorActionData>({ conflict: result.current, values: submittedValues(page, formValues(form), state.values) }, { status: 409 });
    }
    return data<EditorActionData>({ errors: { pageId: ["Choose a page to edit"] } }, { status: 400 });
  }
  await recordAudit(database, { action: "page.saved", actorId: actor.id, actorEmail: actor.email, ip: options.ip, detail: { pageId: page.id, revision: result.revision } });
  // A Text only page shows none of its images: say so rather than let "updated on the site" suggest they show.
  const imagesHidden = Boolean(parsed.data.images?.length) && !layoutShowsImages(parsed.data.layout ?? state.values.layout);
  return redirectWithToast(back, {
    title: "Changes saved",
    description: imagesHidden
      ? `${page.title} is updated on the site. Its layout is Text only, so its images are not shown: choose another layout to show them.`
      : `${page.title} is updated on the site.`,
  });
}

// ── Section images (Page Images and Serving Humanity tabs) ───────────────

export interface SectionImageActionData {
  errors?: FieldErrors;
  /** The section the refused form was for, so a view with a form per section shows the message by the right one. */
  section?: string;
}

/** Applies or removes a section's image; `back` is where to return (with the page and view kept). */
export async function sectionImageAction(
  request: Request,
  current: CurrentSession,
  options: { back: (pageId: string, view: string | null) => string; ip?: string },
) {
  const database = await getDatabase();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const view = typeof form.get("view") === "string" ? String(form.get("view")) : null;
  const actor = { id: current.user.id, email: current.user.email };
  if (intent !== "clear" && intent !== "apply" && intent !== "direct") return refuseUnknownAction();

  if (intent === "clear") {
    const pageId = String(form.get("pageId") ?? "");
    const section = String(form.get("section") ?? "");
    const page = getPageById(pageId);
    if (!page) return data<SectionImageActionData>({ errors: { pageId: ["Choose a page"] } }, { status: 400 });
    if (!sectionOptions(page.id).includes(section)) return data<SectionImageActionData>({ errors: { section: ["Choose one of this page's sections"] } }, { status: 400 });
    const removed = await clearSectionImage(database, page.id, section);
    // The section has no image of its own: nothing changed.
    if (!removed) return refuseAdminRequest(404, { title: "Nothing to remove" });
    await recordAudit(database, { action: "section-image.removed", actorId: actor.id, actorEmail: actor.email, ip: options.ip, detail: { pageId, section } });
    return redirectWithToast(options.back(page.id, view), {
      title: "Image removed",
      description: `The ${sectionLabel(section)} section of ${page.title} shows its default picture again.`,
    });
  }

  const section = typeof form.get("section") === "string" ? String(form.get("section")) : undefined;
  const parsed = parseForm(sectionImageSchemaFor(showableImageOrigins()), form);
  if (!parsed.ok) return data<SectionImageActionData>({ errors: parsed.errors, section }, { status: 400 });
  const result = await assignSectionImage(database, parsed.data, actor);
  if (!result.ok) return data<SectionImageActionData>({ errors: { [result.field]: [result.message] }, section }, { status: 400 });
  const page = getPageById(parsed.data.pageId)!;
  await recordAudit(database, {
    action: "section-image.applied",
    actorId: actor.id,
    actorEmail: actor.email,
    ip: options.ip,
    detail: { pageId: page.id, section: parsed.data.section, imageUrl: result.image.imageUrl },
  });
  return redirectWithToast(options.back(page.id, view), {
    title: intent === "direct" ? "Image Updated" : "Image applied",
    description: `The image has been assigned to the ${sectionLabel(parsed.data.section)} section of ${page.title}, and the page shows it now.`,
  });
}
