/**
 * The records a page's blocks show, loaded on the server by
 * loadBlockData (block-data.server.ts) and handed to PageBlocks. Only what
 * the page's blocks ask for is filled in.
 */
import type { SectionImage } from "#app/content/types";
import type { SiteSettings, Testimonial } from "#app/content/site";
import type { Gallery } from "#app/features/videos/gallery";
import type { PublicEvent } from "#app/features/events/event-format";
import type { Opportunity } from "#app/features/volunteers/volunteer-roles.server";
import type { PublicFormActionData } from "#app/features/public-forms/site/public-form";

export interface BlockData {
  settings: SiteSettings;
  /** Each videos block's gallery, by block id. */
  galleries: Record<string, Gallery>;
  testimonials: (Testimonial & { id: string })[];
  events: { upcoming: PublicEvent[]; past: PublicEvent[] } | null;
  /** Open volunteer roles; null when they could not be read. */
  vacancies: Opportunity[] | null;
  /** The hero picture as a data: URI, so the page's largest paint needs no request. */
  heroInline?: string | null;
  /** Pictures staff applied in Page Images to sections other than the hero and text, shown after the text. */
  sectionImages?: SectionImage[];
  /** The Contact form's topic choices: the FAQ page's topics, then "Something else". */
  questionTopics?: readonly { value: string; label: string }[];
  /** Form state: the route's action data and "sent" flag, the registration form's date and retention. */
  forms?: FormState;
}

export interface FormState {
  actionData?: PublicFormActionData;
  sent?: boolean;
  today?: string;
  retentionMonths?: number;
  /** The vacancies an "Apply Now" named, ticked on the volunteer form. */
  preselected?: string[];
}

export const EMPTY_BLOCK_DATA = (settings: SiteSettings): BlockData => ({ settings, galleries: {}, testimonials: [], events: null, vacancies: [] });
