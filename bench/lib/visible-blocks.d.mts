// Types for visible-blocks.mjs, which the benchmark (plain Node) and its test (TypeScript) share.
export interface VisibleBlock {
  region: "header" | "main" | "footer";
  shape: string;
  tag: string;
  text: string;
  alt: string;
  src: string;
}
export type BlockKind = "code" | "editable" | "rich" | "gone";
export function collectVisibleBlocks(): VisibleBlock[];
export const OPEN_MENUS_CSS: string;
export function pairBlocks<T extends { shape: string }>(seed: readonly T[], marked: readonly T[]): Array<T | null>;
export const MARK_RICH: string;
export const MARK_FIELD: string;
export function classifyBlocks<T extends VisibleBlock>(seed: readonly T[], marked: readonly T[]): Array<T & { kind: BlockKind; now: T | null }>;
