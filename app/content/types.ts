/**
 * Types for the site's built-in copy: the defaults every
 * public page shows until staff save their own version in the admin area.
 */

/** Groups in the admin page selector. */
export type PageCategory = "about" | "deliver" | "offer" | "main" | "engagement" | "legal";

/** Page layouts an editor can choose. */
export type Layout = "text-only" | "image-left" | "image-right" | "gallery" | "hero-content";

export const LAYOUTS: readonly Layout[] = [
  "text-only",
  "image-left",
  "image-right",
  "gallery",
  "hero-content",
];

/**
 * Shown live under the admin's Page Layout selector: where each layout puts
 * the page's images, as placeImages (app/features/pages/page-layout.ts) does. Images
 * applied to a section in the Page Images tab show with every layout.
 */
export const LAYOUT_DESCRIPTIONS: Record<Layout, string> = {
  "text-only":
    "Text only: the page title and content, and none of the page's images: choose another layout to show the images in the Images tab.",
  "image-left":
    "Image left: one image sits to the left of the content on wide screens (the first marked Sidebar, else the first marked Inline, else the first). An image marked Hero is a banner at the top, Gallery images form a grid under the content, and the rest follow the content.",
  "image-right":
    "Image right: one image sits to the right of the content on wide screens (the first marked Sidebar, else the first marked Inline, else the first). An image marked Hero is a banner at the top, Gallery images form a grid under the content, and the rest follow the content.",
  gallery: "Gallery: every image forms a grid under the content, except one marked Hero, which is a banner at the top.",
  "hero-content":
    "Hero with content: a large banner at the top (the image marked Hero, else the first image), then the content. Gallery images form a grid under it, and the rest follow the content.",
};

/** Where a page image is placed; new entries default to "inline". */
export type ImagePosition = "hero" | "inline" | "sidebar" | "gallery";

export const IMAGE_POSITIONS: readonly ImagePosition[] = ["hero", "inline", "sidebar", "gallery"];

export const DEFAULT_IMAGE_POSITION: ImagePosition = "inline";

/** Colour roles from the design system, so content never carries raw CSS classes. */
export type Tone = "primary" | "secondary" | "accent" | "success" | "warning";

export interface CallToAction {
  label: string;
  /** An internal path, optionally with a #fragment, or a same-page "#fragment". */
  href: string;
}

export interface InfoCard {
  title: string;
  description: string;
  /** A lucide-react icon name in PascalCase, e.g. "Users". */
  icon: string;
  href?: string;
  tone?: Tone;
}

export interface BuiltInPage {
  /** Stable id used by the CMS, e.g. "home", "haf", "serving-humanity". */
  id: string;
  /** Full public path, e.g. "/what-we-deliver/haf". */
  path: string;
  /** Menu and document title. */
  title: string;
  /** Meta description: at most 160 characters, unique per page. */
  description: string;
  category: PageCategory;
  /** Page assignment name of the page's video gallery, or null for none. */
  videoAssignment: string | null;
  heroTitle: string;
  heroSubtitle: string;
  mainTitle: string;
  /**
   * Body as simple Markdown: paragraphs separated by blank lines, "## " headings,
   * "- " lists, **bold**, *italic* and [links](/path) to real site paths.
   */
  content: string;
  layout: Layout;
  /** The page's action buttons. */
  ctas: CallToAction[];
  /** Section options for section images. */
  sections: string[];
}

export interface NavItem {
  name: string;
  href: string;
  subItems?: NavItem[];
}

export interface BuiltInImage {
  id: string;
  /** Public URL of the file, e.g. "/images/youth.svg". */
  filename: string;
  alt: string;
  category: string;
  description?: string;
  width: number;
  height: number;
}

/** One image of a page. */
export interface PageImage {
  id: string;
  /** A URL, or a file name served from the uploads folder. */
  filename: string;
  alt: string;
  caption: string;
  position: ImagePosition;
  order: number;
  width?: number;
  height?: number;
  /** Generated sizes of an uploaded image (WebP/AVIF srcsets), when the server found them. */
  responsive?: { srcSet: string; avifSrcSet: string; placeholder?: string };
}

/** The image staff assigned to one section of a page (Page Images tab), ready to show. */
export interface SectionImage {
  section: string;
  src: string;
  alt: string;
  width?: number;
  height?: number;
  responsive?: PageImage["responsive"];
}

/**
 * What a public page shows in its hero and main body: the built-in copy,
 * or the version staff saved.
 */
export interface PageContent {
  pageId: string;
  heroTitle: string;
  heroSubtitle: string;
  mainTitle: string;
  content: string;
  layout: Layout;
  images: PageImage[];
  ctas: CallToAction[];
  /** Section images staff assigned, by section name (hero, content, …). */
  sectionImages?: Record<string, SectionImage>;
}
