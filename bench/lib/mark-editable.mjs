// Replaces everything staff can change with markers, for `npm run bench
// editable-share`: a block of a public page that shows a marker (or a
// changed number or picture) afterwards is one staff can change; one that
// reads as before is code.
//
// Page documents and menus are walked together with the app's own zod
// schemas (passed in, loaded from app/ by the caller), so every text field a
// block type has is found without a list that could fall behind: each string
// the schema holds is marked, except identifiers and addresses (keys in
// KEEP_KEYS), and the numbers staff type as figures and amounts are changed.
// Records and settings are plain columns; their text columns are listed in
// RECORD_TEXT_COLUMNS and SETTINGS_TEXT_KEYS.

import { MARK_FIELD, MARK_RICH } from "./visible-blocks.mjs";

/** Strings that name things rather than say them: ids, types, icon names, links, the videos' page name. */
export const KEEP_KEYS = new Set(["id", "type", "icon", "assignment", "href", "link", "pageId"]);
/** Picture addresses: marked as a path of the right shape, so the page still accepts it. */
const PICTURE_KEYS = new Set(["src", "filename"]);
/** Numbers a visitor reads (impact figures, donation amounts); sizes, limits and positions are left alone. */
const NUMBER_KEYS = new Set(["value", "amount"]);

/** The markers handed out so far, so each field gets its own. */
export function createMarker() {
  let n = 0;
  /** Marker → where it was written ("page about: blocks.0.title"), to find edits that show nowhere. */
  const written = new Map();
  const note = (marker, where) => {
    written.set(marker, where);
    return marker;
  };
  return {
    text: (rich, where = "") => note(`${rich ? MARK_RICH : MARK_FIELD}${++n}`, where),
    picture: (where = "") => note(`/images/${MARK_FIELD}${++n}.jpg`, where),
    written,
    get count() {
      return n;
    },
  };
}

const WRAPPERS = new Set(["optional", "nullable", "default", "prefault", "readonly", "catch", "nonoptional"]);

/**
 * A copy of `value` with every text field `schema` describes replaced by a
 * marker, empty ones included (a block a filled-in field adds is simply not
 * one of the seed's blocks). `rich` is true inside a rich-text document (Tiptap
 * JSON: its text nodes are the words of a body), detected by the document's
 * own shape ({ type: "doc", content }).
 */
export function markValue(schema, value, marker, key = "", rich = false, where = "") {
  if (value === null || value === undefined) return value;
  const def = schema?._zod?.def;
  if (!def) return value;
  if (WRAPPERS.has(def.type)) return markValue(def.innerType, value, marker, key, rich, where);
  if (def.type === "lazy") return markValue(def.getter(), value, marker, key, rich, where);
  if (def.type === "pipe") return markValue(def.in, value, marker, key, rich, where);
  switch (def.type) {
    case "string":
      // Empty ones too: an empty consent or privacy note shows the standard wording, and typing one replaces it.
      if (typeof value !== "string" || KEEP_KEYS.has(key)) return value;
      return PICTURE_KEYS.has(key) ? marker.picture(where) : marker.text(rich, value.trim() ? where : `${where} (empty)`);
    case "number":
      return typeof value === "number" && NUMBER_KEYS.has(key) ? value + 7 : value;
    case "array":
      return Array.isArray(value) ? value.map((item, i) => markValue(def.element, item, marker, key, rich, `${where}.${i}`)) : value;
    case "object": {
      if (typeof value !== "object" || Array.isArray(value)) return value;
      const inRich = rich || (value.type === "doc" && Array.isArray(value.content));
      // Name a block by its type, so "blocks.2(cards).cards.0.title" reads as what it is.
      const here = typeof value.type === "string" && !inRich ? `${where}(${value.type})` : where;
      const out = { ...value };
      for (const [field, fieldSchema] of Object.entries(def.shape)) {
        if (field in value) out[field] = markValue(fieldSchema, value[field], marker, field, inRich, inRich ? here : `${here}.${field}`);
      }
      return out;
    }
    case "union": {
      // The first option the value fits (a discriminated union's by its tag).
      const option = def.options.find((o) => o.safeParse(value).success);
      return option ? markValue(option, value, marker, key, rich, where) : value;
    }
    default:
      return value;
  }
}

/** Text columns of the records staff manage in their own tabs; enums (event category, role type) stay. */
export const RECORD_TEXT_COLUMNS = {
  events: ["title", "schedule_note", "location", "description", "image_alt"],
  testimonials: ["name", "role", "text"],
  volunteer_opportunities: ["title", "time_commitment", "description"],
  youtube_videos: ["title", "description"],
  media_files: ["alt_text", "caption"],
  section_images: ["alt_text"],
};
/** Columns holding a JSON list of strings, each marked. */
const RECORD_LIST_COLUMNS = { volunteer_opportunities: ["skills"] };
/** Columns holding a picture's address. */
const RECORD_PICTURE_COLUMNS = { events: ["image_url"], section_images: ["image_url"] };

/**
 * The Settings fields a visitor can read (every text setting but the
 * coordinates, addresses of other sites and how long data is kept; the
 * map's search words are shown under the footer's map). Marked even when empty: an empty one shows a placeholder, and
 * filling it in is what staff would do.
 */
export const SETTINGS_TEXT_KEYS = ["charityName", "tagline", "charityNumber", "phone", "email", "postalAddress", "mapQuery"];
/** Settings holding an address: a visitor reads none of them, but filling one in replaces a placeholder (the Donate page's "Online giving is being set up") or adds a link. */
export const SETTINGS_ADDRESS_KEYS = ["donationUrl", "monthlyDonationUrl"];
const SOCIAL_PLATFORMS = ["youtube", "instagram", "twitter", "tiktok", "snapchat"];

/**
 * Marks a stopped site's SQLite database (better-sqlite3 handle `db`):
 * every page's published document and draft, both menus, the Settings text
 * fields and the records' text, then bumps the content version as a publish
 * does. `schemas` are the app's: { pageDocumentSchema, headerMenuSchema,
 * footerMenuSchema }. Returns what it changed and any document the page
 * schema then refused (which would make the count wrong).
 */
export function markDatabase(db, schemas, marker = createMarker()) {
  const refused = [];
  const changed = { pages: 0, menus: 0, settings: 0, records: 0 };
  const run = db.transaction(() => {
    for (const page of db.prepare("SELECT id, published, draft FROM pages WHERE deleted_at IS NULL").all()) {
      const update = {};
      for (const column of ["published", "draft"]) {
        if (!page[column]) continue;
        const marked = markValue(schemas.pageDocumentSchema, JSON.parse(page[column]), marker, "", false, `page ${page.id} ${column}:`);
        const check = schemas.pageDocumentSchema.safeParse(marked);
        if (!check.success) refused.push(`${page.id} (${column}): ${check.error.issues.map((i) => `${i.path.join(".")} ${i.message}`).join("; ")}`);
        update[column] = JSON.stringify(marked);
      }
      if (Object.keys(update).length === 0) continue;
      db.prepare("UPDATE pages SET published = ?, draft = ? WHERE id = ?").run(update.published ?? page.published, update.draft ?? page.draft, page.id);
      changed.pages++;
    }
    for (const menu of db.prepare("SELECT name, items FROM navigation_menus").all()) {
      const schema = menu.name === "header" ? schemas.headerMenuSchema : schemas.footerMenuSchema;
      const marked = markValue(schema, JSON.parse(menu.items), marker, "", false, `menu ${menu.name}:`);
      if (!schema.safeParse(marked).success) refused.push(`menu ${menu.name}`);
      db.prepare("UPDATE navigation_menus SET items = ? WHERE name = ?").run(JSON.stringify(marked), menu.name);
      changed.menus++;
    }
    const now = new Date().toISOString();
    for (const key of SETTINGS_TEXT_KEYS) {
      db.prepare("INSERT INTO site_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(key, JSON.stringify(marker.text(false, `setting ${key}`)), now);
      changed.settings++;
    }
    const address = (where) => `https://example.org/${marker.text(false, where)}`;
    const social = Object.fromEntries(SOCIAL_PLATFORMS.map((platform) => [platform, address(`setting social.${platform}`)]));
    const addresses = [...SETTINGS_ADDRESS_KEYS.map((key) => [key, address(`setting ${key}`)]), ["social", social]];
    for (const [key, value] of addresses) {
      db.prepare("INSERT INTO site_settings (key, value, updated_at) VALUES (?, ?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value").run(key, JSON.stringify(value), now);
      changed.settings++;
    }
    for (const [table, columns] of Object.entries(RECORD_TEXT_COLUMNS)) {
      const lists = RECORD_LIST_COLUMNS[table] ?? [];
      const pictures = RECORD_PICTURE_COLUMNS[table] ?? [];
      const key = table === "section_images" ? ["page_id", "section"] : ["id"];
      for (const row of db.prepare(`SELECT * FROM ${table}`).all()) {
        const values = {};
        const where = (column) => `${table} ${row.title ?? row.name ?? key.map((k) => row[k]).join("/")}: ${column}`;
        for (const column of columns) if (typeof row[column] === "string" && row[column].trim()) values[column] = marker.text(false, where(column));
        for (const column of pictures) if (typeof row[column] === "string" && row[column].trim()) values[column] = marker.picture(where(column));
        for (const column of lists) values[column] = JSON.stringify(JSON.parse(row[column] ?? "[]").map((_, i) => marker.text(false, where(`${column}.${i}`))));
        const set = Object.keys(values);
        if (set.length === 0) continue;
        db.prepare(`UPDATE ${table} SET ${set.map((c) => `${c} = ?`).join(", ")} WHERE ${key.map((k) => `${k} = ?`).join(" AND ")}`).run(...set.map((c) => values[c]), ...key.map((k) => row[k]));
        changed.records++;
      }
    }
    db.prepare("UPDATE content_version SET version = version + 1").run();
  });
  run();
  return { changed, refused, markers: marker.count, written: marker.written };
}
