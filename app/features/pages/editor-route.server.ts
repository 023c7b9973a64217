import { data } from "react-router";
import { builtInPageContent, getPageById } from "#app/content/pages";
import { findEditablePage, type EditablePage } from "./editable-page.server";
import { DEFAULT_IMAGE_POSITION, IMAGE_POSITIONS, LAYOUTS, type Layout, type PageImage } from "#app/content/types";
import type { EditorActionData, EditorValues, PublishingState, RevisionItem } from "./editor-values";
import { recordAudit } from "#app/features/audit/audit.server";
import type { CurrentSession } from "#app/features/accounts/auth.server";
import { getDatabase, type Database } from "#app/platform/db/db.server";
import type { Actor } from "#app/features/audit/actor";
import { parseRichTextField } from "#app/features/blocks/rich-text";
import { documentErrors } from "#app/features/blocks/block-errors";
import { checkPageDocument } from "#app/features/blocks/page-checks";
import { postedDocumentParts, withPostedParts } from "./editor-blocks";
import {
  cancelSchedule,
  editedDocument,
  getPageRecord,
  listPageRecords,
  listPageRevisions,
  pageStatus,
  publishPage,
  restoreRevisionToDraft,
  saveDraft,
  schedulePublish,
  unpublishPage,
  type ChangeResult,
} from "./page-records.server";
import { applyEditorSubmission, editorValuesOf, withWordsOf } from "./editor-document";
import { formatScheduleTime, statusWords } from "./page-status";
import { CONTENT_TEMPLATE, seedDocument } from "./seed/seed-document";
import { pageContentFormSchemaFor, renumber, sectionImageSchemaFor, sectionLabel, sectionOptions } from "./page-content.schema";
import { showableImageOrigins } from "./public-page-data.server";
import { layoutShowsImages } from "./page-layout";
import { formatDateTime, londonTimeExists, londonToInstant } from "#app/web/dates";
import { refuseAdminRequest, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import type { FieldErrors } from "#app/web/parse-form";
import { assignSectionImage, clearSectionImage } from "./section-images.server";
import { formValues, parseForm } from "#app/web/parse-form";
import { redirectWithToast } from "#app/web/toast.server";

/**
 * The loader and action behind the Pages tab and the Content tab's CMS
 * variant: both edit the same stored page content, so they share this.
 */

/** What the editor can do to the page itself besides its words: its address, its place in the menu, a copy, the Bin. */
export interface PageLifecycleState {
  /** Pages with a form or list of their own keep their address and stay on the site. */
  ownsAddress: boolean;
  menuHidden: boolean;
  /** The page shipped with the site: it has built-in text to restore. */
  builtIn: boolean;
  /** The address without its last part (where the page sits), and that part. */
  parentPath: string;
  slug: string;
}

export interface EditorState {
  page: { id: string; title: string; path: string };
  lifecycle: PageLifecycleState;
  values: EditorValues;
  builtIn: Pick<EditorValues, "heroTitle" | "heroSubtitle" | "mainTitle">;
  /** The record's version: the stale-edit token the form posts back as baseRevision. */
  revision: number;
  revisions: RevisionItem[];
  publishing: PublishingState;
  /** Where the page's pictures may come from besides its own paths, so the editor checks addresses as the server does. */
  imageOrigins: string[];
  /** The pages visitors can open now, for the link pickers. */
  sitePages: { title: string; path: string }[];
}

/** The page's draft (or what is live, when there is no draft) in the editor's fields, with its status and history. */
export async function loadEditorState(database: Database, page: EditablePage): Promise<EditorState> {
  const [record, revisions, pages] = await Promise.all([getPageRecord(database, page.id), listPageRevisions(database, page.id), listPageRecords(database)]);
  const base = page.builtIn ? builtInPageContent(page.builtIn) : null;
  const doc = record ? editedDocument(record) : null;
  const values = doc
    ? editorValuesOf(doc)
    : base
      ? { heroTitle: base.heroTitle, heroSubtitle: base.heroSubtitle, mainTitle: base.mainTitle, content: base.content, layout: base.layout, images: base.images }
      : { heroTitle: page.title, heroSubtitle: "", mainTitle: "", content: "", layout: "text-only" as const, images: [] };
  const status = record ? pageStatus(record) : "unpublished";
  const path = record?.path ?? page.path;
  return {
    page: { id: page.id, title: page.title, path },
    lifecycle: {
      ownsAddress: path === "/" || page.template !== CONTENT_TEMPLATE,
      menuHidden: record?.menuHidden ?? page.menuHidden,
      builtIn: page.builtIn !== null,
      parentPath: path.lastIndexOf("/") <= 0 ? "" : path.slice(0, path.lastIndexOf("/")),
      slug: path.slice(path.lastIndexOf("/") + 1),
    },
    values,
    // A page staff made falls back to nothing: an emptied field stays empty.
    builtIn: base ? { heroTitle: base.heroTitle, heroSubtitle: base.heroSubtitle, mainTitle: base.mainTitle } : { heroTitle: "", heroSubtitle: "", mainTitle: "" },
    revision: record?.version ?? 0,
    revisions: revisions.map((r) => ({
      revision: r.revision,
      createdAt: r.createdAt,
      createdByEmail: r.createdByEmail,
      restoredFrom: r.restoredFrom,
      heroTitle: r.document ? editorValuesOf(r.document).heroTitle : "",
      action: r.action,
    })),
    publishing: {
      status,
      words: statusWords(status, record?.scheduledAt ?? null),
      hasDraft: Boolean(record?.draft),
      live: Boolean(record?.published),
      scheduledAt: record?.scheduledAt ?? null,
      liveRevision: record?.published ? (revisions[0]?.revision ?? null) : null,
      canUnpublish: Boolean(record?.published) && record?.template === CONTENT_TEMPLATE && page.id !== "home",
      // Only a draft is about to go live: what is live already was checked when it was published.
      findings: record?.draft ? checkPageDocument(record.draft).map((f) => ({ level: f.level, message: f.message })) : [],
    },
    imageOrigins: showableImageOrigins(),
    sitePages: pages
      .filter((p) => !p.inBin && p.status !== "unpublished")
      .map((p) => ({ title: getPageById(p.id)?.title ?? p.title, path: p.path }))
      .sort((a, b) => a.path.localeCompare(b.path)),
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
function submittedValues(page: EditablePage, raw: Record<string, string>, fallback: EditorValues): EditorValues {
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
    layout: layout ?? fallback.layout ?? (page.builtIn ? builtInPageContent(page.builtIn).layout : "text-only"),
    images,
    blocks: postedDocumentParts(raw).blocks ?? fallback.blocks,
    seo: postedDocumentParts(raw).seo ?? fallback.seo,
  };
}

const INTENTS = new Set(["save", "restore", "publish", "unpublish", "schedule", "cancel-schedule"]);

const versionField = (form: FormData, name = "baseRevision") => {
  const raw = String(form.get(name) ?? "");
  return /^\d{1,9}$/.test(raw) ? Number(raw) : undefined;
};

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
  const actor = { id: current.user.id, email: current.user.email, ip: options.ip ?? null };
  if (!INTENTS.has(intent)) return refuseUnknownAction();
  const page = await findEditablePage(database, String(form.get("pageId") ?? ""));
  if (!page) {
    return data<EditorActionData>({ errors: { pageId: ["Choose a page to edit"] } }, { status: 400 });
  }
  const back = `${options.base}?page=${encodeURIComponent(options.selectorValue ?? page.id)}`;
  const baseVersion = versionField(form);

  if (intent === "restore") {
    const raw = String(form.get("revision") ?? "");
    const revision = /^\d{1,9}$/.test(raw) ? Number(raw) : NaN;
    const result = Number.isInteger(revision) ? await restoreInto(database, page.id, revision, actor, baseVersion, options.restoresWordsOnly ?? false) : null;
    if (result && !result.ok && result.reason === "conflict") {
      const { current: saved } = result;
      return refuseAdminRequest(409, {
        title: "Nothing was restored",
        description: `${saved.updatedByEmail ?? "Someone else"} changed this page at ${formatDateTime(saved.updatedAt)} after you opened it, so nothing was restored. Their version is now shown: restore again if you still want the earlier one.`,
      });
    }
    if (!result || !result.ok) {
      // 404 for a revision number that is not there, 400 for one that could never be.
      return refuseAdminRequest(Number.isInteger(revision) ? 404 : 400, { title: "Nothing was restored", description: "That revision no longer exists." });
    }
    return redirectWithToast(back, {
      title: "Revision restored",
      description: options.restoresWordsOnly
        ? `The words of revision ${revision} are in ${page.title}'s draft. Its images and layout are as they were. Publish to put them on the site.`
        : revision === 0
          ? `The built-in text of ${page.title} is now its draft. Publish to put it on the site.`
          : `Revision ${revision} of ${page.title} is now its draft. Publish to put it on the site.`,
    });
  }

  if (intent === "publish" || intent === "unpublish" || intent === "schedule" || intent === "cancel-schedule") {
    return publishingAction(database, page, intent, form, actor, back, baseVersion);
  }

  const parsed = parseForm(pageContentFormSchemaFor(showableImageOrigins()), form);
  const state = await loadEditorState(database, page);
  if (!parsed.ok) {
    return data<EditorActionData>({ errors: parsed.errors, values: submittedValues(page, parsed.values, state.values) }, { status: 400 });
  }
  const body = parseRichTextField(parsed.data.content);
  if ("error" in body) {
    return data<EditorActionData>({ errors: { content: [body.error] }, values: submittedValues(page, formValues(form), state.values) }, { status: 400 });
  }
  const record = await getPageRecord(database, page.id);
  const doc = record ? editedDocument(record) : null;
  if (!record || !doc) return data<EditorActionData>({ errors: { pageId: ["Choose a page to edit"] } }, { status: 400 });
  const next = applyEditorSubmission(withPostedParts(doc, postedDocumentParts(formValues(form))), { ...parsed.data, body: body.doc }, page.builtIn ?? undefined);
  const result = await saveDraft(database, page.id, next, parsed.data.force ? undefined : parsed.data.baseRevision, actor);
  if (!result.ok) {
    if (result.reason === "conflict") {
      const { version, ...rest } = result.current;
      return data<EditorActionData>({ conflict: { revision: version, ...rest }, values: submittedValues(page, formValues(form), state.values) }, { status: 409 });
    }
    if (result.reason === "invalid") {
      const errors: Record<string, string[]> = {};
      const parts = documentErrors(result.issues);
      for (const issue of result.issues) (errors[fieldOf(issue.path, parts.blocks)] ??= []).push(issue.message);
      return data<EditorActionData>(
        { errors, blockErrors: parts.blocks, seoErrors: parts.page, values: submittedValues(page, formValues(form), state.values) },
        { status: 400 },
      );
    }
    return data<EditorActionData>({ errors: { pageId: ["Choose a page to edit"] } }, { status: 400 });
  }
  // A Text only page shows none of its images: say so rather than let a later publish suggest they show.
  const imagesHidden = Boolean(parsed.data.images?.length) && !layoutShowsImages(parsed.data.layout ?? state.values.layout);
  return redirectWithToast(back, {
    title: "Changes saved",
    description: `${page.title}'s changes are saved as a draft: visitors see them once you publish.${imagesHidden ? " Its layout is Text only, so its images are not shown: choose another layout to show them." : ""}`,
  });
}

/** The form field a document issue belongs to, so the message shows beside it (a block's own field: in the Blocks tab, listed in the summary as "blocks"). */
function fieldOf(path: string, blockErrors: Record<string, string>): string {
  if (/^blocks\.\d+\./.test(path) && !/^blocks\.\d+\.(title|subtitle|body|images)/.test(path) && blockErrors[path.slice(7)]) return "blocks";
  if (/^blocks\.\d+\.title$/.test(path)) return path.startsWith("blocks.0") ? "heroTitle" : "mainTitle";
  if (/\.subtitle$/.test(path)) return "heroSubtitle";
  if (/\.body/.test(path)) return "content";
  if (/\.images/.test(path)) return "images";
  return "pageId";
}

async function restoreInto(database: Database, pageId: string, revision: number, actor: Actor, baseVersion: number | undefined, wordsOnly: boolean): Promise<ChangeResult | null> {
  if (revision === 0) {
    // Revision 0 is the site's original copy of a built-in page, into the draft like any other.
    const builtIn = getPageById(pageId);
    if (!builtIn) return null;
    const result = await saveDraft(database, pageId, seedDocument(builtIn), baseVersion, actor);
    return result.ok || result.reason === "conflict" ? result : null;
  }
  if (!wordsOnly) {
    const result = await restoreRevisionToDraft(database, pageId, revision, actor, baseVersion);
    return result.ok || result.reason === "conflict" ? result : null;
  }
  const [record, revisions] = await Promise.all([getPageRecord(database, pageId), listPageRevisions(database, pageId, 10_000)]);
  const from = revisions.find((r) => r.revision === revision)?.document;
  const doc = record ? editedDocument(record) : null;
  if (!from || !doc) return null;
  const result = await saveDraft(database, pageId, withWordsOf(doc, from), baseVersion, actor);
  return result.ok || result.reason === "conflict" ? result : null;
}

async function publishingAction(
  database: Database,
  page: EditablePage,
  intent: "publish" | "unpublish" | "schedule" | "cancel-schedule",
  form: FormData,
  actor: Actor,
  back: string,
  baseVersion: number | undefined,
) {
  let result: ChangeResult;
  let toast: { title: string; description: string };
  if (intent === "publish" || intent === "schedule") {
    // Nothing goes live that some visitors cannot use: the checks run on what would be published.
    const record = await getPageRecord(database, page.id);
    const going = record ? editedDocument(record) : null;
    const stoppers = going ? checkPageDocument(going).filter((f) => f.level === "error") : [];
    if (stoppers.length) {
      return data<EditorActionData>({ errors: { publish: ["This page cannot go live yet:", ...stoppers.map((f) => f.message)] } }, { status: 400 });
    }
  }
  if (intent === "publish") {
    result = await publishPage(database, page.id, actor, { baseVersion });
    toast = { title: "Published", description: `${page.title} is updated on the site.` };
  } else if (intent === "unpublish") {
    result = await unpublishPage(database, page.id, actor, baseVersion);
    toast = { title: "Unpublished", description: `${page.title} is no longer on the site. Its words are kept as a draft: publish to bring it back.` };
  } else if (intent === "cancel-schedule") {
    result = await cancelSchedule(database, page.id, actor);
    toast = { title: "Schedule cancelled", description: `${page.title}'s draft stays a draft until you publish it.` };
  } else {
    const at = parseScheduleTime(String(form.get("at") ?? ""));
    if ("error" in at) return data<EditorActionData>({ errors: { at: [at.error] } }, { status: 400 });
    result = await schedulePublish(database, page.id, at.instant, actor, new Date(), baseVersion);
    toast = { title: "Publish scheduled", description: `${page.title}'s draft will go live on ${formatScheduleTime(at.instant.toISOString())} (UK time).` };
  }
  if (!result.ok) {
    if (result.reason === "conflict") {
      return refuseAdminRequest(409, {
        title: "Nothing was changed",
        description: `${result.current.updatedByEmail ?? "Someone else"} changed this page at ${formatDateTime(result.current.updatedAt)} after you opened it. Their version is now shown: check it, then try again.`,
      });
    }
    if (result.reason === "refused") {
      if (intent === "schedule") return data<EditorActionData>({ errors: { at: [result.message] } }, { status: 400 });
      return refuseAdminRequest(400, { title: "Nothing was changed", description: result.message });
    }
    return data<EditorActionData>({ errors: { pageId: ["Choose a page to edit"] } }, { status: 400 });
  }
  return redirectWithToast(back, toast);
}

/** A datetime-local value ("2026-12-01T09:00") read as UK time. */
function parseScheduleTime(raw: string): { instant: Date } | { error: string } {
  const match = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})(?::\d{2})?$/.exec(raw.trim());
  if (!match) return { error: "Choose the date and time to publish at" };
  const [, date, time] = match as unknown as [string, string, string];
  if (!londonTimeExists(date, time)) return { error: "That time does not exist in the UK (the clocks go forward then): choose another." };
  return { instant: londonToInstant(date, time) };
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
