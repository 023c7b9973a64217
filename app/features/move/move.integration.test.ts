import crypto from "node:crypto";
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CreateBucketCommand, S3Client } from "@aws-sdk/client-s3";
import { createTestDatabase, type TestDatabase } from "../../../test/engines";
import { buildDir, cookiesOf, ensureProductionBuild, root, startSiteProcess, stopSiteProcesses, type SiteProcess } from "../../../test/site-process";
import { libraryImage } from "../../../test/library-image";
import { dumpTables } from "../../../test/table-dump";
import { REGISTRATION_DAY, VALID_REGISTRATION } from "../../../test/registration-fixture";
import { secretOf, totp } from "../../../test/totp";
import { createAuth, createOrResetAdmin, getSession, signIn } from "#app/features/accounts/auth.server";
import { beginTwoFactorSetup, confirmTwoFactorSetup } from "#app/features/accounts/two-factor.server";
import { listPageRevisions } from "#app/features/pages/page-records.server";
import { setPageFields } from "../../../test/page-records";
import { submitRegistration } from "#app/features/registrations/registrations.server";
import { BUILT_IN_PAGES, getPageById } from "#app/content/pages";
import { LocalStorage } from "#app/platform/storage/local-storage.server";
import { createStorage } from "#app/platform/storage/storage.server";
import type { S3Config } from "#app/platform/storage/s3-storage.server";
import type { Storage } from "#app/platform/storage/objects";

/**
 * `npm run move` end to end: a SQLite site with every kind of record and
 * file is moved by the real command into a new PostgreSQL database and a new
 * bucket, and the production build started there finds all of it; a move
 * killed half-way and run again ends with the same copy, nothing twice; a
 * target that holds data is refused; the source is left byte for byte.
 */

const READY = Boolean(process.env.TEST_DATABASE_URL && process.env.S3_ENDPOINT && process.env.S3_REGION && process.env.S3_ACCESS_KEY_ID && process.env.S3_SECRET_ACCESS_KEY);
const NOT_READY = "skipped: needs PostgreSQL and S3 (TEST_DATABASE_URL and S3_* unset); run under node scripts/with-postgres.mjs node scripts/with-s3.mjs";

const SECRET = "moving-house-secret-0123456789abcdef-calder";
const EMAIL = "director@example.org";
const PASSWORD = "herons along the hebble brook";
const SUBSCRIBER = "ada@example.org";
const HERO = "Our mission, moved with everything else";

/** A bucket of its own on the S3 server with-s3.mjs started. */
async function newBucket(): Promise<S3Config> {
  const config: S3Config = {
    endpoint: process.env.S3_ENDPOINT,
    region: process.env.S3_REGION!,
    bucket: `move-${crypto.randomBytes(5).toString("hex")}`,
    accessKeyId: process.env.S3_ACCESS_KEY_ID!,
    secretAccessKey: process.env.S3_SECRET_ACCESS_KEY!,
  };
  const client = new S3Client({ endpoint: config.endpoint, region: config.region, forcePathStyle: true, credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey } });
  await client.send(new CreateBucketCommand({ Bucket: config.bucket }));
  client.destroy();
  return config;
}

function s3Env(config: S3Config | null): Record<string, string | undefined> {
  return {
    S3_ENDPOINT: config?.endpoint,
    S3_REGION: config?.region,
    S3_BUCKET: config?.bucket,
    S3_ACCESS_KEY_ID: config?.accessKeyId,
    S3_SECRET_ACCESS_KEY: config?.secretAccessKey,
    S3_PUBLIC_URL: undefined,
  };
}

interface Run {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/**
 * `node scripts/cli.mjs move` with the site's settings in `env`; `killWhen`
 * sends SIGKILL the first time it is true of the output so far.
 */
function runMove(env: Record<string, string | undefined>, args: string[] = [], killWhen?: (stdout: string) => boolean): Promise<Run> {
  const base: Record<string, string | undefined> = { ...process.env, BUILD_DIR: buildDir, LOG_LEVEL: "warn", NODE_ENV: "production", AUTH_SECRET: undefined, DATABASE_URL: undefined, ...s3Env(null) };
  const merged = Object.fromEntries(Object.entries({ ...base, ...env }).filter((e): e is [string, string] => e[1] !== undefined));
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["scripts/cli.mjs", "move", ...args], { cwd: root, env: merged });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk: Buffer) => {
      stdout += chunk.toString("utf8");
      if (killWhen?.(stdout) && child.exitCode === null && !child.killed) child.kill("SIGKILL");
    });
    child.stderr.on("data", (chunk: Buffer) => (stderr += chunk.toString("utf8")));
    child.on("error", reject);
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr }));
  });
}

const dump = dumpTables;

async function bytesOf(storage: Storage, key: string): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of await storage.read(key)) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

async function keysOf(storage: Storage): Promise<string[]> {
  const keys: string[] = [];
  for await (const object of storage.list()) keys.push(object.key);
  return keys.sort();
}

const sha256 = (bytes: Buffer) => crypto.createHash("sha256").update(bytes).digest("hex");
const folderState = (dir: string) =>
  fs
    .readdirSync(dir, { recursive: true })
    .map(String)
    .sort()
    .map((name) => {
      const file = path.join(dir, name);
      return fs.statSync(file).isFile() ? `${name} ${sha256(fs.readFileSync(file))}` : name;
    });

describe.skipIf(!READY)(`npm run move${READY ? "" : ` (${NOT_READY})`}`, () => {
  let source: TestDatabase;
  let sourceDump: Record<string, string[]>;
  let sourceState: string[];
  let sourceFiles: string[];
  let uploads: LocalStorage;
  let sessionCookie = "";
  let totpSecret = "";
  let variant = "";
  const cleanup: Array<() => Promise<unknown>> = [];

  beforeAll(async () => {
    ensureProductionBuild();
    source = await createTestDatabase("sqlite");
    fs.writeFileSync(path.join(source.dataDir, "secrets.json"), JSON.stringify({ authSecret: SECRET }), { mode: 0o600 });
    uploads = new LocalStorage(path.join(source.dataDir, "uploads"));

    // An admin with two-factor sign-in, and a session of theirs.
    const auth = createAuth(source, { secret: SECRET, baseURL: "http://127.0.0.1" });
    const request = (cookie: string) => new Request("http://127.0.0.1/two-factor", { method: "POST", headers: { cookie } });
    await createOrResetAdmin(auth, { email: EMAIL, password: PASSWORD });
    const first = await signIn(auth, { email: EMAIL, password: PASSWORD, ip: "203.0.113.5" });
    if (!first.ok) throw new Error(first.message);
    const firstCookie = cookiesOf(new Response(null, { headers: first.headers }));
    const current = (await getSession(auth, request(firstCookie)))!;
    const begun = await beginTwoFactorSetup(auth, request(firstCookie), current, PASSWORD, "203.0.113.5");
    if (!begun.ok) throw new Error(begun.message);
    totpSecret = secretOf(begun.setup.uri);
    const confirmed = await confirmTwoFactorSetup(auth, request(firstCookie), current, totp(totpSecret, Date.now()), "203.0.113.5");
    if (!confirmed.ok) throw new Error(confirmed.message);
    // Turning two-factor on may hand out a new session in place of the first.
    sessionCookie = cookiesOf(new Response(null, { headers: confirmed.headers })) || firstCookie;
    expect(await getSession(auth, request(sessionCookie))).not.toBeNull();

    // A page saved twice (two revisions), a picture with a generated size, a registration (with its e-mails in the outbox).
    const staff = { id: current.user.id, email: EMAIL };
    const mission = getPageById("mission")!;
    await setPageFields(source, "mission", { heroTitle: "Our mission, first draft", content: mission.content }, staff);
    await setPageFields(source, "mission", { heroTitle: HERO, content: mission.content }, staff);
    variant = (await libraryImage(source, "Children at the summer fair", { createdBy: current.user.id })).variant;
    const registered = await submitRegistration(source, { values: { ...VALID_REGISTRATION, childName: "Sam Moved" }, honeypot: false, ip: "198.51.100.7", now: REGISTRATION_DAY });
    expect(registered.status).toBe("stored");
    const now = new Date().toISOString();
    await source.db
      .insertInto("subscribers")
      .values({ id: crypto.randomUUID(), email: SUBSCRIBER, status: "confirmed", confirm_nonce: null, confirm_sent_at: now, consent_source: "/newsletter", consent_text: "Yes, send me the newsletter.", requested_at: now, confirmed_at: now, unsubscribed_at: null, created_at: now, updated_at: now })
      .execute();
    await source.db
      .insertInto("jobs")
      .values({ id: crypto.randomUUID(), type: "newsletter.send", payload: JSON.stringify({ campaignId: "c-1" }), status: "done", attempts: 1, max_attempts: 5, run_at: now, locked_at: null, locked_by: null, last_error: null, created_at: now, updated_at: now })
      .execute();
    await source.db.insertInto("audit_log").values({ id: crypto.randomUUID(), action: "settings.saved", actor_id: current.user.id, actor_email: EMAIL, ip: "203.0.113.5", detail: "{}", created_at: now }).execute();
    // Enough files that a move paused after each can be stopped half-way.
    for (let i = 0; i < 12; i++) await uploads.putStream(`general/${1_700_000_000_000 + i}-spare${i}.png`, Readable.from([crypto.randomBytes(2048 + i)]), { contentType: "image/png" });

    sourceDump = await dump(source);
    for (const table of ["users", "sessions", "two_factors", "pages", "page_revisions", "media_files", "subscribers", "outbox", "audit_log", "jobs", "registrations"]) {
      expect(sourceDump[table]?.length, table).toBeGreaterThan(0);
    }
    sourceFiles = await keysOf(uploads);
    // The site is stopped before a move: the test's own connection closes too (the data folder stays).
    await source.db.destroy();
    sourceState = folderState(source.dataDir);
  }, 240_000);

  afterAll(async () => {
    for (const step of cleanup.reverse()) await step().catch(() => undefined);
    if (source) fs.rmSync(source.dataDir, { recursive: true, force: true });
  });

  /** A new, migrated PostgreSQL database (as `npm run db:migrate` leaves it) and a new bucket. */
  async function newTarget(): Promise<{ database: TestDatabase; bucket: S3Config; storage: Storage; env: Record<string, string | undefined> }> {
    const database = await createTestDatabase("postgres");
    cleanup.push(() => database.close());
    const bucket = await newBucket();
    const scratch = fs.mkdtempSync(path.join(os.tmpdir(), "move-target-"));
    cleanup.push(async () => fs.rmSync(scratch, { recursive: true, force: true }));
    return { database, bucket, storage: createStorage({ dataDir: scratch, s3: bucket }), env: { DATA_DIR: source.dataDir, DATABASE_URL: database.url, ...s3Env(bucket) } };
  }

  async function expectSameFiles(storage: Storage) {
    expect(await keysOf(storage)).toEqual(sourceFiles);
    for (const key of sourceFiles) expect(sha256(await bytesOf(storage, key)), key).toBe(sha256(await bytesOf(uploads, key)));
  }

  it("refuses with words when neither DATABASE_URL nor S3_* is set", async () => {
    const run = await runMove({ DATA_DIR: source.dataDir });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("Nothing to move to. Set DATABASE_URL");
    expect(run.stderr).toContain("S3_BUCKET");
  }, 60_000);

  describe("into a new database and bucket", () => {
    let target: Awaited<ReturnType<typeof newTarget>>;
    let site: SiteProcess | undefined;
    let run: Run;
    /** The target as the move left it, before the site started there (a running site writes its own jobs and counters). */
    let moved: Record<string, string[]>;

    beforeAll(async () => {
      target = await newTarget();
      run = await runMove(target.env);
      moved = await dump(target.database);
      // The site's new home: its settings and an empty data folder of its own.
      const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "moved-site-"));
      cleanup.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
      if (run.code === 0) site = await startSiteProcess({ DATA_DIR: dataDir, DATABASE_URL: target.database.url, AUTH_SECRET: SECRET, ...s3Env(target.bucket) });
    }, 240_000);
    afterAll(() => stopSiteProcesses(site));

    it("copies every row and file, verifies them and says what to set next", async () => {
      expect(run.stderr).not.toMatch(/error/i);
      expect(run.code).toBe(0);
      expect(run.stdout).toContain("Moved and verified (row counts per table, SHA-256 per file)");
      expect(run.stdout).toMatch(/\n {2}users +1\n/);
      expect(run.stdout).toMatch(new RegExp(`\\n {2}files +${sourceFiles.length} \\(\\d+ bytes\\)`));
      expect(run.stdout).toContain(`set AUTH_SECRET to the authSecret in ${path.join(fs.realpathSync(source.dataDir), "secrets.json")}`);
      expect(run.stdout).toContain("set DATABASE_URL");
      expect(run.stdout).toContain("S3_BUCKET");
      expect(run.stdout).toContain("is as it was");
      expect(moved).toEqual(sourceDump);
      await expectSameFiles(target.storage);
      // The move's marker is gone once the copy is verified.
      expect((await sql<{ n: string }>`select count(*) as n from information_schema.tables where table_name = 'site_move_in_progress'`.execute(target.database.db)).rows[0]!.n).toBe("0");
    });

    it("serves the moved pages, pictures and revisions", async () => {
      for (const { path: address } of BUILT_IN_PAGES) expect((await fetch(`${site!.url}${address}`)).status, address).toBe(200);
      const page = await fetch(`${site!.url}/about/mission`);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(HERO);
      const picture = await fetch(`${site!.url}/media/${variant}`);
      expect(picture.status).toBe(200);
      expect(sha256(Buffer.from(await picture.arrayBuffer()))).toBe(sha256(await bytesOf(uploads, variant)));
      const revisions = await listPageRevisions(target.database, "mission");
      const heroTitle = (r: (typeof revisions)[number]) => r.document?.blocks.find((b) => b.type === "hero")?.title;
      expect(revisions.map((r) => [r.revision, heroTitle(r)])).toEqual([
        [3, HERO],
        [2, "Our mission, first draft"],
        [1, getPageById("mission")!.heroTitle],
      ]);
    });

    it("keeps the session that was signed in, the subscribers and their consent", async () => {
      const admin = await fetch(`${site!.url}/admin`, { headers: { cookie: sessionCookie }, redirect: "manual" });
      expect(admin.status).toBe(200);
      const csv = await fetch(`${site!.url}/admin/newsletter-subscribers.csv`, {
        method: "POST",
        redirect: "manual",
        headers: { cookie: sessionCookie, Origin: site!.url },
        body: new URLSearchParams({ q: "", status: "confirmed" }),
      });
      expect(csv.status).toBe(200);
      expect(await csv.text()).toContain(`${SUBSCRIBER},confirmed`);
    });

    it("lets the admin sign in with their password and authenticator code", async () => {
      const post = (url: string, fields: Record<string, string>, cookie = "") =>
        fetch(`${site!.url}${url}`, { method: "POST", redirect: "manual", headers: { Origin: site!.url, cookie }, body: new URLSearchParams(fields) });
      const password = await post("/login", { intent: "sign-in", email: EMAIL, password: PASSWORD, redirectTo: "/admin" });
      expect(password.status).toBe(302);
      expect(password.headers.get("location")).toContain("/two-factor");
      // The next step's code (accepted for clocks that drift): later than the one that turned two-factor on, which is spent.
      const code = await post("/two-factor?index", { method: "totp", code: totp(totpSecret, Date.now() + 30_000) }, cookiesOf(password));
      expect(code.status).toBe(302);
      const admin = await fetch(`${site!.url}/admin`, { headers: { cookie: cookiesOf(code) }, redirect: "manual" });
      expect(admin.status).toBe(200);
    });

    it("refuses to move again into the database and bucket that now hold the site, and changes nothing", async () => {
      const before = await dump(target.database);
      const again = await runMove(target.env);
      expect(again.code).toBe(1);
      expect(again.stderr).toContain("Not moving: the database in DATABASE_URL already holds");
      expect(again.stderr).toMatch(/users \(1 rows\)/);
      expect(again.stderr).toMatch(new RegExp(`the bucket in S3_BUCKET already holds ${sourceFiles.length} files`));
      expect(again.stderr).toContain("Nothing has been changed");
      expect(again.stderr).toContain("--force");
      expect(await dump(target.database)).toEqual(before);
      await expectSameFiles(target.storage);
    }, 60_000);
  });

  it("finishes a move killed half-way when run again: every row and file once, verified", async () => {
    const target = await newTarget();
    const scratchFolders = () => new Set(fs.readdirSync(os.tmpdir()).filter((name) => /^site-move-.+_\d+_/.test(name)));
    const before = scratchFolders();
    const copied = (stdout: string) => (stdout.match(/ rows copied\n/g) ?? []).length;
    const killed = await runMove({ ...target.env, SITE_MOVE_PAUSE_MS: "150" }, [], (stdout) => copied(stdout) >= 8);
    expect(killed.signal).toBe("SIGKILL");
    // Some tables are there and some not yet; the marker says whose partial copy this is.
    const counts = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(target.database.db)).rows[0]!.n);
    expect(await counts("users")).toBe(1);
    expect(await counts("volunteer_opportunities")).toBe(0);
    expect(await counts("site_move_in_progress")).toBe(1);

    // Stopped again, this time while it copies the files.
    const filesCopied = (stdout: string) => (stdout.match(/: copied \(\d+ bytes\)\n/g) ?? []).length;
    const killedAgain = await runMove({ ...target.env, SITE_MOVE_PAUSE_MS: "150" }, [], (stdout) => filesCopied(stdout) >= 4);
    expect(killedAgain.signal).toBe("SIGKILL");
    expect(killedAgain.stdout).toContain("Carrying on from a move of this data folder that was stopped.");
    const inBucket = (await keysOf(target.storage)).filter((key) => sourceFiles.includes(key));
    expect(inBucket.length).toBeGreaterThanOrEqual(4);
    expect(inBucket.length).toBeLessThan(sourceFiles.length);

    // A killed run leaves its copy of the source database in the temporary folder (the second run removed the first's).
    const leftBehind = [...scratchFolders()].filter((name) => !before.has(name));
    expect(leftBehind).toHaveLength(1);
    const resumed = await runMove(target.env);
    // The next run removes them, their processes being gone.
    expect([...scratchFolders()].filter((name) => leftBehind.includes(name))).toEqual([]);
    expect(resumed.stderr).not.toMatch(/error/i);
    expect(resumed.code).toBe(0);
    expect(resumed.stdout).toContain("Carrying on from a move of this data folder that was stopped.");
    // The files already there are checked (size and SHA-256) and left, not copied twice.
    expect((resumed.stdout.match(/: already there \(/g) ?? []).length).toBe(inBucket.length);
    expect(resumed.stdout).toContain("Moved and verified");
    expect(await dump(target.database)).toEqual(sourceDump);
    await expectSameFiles(target.storage);
  }, 180_000);

  it("refuses a bucket that holds someone else's file unless told --force", async () => {
    const target = await newTarget();
    await target.storage.putStream("general/1-theirs.png", Readable.from([Buffer.from("not ours")]), { contentType: "image/png" });
    const refused = await runMove(target.env);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain("the bucket in S3_BUCKET already holds 1 files, 8 bytes (general/1-theirs.png)");
    expect(await keysOf(target.storage)).toEqual(["general/1-theirs.png"]);
    expect(await dump(target.database)).not.toHaveProperty("users", sourceDump.users);

    const forced = await runMove(target.env, ["--force"]);
    expect(forced.code).toBe(0);
    expect(await dump(target.database)).toEqual(sourceDump);
    for (const key of sourceFiles) expect(sha256(await bytesOf(target.storage, key))).toBe(sha256(await bytesOf(uploads, key)));
  }, 120_000);

  it("leaves the old data folder exactly as it was", () => {
    expect(folderState(source.dataDir)).toEqual(sourceState);
  });
});
