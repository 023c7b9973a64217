import crypto from "node:crypto";
import { sql, type Kysely } from "kysely";
import type { Engine } from "#app/platform/db/schema";
import { BUILT_IN_PAGES } from "#app/content/pages";
import { applyLegacyFields, parseLegacyImages, seedDocument, templateOf, type LegacyFields } from "#app/features/pages/seed/seed-document";

/**
 * Pages become records made of blocks (decision 015): `pages` holds each
 * page's place in the site, its published document and its draft;
 * `page_revisions` every document that went live; `page_redirects` the old
 * addresses of moved pages.
 *
 * An existing install is converted: each built-in page's seed document gets
 * the overrides saved under decision 009 laid over it and is published, and
 * each old revision becomes a page revision (same number, who and when), so
 * nothing staff wrote is lost. A fresh install publishes the seed documents
 * as revision 1. The old `page_content` and `page_content_revisions` tables
 * stay in place, read-only from now on, as the record of what was converted.
 */

interface OldRow {
  page_id: string;
  hero_title: string | null;
  hero_subtitle: string | null;
  main_title: string | null;
  content: string | null;
  layout: string | null;
  images: string | null;
  updated_at?: string;
}

const fieldsOf = (row: OldRow): LegacyFields => ({
  heroTitle: row.hero_title,
  heroSubtitle: row.hero_subtitle,
  mainTitle: row.main_title,
  content: row.content,
  layout: row.layout,
  images: parseLegacyImages(row.images),
});

const lastSegment = (path: string) => (path === "/" ? "" : path.slice(path.lastIndexOf("/") + 1));
const parentPath = (path: string) => (path.lastIndexOf("/") <= 0 ? "/" : path.slice(0, path.lastIndexOf("/")));

export async function up(unknownDb: Kysely<unknown>, _engine: Engine): Promise<void> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a migration runs against the schema as it was then, not the current types
  const db = unknownDb as Kysely<any>;
  await db.schema
    .createTable("pages")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("parent_id", "text")
    .addColumn("slug", "text", (c) => c.notNull())
    .addColumn("path", "text", (c) => c.notNull())
    .addColumn("category", "text", (c) => c.notNull())
    .addColumn("position", "integer", (c) => c.notNull())
    .addColumn("menu_hidden", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("template", "text", (c) => c.notNull())
    // Page documents as JSON (page-document.ts); null published: not live.
    .addColumn("published", "text")
    .addColumn("draft", "text")
    // Bumped by every change of any kind: the editor's stale-edit token.
    .addColumn("version", "integer", (c) => c.notNull())
    .addColumn("scheduled_at", "text")
    .addColumn("schedule_job_id", "text")
    .addColumn("published_at", "text")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("updated_at", "text", (c) => c.notNull())
    .addColumn("updated_by", "text")
    .addColumn("updated_by_email", "text")
    .addColumn("deleted_at", "text")
    .addColumn("deleted_by", "text")
    .execute();
  // Two live pages never share an address; a page in the bin gives its address up.
  await sql`create unique index pages_live_path on pages (path) where deleted_at is null`.execute(db);
  await db.schema.createIndex("pages_parent").on("pages").column("parent_id").execute();
  await db.schema.createIndex("pages_deleted_at").on("pages").column("deleted_at").execute();

  await db.schema
    .createTable("page_revisions")
    .addColumn("id", "text", (c) => c.primaryKey())
    .addColumn("page_id", "text", (c) => c.notNull())
    .addColumn("revision", "integer", (c) => c.notNull())
    .addColumn("document", "text", (c) => c.notNull())
    // seed, migration, publish, scheduled, restore, unpublish
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("restored_from", "integer")
    .addColumn("created_at", "text", (c) => c.notNull())
    .addColumn("created_by", "text")
    .addColumn("created_by_email", "text")
    .execute();
  // Unique, so two publishes racing cannot both become revision N.
  await db.schema.createIndex("page_revisions_page_revision").on("page_revisions").columns(["page_id", "revision"]).unique().execute();

  await db.schema
    .createTable("page_redirects")
    .addColumn("path", "text", (c) => c.primaryKey())
    .addColumn("page_id", "text", (c) => c.notNull())
    .addColumn("created_at", "text", (c) => c.notNull())
    .execute();

  const now = new Date().toISOString();
  const current = new Map(((await db.selectFrom("page_content").selectAll().execute()) as OldRow[]).map((row) => [row.page_id, row]));
  const history = (await db.selectFrom("page_content_revisions").selectAll().orderBy("page_id").orderBy("revision").execute()) as (OldRow & {
    revision: number | string;
    restored_from: number | string | null;
    created_at: string;
    created_by: string | null;
    created_by_email: string | null;
  })[];
  const byId = new Map(BUILT_IN_PAGES.map((page) => [page.path, page.id]));
  const siblings = new Map<string, number>();

  for (const page of BUILT_IN_PAGES) {
    const seed = seedDocument(page);
    const saved = current.get(page.id);
    const published = saved ? applyLegacyFields(seed, fieldsOf(saved)) : seed;
    const parent = page.path === "/" ? null : (byId.get(parentPath(page.path)) ?? null);
    const position = siblings.get(parent ?? "") ?? 0;
    siblings.set(parent ?? "", position + 1);
    const old = history.filter((row) => row.page_id === page.id);
    await db
      .insertInto("pages")
      .values({
        id: page.id,
        parent_id: parent,
        slug: lastSegment(page.path),
        path: page.path,
        category: page.category,
        position,
        menu_hidden: 0,
        template: templateOf(page.id),
        published: JSON.stringify(published),
        draft: null,
        version: 1,
        scheduled_at: null,
        schedule_job_id: null,
        published_at: saved?.updated_at ?? now,
        created_at: now,
        created_by: null,
        updated_at: now,
        updated_by: null,
        updated_by_email: null,
        deleted_at: null,
        deleted_by: null,
      })
      .execute();
    const revisions =
      old.length > 0
        ? old.map((row) => ({
            revision: Number(row.revision),
            document: applyLegacyFields(seed, fieldsOf(row)),
            action: "migration",
            restored_from: row.restored_from === null ? null : Number(row.restored_from),
            created_at: row.created_at,
            created_by: row.created_by,
            created_by_email: row.created_by_email,
          }))
        : [{ revision: 1, document: published, action: "seed", restored_from: null, created_at: now, created_by: null, created_by_email: null }];
    for (const revision of revisions) {
      await db
        .insertInto("page_revisions")
        .values({ id: crypto.randomUUID(), page_id: page.id, ...revision, document: JSON.stringify(revision.document) })
        .execute();
    }
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ["page_redirects", "page_revisions", "pages"]) await db.schema.dropTable(table).ifExists().execute();
}
