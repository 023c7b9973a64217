/**
 * The form of each block type, as data: which fields it has, their labels,
 * what kind of input each needs, and the lists inside it (cards, figures,
 * questions…). One generic form renders every block from this, so adding a
 * field to a block is one line here plus its schema, not a new screen.
 * Labels match the messages of block-schema.ts, so an error reads naturally
 * beside its field.
 */
import type { BlockType } from "#app/features/blocks/block-schema";
import { FORM_KINDS, TONES } from "#app/features/blocks/block-schema";
import { LAYOUTS } from "#app/content/types";
import { HERO_LOOKS } from "#app/features/blocks/hero-contrast";
import type { WordingField } from "#app/features/blocks/form-wording";

export type Option = { value: string; label: string };

export type FieldSpec =
  | { key: string; label: string; kind: "text" | "textarea" | "link" | "icon"; hint?: string; optional?: boolean }
  | { key: string; label: string; kind: "number"; min?: number; max?: number }
  | { key: string; label: string; kind: "checkbox"; hint?: string }
  | { key: string; label: string; kind: "select"; options: readonly Option[] | "videoPages" }
  | { key: string; label: string; kind: "image"; optional?: boolean }
  /** One optional button (label and link), null when empty. */
  | { key: string; label: string; kind: "button"; optional?: boolean }
  | { key: string; label: string; kind: "richtext" }
  /** A form block's consent or privacy words: starts from the form's standard words (form-wording.ts). */
  | { key: WordingField; label: string; kind: "wording" }
  | { key: string; label: string; kind: "list"; itemLabel: string; fields: readonly FieldSpec[]; max: number; newItem: () => Record<string, unknown> };

const TONE_LABELS: Record<(typeof TONES)[number], string> = { primary: "Blue", secondary: "Green", accent: "Orange", success: "Teal", warning: "Amber" };
const toneField: FieldSpec = { key: "tone", label: "Colour", kind: "select", options: TONES.map((t) => ({ value: t, label: TONE_LABELS[t] })) };
const title: FieldSpec = { key: "title", label: "Title", kind: "text", optional: true };
const intro: FieldSpec = { key: "intro", label: "Introduction", kind: "textarea", optional: true };

const buttonsList = (max: number): FieldSpec => ({
  key: "buttons",
  label: "Buttons",
  kind: "list",
  itemLabel: "Button",
  max,
  fields: [
    { key: "label", label: "Button label", kind: "text" },
    { key: "href", label: "Button link", kind: "link" },
  ],
  newItem: () => ({ label: "", href: "" }),
});

const givingLink: FieldSpec = { key: "link", label: "Giving link", kind: "link", optional: true, hint: "Leave empty to use the giving link in Settings." };

export const FORM_LABELS: Record<(typeof FORM_KINDS)[number], string> = {
  question: "Ask a question",
  volunteer: "Volunteer application",
  registration: "Register your child",
  newsletter: "Newsletter sign-up",
};

export const BLOCK_FIELDS: Record<BlockType, readonly FieldSpec[]> = {
  hero: [
    { key: "title", label: "Hero Title", kind: "text" },
    { key: "subtitle", label: "Hero Subtitle", kind: "textarea", optional: true },
    { key: "image", label: "Picture", kind: "image", optional: true },
    buttonsList(3),
    {
      key: "style",
      label: "Look",
      kind: "select",
      options: Object.entries(HERO_LOOKS).map(([value, look]) => ({ value, label: look.label })),
    },
  ],
  text: [
    { key: "title", label: "Main Title", kind: "text", optional: true },
    { key: "body", label: "Text", kind: "richtext" },
    { key: "layout", label: "Page Layout", kind: "select", options: LAYOUTS.map((l) => ({ value: l, label: l })) },
  ],
  image: [
    { key: "image", label: "Picture", kind: "image" },
    { key: "caption", label: "Caption", kind: "text", optional: true },
    {
      key: "align",
      label: "Alignment",
      kind: "select",
      options: [
        { value: "centre", label: "Centre" },
        { value: "left", label: "Left" },
        { value: "right", label: "Right" },
        { value: "full", label: "Full width" },
      ],
    },
  ],
  gallery: [
    title,
    {
      key: "images",
      label: "Pictures",
      kind: "list",
      itemLabel: "Picture",
      max: 60,
      fields: [
        { key: "$image", label: "Picture", kind: "image" },
        { key: "caption", label: "Caption", kind: "text", optional: true },
      ],
      newItem: () => ({ src: "", alt: "", decorative: false, caption: "" }),
    },
  ],
  videos: [
    title,
    { key: "assignment", label: "Video page", kind: "select", options: "videoPages" },
    {
      key: "display",
      label: "Show",
      kind: "select",
      options: [
        { value: "gallery", label: "Every video, in a grid" },
        { value: "latest", label: "Only the newest, large" },
      ],
    },
  ],
  cards: [
    title,
    intro,
    {
      key: "columns",
      label: "Cards per row on wide screens",
      kind: "select",
      options: [
        { value: "2", label: "2" },
        { value: "3", label: "3" },
        { value: "4", label: "4" },
      ],
    },
    {
      key: "cards",
      label: "Cards",
      kind: "list",
      itemLabel: "Card",
      max: 24,
      fields: [
        { key: "title", label: "Card title", kind: "text" },
        { key: "description", label: "Card description", kind: "textarea", optional: true },
        { key: "icon", label: "Icon", kind: "icon", optional: true },
        toneField,
        { key: "href", label: "Card link", kind: "link", optional: true },
        { key: "buttonLabel", label: "Button label", kind: "text", optional: true, hint: "Shown on the card's link, e.g. \"Explore\"." },
      ],
      newItem: () => ({ title: "", description: "", icon: "", tone: "primary", href: "", buttonLabel: "" }),
    },
    buttonsList(4),
  ],
  figures: [
    title,
    {
      key: "figures",
      label: "Figures",
      kind: "list",
      itemLabel: "Figure",
      max: 12,
      fields: [
        { key: "value", label: "Value", kind: "number", min: 0 },
        { key: "suffix", label: "Suffix", kind: "text", optional: true, hint: "Shown after the number, e.g. + or %." },
        { key: "label", label: "Figure label", kind: "text" },
        toneField,
      ],
      newItem: () => ({ value: 0, suffix: "", label: "", tone: "primary" }),
    },
  ],
  steps: [
    title,
    {
      key: "steps",
      label: "Steps",
      kind: "list",
      itemLabel: "Step",
      max: 12,
      fields: [
        { key: "title", label: "Step title", kind: "text" },
        { key: "description", label: "Step description", kind: "textarea", optional: true },
        { key: "icon", label: "Icon", kind: "icon", optional: true },
      ],
      newItem: () => ({ title: "", description: "", icon: "" }),
    },
    buttonsList(4),
  ],
  faq: [
    title,
    {
      key: "entries",
      label: "Questions",
      kind: "list",
      itemLabel: "Question",
      max: 60,
      fields: [
        { key: "topic", label: "Topic", kind: "text", hint: "Also a choice in the Contact form's topic list." },
        { key: "question", label: "Question", kind: "text" },
        { key: "answer", label: "Answer", kind: "textarea" },
        { key: "followUp", label: "Next step link", kind: "button", optional: true },
      ],
      newItem: () => ({ id: `faq-${Date.now().toString(36)}`, topic: "", question: "", answer: "", followUp: null }),
    },
  ],
  donation: [
    title,
    {
      key: "oneOff",
      label: "One-off amounts",
      kind: "list",
      itemLabel: "Amount",
      max: 8,
      fields: [{ key: "amount", label: "Amount (£)", kind: "number", min: 1 }, { key: "impact", label: "What it buys", kind: "text" }, givingLink],
      newItem: () => ({ amount: 10, impact: "", link: "" }),
    },
    {
      key: "monthly",
      label: "Monthly tiers",
      kind: "list",
      itemLabel: "Tier",
      max: 8,
      fields: [
        { key: "amount", label: "Amount (£ a month)", kind: "number", min: 1 },
        { key: "name", label: "Tier name", kind: "text" },
        { key: "description", label: "Description", kind: "textarea", optional: true },
        givingLink,
      ],
      newItem: () => ({ amount: 5, name: "", description: "", link: "" }),
    },
  ],
  buttons: [title, { key: "text", label: "Text", kind: "textarea", optional: true }, buttonsList(4)],
  testimonials: [title, intro],
  events: [title, intro, { key: "limit", label: "Events shown", kind: "number", min: 1, max: 50 }],
  vacancies: [title, intro],
  contact: [title, intro, buttonsList(4)],
  map: [title, intro],
  form: [
    { key: "form", label: "Form", kind: "select", options: FORM_KINDS.map((f) => ({ value: f, label: FORM_LABELS[f] })) },
    title,
    intro,
    { key: "consent", label: "Consent wording", kind: "wording" },
    { key: "privacy", label: "Privacy note", kind: "wording" },
    buttonsList(4),
  ],
};

/** What a block shows in its collapsed row: its kind and its first words, so staff find it in a long page. */
export function blockSummary(block: Record<string, unknown>): string {
  for (const key of ["title", "label", "question"]) {
    const value = block[key];
    if (typeof value === "string" && value.trim()) return value.trim();
  }
  for (const key of ["cards", "figures", "steps", "entries", "images", "buttons", "oneOff"]) {
    const list = block[key];
    if (Array.isArray(list) && list.length) return `${list.length} ${list.length === 1 ? "item" : "items"}`;
  }
  return "";
}
