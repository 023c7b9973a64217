import type { ComponentProps } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import type { PageImage } from "#app/content/types";
import type { EditorValues } from "#app/features/pages/editor-values";
import { PageEditor } from "./page-editor";

const PICTURE: PageImage = { id: "img-1", filename: "/images/hiking.svg", alt: "Runners on a hill path", caption: "", position: "inline", order: 1 };

const OPENED: EditorValues = {
  heroTitle: "Marathons",
  heroSubtitle: "Run with us",
  mainTitle: "Training together",
  content: "We train on Sundays.",
  layout: "image-right",
  images: [PICTURE],
};

/** The Pages tab's editor as staff see it. */
function editor(props: Partial<ComponentProps<typeof PageEditor>> = {}): string {
  const Stub = createRoutesStub([
    {
      path: "/admin",
      Component: () => (
        <PageEditor
          page={{ id: "marathons", title: "Marathons", path: "/what-we-offer/marathons" }}
          initial={OPENED}
          builtIn={{ heroTitle: "Marathons", heroSubtitle: "Run with us", mainTitle: "Training together" }}
          revision={3}
          revisions={[]}
          sitePages={[{ title: "Marathons", path: "/what-we-offer/marathons" }]}
          {...props}
        />
      ),
    },
  ]);
  return renderToStaticMarkup(<Stub initialEntries={["/admin?page=marathons"]} />)
    .replaceAll("<!-- -->", "")
    .replaceAll("&#x27;", "'");
}

/** The text of one sub-tab's panel. */
function panel(html: string, name: string): string {
  const id = new RegExp(`<button[^>]*role="tab"[^>]*aria-controls="([^"]+)"[^>]*>${name}</button>`).exec(html)?.[1];
  if (!id) throw new Error(`no ${name} tab`);
  const start = html.indexOf(`<div role="tabpanel" id="${id}"`);
  const next = html.indexOf('<div role="tabpanel"', start + 1);
  return html.slice(start, next === -1 ? undefined : next).replace(/<[^>]+>/g, " ").replace(/\s+/g, " ");
}

const buttons = (html: string) => [...html.matchAll(/<button[^>]*>(?:<svg[\s\S]*?<\/svg>)?([^<]+)<\/button>/g)].map((m) => m[1]!.trim());

describe("the page editor's Images sub-tab", () => {
  it("says when the page's layout shows none of its images, and the Text only description says so too", () => {
    const textOnly = editor({ initial: { ...OPENED, layout: "text-only" } });
    expect(panel(textOnly, "Images")).toContain("The page shows none of the images added here");
    expect(panel(textOnly, "Images")).toContain("Its layout is Text only, which shows the words only.");
    expect(buttons(textOnly)).toContain("Choose a layout");
    expect(panel(textOnly, "Layout")).toContain("none of the page's images");

    const imageRight = editor();
    expect(panel(imageRight, "Images")).not.toContain("The page shows none of the images added here");
    expect(panel(imageRight, "Layout")).toContain("Image right: one image sits to the right of the content");
  });
});

describe("the page editor after someone else saved first (409)", () => {
  const conflict = { revision: 4, updatedAt: "2025-06-15T10:00:00.000Z", updatedByEmail: "colleague@example.org" };

  it("offers Save anyway only while there is something unsaved to save, and Discard changes to see their version", () => {
    const typed = editor({ actionData: { conflict, values: { ...OPENED, heroTitle: "Marathons for everyone" } } });
    expect(typed).toContain("Someone else saved this page after you opened it");
    expect(buttons(typed)).toEqual(expect.arrayContaining(["Discard changes", "Save anyway"]));

    // Nothing of one's own left: Save anyway would only put back the version as opened over the colleague's.
    const nothing = editor({ actionData: { conflict, values: OPENED } });
    expect(nothing).toContain("Someone else saved this page after you opened it");
    expect(buttons(nothing)).not.toContain("Save anyway");
    expect(buttons(nothing)).toContain("Discard changes");
  });
});

describe("the page editor's publishing checks", () => {
  const publishing = { status: "draft-changes" as const, words: "Draft changes not yet live", hasDraft: true, live: true, scheduledAt: null, liveRevision: 3, canUnpublish: true };
  const text = (html: string) => html.replace(/<[^>]+>/g, " ").replaceAll("&quot;", "\"").replace(/\s+/g, " ");

  it("lists what stops the draft going live apart from what is only worth a look, and nothing when the draft is clean", () => {
    const html = text(
      editor({
        publishing: {
          ...publishing,
          findings: [
            { level: "error", message: "Block 3 (Image): the image has no alt text." },
            { level: "warning", message: 'Block 2 (Text and pictures): the link text "click here" does not say where it leads.' },
          ],
        },
      }),
    );
    expect(html).toContain("This draft cannot go live until these are put right: Block 3 (Image): the image has no alt text.");
    expect(html).toContain('Worth a look before you publish (these do not stop it): Block 2 (Text and pictures): the link text "click here" does not say where it leads.');

    const clean = text(editor({ publishing: { ...publishing, findings: [] } }));
    expect(clean).toContain("Status: Draft changes not yet live");
    expect(clean).not.toContain("cannot go live");
    expect(clean).not.toContain("Worth a look");
  });
});
