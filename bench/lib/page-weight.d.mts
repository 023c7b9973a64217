// Types for page-weight.mjs, which the budget guard (TypeScript) shares with the benchmark (plain Node).
export const WEIGHED_PAGE: string;
export const PAGE_BUDGETS: { bodyElements: number; inlineCssBytes: number; inlineCssGoal: number };
export function inlineCssBytes(html: string): number;
