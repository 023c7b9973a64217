import { useEffect, useId, useRef, useState } from "react";
import { Form, type ShouldRevalidateFunctionArgs } from "react-router";
import { layoutShowsImages } from "#app/features/pages/page-layout";
import type { ImageOrigins } from "#app/features/pages/page-content.schema";
import type { EditorActionData, EditorValues, PublishingState, RevisionItem } from "#app/features/pages/editor-values";
import { UnsavedChangesDialog, useUnsavedChangesGuard } from "#app/features/admin/unsaved-changes-guard";
import { restorableValues, usePageDraft } from "./page-draft";
import { EditorTabs, TabPanel, type Panel } from "./editor-tabs";
import { ConflictNotice, DraftNotice, SaveErrors } from "./editor-notices";
import { ContentFields } from "./content-fields";
import { ImagesPanel } from "./images-panel";
import { LAYOUT_LABELS, LayoutField } from "./layout-field";
import { PreviewForm, SaveBar } from "./save-bar";
import { RevisionList } from "./revision-list";
import { PublishControls } from "./publish-controls";
import { PageSettings, type PageSettingsProps } from "./page-lifecycle";
import { BlockEditor } from "#app/features/blocks/admin/block-editor";
import { SeoFields } from "#app/features/blocks/admin/seo-fields";
import { effectiveSeo } from "#app/features/blocks/page-seo";
import { pageDocumentSchema } from "#app/features/pages/page-document";
import { VIDEO_PAGES } from "#app/features/videos/video.schema";

/** The Content and Layout tabs own the main hero's and text's words; the Blocks tab says so instead of offering them twice. */
const LOCKED_FIELDS = {
  hero: { title: "Content", subtitle: "Content" },
  text: { title: "Content", body: "Content", layout: "Layout" },
} as const;

/**
 * The values without the main hero's and text's words inside the block list:
 * the Content, Images and Layout fields above carry those (and win on save),
 * so a block list holding the words as loaded never counts as a change.
 */
function comparable(values: EditorValues): EditorValues {
  if (!values.blocks) return values;
  const blocks = values.blocks.map((b) => {
    if (b.id === "hero") return { ...b, title: undefined, subtitle: undefined };
    if (b.id === "text") return { ...b, title: undefined, body: undefined, layout: undefined, images: undefined };
    return b;
  });
  return { ...values, blocks };
}

const same = (a: EditorValues, b: EditorValues) => JSON.stringify(comparable(a)) === JSON.stringify(comparable(b));

/** What the page shows with its search fields empty, from the values being edited. */
function seoDefaults(values: EditorValues, pageTitle: string) {
  const parsed = pageDocumentSchema.safeParse({ title: pageTitle, seo: { ...values.seo, title: "", description: "", image: null }, blocks: values.blocks ?? [] });
  return parsed.success ? effectiveSeo(parsed.data) : { title: pageTitle, description: values.heroSubtitle, image: null, noindex: false };
}

interface PageEditorProps {
  page: { id: string; title: string; path: string };
  initial: EditorValues;
  /** The built-in copy, shown as what an emptied field falls back to. */
  builtIn: Pick<EditorValues, "heroTitle" | "heroSubtitle" | "mainTitle">;
  revision: number;
  panels?: Panel[];
  actionData?: EditorActionData;
  /** Saved versions to list under the editor, newest first. */
  revisions?: RevisionItem[];
  headingLevel?: "h2" | "h3";
  /** Where pictures may come from besides the site's own paths (EditorState.imageOrigins). */
  imageOrigins?: ImageOrigins;
  /** This editor replaces one for the same page at another revision: take focus, since the control that had it is gone. */
  focusHeading?: boolean;
  /** The draft's way to the site (Publish, Unpublish, Schedule); without it the editor only saves. */
  publishing?: PublishingState;
  /** The page's address, menu place, copy and Bin (the Pages tab); without it the editor edits words only. */
  lifecycle?: PageSettingsProps["lifecycle"];
  /** The live pages links may point to (EditorState.sitePages). */
  sitePages: { title: string; path: string }[];
  lifecycleRefusal?: PageSettingsProps["refused"];
}

/**
 * The Pages tab's page editor: Content, Images and
 * Layout sub-tabs in one form, an 'Unsaved Changes' badge, and 'Save
 * Changes' enabled only when something changed. Mount it with a key of
 * page id and revision, so choosing a page or saving starts it afresh
 * (and give it `focusHeading` from useRevisionChanged, so focus follows).
 */
export function PageEditor({
  page,
  initial,
  builtIn,
  revision,
  panels = ["content", "images", "layout", "blocks", "seo"],
  actionData,
  revisions,
  headingLevel = "h3",
  imageOrigins = [],
  focusHeading = false,
  publishing,
  lifecycle,
  lifecycleRefusal,
  sitePages,
}: PageEditorProps) {
  const id = useId();
  const [values, setValues] = useState<EditorValues>(actionData?.values ?? initial);
  const [panel, setPanel] = useState<Panel>(panels[0] ?? "content");
  const [baseRevision, setBaseRevision] = useState(revision);
  const dirty = !same(values, initial);
  const draft = usePageDraft({ pageId: page.id, panels, initial, values, dirty, revision, baseRevision, revisions: revisions ?? [], same });
  const { blocker, markSubmitting } = useUnsavedChangesGuard(dirty);
  const { at: scheduleErrors, ...errors } = actionData?.errors ?? {};
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});

  const set = <K extends keyof EditorValues>(key: K, value: EditorValues[K]) => setValues((v) => ({ ...v, [key]: value }));

  return (
    <div className="grid gap-4">
      <EditorHeading page={page} headingLevel={headingLevel} focusHeading={focusHeading} />

      {draft.offered ? (
        <DraftNotice
          changedAt={draft.offered.changedAt}
          savedSince={draft.savedSince}
          onRestore={() => {
            setValues(restorableValues(draft.offered!.values, initial, panels));
            setBaseRevision(draft.offered!.baseRevision);
            draft.dismiss(false);
          }}
          onDiscard={() => draft.dismiss(true)}
        />
      ) : null}
      {actionData?.conflict ? <ConflictNotice conflict={actionData.conflict} /> : null}
      {Object.keys(errors).length > 0 ? <SaveErrors errors={errors} /> : null}

      <Form
        method="post"
        id={`${id}-form`}
        onSubmit={() => {
          markSubmitting();
          draft.markSubmitted();
        }}
        className="grid gap-4"
        aria-label={`Edit ${page.title}`}
      >
        <input type="hidden" name="intent" value="save" />
        <input type="hidden" name="pageId" value={page.id} />
        <input type="hidden" name="baseRevision" value={baseRevision} />
        {panels.includes("images") ? <input type="hidden" name="images" value={JSON.stringify(values.images)} /> : null}
        {panels.includes("seo") && values.seo ? <input type="hidden" name="seo" value={JSON.stringify(values.seo)} /> : null}
        {panels.length > 1 ? <EditorTabs id={id} panels={panels} panel={panel} setPanel={setPanel} tabRefs={tabRefs} /> : null}
        {panels.includes("content") ? (
          <TabPanel id={id} panel="content" active={panel === "content"} single={panels.length === 1}>
            <ContentFields id={id} values={values} builtIn={builtIn} errors={errors} set={set} pages={sitePages} />
          </TabPanel>
        ) : null}
        {panels.includes("images") ? (
          <TabPanel id={id} panel="images" active={panel === "images"} single={false}>
            <ImagesPanel
              images={values.images}
              onChange={(images) => set("images", images)}
              errors={errors.images}
              imageOrigins={imageOrigins}
              hiddenByLayout={panels.includes("layout") && !layoutShowsImages(values.layout) ? LAYOUT_LABELS[values.layout] : null}
              onShowLayout={() => {
                setPanel("layout");
                tabRefs.current.layout?.focus();
              }}
            />
          </TabPanel>
        ) : null}
        {panels.includes("layout") ? (
          <TabPanel id={id} panel="layout" active={panel === "layout"} single={false}>
            <LayoutField id={id} layout={values.layout} onChange={(layout) => set("layout", layout)} />
          </TabPanel>
        ) : null}
        {panels.includes("blocks") && values.blocks ? (
          <TabPanel id={id} panel="blocks" active={panel === "blocks"} single={false}>
            <BlockEditor
              name="blocks"
              blocks={values.blocks}
              onChange={(blocks) => set("blocks", blocks)}
              errors={actionData?.blockErrors}
              pages={sitePages}
              videoPages={VIDEO_PAGES}
              lockedFields={LOCKED_FIELDS}
            />
          </TabPanel>
        ) : null}
        {panels.includes("seo") && values.seo ? (
          <TabPanel id={id} panel="seo" active={panel === "seo"} single={false}>
            <SeoFields id={`${id}-seo`} value={values.seo} defaults={seoDefaults(values, page.title)} errors={actionData?.seoErrors} onChange={(seo) => set("seo", seo)} />
          </TabPanel>
        ) : null}
        <SaveBar
          id={id}
          dirty={dirty}
          conflict={Boolean(actionData?.conflict)}
          onDiscard={() => {
            setValues(initial);
            setBaseRevision(revision);
          }}
        />
      </Form>

      <PreviewForm id={id} pageId={page.id} values={values} />
      {publishing ? <PublishControls pageId={page.id} version={baseRevision} publishing={publishing} dirty={dirty} scheduleErrors={scheduleErrors} /> : null}
      {lifecycle ? <PageSettings page={page} lifecycle={lifecycle} version={baseRevision} dirty={dirty} refused={lifecycleRefusal} /> : null}
      {revisions ? (
        <RevisionList
          pageId={page.id}
          revisions={revisions}
          current={publishing?.liveRevision ?? null}
          version={revision}
          dirty={dirty}
          headingLevel={headingLevel}
          wordsOnly={!panels.includes("images") && !panels.includes("layout")}
          builtInText={lifecycle?.builtIn ?? true}
        />
      ) : null}
      <UnsavedChangesDialog blocker={blocker} onLeave={draft.forget} />
    </div>
  );
}

/** The page's name and address, with a link to the page as the public sees it. */
function EditorHeading({ page, headingLevel, focusHeading }: { page: PageEditorProps["page"]; headingLevel: "h2" | "h3"; focusHeading: boolean }) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const Heading = headingLevel;

  useEffect(() => {
    // After Save, Restore or a Discard that loaded a colleague's version, the
    // button pressed went with the editor it belonged to and focus fell to
    // <body>: the keyboard and screen reader carry on from this editor's heading.
    if (!focusHeading) return;
    const active = document.activeElement;
    if (!active || active === document.body) headingRef.current?.focus();
  }, [focusHeading]);

  return (
    <div className="flex flex-wrap items-baseline justify-between gap-2">
      <Heading ref={headingRef} tabIndex={-1} className="text-xl font-semibold focus:outline-none">
        {page.title} <span className="text-sm font-normal text-muted-foreground">{page.path}</span>
      </Heading>
      <a href={page.path} target="_blank" rel="noreferrer" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
        View live page<span className="sr-only"> {page.title} (opens in a new tab)</span>
      </a>
    </div>
  );
}

/**
 * For the routes with the page editor, which key it by page and revision:
 * true once it shows another revision of the page it showed before (after
 * Save, Restore, or Discard after a refused save), for its `focusHeading`.
 * False for the first page shown and for a page newly chosen.
 */
export function useRevisionChanged(pageId: string | null, revision: number | null): boolean {
  const [shown, setShown] = useState({ pageId, revision, changed: false });
  if (shown.pageId === pageId && shown.revision === revision) return shown.changed;
  const changed = pageId !== null && shown.pageId === pageId;
  // Adjusting state while rendering, as React advises for a value derived from the previous props.
  setShown({ pageId, revision, changed });
  return changed;
}

/**
 * For the routes with the page editor: a restore refused because someone
 * saved meanwhile (409) reloads the page, so the list and the form show
 * their version. A refused save does not: the form keeps the admin's
 * edits and the version they started from, for Save anyway.
 */
export function editorShouldRevalidate({ formData, actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === 409 && formData?.get("intent") === "restore" ? true : defaultShouldRevalidate;
}
