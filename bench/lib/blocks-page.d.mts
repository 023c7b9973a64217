// Types for blocks-page.mjs, which its test (TypeScript) shares with the benchmarks (plain Node).
export const BLOCKS_PAGE_PATH: string;
export const BLOCKS_PAGE_TITLE: string;
export function blocksPageDocument(): { title: string; seo: Record<string, unknown>; blocks: ({ id: string; type: string; hidden: boolean } & Record<string, unknown>)[] };
export function blockTitles(document?: ReturnType<typeof blocksPageDocument>): string[];
export function addBlocksPage(dataDir: string): void;
