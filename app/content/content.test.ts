import { existsSync, readFileSync, statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import * as Lucide from "lucide-react";
import { describe, expect, it } from "vitest";
import { flattenNavigation, NAVIGATION, SECONDARY_LINKS } from "./navigation";
import {
  BUILT_IN_PAGES,
  CTAS,
  getPageById,
  getPageByPath,
  PAGE_CATEGORIES,
  PAGE_CATEGORY_LABELS,
} from "./pages";
import {
  BUILT_IN_IMAGES,
  BUILT_IN_TESTIMONIALS,
  CAROUSEL_INTERVAL_MS,
  CATEGORY_FALLBACK_IMAGE,
  COUNTER_DURATION_MS,
  COUNTER_TICK_MS,
  COUNTER_VISIBILITY_THRESHOLD,
  DEFAULT_SITE_SETTINGS,
  DONATION_IMPACT_CARDS,
  EVENT_CATEGORIES,
  EXPLORE_CARDS,
  FALLBACK_IMAGES,
  FAQ_TOPICS,
  GET_INVOLVED_CARDS,
  IMPACT_STATS,
  JOIN_STEPS,
  JOIN_WAYS,
  LIBRARY_UPLOAD_MAX_BYTES,
  MARATHON_DISTANCES,
  MEDIA_CATEGORIES,
  MEDIA_SECTIONS,
  MONTHLY_TIERS,
  NEWS_CARDS,
  NEWSLETTER_TEMPLATES,
  ONE_TIME_AMOUNTS,
  OTHER_WAYS_TO_SUPPORT,
  PICKER_CATEGORIES,
  QUICK_UPLOAD_MAX_BYTES,
  RECENT_UPLOADS_LIMIT,
  REGISTER_BENEFITS,
  toStoredCategory,
  UPLOADER_CATEGORIES,
  VOLUNTEER_ROLE_CARDS,
  VOLUNTEER_TYPES,
  VOLUNTEER_VACANCIES,
  YOUTH_AGE_RANGE,
} from "./site";
import { LAYOUT_DESCRIPTIONS, LAYOUTS } from "./types";

const PUBLIC_DIR = fileURLToPath(new URL("../../public/", import.meta.url));
const PATHS = new Set(BUILT_IN_PAGES.map((p) => p.path));

/** Every public route, written out so that a page going missing (or appearing) fails the test. */
const SPEC_ROUTES = [
  "/",
  "/about",
  ...["mission", "difference", "facilities", "funders"].map((s) => `/about/${s}`),
  "/what-we-deliver",
  ...[
    "youth-provision",
    "haf",
    "sports",
    "happier-healthier",
    "employability",
    "vrp",
    "sen",
    "active-travel-hub",
    "residentials-trips",
  ].map((s) => `/what-we-deliver/${s}`),
  "/what-we-offer",
  ...[
    "serving-humanity",
    "football-teams",
    "bike-rides",
    "boxing-mma",
    "football",
    "marathons",
    "mountains",
    "tough-mudder",
  ].map((s) => `/what-we-offer/${s}`),
  "/news",
  "/volunteer",
  "/volunteer/apply",
  "/volunteer/vacancies",
  "/contact",
  "/contact/register-child",
  "/contact/faqs",
  "/join-us",
  "/donate",
  "/privacy-policy",
  "/terms",
];

/** An internal href resolves when its path (without #fragment or ?query) is a page; "#x" is same-page. */
function resolves(href: string): boolean {
  if (href.startsWith("#")) return href.length > 1;
  if (!href.startsWith("/")) return false;
  const path = href.split(/[?#]/, 1)[0] ?? "";
  return PATHS.has(path);
}

function markdownLinks(markdown: string): string[] {
  return [...markdown.matchAll(/\[[^\]]+\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? "");
}

function cardHrefs(cards: readonly { href?: string }[]): string[] {
  return cards.flatMap((c) => (c.href ? [c.href] : []));
}

describe("page catalogue", () => {
  it("covers exactly the site's public routes", () => {
    expect([...PATHS].sort()).toEqual([...SPEC_ROUTES].sort());
  });

  it("has unique paths, ids and descriptions of at most 160 characters", () => {
    const count = (values: string[]) => new Set(values).size;
    expect(count(BUILT_IN_PAGES.map((p) => p.path))).toBe(BUILT_IN_PAGES.length);
    expect(count(BUILT_IN_PAGES.map((p) => p.id))).toBe(BUILT_IN_PAGES.length);
    expect(count(BUILT_IN_PAGES.map((p) => p.description))).toBe(BUILT_IN_PAGES.length);
    for (const page of BUILT_IN_PAGES) {
      expect(page.description.length, page.id).toBeGreaterThan(40);
      expect(page.description.length, page.id).toBeLessThanOrEqual(160);
    }
  });

  it("fills every text field", () => {
    for (const page of BUILT_IN_PAGES) {
      for (const field of ["title", "heroTitle", "heroSubtitle", "mainTitle", "content"] as const) {
        expect(page[field].trim(), `${page.id}.${field}`).not.toBe("");
      }
    }
  });

  it("puts every sub-page under an existing parent page", () => {
    for (const page of BUILT_IN_PAGES) {
      const parent = page.path.slice(0, page.path.lastIndexOf("/"));
      if (parent !== "") expect(PATHS.has(parent), page.path).toBe(true);
    }
  });

  it("groups pages into the six categories of the admin page selector", () => {
    expect(PAGE_CATEGORIES).toHaveLength(6);
    expect(Object.keys(PAGE_CATEGORY_LABELS).sort()).toEqual([...PAGE_CATEGORIES].sort());
    const categoryOf = (prefix: string) =>
      new Set(BUILT_IN_PAGES.filter((p) => p.path.startsWith(prefix)).map((p) => p.category));
    expect(categoryOf("/about")).toEqual(new Set(["about"]));
    expect(categoryOf("/what-we-deliver")).toEqual(new Set(["deliver"]));
    expect(categoryOf("/what-we-offer")).toEqual(new Set(["offer"]));
    expect(getPageById("privacy-policy")?.category).toBe("legal");
    expect(getPageById("terms")?.category).toBe("legal");
  });

  it("keeps the pages' established titles", () => {
    const titles: Record<string, string> = {
      "/what-we-deliver/haf": "HAF (Healthy Holidays)",
      "/what-we-deliver/vrp": "VRU / VRP Programs",
      "/what-we-offer/football": "Football Excellence",
      "/what-we-offer/mountains": "Walking & Hiking Adventures",
      "/what-we-offer/boxing-mma": "Boxing & MMA Training",
      "/news": "News and Events",
      "/contact/register-child": "Register Your Child Now",
    };
    for (const [path, title] of Object.entries(titles)) expect(getPageByPath(path)?.title).toBe(title);
    expect(getPageByPath("/")?.heroTitle).toBe("Empowering Our Community");
  });

  it("is text-only except home and residentials-trips", () => {
    for (const page of BUILT_IN_PAGES) {
      const expected = page.id === "home" || page.id === "residentials-trips" ? "hero-content" : "text-only";
      expect(page.layout, page.id).toBe(expected);
      expect(LAYOUTS).toContain(page.layout);
    }
    expect(Object.keys(LAYOUT_DESCRIPTIONS).sort()).toEqual([...LAYOUTS].sort());
  });

  it("offers each page's section options for section images", () => {
    expect(getPageById("serving-humanity")?.sections).toEqual(["hero", "uc3-infographic", "values"]);
    expect(getPageById("about")?.sections).toEqual(["hero", "team", "mission"]);
    expect(getPageById("sports")?.sections).toEqual(["hero", "activities"]);
    expect(getPageById("haf")?.sections).toEqual(["hero", "content"]);
  });

  it("keeps the video gallery names that videos are assigned to", () => {
    const byPath = (path: string) => getPageByPath(path)?.videoAssignment;
    expect(byPath("/")).toBe("home");
    expect(byPath("/what-we-deliver/haf")).toBe("haf-program");
    expect(byPath("/what-we-deliver/vrp")).toBe("violence-reduction");
    expect(byPath("/what-we-deliver/sen")).toBe("sen-provision");
    expect(byPath("/what-we-offer/mountains")).toBe("walking-hiking");
    expect(byPath("/news")).toBe("news-events");
    expect(byPath("/contact/register-child")).toBe("register-child");
    const names = BUILT_IN_PAGES.flatMap((p) => (p.videoAssignment ? [p.videoAssignment] : []));
    expect(new Set(names).size).toBe(names.length);
    for (const name of names) expect(name).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("keeps the placeholder pages as placeholders", () => {
    expect(getPageById("sen")?.content).toContain("being developed");
    expect(getPageById("privacy-policy")?.content).toContain("being drafted");
    expect(getPageById("terms")?.content).toContain("being written");
  });

  it("links only to real pages from content and buttons", () => {
    for (const page of BUILT_IN_PAGES) {
      for (const href of [...markdownLinks(page.content), ...page.ctas.map((c) => c.href)]) {
        expect(resolves(href), `${page.id} -> ${href}`).toBe(true);
      }
    }
    for (const cta of Object.values(CTAS)) expect(resolves(cta.href), cta.label).toBe(true);
  });

  it("sends each button label to one destination", () => {
    const targets = new Map<string, string>();
    for (const cta of BUILT_IN_PAGES.flatMap((p) => p.ctas)) {
      expect(targets.get(cta.label) ?? cta.href, cta.label).toBe(cta.href);
      targets.set(cta.label, cta.href);
    }
    expect(targets.get("Register Your Child")).toBe("/contact/register-child");
    expect(targets.get("Book Free Session")).toBe("/contact/register-child");
    expect(targets.get("Apply Now")).toBe("/volunteer/apply");
    expect(targets.get("Ask a Question")).toBe("/contact#ask-a-question");
  });

  it("finds pages by path (tolerating a trailing slash, query or fragment) and by id", () => {
    expect(getPageByPath("/about/")?.id).toBe("about");
    expect(getPageByPath("/what-we-deliver/haf?x=1#top")?.id).toBe("haf");
    expect(getPageByPath("/nope")).toBeUndefined();
    expect(getPageById("home")?.path).toBe("/");
    expect(getPageById("nope")).toBeUndefined();
  });
});

describe("navigation", () => {
  const items = flattenNavigation(NAVIGATION);

  it("links only to pages", () => {
    for (const item of [...items, ...SECONDARY_LINKS]) expect(PATHS.has(item.href), item.href).toBe(true);
  });

  it("puts every sub-item under its parent's full prefix", () => {
    for (const parent of items) {
      for (const sub of parent.subItems ?? []) {
        expect(sub.href === parent.href || sub.href.startsWith(`${parent.href}/`), sub.href).toBe(true);
      }
    }
  });

  it("reaches every public page from the menu or the secondary links", () => {
    const linked = new Set([...items, ...SECONDARY_LINKS].map((i) => i.href));
    expect([...PATHS].filter((p) => !linked.has(p))).toEqual([]);
  });

  it("keeps the menu's order and sub-menus", () => {
    const subCount = (href: string) => NAVIGATION.find((i) => i.href === href)?.subItems?.length;
    expect(NAVIGATION.map((i) => i.href)).toEqual([
      "/",
      "/about",
      "/what-we-deliver",
      "/what-we-offer",
      "/news",
      "/volunteer",
      "/contact",
    ]);
    expect(subCount("/about")).toBe(4);
    expect(subCount("/what-we-deliver")).toBe(9);
    expect(subCount("/what-we-offer")).toBe(8);
    expect(subCount("/volunteer")).toBe(2);
    expect(NAVIGATION.find((i) => i.href === "/contact")?.subItems?.map((i) => i.href)).toEqual([
      "/contact/register-child",
      "/contact",
      "/contact/faqs",
    ]);
  });
});

describe("site constants", () => {
  it("has the timing and upload limits", () => {
    expect(CAROUSEL_INTERVAL_MS).toBe(5000);
    expect(COUNTER_DURATION_MS).toBe(2000);
    expect(COUNTER_TICK_MS).toBe(16);
    expect(COUNTER_VISIBILITY_THRESHOLD).toBe(0.1);
    expect(QUICK_UPLOAD_MAX_BYTES).toBe(10_485_760);
    expect(LIBRARY_UPLOAD_MAX_BYTES).toBe(524_288_000);
    expect(RECENT_UPLOADS_LIMIT).toBe(5);
    expect(YOUTH_AGE_RANGE).toEqual({ min: 8, max: 25 });
  });

  it("has the impact figures", () => {
    expect(IMPACT_STATS.map((s) => [s.value, s.suffix, s.label])).toEqual([
      [500, "+", "Children Supported Weekly"],
      [150, "", "Dedicated Volunteers"],
      [15, "", "Community Programs"],
      [10000, "+", "Meals Provided"],
    ]);
  });

  it("has the donation amounts and their impact statements", () => {
    expect(ONE_TIME_AMOUNTS.map((a) => a.amount)).toEqual([10, 25, 50, 100]);
    expect(ONE_TIME_AMOUNTS.map((a) => a.impact)).toEqual([
      "£10 gives a young person a week of youth sessions",
      "£25 covers sports equipment for a group session",
      "£50 supports educational workshops and materials",
      "£100 helps maintain community facilities for a month",
    ]);
    expect(MONTHLY_TIERS.map((t) => t.amount)).toEqual([5, 15, 30]);
    expect(DONATION_IMPACT_CARDS.map((c) => c.title)).toEqual([
      "Youth Development",
      "Sports & Activities",
      "Educational Support",
      "Community Facilities",
    ]);
  });

  it("has the fixed cards and lists of the public pages", () => {
    expect(BUILT_IN_TESTIMONIALS).toHaveLength(4);
    expect(EXPLORE_CARDS.map((c) => c.href)).toEqual(["/what-we-deliver", "/what-we-offer", "/volunteer", "/news"]);
    expect(GET_INVOLVED_CARDS.map((c) => c.href)).toEqual([
      "/what-we-deliver/youth-provision",
      "/what-we-deliver/sports",
      "/what-we-offer",
      "/what-we-deliver/employability",
      "/news",
      "/what-we-deliver/happier-healthier",
    ]);
    expect(JOIN_STEPS.map((s) => s.title)).toEqual(["Get in Touch", "Register", "Start Your Journey"]);
    expect(NEWS_CARDS.map((c) => [c.title, c.frequency])).toEqual([
      ["Creative Arts Workshop", null],
      ["Youth Community Celebration", "Monthly"],
      ["Life Skills Workshop", "Weekly"],
    ]);
    expect(VOLUNTEER_ROLE_CARDS).toHaveLength(6);
    expect(new Set(VOLUNTEER_ROLE_CARDS.map((c) => c.type))).toEqual(new Set(VOLUNTEER_TYPES.map((t) => t.value)));
    expect(VOLUNTEER_VACANCIES).toHaveLength(5);
    expect(REGISTER_BENEFITS.map((b) => b.title)).toEqual([
      "Make New Friends",
      "Explore Exciting Workshops",
      "Build Life Skills",
      "Caring Mentors",
    ]);
    expect(FAQ_TOPICS).toHaveLength(4);
    expect(MARATHON_DISTANCES.map((d) => d.label)).toEqual([
      "3k Junior",
      "5k",
      "10k",
      "Half Marathon",
      "Full Marathon",
    ]);
  });

  it("has the admin option lists", () => {
    const values = (list: readonly { value: string }[]) => list.map((o) => o.value);
    expect(values(MEDIA_CATEGORIES)).toEqual(["cycling", "boxing", "football", "humanitarian", "hiking", "general"]);
    expect(MEDIA_CATEGORIES.find((c) => c.value === "boxing")?.label).toBe("Boxing/MMA");
    expect(MEDIA_CATEGORIES.find((c) => c.value === "hiking")?.label).toBe("Hiking/Outdoor");
    expect(values(UPLOADER_CATEGORIES)).toEqual([
      "general",
      "humanitarian",
      "cycling",
      "boxing",
      "football",
      "hiking",
      "branding",
      "facilities",
      "community",
      "activities",
    ]);
    expect(values(PICKER_CATEGORIES)).toEqual([
      "all",
      "branding",
      "activities",
      "humanitarian",
      "cycling",
      "boxing",
      "football",
      "hiking",
      "general",
    ]);
    expect(values(MEDIA_SECTIONS)).toEqual(["hero", "content-main", "gallery", "testimonials", "background"]);
    expect(values(NEWSLETTER_TEMPLATES)).toEqual([
      "monthly-update",
      "event-announcement",
      "success-stories",
      "fundraising",
      "custom",
    ]);
    expect(values(EVENT_CATEGORIES)).toEqual(["sports", "youth", "community", "fundraising", "education", "workshops"]);
    expect(values(VOLUNTEER_TYPES)).toEqual([
      "coaching",
      "mentoring",
      "administration",
      "events",
      "fundraising",
      "maintenance",
    ]);
    expect(toStoredCategory("boxing")).toBe("boxing");
    expect(toStoredCategory("branding")).toBe("general");
  });

  it("invents no contact details", () => {
    const { phone, email, postalAddress, charityNumber, social } = DEFAULT_SITE_SETTINGS;
    expect([phone, email, postalAddress, charityNumber, ...Object.values(social)]).toEqual(
      Array(9).fill(""),
    );
  });

  it("links cards only to real pages and names only real icons", () => {
    const cards = [
      ...EXPLORE_CARDS,
      ...GET_INVOLVED_CARDS,
      ...JOIN_WAYS,
      ...DONATION_IMPACT_CARDS,
      ...OTHER_WAYS_TO_SUPPORT,
      ...VOLUNTEER_ROLE_CARDS,
      ...REGISTER_BENEFITS,
    ];
    for (const href of cardHrefs(cards)) expect(resolves(href), href).toBe(true);
    const icons = [...cards, ...JOIN_STEPS, ...NEWS_CARDS].map((c) => c.icon);
    for (const icon of icons) expect(Object.hasOwn(Lucide, icon), icon).toBe(true);
  });
});

describe("built-in images", () => {
  const publicFile = (url: string) => `${PUBLIC_DIR}${url.replace(/^\//, "")}`;

  it("point at small, self-contained SVG files that exist", () => {
    const files = new Set([
      ...BUILT_IN_IMAGES.map((i) => i.filename),
      ...FALLBACK_IMAGES,
      ...Object.values(CATEGORY_FALLBACK_IMAGE),
      "/favicon.svg",
    ]);
    for (const url of files) {
      const file = publicFile(url);
      expect(existsSync(file), url).toBe(true);
      expect(statSync(file).size, url).toBeLessThan(3 * 1024);
      const svg = readFileSync(file, "utf8");
      expect(svg, url).toMatch(/^<svg [^>]*viewBox="0 0 \d+ \d+"/);
      expect(svg, url).not.toMatch(/<script|<text|<foreignObject|<image|\shref=|url\(|\son[a-z]+=/i);
    }
  });

  it("have unique ids, alt text and sizes matching their files", () => {
    expect(new Set(BUILT_IN_IMAGES.map((i) => i.id)).size).toBe(BUILT_IN_IMAGES.length);
    for (const image of BUILT_IN_IMAGES) {
      expect(image.alt.trim(), image.id).not.toBe("");
      const root = /^<svg [^>]*>/.exec(readFileSync(publicFile(image.filename), "utf8"))?.[0] ?? "";
      expect(root, image.id).toContain(` width="${image.width}" height="${image.height}"`);
    }
  });

  it("cover every picker category and fall back in three steps", () => {
    const categories = new Set(BUILT_IN_IMAGES.map((i) => i.category));
    for (const { value } of PICKER_CATEGORIES) {
      if (value !== "all") expect(categories.has(value), value).toBe(true);
    }
    for (const { value } of [...UPLOADER_CATEGORIES, ...MEDIA_CATEGORIES]) {
      expect(CATEGORY_FALLBACK_IMAGE[value], value).toBeDefined();
    }
    expect(FALLBACK_IMAGES).toHaveLength(3);
  });
});
