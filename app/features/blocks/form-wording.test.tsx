import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { NEWSLETTER_CONSENT_TEXT } from "#app/features/newsletter/newsletter-consent";
import { REGISTRATION_DECLARATION } from "#app/features/registrations/registration.schema";
import { VOLUNTEER_CONSENT_TEXT } from "#app/features/volunteers/volunteer.schema";
import { blockSchema, formBlockSchema, FORM_KINDS, type Block } from "./block-schema";
import { EMPTY_BLOCK_DATA, type BlockData } from "./block-data";
import { STANDARD_FORM_WORDING, shownWording, storedWording } from "./form-wording";
import { PageBlocks } from "./site/page-blocks";
import { BlockEditor } from "./admin/block-editor";
import type { DraftBlock } from "./admin/block-list";

const form = (extra: Record<string, unknown>) => formBlockSchema.parse({ id: "signup", type: "form", form: "newsletter", ...extra });
const text = (html: string) =>
  html
    .replace(/<(svg|script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();

function render(blocks: Block[], extra: Partial<BlockData> = {}, pagePath = "/what-we-offer/mountains"): string {
  const data = { ...EMPTY_BLOCK_DATA(DEFAULT_SITE_SETTINGS), ...extra };
  const Stub = createRoutesStub([{ path: pagePath, Component: () => <PageBlocks blocks={blocks} data={data} pagePath={pagePath} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[pagePath]} />).replaceAll("<!-- -->", "");
}

describe("a form block's consent and privacy words", () => {
  it("start empty, meaning the standard words, so a page nobody edits shows what it always did", () => {
    for (const kind of FORM_KINDS) expect(form({ form: kind })).toMatchObject({ consent: "", privacy: "" });
    expect(form({ consent: "  Yes, send me the news.  " }).consent).toBe("Yes, send me the news.");
    const tooLong = formBlockSchema.safeParse({ id: "signup", type: "form", form: "newsletter", consent: "x".repeat(1001) });
    expect(tooLong.success).toBe(false);
    expect(tooLong.error?.issues[0]?.message).toBe("Consent wording must be at most 1000 characters");
    expect(blockSchema.safeParse({ id: "signup", type: "form", form: "newsletter", privacy: 12 }).error?.issues[0]?.message).toBe("Privacy note must be text");
  });

  it("store nothing while they are the standard words, and the words as typed once reworded", () => {
    expect(storedWording("newsletter", "consent", NEWSLETTER_CONSENT_TEXT)).toBe("");
    expect(storedWording("newsletter", "consent", `  ${NEWSLETTER_CONSENT_TEXT}\n`)).toBe("");
    expect(storedWording("newsletter", "consent", "   ")).toBe("");
    expect(storedWording("newsletter", "consent", " Send me the news. ")).toBe("Send me the news.");
    expect(shownWording("volunteer", "consent", "")).toBe(VOLUNTEER_CONSENT_TEXT);
    expect(shownWording("registration", "consent", "")).toBe(REGISTRATION_DECLARATION);
    expect(shownWording("newsletter", "consent", "Send me the news.")).toBe("Send me the news.");
    expect(STANDARD_FORM_WORDING.question.consent).toBeNull();
  });

  it("the newsletter block shows the standard words until edited, then the staff's words, and names itself to the server", () => {
    const standard = render([form({})]);
    expect(text(standard)).toContain(NEWSLETTER_CONSENT_TEXT);
    expect(text(standard)).toContain("We will only use your address to send our newsletter. Read our privacy policy");
    expect(standard).toContain('<input type="hidden" name="wordingPage" value="/what-we-offer/mountains"/>');
    expect(standard).toContain('<input type="hidden" name="wordingBlock" value="signup"/>');

    const edited = render([form({ consent: "Yes, e-mail me about rides and races.", privacy: "Your address is only used for this newsletter." })]);
    expect(text(edited)).toContain("Yes, e-mail me about rides and races.");
    expect(text(edited)).not.toContain(NEWSLETTER_CONSENT_TEXT);
    expect(text(edited)).toContain("Your address is only used for this newsletter. Read our privacy policy");
    // The box is labelled by the words, so a screen reader reads what is agreed to.
    expect(edited).toMatch(/<label[^>]*for="([^"]+)-consent"[^>]*>Yes, e-mail me about rides and races\.<\/label>/);
  });

  it("the registration note keeps the period from Settings in reworded words too", () => {
    const html = render([form({ form: "registration", privacy: "We delete these details after {period} without contact." })], { forms: { retentionMonths: 18 } });
    expect(text(html)).toContain("We delete these details after 18 months without contact. Read our privacy policy");
    const standard = render([form({ form: "registration" })], { forms: { retentionMonths: 24 } });
    expect(text(standard)).toContain("delete them when we have not heard from you for 2 years.");
  });
});

describe("the form block in the editor", () => {
  const renderEditor = (block: DraftBlock) =>
    renderToStaticMarkup(<BlockEditor name="blocks" blocks={[block]} onChange={() => {}} errors={{ "0.title": "Look here" }} pages={[]} videoPages={[]} />);
  const draft = (extra: Record<string, unknown>): DraftBlock => ({ id: "signup", type: "form", form: "newsletter", title: "", intro: "", consent: "", privacy: "", buttons: [], ...extra });
  const box = (html: string, label: string) => {
    const id = new RegExp(`<label[^>]*for="([^"]+)"[^>]*>${label}</label>`).exec(html)?.[1];
    return id ? new RegExp(`<textarea[^>]*id="${id}"[^>]*>([^<]*)</textarea>`).exec(html)?.[1] : undefined;
  };

  it("opens the wording fields on the words visitors read now, and says whether they are the standard ones", () => {
    const html = renderEditor(draft({}));
    expect(box(html, "Consent wording")).toBe(NEWSLETTER_CONSENT_TEXT);
    expect(box(html, "Privacy note")).toBe("We will only use your address to send our newsletter.");
    expect(html).toContain("The standard wording.");
    expect(html).not.toContain("Use the standard consent wording");

    const reworded = renderEditor(draft({ consent: "Send me the news." }));
    expect(box(reworded, "Consent wording")).toBe("Send me the news.");
    expect(reworded).toContain("Reworded for this page.");
    expect(reworded).toContain("Use the standard consent wording");
  });

  it("offers no consent wording for the question form, which has no consent box", () => {
    const html = renderEditor(draft({ form: "question" }));
    expect(box(html, "Consent wording")).toBeUndefined();
    expect(box(html, "Privacy note")).toBe("We only use your name and email address to answer your question.");
  });
});
