export interface PageText {
  status: number;
  title: string;
  description: string;
  main: string;
}
export const SPECIAL_PATHS: string[];
export function visibleText(html: string): string;
export function pageText(html: string): Omit<PageText, "status">;
export function publicPaths(origin: string): Promise<string[]>;
export function capturePublicText(origin: string): Promise<Record<string, PageText>>;
