// Types for mark-editable.mjs, which the benchmark (plain Node) and its test (TypeScript) share.
import type { ZodType } from "zod";
import type { Database } from "better-sqlite3";

export const KEEP_KEYS: ReadonlySet<string>;
export interface Marker {
  text(rich: boolean, where?: string): string;
  picture(where?: string): string;
  readonly written: ReadonlyMap<string, string>;
  readonly count: number;
}
export function createMarker(): Marker;
export function markValue<T>(schema: ZodType, value: T, marker: Marker, key?: string, rich?: boolean, where?: string): T;
export const RECORD_TEXT_COLUMNS: Record<string, string[]>;
export const SETTINGS_TEXT_KEYS: string[];
export const SETTINGS_ADDRESS_KEYS: string[];
export function markDatabase(
  db: Database,
  schemas: { pageDocumentSchema: ZodType; headerMenuSchema: ZodType; footerMenuSchema: ZodType },
  marker?: Marker,
): { changed: { pages: number; menus: number; settings: number; records: number }; refused: string[]; markers: number; written: ReadonlyMap<string, string> };
