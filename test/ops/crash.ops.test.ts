import { richTextToPlain, type RichTextDoc } from "#app/features/blocks/rich-text";
import crypto from "node:crypto";
import fs from "node:fs";
import http from "node:http";
import path from "node:path";
import { spawn } from "node:child_process";
import { sql } from "kysely";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../engines";
import { noisePng } from "../media-fixtures";
import { createFirstAdmin, fileHashes, runCli, startSite, stopSite, type Site } from "../security/site";
import { ensureProductionBuild, root } from "../site-process";
import { storedKeys, type MediaFile } from "#app/features/media/media.server";
import { tableNames } from "#app/features/backup/backup-archive.server";

/**
 * Crash safety: the production server is killed (SIGKILL) in the middle of
 * an upload (quick and resumable), a page save and a newsletter send, and a
 * migration is killed half-way. After a restart nothing is half-written,
 * the clean-up job removes what the crash left on disk, and the work
 * carries on (the upload resumes, the newsletter finishes without sending
 * anyone a second copy). SIGTERM lets a request in flight finish and the
 * running job end its step, then the process exits 0.
 */

const ADMIN = { email: "crash.admin@example.org", password: "lantern over the moor 42" };

describeEachEngine("crash safety", (getDb) => {
  let site: Site | undefined;
  let cookie = "";
  const env = { NEWSLETTER_BATCH_SIZE: "5", NEWSLETTER_RATE_PER_MINUTE: "600" };

  const start = async () => {
    site = await startSite({ dataDir: getDb().dataDir, databaseUrl: getDb().url, env });
    return site;
  };
  const kill = async () => {
    const exit = await stopSite(site, "SIGKILL");
    expect(exit?.signal).toBe("SIGKILL");
  };

  beforeAll(async () => {
    ensureProductionBuild();
    await start();
    cookie = await createFirstAdmin(site!, ADMIN.email, ADMIN.password);
  }, 240_000);

  afterAll(async () => {
    await stopSite(site, "SIGKILL");
  });

  /** Every row points at files that exist; after clean-up every file belongs to a row. */
  async function expectConsistentMedia(afterCleanup: boolean) {
    const rows = await getDb().db.selectFrom("media_files").selectAll().execute();
    const uploads = path.join(getDb().dataDir, "uploads");
    const onDisk = new Set(Object.keys(fileHashes(uploads)));
    const referenced = new Set<string>();
    for (const row of rows) {
      const keys = storedKeys({ filename: row.filename, variants: JSON.parse(row.variants ?? "[]") } as MediaFile);
      for (const key of keys) {
        referenced.add(key);
        if (row.processing !== "pending" && row.processing !== "processing") expect(onDisk.has(key), `row ${row.id} points at missing ${key}`).toBe(true);
      }
      expect(onDisk.has(row.filename), `row ${row.id} points at missing ${row.filename}`).toBe(true);
    }
    if (afterCleanup) {
      expect([...onDisk].filter((key) => !referenced.has(key)), "orphan files").toEqual([]);
      expect(fs.readdirSync(path.join(getDb().dataDir, "tmp")).filter((n) => !n.startsWith("."))).toEqual([]);
    }
  }

  async function cleanupNow() {
    const result = await runCli(["cleanup", "--min-age-minutes", "0"], { dataDir: getDb().dataDir, databaseUrl: getDb().url });
    expect(result.code, result.stderr).toBe(0);
    return JSON.parse(result.stdout.trim().split("\n").pop()!) as { orphans: string[]; scratch: string[] };
  }

  /** Sends a request body in slices, calling `midway` once half has gone, then the rest. */
  function slowRequest(url: string, headers: Record<string, string>, body: Buffer, midway: () => Promise<void>, method = "POST") {
    return new Promise<{ status: number; body: string } | { error: string }>((resolve) => {
      const request = http.request(url, { method, headers: { ...headers, "Content-Length": String(body.length) } }, (response) => {
        let text = "";
        response.on("data", (d: Buffer) => (text += d.toString()));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body: text }));
      });
      request.on("error", (error) => resolve({ error: error.message }));
      const half = Math.floor(body.length / 2);
      request.write(body.subarray(0, half), async () => {
        await new Promise((r) => setTimeout(r, 300));
        await midway();
        request.end(body.subarray(half));
      });
    });
  }

  function multipart(fields: Record<string, string>, file: Buffer, name: string): { body: Buffer; type: string } {
    const boundary = `----crash${crypto.randomBytes(8).toString("hex")}`;
    const parts: Buffer[] = [];
    for (const [key, value] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`));
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: image/png\r\n\r\n`), file, Buffer.from(`\r\n--${boundary}--\r\n`));
    return { body: Buffer.concat(parts), type: `multipart/form-data; boundary=${boundary}` };
  }

  it("a quick upload killed half-way leaves no record, and its scratch file is cleaned up", async () => {
    const png = await noisePng(6 * 1024 * 1024);
    const { body, type } = multipart({ altText: "Half a picture" }, png, "half.png");
    const before = (await getDb().db.selectFrom("media_files").select("id").execute()).length;
    // Killed once the server has started writing the file (on a busy machine that can take longer than the pause).
    const scratchStarted = async () => {
      const tmp = path.join(getDb().dataDir, "tmp");
      for (let i = 0; i < 100 && !(fs.existsSync(tmp) && fs.readdirSync(tmp).some((n) => n.startsWith("quick-"))); i++) await new Promise((r) => setTimeout(r, 100));
      await kill();
    };
    const outcome = await slowRequest(`${site!.url}/api/media/quick-upload`, { "Content-Type": type, Cookie: cookie, Origin: site!.url }, body, scratchStarted);
    expect("error" in outcome).toBe(true);
    await start();
    expect((await getDb().db.selectFrom("media_files").select("id").execute()).length).toBe(before);
    await expectConsistentMedia(false);
    const cleaned = await cleanupNow();
    expect(cleaned.scratch.some((p) => p.startsWith("tmp/quick-"))).toBe(true);
    await expectConsistentMedia(true);
    // Uploads work again.
    const again = await fetch(`${site!.url}/api/media/quick-upload`, { method: "POST", headers: { "Content-Type": type, Cookie: cookie, Origin: site!.url }, body: new Uint8Array(body) });
    expect(again.status).toBe(201);
  });

  it("a resumable upload killed half-way resumes after the restart and ends with the same bytes", async () => {
    const png = await noisePng(4 * 1024 * 1024);
    const created = await fetch(`${site!.url}/api/uploads`, {
      method: "POST",
      headers: { "Tus-Resumable": "1.0.0", "Upload-Length": String(png.length), "Upload-Metadata": `filename ${Buffer.from("resumed.png").toString("base64")}`, Cookie: cookie, Origin: site!.url },
    });
    expect(created.status).toBe(201);
    const location = new URL(created.headers.get("location")!, site!.url).pathname;
    const patch = await slowRequest(`${site!.url}${location}`, { "Tus-Resumable": "1.0.0", "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream", Cookie: cookie, Origin: site!.url }, png, kill, "PATCH");
    expect("error" in patch).toBe(true);
    await start();
    const head = await fetch(`${site!.url}${location}`, { method: "HEAD", headers: { "Tus-Resumable": "1.0.0", Cookie: cookie } });
    expect(head.status).toBe(200);
    const offset = Number(head.headers.get("upload-offset"));
    expect(offset).toBeGreaterThan(0);
    expect(offset).toBeLessThan(png.length);
    const rest = await fetch(`${site!.url}${location}`, {
      method: "PATCH",
      body: new Uint8Array(png.subarray(offset)),
      headers: { "Tus-Resumable": "1.0.0", "Upload-Offset": String(offset), "Content-Type": "application/offset+octet-stream", Cookie: cookie, Origin: site!.url },
    });
    expect(rest.status).toBe(204);
    const complete = await fetch(`${site!.url}/api/media/complete`, {
      method: "POST",
      body: new URLSearchParams({ uploadId: location.split("/").pop()!, altText: "Resumed picture" }),
      headers: { Cookie: cookie, Origin: site!.url },
    });
    expect(complete.status, await complete.clone().text()).toBe(201);
    const { file } = (await complete.json()) as { file: { fileUrl: string; width: number } };
    // The stored image decodes to the same pixels the client sent (images are re-encoded on arrival).
    const sharp = (await import("sharp")).default;
    const stored = await fetch(`${site!.url}${file.fileUrl}`);
    const [a, b] = await Promise.all([sharp(Buffer.from(await stored.arrayBuffer())).raw().toBuffer(), sharp(png).raw().toBuffer()]);
    expect(crypto.createHash("sha256").update(a).digest("hex")).toBe(crypto.createHash("sha256").update(b).digest("hex"));
  });

  it("page saves killed at any moment leave the draft whole (hero and text from one save), and lose no acknowledged save", async () => {
    const acknowledged: number[] = [];
    let stop = false;
    const saves = (async () => {
      for (let i = 1; !stop && i < 500; i++) {
        try {
          const response = await fetch(`${site!.url}/admin?index`, {
            method: "POST",
            redirect: "manual",
            headers: { Cookie: cookie, Origin: site!.url },
            body: new URLSearchParams({ intent: "save", pageId: "about", heroTitle: `About us, save ${i}`, heroSubtitle: "", mainTitle: "", content: `Body of save ${i}. `.repeat(200), force: "1" }),
          });
          if (response.status === 302) acknowledged.push(i);
          else expect(response.status, await response.text()).toBe(302);
        } catch {
          return;
        }
      }
    })();
    // Kill once a few saves have gone through (a loaded CI machine is slower), mid-stream.
    for (let i = 0; i < 400 && acknowledged.length < 3; i++) await new Promise((r) => setTimeout(r, 50));
    await new Promise((r) => setTimeout(r, 137));
    await kill();
    stop = true;
    await saves;
    expect(acknowledged.length).toBeGreaterThan(2);
    await start();
    const row = await getDb().db.selectFrom("pages").select(["draft", "version"]).where("id", "=", "about").executeTakeFirstOrThrow();
    const draft = JSON.parse(row.draft!) as { blocks: { id: string; type: string; title?: string; body?: RichTextDoc }[] };
    const hero = draft.blocks.find((b) => b.type === "hero")!;
    const text = draft.blocks.find((b) => b.id === "text")!;
    const saved = Number(/save (\d+)/.exec(hero.title ?? "")![1]);
    expect(saved).toBeGreaterThanOrEqual(acknowledged[acknowledged.length - 1]!);
    // The text is the same save's: a save is one row write, never half of one.
    expect(richTextToPlain(text.body!)).toBe(`Body of save ${saved}. `.repeat(200).trim());
    expect(Number(row.version)).toBeGreaterThanOrEqual(acknowledged.length);
  });

  it("a newsletter interrupted by SIGTERM and then by SIGKILL finishes after the restart, nobody mailed twice", async () => {
    const now = new Date().toISOString();
    const subscribers = Array.from({ length: 60 }, (_, i) => ({
      id: crypto.randomUUID(),
      email: `reader${i}@example.org`,
      status: "confirmed",
      confirm_nonce: null,
      confirm_sent_at: null,
      consent_source: "test",
      consent_text: "test",
      requested_at: now,
      confirmed_at: now,
      unsubscribed_at: null,
      created_at: now,
      updated_at: now,
    }));
    await getDb().db.insertInto("subscribers").values(subscribers).execute();
    const send = await fetch(`${site!.url}/admin/newsletter`, {
      method: "POST",
      redirect: "manual",
      headers: { Cookie: cookie, Origin: site!.url },
      body: new URLSearchParams({ intent: "send", template: "custom", subject: "Crash test news", content: "Hello from the crash test." }),
    });
    expect(send.status, await send.text()).toBe(302);
    const campaign = await getDb().db.selectFrom("campaigns").selectAll().where("subject", "=", "Crash test news").executeTakeFirstOrThrow();
    const sentCount = async () =>
      (await getDb().db.selectFrom("campaign_recipients").select("id").where("campaign_id", "=", campaign.id).where("status", "=", "sent").execute()).length;

    // SIGTERM while sending: the step in hand finishes, nothing is left claimed, the process exits 0.
    for (let i = 0; i < 600 && (await sentCount()) < 5; i++) await new Promise((r) => setTimeout(r, 50));
    const graceful = await stopSite(site, "SIGTERM");
    expect(graceful?.code).toBe(0);
    expect(site!.logs.some((l) => l.includes("shutting down"))).toBe(true);
    const claimed = await getDb().db.selectFrom("campaign_recipients").select("id").where("campaign_id", "=", campaign.id).where("status", "=", "sending").execute();
    expect(claimed).toEqual([]);
    const afterTerm = await sentCount();
    expect(afterTerm).toBeGreaterThan(0);
    expect(afterTerm).toBeLessThan(60);

    // SIGKILL while sending: the restart picks the job up at once.
    await start();
    for (let i = 0; i < 600 && (await sentCount()) <= afterTerm; i++) await new Promise((r) => setTimeout(r, 50));
    await kill();
    await start();
    for (let i = 0; i < 600; i++) {
      const current = await getDb().db.selectFrom("campaigns").select("status").where("id", "=", campaign.id).executeTakeFirstOrThrow();
      if (current.status === "sent") break;
      await new Promise((r) => setTimeout(r, 100));
    }
    const recipients = await getDb().db.selectFrom("campaign_recipients").select(["email", "status"]).where("campaign_id", "=", campaign.id).execute();
    expect(recipients).toHaveLength(60);
    // At most one message can be lost to a kill inside the mail hand-over (docs/decisions/005): never sent twice.
    expect(recipients.filter((r) => r.status !== "sent").length).toBeLessThanOrEqual(1);
    const outbox = await getDb().db.selectFrom("outbox").select("to_address").where("campaign_id", "=", campaign.id).execute();
    const perAddress = new Map<string, number>();
    for (const row of outbox) perAddress.set(row.to_address, (perAddress.get(row.to_address) ?? 0) + 1);
    expect([...perAddress.values()].every((n) => n === 1)).toBe(true);
    expect(perAddress.size).toBeGreaterThanOrEqual(59);
  });

  it("SIGTERM lets an upload in flight finish before the process exits", async () => {
    const png = await noisePng(3 * 1024 * 1024);
    const { body, type } = multipart({ altText: "Finished during shutdown" }, png, "late.png");
    let exit: Promise<unknown> | undefined;
    const outcome = await slowRequest(`${site!.url}/api/media/quick-upload`, { "Content-Type": type, Cookie: cookie, Origin: site!.url }, body, async () => {
      exit = stopSite(site, "SIGTERM");
    });
    expect(outcome).toMatchObject({ status: 201 });
    expect(await exit).toMatchObject({ code: 0 });
    await start();
    const row = await getDb().db.selectFrom("media_files").select("id").where("alt_text", "=", "Finished during shutdown").execute();
    expect(row).toHaveLength(1);
    await expectConsistentMedia(false);
  });

  it("a migration killed half-way leaves the schema as it was, and the next run applies it whole", async () => {
    await stopSite(site);
    const marker = path.join(getDb().dataDir, "migration-started");
    const run = (fast: boolean) =>
      spawn(process.execPath, [path.join(root, "node_modules/vite-node/vite-node.mjs"), "--config", "vitest.config.ts", "test/ops/fixtures/slow-migration.ts"], {
        cwd: root,
        env: { ...process.env, DATA_DIR: getDb().dataDir, DATABASE_URL: getDb().url ?? "", MARKER: marker, FAST: fast ? "1" : "0", LOG_LEVEL: "silent" },
        stdio: ["ignore", "pipe", "inherit"],
      });
    const slow = run(false);
    const exited = new Promise((resolve) => slow.once("exit", resolve));
    for (let i = 0; i < 600 && !fs.existsSync(marker); i++) await new Promise((r) => setTimeout(r, 100));
    expect(fs.existsSync(marker)).toBe(true);
    slow.kill("SIGKILL");
    await exited;

    const tables = await tableNames(getDb());
    expect(tables).not.toContain("crash_test_a");
    const applied = await sql<{ name: string }>`select name from kysely_migration`.execute(getDb().db);
    expect(applied.rows.map((r) => r.name)).not.toContain("9999-crash-test");

    const fast = run(true);
    let output = "";
    fast.stdout!.on("data", (d: Buffer) => (output += d.toString()));
    expect(await new Promise((resolve) => fast.once("exit", resolve))).toBe(0);
    expect(output).toContain("migrated");
    expect(await tableNames(getDb())).toEqual(expect.arrayContaining(["crash_test_a", "crash_test_b"]));
    await sql`drop table crash_test_a`.execute(getDb().db);
    await sql`drop table crash_test_b`.execute(getDb().db);
    await sql`delete from kysely_migration where name = '9999-crash-test'`.execute(getDb().db);
    // The site still starts on this database.
    await start();
    expect((await fetch(`${site!.url}/readyz`)).status).toBe(200);
  });
});

it("/readyz reports unreachable storage with 503 while /healthz stays up", async () => {
  ensureProductionBuild();
  const { createTestDatabase } = await import("../engines");
  const database = await createTestDatabase("sqlite");
  // A bucket on a port nothing listens on.
  const site = await startSite({
    dataDir: database.dataDir,
    env: { S3_ENDPOINT: "http://127.0.0.1:9", S3_REGION: "us-east-1", S3_BUCKET: "media", S3_ACCESS_KEY_ID: "x", S3_SECRET_ACCESS_KEY: "y" },
  });
  try {
    expect((await fetch(`${site.url}/healthz`)).status).toBe(200);
    const ready = await fetch(`${site.url}/readyz`);
    expect(ready.status).toBe(503);
    expect(await ready.json()).toEqual({ database: "ok", storage: "unreachable" });
    // Readiness failures are logged without secrets.
    expect(site.logs.join("\n")).not.toContain("S3_SECRET");
  } finally {
    await stopSite(site);
    await database.close();
  }
}, 120_000);
