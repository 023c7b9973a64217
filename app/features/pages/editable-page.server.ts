import { getPageById } from "#app/content/pages";
import type { BuiltInPage } from "#app/content/types";
import type { Database } from "#app/platform/db/db.server";
import { editedDocument, getPageRecord } from "./page-records.server";

/** A page the editor can open: its record's place in the site, and the built-in page it started as (null: one staff made). */
export interface EditablePage {
  id: string;
  title: string;
  path: string;
  template: string;
  menuHidden: boolean;
  builtIn: BuiltInPage | null;
}

/** The live (not binned) page with this id, as the editor opens it. */
export async function findEditablePage(database: Database, id: string): Promise<EditablePage | null> {
  if (!id) return null;
  const record = await getPageRecord(database, id);
  if (!record) return null;
  const builtIn = getPageById(id) ?? null;
  return {
    id,
    // A built-in page keeps the name staff know it by; a page staff made is called what its title says.
    title: builtIn?.title ?? editedDocument(record)?.title ?? record.slug,
    path: record.path,
    template: record.template,
    menuHidden: record.menuHidden,
    builtIn,
  };
}
