import type { Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";
import * as m0001 from "./0001-media-files";
import * as m0003 from "./0003-media-storage";
import * as m0004 from "./0004-page-content-settings";
import * as m0005 from "./0005-testimonials-events-videos";
import * as m0006 from "./0006-volunteers-messages-registrations";
import * as m0007 from "./0007-mail-jobs-newsletter";
import * as m0010 from "./0010-outbox-about";
import * as m0011 from "./0011-media-processing-retries";
import * as m0012 from "./0012-sign-in-checks";
import * as m0013 from "./0013-bin";
import * as m0014 from "./0014-pages";
import * as m0015 from "./0015-navigation";

export interface Migration {
  up(db: Kysely<unknown>, engine: Engine): Promise<void>;
  down?(db: Kysely<unknown>, engine: Engine): Promise<void>;
}

/**
 * A migration whose module is imported only when it runs: the auth ones load
 * the auth library's schema tools (about half a second of CPU), which a
 * start with an up-to-date database should not pay for.
 */
function onDemand(load: () => Promise<Migration>): Migration {
  return {
    up: async (db, engine) => (await load()).up(db, engine),
    down: async (db, engine) => {
      const migration = await load();
      if (!migration.down) throw new Error("This migration cannot be undone.");
      await migration.down(db, engine);
    },
  };
}

/**
 * Every migration, in order. Names sort by their number; a landed migration
 * is never edited: add a new one instead.
 */
export const migrations: Record<string, Migration> = {
  "0001-media-files": m0001,
  "0002-auth": onDemand(() => import("./0002-auth")),
  "0003-media-storage": m0003,
  "0004-page-content-settings": m0004,
  "0005-testimonials-events-videos": m0005,
  "0006-volunteers-messages-registrations": m0006,
  "0007-mail-jobs-newsletter": m0007,
  "0009-admin-accounts": onDemand(() => import("./0009-admin-accounts")),
  "0010-outbox-about": m0010,
  "0011-media-processing-retries": m0011,
  "0012-sign-in-checks": m0012,
  "0013-bin": m0013,
  "0014-pages": m0014,
  "0015-navigation": m0015,
};
