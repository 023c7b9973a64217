import type { Kysely } from "kysely";
import type { Engine } from "../db.server";
import * as m0001 from "./0001-media-files";
import * as m0002 from "./0002-auth";
import * as m0003 from "./0003-media-storage";
import * as m0004 from "./0004-page-content-settings";
import * as m0005 from "./0005-testimonials-events-videos";
import * as m0006 from "./0006-volunteers-messages-registrations";
import * as m0007 from "./0007-mail-jobs-newsletter";
import * as m0009 from "./0009-admin-accounts";

export interface Migration {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
  down?(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

/**
 * Every migration, in order. Names sort by their number; a landed migration
 * is never edited: add a new one instead.
 */
export const migrations: Record<string, Migration> = {
  "0001-media-files": m0001,
  "0002-auth": m0002,
  "0003-media-storage": m0003,
  "0004-page-content-settings": m0004,
  "0005-testimonials-events-videos": m0005,
  "0006-volunteers-messages-registrations": m0006,
  "0007-mail-jobs-newsletter": m0007,
  "0009-admin-accounts": m0009,
};
