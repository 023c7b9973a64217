// A published page of 30 visible blocks, of the kinds the site's own pages
// use, for `npm run bench blocks` (its render time beside /about/mission)
// and for `npm run bench lighthouse` when BENCH_PAGES names it. The page is
// written straight into a fresh SQLite data folder, as the Pages tab's "New
// page" would write it and then publish it, but hidden from the menu so that
// every other page (and /about/mission's header) renders exactly as before.
// test/blocks-page.unit.test.ts checks the document against the app's page
// schema, so a block the schema would refuse (and the site would not show)
// fails there rather than making the page quietly shorter.
import crypto from "node:crypto";
import { createRequire } from "node:module";
import path from "node:path";
import { root } from "./common.mjs";

export const BLOCKS_PAGE_PATH = "/about/thirty-blocks";
export const BLOCKS_PAGE_TITLE = "Thirty blocks";

/** Built-in pictures every install has (public/images), standing in for library uploads. */
const PICTURES = ["community", "cycling", "football", "hiking", "youth", "boxing", "sport", "humanitarian"].map((name) => ({
  src: `/images/${name}.svg`,
  alt: `Young people at a ${name} session at the centre`,
  decorative: false,
}));

const text = (value, marks) => ({ type: "text", text: value, ...(marks ? { marks } : {}) });
const link = (value, href) => text(value, [{ type: "link", attrs: { href } }]);
const paragraph = (...content) => ({ type: "paragraph", content });
const heading = (level, value) => ({ type: "heading", attrs: { level }, content: [text(value)] });
const bullets = (...items) => ({ type: "bulletList", content: items.map((item) => ({ type: "listItem", content: [paragraph(text(item))] })) });

/** A few paragraphs with a heading, a list, emphasis and links: what a programme page's text holds. */
function richText(n) {
  return {
    type: "doc",
    content: [
      // The editor's Heading 2 sits under the block's title (it renders as <h3>); Heading 3 under that.
      heading(2, `What happens in session ${n}`),
      paragraph(
        text("Every week young people from across Halifax meet at the centre for sport, mentoring and a hot meal. "),
        text("Sessions are free", [{ type: "bold" }]),
        text(", run by trained youth workers and volunteers, and open to anyone aged 8 to 18. "),
        link("See the timetable", "/what-we-deliver/youth-provision"),
        text(" or "),
        link("get in touch", "/contact"),
        text(" to book a place."),
      ),
      bullets("Football, boxing and bike rides", "Homework club and careers advice", "Trips and residentials in the holidays"),
      heading(3, "Who it is for"),
      paragraph(
        text("Parents and carers are welcome to come along to the first session. "),
        text("No kit is needed: we lend what you need.", [{ type: "italic" }]),
      ),
    ],
  };
}

const cards = (n, count) =>
  Array.from({ length: count }, (_, i) => ({
    title: `Programme ${n}.${i + 1}`,
    description: "Weekly sessions for young people, led by trained staff, with a meal and a lift home when needed.",
    icon: ["Users", "Trophy", "HeartHandshake", "Mountain"][i % 4],
    tone: ["primary", "secondary", "accent", "success"][i % 4],
    href: ["/what-we-offer", "/volunteer", "/donate", "/contact"][i % 4],
    buttonLabel: `Find out about programme ${n}.${i + 1}`,
  }));

/** The 30 blocks, each with a distinct title so a render can be checked for all of them. */
export function blocksPageDocument() {
  const blocks = [];
  const add = (block) => blocks.push({ id: `bench-${blocks.length + 1}`, hidden: false, ...block });
  add({ type: "hero", title: BLOCKS_PAGE_TITLE, subtitle: "A page of thirty blocks, as staff might build one for a programme.", image: null, buttons: [{ label: "Join a session", href: "/contact" }, { label: "Support our work", href: "/donate" }], style: "banner" });
  const kinds = [
    (n) => ({ type: "text", title: `Block ${n}: about the programme`, body: richText(n), layout: "text-only", images: [] }),
    (n) => ({ type: "figures", title: `Block ${n}: this year in numbers`, figures: [{ value: 1200, suffix: "+", label: "Young people reached", tone: "primary" }, { value: 85, suffix: "%", label: "Say they feel more confident", tone: "secondary" }, { value: 40, suffix: "", label: "Volunteers", tone: "accent" }, { value: 12, suffix: "", label: "Sports on offer", tone: "success" }] }),
    (n) => ({ type: "cards", title: `Block ${n}: ways to take part`, intro: "Choose what suits you.", columns: 3, cards: cards(n, 3), buttons: [] }),
    (n) => ({ type: "steps", title: `Block ${n}: how to join`, steps: [{ title: "Get in touch", description: "Call, e-mail or drop in.", icon: "MessageCircle" }, { title: "Meet the team", description: "A youth worker shows you round.", icon: "Handshake" }, { title: "Come along", description: "Join your first session.", icon: "Rocket" }, { title: "Keep going", description: "Earn awards as you go.", icon: "Medal" }], buttons: [{ label: "Ask about joining", href: "/contact" }] }),
    (n) => ({ type: "image", image: PICTURES[n % PICTURES.length], caption: `Block ${n}: a session at the centre`, align: "centre" }),
    (n) => ({ type: "faq", title: `Block ${n}: questions parents ask`, entries: Array.from({ length: 5 }, (_, i) => ({ id: `q${n}-${i}`, topic: `Sessions ${n}.${i}`, question: `Question ${i + 1}: does my child need to bring anything?`, answer: "Just comfortable clothes and a water bottle. We provide the kit, a meal and a safe place to be.", followUp: i === 0 ? { label: "Contact the team", href: "/contact" } : null })) }),
    (n) => ({ type: "buttons", title: `Block ${n}: get involved`, text: "There are many ways to help young people in Halifax.", buttons: [{ label: "Volunteer with us", href: "/volunteer" }, { label: "Make a donation", href: "/donate" }] }),
    (n) => ({ type: "gallery", title: `Block ${n}: pictures from the term`, images: PICTURES.slice(0, 4).map((p, i) => ({ ...p, caption: `Picture ${i + 1}` })) }),
    (n) => ({ type: "testimonials", title: `Block ${n}: what people say`, intro: "" }),
    (n) => ({ type: "events", title: `Block ${n}: coming up`, intro: "", limit: 3 }),
  ];
  for (let i = 0; blocks.length < 29; i++) add(kinds[i % kinds.length](blocks.length + 1));
  add({ type: "donation", title: `Block 30: what your gift does`, oneOff: [{ amount: 10, impact: "A week of hot meals for one young person", link: "" }, { amount: 25, impact: "A month of boxing sessions", link: "" }, { amount: 50, impact: "A place on a residential trip", link: "" }], monthly: [{ amount: 5, name: "Friend", description: "Keeps the doors open", link: "" }, { amount: 15, name: "Champion", description: "Funds a coach for a term", link: "" }] });
  return { title: BLOCKS_PAGE_TITLE, seo: { title: "", description: "", image: null, noindex: false }, blocks };
}

/** What a render of the page must contain: the title each block shows (testimonials and events show theirs only when there is something to list). */
export function blockTitles(document = blocksPageDocument()) {
  return document.blocks.map((b) => b.title ?? b.caption).filter(Boolean);
}

/**
 * Writes the page, published and hidden from the menu, into the SQLite
 * database of a data folder the server has already created (its migrations
 * and built-in pages in place) and is not running on.
 */
export function addBlocksPage(dataDir) {
  const require = createRequire(path.join(root, "package.json"));
  const SQLite = require("better-sqlite3");
  const db = new SQLite(path.join(dataDir, "site.db"));
  try {
    const parent = db.prepare("select id, category from pages where path = ? and deleted_at is null").get("/about");
    if (!parent) throw new Error("the data folder has no /about page: start the server on it once first");
    const top = db.prepare("select max(position) as top from pages where parent_id = ?").get(parent.id).top ?? -1;
    const now = new Date().toISOString();
    db.prepare(
      `insert into pages (id, parent_id, slug, path, category, position, menu_hidden, template, published, draft, version, scheduled_at, schedule_job_id, published_at, created_at, created_by, updated_at, updated_by, updated_by_email, deleted_at, deleted_by)
       values (?, ?, ?, ?, ?, ?, 1, 'content', ?, null, 1, null, null, ?, ?, null, ?, null, null, null, null)`,
    ).run(crypto.randomUUID(), parent.id, BLOCKS_PAGE_PATH.slice(BLOCKS_PAGE_PATH.lastIndexOf("/") + 1), BLOCKS_PAGE_PATH, parent.category, top + 1, JSON.stringify(blocksPageDocument()), now, now, now);
  } finally {
    db.close();
  }
}
