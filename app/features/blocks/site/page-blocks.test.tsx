import { renderToStaticMarkup } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { DEFAULT_SITE_SETTINGS } from "#app/content/site";
import { blockSchema, type Block } from "#app/features/blocks/block-schema";
import { EMPTY_BLOCK_DATA, type BlockData } from "#app/features/blocks/block-data";
import { markdownToRichText } from "#app/features/blocks/rich-text";
import { PageBlocks } from "./page-blocks";

const block = (input: Record<string, unknown>): Block => blockSchema.parse(input);
const data = (extra: Partial<BlockData> = {}): BlockData => ({ ...EMPTY_BLOCK_DATA(DEFAULT_SITE_SETTINGS), ...extra });

function render(blocks: Block[], extra: Partial<BlockData> = {}, pagePath = "/somewhere"): string {
  const Stub = createRoutesStub([{ path: pagePath, Component: () => <PageBlocks blocks={blocks} data={data(extra)} pagePath={pagePath} /> }]);
  return renderToStaticMarkup(<Stub initialEntries={[pagePath]} />).replaceAll("<!-- -->", "");
}

/** The page's text as a reader meets it. */
const text = (html: string) =>
  html
    .replace(/<(svg|script|style)\b[\s\S]*?<\/\1>/g, " ")
    .replace(/<[^>]+>/g, " ")
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/\s+/g, " ")
    .trim();
const headings = (html: string) => [...html.matchAll(/<h([1-6])\b[^>]*>([\s\S]*?)<\/h\1>/g)].map((m) => `h${m[1]} ${text(m[2]!)}`);

const hero = block({ id: "hero", type: "hero", title: "Join Us", subtitle: "Be part of it", buttons: [{ label: "Register", href: "/contact/register-child" }] });

describe("PageBlocks", () => {
  it("renders blocks in order with one h1, block titles as h2 and what they hold as h3", () => {
    const html = render([
      hero,
      block({ id: "main", type: "text", title: "About the club", body: markdownToRichText("Some words.\n\n## More detail\n\nMore words.") }),
      block({ id: "ways", type: "cards", title: "Ways to help", cards: [{ title: "Give time", description: "Volunteer with us", href: "/volunteer", buttonLabel: "Find Out More" }] }),
      block({ id: "steps", type: "steps", title: "How to Join", steps: [{ title: "Get in touch" }, { title: "Register" }] }),
    ]);
    expect(headings(html)).toEqual(["h1 Join Us", "h2 About the club", "h3 More detail", "h2 Ways to help", "h3 Give time", "h2 How to Join", "h3 Get in touch", "h3 Register"]);
    expect(text(html)).toContain("Find Out More : Give time");
    expect(text(html)).toContain("1 Get in touch");
    expect(html).toContain('href="/contact/register-child"');
  });

  it("leaves hidden blocks out", () => {
    const html = render([hero, block({ id: "secret", type: "buttons", title: "Not yet", hidden: true, buttons: [{ label: "Soon", href: "/soon" }] })]);
    expect(text(html)).not.toContain("Not yet");
    expect(html).not.toContain("/soon");
  });

  it("draws a second hero as a titled band, so the page keeps one h1", () => {
    const html = render([hero, block({ id: "again", type: "hero", title: "Another start", buttons: [{ label: "Go", href: "/go" }] })]);
    expect(headings(html)).toEqual(["h1 Join Us", "h2 Another start"]);
  });

  it("drops links the site would not follow from cards and buttons", () => {
    // The schema refuses these; a stored block that got past it is still not trusted.
    const cards = block({ id: "c", type: "cards", title: "Cards", cards: [{ title: "Safe" }] });
    const unsafe = {
      ...cards,
      cards: [{ ...(cards.type === "cards" ? cards.cards[0]! : ({} as never)), title: "Bad card", href: "javascript:alert(1)", buttonLabel: "Click" }],
    } as Block;
    const buttons = { id: "b", type: "buttons", hidden: false, title: "Buttons", text: "", buttons: [{ label: "Bad button", href: "javascript:alert(1)" }, { label: "Good", href: "/ok" }] } as Block;
    const html = render([unsafe, buttons]);
    expect(html).not.toContain("javascript:");
    expect(text(html)).toContain("Bad card");
    expect(text(html)).not.toContain("Bad button");
    expect(html).toContain('href="/ok"');
  });

  it("shows impact figures as final numbers the counter script counts up to", () => {
    const html = render([block({ id: "impact", type: "figures", title: "Our Impact", figures: [{ value: 10000, suffix: "+", label: "Meals Provided" }] })]);
    expect(html).toContain('data-enhance="counters"');
    expect(html).toContain('data-value="10000"');
    expect(text(html)).toContain("10,000+ 10,000+ Meals Provided");
  });

  it("lists questions with jump links and each answer's next step", () => {
    const html = render([
      block({
        id: "faq",
        type: "faq",
        title: "Topics",
        entries: [{ id: "joining", topic: "How to register", question: "How do I sign up?", answer: "Fill in the form.", followUp: { label: "Register now", href: "/contact/register-child" } }],
      }),
    ]);
    expect(html).toContain('href="#faq-joining"');
    expect(html).toContain('id="faq-joining"');
    expect(text(html)).toContain("How to register How do I sign up? Fill in the form. Register now");
  });

  it("offers the one-off amounts and monthly tiers, leading to the giving page in Settings", () => {
    const donation = block({
      id: "give",
      type: "donation",
      title: "Make a One-Time Donation",
      oneOff: [{ amount: 10, impact: "A week of sessions" }, { amount: 25, impact: "Sports kit" }],
      monthly: [{ amount: 5, name: "Friend" }],
    });
    const withoutGiving = render([donation]);
    expect(text(withoutGiving)).toContain("£10 A week of sessions £25 Sports kit Donate Now");
    expect(text(withoutGiving)).toContain("Online giving is being set up.");
    expect(text(withoutGiving)).toContain("Friend £5 a month");
    expect(withoutGiving).toMatch(/<input[^>]*(checked=""[^>]*value="25"|value="25"[^>]*checked="")/);
    const settings = { ...DEFAULT_SITE_SETTINGS, donationUrl: "https://give.example.org/once", monthlyDonationUrl: "https://give.example.org/monthly" };
    const withGiving = render([donation], { settings });
    expect(withGiving).toContain('href="https://give.example.org/once"');
    expect(withGiving).toContain('href="https://give.example.org/monthly"');
    expect(text(withGiving)).not.toContain("Online giving is being set up.");
  });

  it("shows the testimonials carousel only when there are testimonials", () => {
    const testimonials = block({ id: "t", type: "testimonials", title: "What People Say" });
    expect(text(render([testimonials]))).toBe("");
    const html = render([testimonials], { testimonials: [{ id: "1", quote: "Brilliant sessions.", author: "A parent", role: "Parent", color: "primary" }] });
    expect(text(html)).toContain("What People Say");
    expect(text(html)).toContain("Brilliant sessions.");
  });

  it("says when the vacancies cannot be read, and when there are none", () => {
    const vacancies = block({ id: "v", type: "vacancies", title: "Current Vacancies" });
    expect(text(render([vacancies], { vacancies: null }))).toContain("We cannot show our vacancies just now.");
    expect(text(render([vacancies], { vacancies: [] }))).toContain("We have no open vacancies right now");
  });

  it("shows the contact details from Settings and the map's link", () => {
    const settings = { ...DEFAULT_SITE_SETTINGS, phone: "01422 000000" };
    const html = render([block({ id: "c", type: "contact", title: "Contact Details" }), block({ id: "m", type: "map", title: "Find Us" })], { settings });
    expect(text(html)).toContain("Phone 01422 000000");
    expect(html).toContain("openstreetmap.org");
  });

  it("posts a form block to the route that owns the form, with the staff's wording", () => {
    const form = block({ id: "ask", type: "form", form: "question", title: "Ask a Question", intro: "We reply by email.", privacy: "Only used to reply." });
    const elsewhere = render([form], { questionTopics: [{ value: "joining", label: "Joining" }, { value: "other", label: "Something else" }] }, "/about");
    expect(elsewhere).toContain('action="/contact"');
    expect(text(elsewhere)).toContain("We reply by email.");
    expect(text(elsewhere)).toContain("Only used to reply. Read our privacy policy");
    expect(text(elsewhere)).toContain("Choose a topic Joining Something else");
    const own = render([form], { forms: { sent: true } }, "/contact");
    expect(text(own)).toContain("Thank you for your question");
    expect(own).not.toContain("<form");
  });
});
