import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/engines";
import { libraryImage, uploadsOf } from "../../../test/library-image";
import { REGISTRATION_DAY, VALID_REGISTRATION } from "../../../test/registration-fixture";
import { dumpTables } from "../../../test/table-dump";
import { createAuth, createOrResetAdmin, signIn } from "#app/features/accounts/auth.server";
import { setPageFields } from "../../../test/page-records";
import { submitRegistration } from "#app/features/registrations/registrations.server";
import { getPageById } from "#app/content/pages";
import { openDatabase } from "#app/platform/db/db.server";
import type { Engine } from "#app/platform/db/schema";
import { LocalStorage } from "#app/platform/storage/local-storage.server";
import type { Storage } from "#app/platform/storage/objects";
import { createBackup } from "./backup-create.server";
import { restoreBackup } from "./backup-restore.server";

/**
 * A backup is a second way to move between the engines, and the way back
 * from PostgreSQL to SQLite: an archive made on one restores into the other
 * with every row (booleans, dates and BIGINTs as the other engine keeps
 * them), every file and the secret the rows need.
 */

const SECRET = "cross-engine-secret-0123456789abcdef-halifax";

/** Records of most kinds: an admin with a password and a session, a page with revisions, a picture with a generated size, a registration and its e-mails, a subscriber. */
async function fill(database: TestDatabase): Promise<void> {
  fs.writeFileSync(path.join(database.dataDir, "secrets.json"), JSON.stringify({ authSecret: SECRET }), { mode: 0o600 });
  const auth = createAuth(database, { secret: SECRET, baseURL: "http://127.0.0.1" });
  await createOrResetAdmin(auth, { email: "chair@example.org", password: "otters under north bridge" });
  const signedIn = await signIn(auth, { email: "chair@example.org", password: "otters under north bridge", ip: "203.0.113.9" });
  expect(signedIn.ok).toBe(true);
  const staff = { id: null, email: "chair@example.org" };
  const about = getPageById("about")!;
  await setPageFields(database, "about", { heroTitle: "About us, before", content: about.content }, staff);
  await setPageFields(database, "about", { heroTitle: "About us, after", content: about.content }, staff);
  await libraryImage(database, "The allotment in June");
  const registered = await submitRegistration(database, { values: { ...VALID_REGISTRATION, childName: "Alex Archive", photoConsent: "yes" }, honeypot: false, ip: "198.51.100.9", now: REGISTRATION_DAY });
  expect(registered.status).toBe("stored");
  const now = new Date().toISOString();
  await database.db
    .insertInto("subscribers")
    .values({ id: crypto.randomUUID(), email: "grace@example.org", status: "confirmed", confirm_nonce: null, confirm_sent_at: now, consent_source: "/newsletter", consent_text: "Yes, send me the newsletter.", requested_at: now, confirmed_at: now, unsubscribed_at: null, created_at: now, updated_at: now })
    .execute();
}

async function filesOf(storage: Storage): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for await (const object of storage.list()) {
    const hash = crypto.createHash("sha256");
    for await (const chunk of await storage.read(object.key)) hash.update(chunk as Buffer);
    files[object.key] = hash.digest("hex");
  }
  return files;
}

describe.skipIf(!process.env.TEST_DATABASE_URL)(`backups restore across engines${process.env.TEST_DATABASE_URL ? "" : " (skipped: needs PostgreSQL, TEST_DATABASE_URL unset)"}`, () => {
  const cleanup: Array<() => Promise<unknown>> = [];
  afterEach(async () => {
    for (const step of cleanup.splice(0).reverse()) await step();
  });
  const tmp = () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "cross-engine-"));
    cleanup.push(async () => fs.rmSync(dir, { recursive: true, force: true }));
    return dir;
  };

  async function backedUp(engine: Engine) {
    const source = await createTestDatabase(engine);
    cleanup.push(() => source.close());
    await fill(source);
    const archive = path.join(tmp(), "site.tar.gz");
    const manifest = await createBackup({ database: source, storage: uploadsOf(source), dataDir: source.dataDir, out: archive });
    expect(manifest.engine).toBe(engine);
    const rows = await dumpTables(source);
    for (const table of ["users", "accounts", "sessions", "pages", "page_revisions", "media_files", "registrations", "outbox", "subscribers"]) expect(rows[table]?.length, table).toBeGreaterThan(0);
    return { archive, rows, files: await filesOf(uploadsOf(source)), total: Object.values(rows).reduce((sum, list) => sum + list.length, 0) };
  }

  it("restores an archive made on SQLite into PostgreSQL, every row and file", async () => {
    const before = await backedUp("sqlite");
    const target = await createTestDatabase("postgres");
    cleanup.push(() => target.close());
    const dataDir = tmp();
    const storage = new LocalStorage(path.join(dataDir, "uploads"));
    const result = await restoreBackup({ archive: before.archive, dataDir, databaseUrl: target.url, storage });
    expect(result.warnings).toEqual([]);
    expect(result.rows).toBe(before.total);
    expect(await dumpTables(target)).toEqual(before.rows);
    expect(await filesOf(storage)).toEqual(before.files);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8"))).toEqual({ authSecret: SECRET });
    // No SQLite file beside it: the rows are in PostgreSQL only.
    expect(fs.existsSync(path.join(dataDir, "site.db"))).toBe(false);
  });

  it("restores an archive made on PostgreSQL into SQLite, every row and file", async () => {
    const before = await backedUp("postgres");
    const dataDir = tmp();
    const storage = new LocalStorage(path.join(dataDir, "uploads"));
    const result = await restoreBackup({ archive: before.archive, dataDir, storage });
    expect(result.warnings).toEqual([]);
    expect(result.rows).toBe(before.total);
    const restored = await openDatabase({ dataDir });
    try {
      expect(await dumpTables(restored)).toEqual(before.rows);
    } finally {
      await restored.close();
    }
    expect(await filesOf(storage)).toEqual(before.files);
    expect(JSON.parse(fs.readFileSync(path.join(dataDir, "secrets.json"), "utf8"))).toEqual({ authSecret: SECRET });
  });

  it("replaces a used PostgreSQL database with a SQLite archive only when told --force", async () => {
    const before = await backedUp("sqlite");
    const target = await createTestDatabase("postgres");
    cleanup.push(() => target.close());
    await createOrResetAdmin(createAuth(target, { secret: SECRET, baseURL: "http://127.0.0.1" }), { email: "someone@example.org", password: "a different long passphrase" });
    const dataDir = tmp();
    const storage = new LocalStorage(path.join(dataDir, "uploads"));
    await expect(restoreBackup({ archive: before.archive, dataDir, databaseUrl: target.url, storage })).rejects.toThrow(/already in use \(it has accounts\)/);
    expect((await target.db.selectFrom("users").select("email").execute()).map((u) => u.email)).toEqual(["someone@example.org"]);
    await restoreBackup({ archive: before.archive, dataDir, databaseUrl: target.url, storage, force: true });
    expect(await dumpTables(target)).toEqual(before.rows);
  });
});
