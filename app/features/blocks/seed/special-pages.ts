/**
 * The blocks of the built-in pages that are more than a hero and text (the
 * home page's cards and figures, the donation amounts, the FAQ entries, the
 * Join Us ways and steps, the volunteer roles, the registration benefits, the
 * public forms…), by built-in page id, in page order after the hero. A fresh
 * install and the migration of an existing one seed these as records; from
 * then on staff change them in the editor, not here.
 *
 * `before` and `after` say where the page's main text block goes among them.
 */
import { blockSchema, type Block, type BlockButton, type Card } from "#app/features/blocks/block-schema";
import { CTAS, getPageById } from "#app/content/pages";
import type { InfoCard } from "#app/content/types";
import {
  BUILT_IN_IMAGES,
  CATEGORY_FALLBACK_IMAGE,
  DONATION_IMPACT_CARDS,
  EXPLORE_CARDS,
  FAQ_TOPICS,
  GET_INVOLVED_CARDS,
  HOME_VIDEO_HEADING,
  IMPACT_STATS,
  JOIN_STEPS,
  JOIN_WAYS,
  MONTHLY_TIERS,
  ONE_TIME_AMOUNTS,
  OTHER_WAYS_TO_SUPPORT,
  REGISTER_BENEFITS,
  REGISTER_CHILD_BANNER,
  VOLUNTEER_ROLE_CARDS,
} from "#app/content/site";

export interface SpecialPageSeed {
  /** Blocks before the page's main text block, after its hero. */
  before: Block[];
  /** Blocks after the page's main text block. */
  after: Block[];
}

/** Through the schema, so each seed block has its defaults filled in and is known to be valid. */
const block = (input: Record<string, unknown>): Block => blockSchema.parse(input);

const cards = (list: readonly InfoCard[], buttonLabel: string): Card[] =>
  list.map((c) => ({ title: c.title, description: c.description, icon: c.icon, tone: c.tone ?? "primary", href: c.href ?? "", buttonLabel: c.href ? buttonLabel : "" }));

const button = (cta: BlockButton): BlockButton => ({ label: cta.label, href: cta.href });

/** The page's video slot: the videos staff assign to it in the Media and YouTube tabs, after its text. */
function videos(pageId: string): Block[] {
  const assignment = getPageById(pageId)?.videoAssignment;
  return assignment ? [block({ id: "videos", type: "videos", assignment })] : [];
}

const bannerSrc = CATEGORY_FALLBACK_IMAGE[REGISTER_CHILD_BANNER.fallbackCategory];
const banner = BUILT_IN_IMAGES.find((i) => i.filename === bannerSrc);

/** Which page a FAQ answer's next step is on. */
const FAQ_FOLLOW_UP: Record<string, BlockButton> = {
  programmes: { label: "See what we deliver", href: "/what-we-deliver" },
  registering: { label: "Register Your Child Now", href: "/contact/register-child" },
  volunteering: { label: "View volunteer vacancies", href: "/volunteer/vacancies" },
  safeguarding: { label: "Contact us about safeguarding", href: "/contact" },
};

export const SPECIAL_PAGE_BLOCKS: Readonly<Record<string, SpecialPageSeed>> = {
  home: {
    before: [block({ id: "latest-update", type: "videos", title: HOME_VIDEO_HEADING, assignment: "home", display: "latest" })],
    after: [
      block({ id: "explore-cards", type: "cards", columns: 4, cards: cards(EXPLORE_CARDS, "Explore") }),
      block({
        id: "impact",
        type: "figures",
        title: "Our Impact",
        figures: IMPACT_STATS.map((s) => ({ value: s.value, suffix: s.suffix, label: s.label, tone: s.color })),
      }),
      block({ id: "testimonials", type: "testimonials", title: "What People Say" }),
    ],
  },
  donate: {
    before: [],
    after: [
      ...videos("donate"),
      block({ id: "your-impact", type: "cards", title: "Your Impact", columns: 4, cards: cards(DONATION_IMPACT_CARDS, "Learn More") }),
      block({
        id: "one-time-donation",
        type: "donation",
        title: "Make a One-Time Donation",
        oneOff: ONE_TIME_AMOUNTS.map((a) => ({ amount: a.amount, impact: a.impact })),
        monthly: MONTHLY_TIERS.map((t) => ({ amount: t.amount, name: t.name, description: t.description })),
      }),
      block({ id: "other-ways-to-support", type: "cards", title: "Other Ways to Support", cards: cards(OTHER_WAYS_TO_SUPPORT, "Get in Touch") }),
      block({
        id: "donate-today",
        type: "buttons",
        title: "Every Gift Makes a Difference",
        // The amounts above, whose Donate Now leads to the giving page set in Settings.
        buttons: [{ label: "Donate Today", href: "#one-time-donation" }, button(CTAS.learnMore)],
      }),
    ],
  },
  "join-us": {
    before: [],
    after: [
      ...videos("join-us"),
      block({ id: "ways-to-get-involved", type: "cards", title: "Ways to Get Involved", cards: cards(JOIN_WAYS, "Learn More") }),
      block({
        id: "how-to-join",
        type: "steps",
        title: "How to Join",
        steps: JOIN_STEPS.map((s) => ({ title: s.title, description: s.description, icon: s.icon })),
        buttons: [button(CTAS.registerNow), button(CTAS.contactUs)],
      }),
    ],
  },
  volunteer: {
    before: [],
    after: [
      ...videos("volunteer"),
      block({
        id: "volunteer-roles",
        type: "cards",
        title: "Volunteer Roles",
        cards: cards(VOLUNTEER_ROLE_CARDS, "Learn More"),
        buttons: [button(CTAS.applyToVolunteer), button(CTAS.viewVacancies)],
      }),
      block({ id: "get-involved", type: "cards", title: "Other Ways to Get Involved", cards: cards(GET_INVOLVED_CARDS, "Find Out More") }),
    ],
  },
  "volunteer-vacancies": {
    before: [],
    after: [...videos("volunteer-vacancies"), block({ id: "vacancies", type: "vacancies", title: "Current Vacancies" })],
  },
  "volunteer-apply": {
    before: [],
    after: [
      ...videos("volunteer-apply"),
      block({
        id: "apply",
        type: "form",
        form: "volunteer",
        title: "Apply to Volunteer",
        intro: "Tell us a little about yourself and which roles interest you. It takes about five minutes.",
      }),
      block({
        id: "talk-first",
        type: "contact",
        title: "Prefer to talk first?",
        intro: "Call or email us, tell us which role interests you, and we will take it from there.",
        buttons: [button(CTAS.contactUs), button(CTAS.viewVacancies)],
      }),
    ],
  },
  "register-child": {
    before: [],
    after: [
      ...videos("register-child"),
      block({ id: "benefits", type: "cards", title: "Why Join Us", columns: 4, cards: cards(REGISTER_BENEFITS, "Learn More") }),
      block({
        id: "register",
        type: "form",
        form: "registration",
        title: "Register Your Child Now",
        intro: "Fill in this form and we will be in touch to welcome you and find the right sessions. It takes about five minutes. Our youth programmes are free.",
      }),
      ...(banner
        ? [block({ id: REGISTER_CHILD_BANNER.id, type: "image", align: "full", image: { src: banner.filename, alt: banner.alt, width: banner.width, height: banner.height } })]
        : []),
    ],
  },
  contact: {
    before: [],
    after: [
      ...videos("contact"),
      block({ id: "contact-details", type: "contact", title: "Contact Details" }),
      block({
        id: "ask-a-question",
        type: "form",
        form: "question",
        title: "Ask a Question",
        intro: "Send us your question and we will reply by email. Your answer may already be in our FAQs.",
        buttons: [{ label: "Read our FAQs", href: "/contact/faqs" }, button(CTAS.registerChild)],
      }),
    ],
  },
  faqs: {
    before: [],
    after: [
      ...videos("faqs"),
      block({
        id: "faq-topics",
        type: "faq",
        title: "Topics",
        entries: FAQ_TOPICS.map((t) => ({ id: t.id, topic: t.topic, question: t.question, answer: t.answer, followUp: FAQ_FOLLOW_UP[t.id] ?? null })),
      }),
      block({ id: "still-have-questions", type: "buttons", title: "Still Have Questions?", buttons: [button(CTAS.contactUs)] }),
    ],
  },
  news: {
    before: [],
    after: [...videos("news"), block({ id: "events", type: "events", title: "Upcoming Events", limit: 50 })],
  },
};
