/**
 * The blocks of the built-in pages that are more than a hero and text (the
 * home page's cards and figures, the donation amounts, the FAQ entries, the
 * Join Us ways and steps, the volunteer roles, the registration benefits, the
 * public forms…), by built-in page id, in page order after the hero. A fresh
 * install and the migration of an existing one seed these as records; from
 * then on staff change them in the editor, not here.
 *
 * `position` says where the page's main text block goes among them.
 */
import type { Block } from "#app/features/blocks/block-schema";

export interface SpecialPageSeed {
  /** Blocks before the page's main text block, after its hero. */
  before: Block[];
  /** Blocks after the page's main text block. */
  after: Block[];
}

export const SPECIAL_PAGE_BLOCKS: Readonly<Record<string, SpecialPageSeed>> = {};
