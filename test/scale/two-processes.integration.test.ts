import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { SMTPServer } from "smtp-server";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../engines";
import { startS3Server } from "../s3-server";
import { cookieJar, startProxy, startSite, type Proxy, type SiteProcess } from "./cluster";
import { ensureProductionBuild, freePort } from "../site-process";
import { createAuth, createOrResetAdmin } from "#app/features/accounts/auth.server";
import { nowIso } from "#app/platform/db/db.server";
import { LOGIN_LIMITS } from "#app/platform/rate-limit.server";
import { queueCampaign, saveCampaignDraft } from "#app/features/newsletter/campaigns.server";

/**
 * Scale-out: two production server processes behind one round-robin
 * address, sharing one database (and, on PostgreSQL, nothing on disk: each
 * has its own data folder and files live in S3). What one process does,
 * the other must honour: sessions, sign-in limits, the public page cache's
 * invalidation and the job queue.
 */

/**
 * This test's own writes, as a third SQLite writer beside two busy servers,
 * can find the file locked when a transaction upgrades from reading to
 * writing (SQLite answers that at once rather than waiting); it tries again.
 */
async function retryWhileBusy<T>(fn: () => Promise<T>): Promise<T> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await fn();
    } catch (error) {
      if (attempt >= 50 || !/database is locked|SQLITE_BUSY/i.test(String(error))) throw error;
      await new Promise((r) => setTimeout(r, 20 + Math.random() * 50));
    }
  }
}

const ADMIN = { email: "scale-admin@example.org", password: "two mills on one river" };
const AUTH_SECRET = crypto.randomBytes(32).toString("base64url");

describeEachEngine("two server processes behind one address", (getDb) => {
  let proxy: Proxy;
  let a: SiteProcess;
  let b: SiteProcess;
  let stopS3: (() => Promise<void>) | undefined;
  // A mail server that takes a while over each message, as real ones do: a
  // job then lasts long enough that both processes' workers must take part.
  const delivered: { to: string; subject: string }[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const subject = /^Subject: (.*)$/m.exec(Buffer.concat(chunks).toString("utf8"))?.[1]?.trim() ?? "";
        for (const to of session.envelope.rcptTo) delivered.push({ to: to.address, subject });
        setTimeout(callback, 40);
      });
    },
  });
  const dirs: string[] = [];
  const byName = (name: string | null) => (name === "a" ? a : b);

  beforeAll(async () => {
    ensureProductionBuild();
    const db = getDb();
    proxy = await startProxy(await freePort());
    const smtpPort = await freePort();
    await new Promise<void>((resolve) => smtp.listen(smtpPort, "127.0.0.1", resolve));
    const shared: Record<string, string | undefined> = {
      DATABASE_URL: db.url,
      AUTH_SECRET,
      PUBLIC_URL: proxy.url,
      TRUST_PROXY: "1",
      NEWSLETTER_RATE_PER_MINUTE: "100000",
      NEWSLETTER_BATCH_SIZE: "5",
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    };
    if (db.url && !process.env.S3_ENDPOINT) {
      // PostgreSQL is the multi-machine set-up: files in S3, not on either process's disk.
      const s3 = await startS3Server();
      stopS3 = s3.stop;
      Object.assign(shared, {
        S3_ENDPOINT: s3.config.endpoint,
        S3_REGION: s3.config.region,
        S3_BUCKET: s3.config.bucket,
        S3_ACCESS_KEY_ID: s3.config.accessKeyId,
        S3_SECRET_ACCESS_KEY: s3.config.secretAccessKey,
      });
    }
    // SQLite: one file both processes open (the embedded case on one machine);
    // PostgreSQL: a data folder each, so nothing can be shared through the disk.
    const dataDir = (name: string) => {
      if (!db.url) return db.dataDir;
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), `scale-${name}-`));
      dirs.push(dir);
      return dir;
    };
    // Each process signs its mail with its own sender, so the outbox shows who sent what.
    [a, b] = await Promise.all([
      startSite("a", { ...shared, DATA_DIR: dataDir("a"), MAIL_FROM: "process-a@example.org" }),
      startSite("b", { ...shared, DATA_DIR: dataDir("b"), MAIL_FROM: "process-b@example.org" }),
    ]);
    proxy.setBackends([a, b]);
    const created = await createOrResetAdmin(createAuth(db, { secret: AUTH_SECRET, baseURL: proxy.url }), ADMIN);
    if (!created.ok) throw new Error(created.message);
  }, 240_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await proxy?.close();
    await stopS3?.();
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  const viaProxy = (pathname: string, init: RequestInit = {}) => fetch(`${proxy.url}${pathname}`, { redirect: "manual", ...init });
  const post = (pathname: string, fields: Record<string, string>, cookie = "") =>
    viaProxy(pathname, { method: "POST", body: new URLSearchParams(fields), headers: { Origin: proxy.url, ...(cookie ? { cookie } : {}) } });

  it("a session made through one process is honoured by the other, and ends on both", async () => {
    const jar = cookieJar();
    const signIn = await post("/login", { intent: "sign-in", email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" });
    expect(signIn.status).toBe(302);
    jar.take(signIn);
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) {
      const page = await viaProxy("/admin/users", { headers: { cookie: jar.cookie() } });
      expect(page.status, `request ${i} on ${page.headers.get("x-backend")}`).toBe(200);
      const html = await page.text();
      expect(html).toContain("Admin users");
      expect(html).toContain(ADMIN.email);
      seen.add(page.headers.get("x-backend")!);
    }
    expect([...seen].sort()).toEqual(["a", "b"]);

    const out = await viaProxy("/logout", { method: "POST", headers: { cookie: jar.cookie(), Origin: proxy.url } });
    expect(out.status).toBe(302);
    for (const site of [a, b]) {
      const replay = await fetch(`${site.url}/admin/users`, { redirect: "manual", headers: { cookie: jar.cookie() } });
      expect(replay.status, site.name).toBe(302);
    }
  });

  it("counts failed sign-ins across both processes", async () => {
    const victim = `locked-${crypto.randomBytes(3).toString("hex")}@example.org`;
    const seen = new Set<string>();
    for (let i = 0; i < LOGIN_LIMITS.accountFailures; i++) {
      const response = await post("/login", { intent: "sign-in", email: victim, password: `guess number ${i}`, redirectTo: "/admin" });
      expect(response.status, `attempt ${i + 1}`).toBe(401);
      seen.add(response.headers.get("x-backend")!);
    }
    expect([...seen].sort()).toEqual(["a", "b"]);
    for (const site of [a, b]) {
      const refused = await fetch(`${site.url}/login`, {
        method: "POST",
        redirect: "manual",
        headers: { Origin: site.url },
        body: new URLSearchParams({ intent: "sign-in", email: victim, password: "one more guess", redirectTo: "/admin" }),
      });
      expect(refused.status, site.name).toBe(429);
    }
  });

  it("a staff save through one process clears the other's cached public page", async () => {
    const jar = cookieJar();
    const signIn = await post("/login", { intent: "sign-in", email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" });
    jar.take(signIn);

    // Both processes hold /news in their page cache (signing in bumped the version: each empties it within 200 ms and fills it again).
    for (const site of [a, b]) {
      await expect.poll(async () => (await fetch(`${site.url}/news`)).headers.get("x-cache"), { message: site.name, timeout: 5000 }).toBe("hit");
    }
    const title = `Canal clean-up ${crypto.randomBytes(3).toString("hex")}`;
    expect(await (await fetch(`${b.url}/news`)).text()).not.toContain(title);

    const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
    const save = await post(
      "/admin/events",
      { intent: "create", title, category: "community", date, time: "10:00", location: "Canal towpath", description: "Bring gloves.", published: "on" },
      jar.cookie(),
    );
    expect(save.status).toBe(302);
    const other = byName(save.headers.get("x-backend") === "a" ? "b" : "a");

    // The other process re-reads the shared content version at most every 200 ms.
    const started = Date.now();
    let shown = false;
    while (Date.now() - started < 3000) {
      if ((await (await fetch(`${other.url}/news`)).text()).includes(title)) {
        shown = true;
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    expect(shown, `${title} on ${other.name} within 3 s of the save`).toBe(true);
    expect(Date.now() - started).toBeLessThan(1500);
  });

  it("a file uploaded through one process is served by the other", async () => {
    const jar = cookieJar();
    jar.take(await post("/login", { intent: "sign-in", email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }));
    const png = await sharp({ create: { width: 64, height: 48, channels: 3, background: "#2a7" } }).png().toBuffer();
    const form = new FormData();
    form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "shared.png");
    form.set("altText", "A green square");
    form.set("section", "scale");
    const upload = await fetch(`${a.url}/api/media/quick-upload`, { method: "POST", body: form, headers: { cookie: jar.cookie(), Origin: a.url } });
    expect(upload.status).toBe(201);
    const { file } = (await upload.json()) as { file: { fileUrl: string } };
    expect(file.fileUrl).toMatch(/^\/media\/scale\//);
    const fromA = Buffer.from(await (await fetch(`${a.url}${file.fileUrl}`)).arrayBuffer());
    const fromB = await fetch(`${b.url}${file.fileUrl}`);
    expect(fromB.status).toBe(200);
    expect(Buffer.from(await fromB.arrayBuffer()).equals(fromA)).toBe(true);
    expect((await sharp(fromA).metadata()).width).toBe(64);
    if (getDb().url) {
      // Nothing of it is on either process's own disk: it is in the bucket.
      for (const dir of dirs) expect(fs.existsSync(path.join(dir, "uploads", "scale"))).toBe(false);
    }
  });

  it("shares one job queue: every job runs exactly once, and both processes take work", async () => {
    const { db } = getDb();
    const now = nowIso();
    const tag = crypto.randomBytes(3).toString("hex");
    const subscribers = Array.from({ length: 5 }, (_, i) => `reader${i}-${tag}@example.org`);
    for (const email of subscribers) {
      await db
        .insertInto("subscribers")
        .values({
          id: crypto.randomUUID(),
          email,
          status: "confirmed",
          confirm_nonce: null,
          confirm_sent_at: null,
          consent_source: "scale test",
          consent_text: "test",
          requested_at: now,
          confirmed_at: now,
          unsubscribed_at: null,
          created_at: now,
          updated_at: now,
        })
        .execute();
    }
    const confirmed = await db.selectFrom("subscribers").select("email").where("status", "=", "confirmed").execute();
    const campaigns: string[] = [];
    for (let i = 0; i < 30; i++) {
      const id = await saveCampaignDraft(getDb(), { template: "general", subject: `Scale news ${tag} #${i}`, content: "Hello from the canal." });
      const queued = await retryWhileBusy(() => queueCampaign(getDb(), id));
      expect(queued.ok).toBe(true);
      campaigns.push(id);
    }

    const deadline = Date.now() + 90_000;
    for (;;) {
      const open = await db.selectFrom("jobs").select("id").where("type", "=", "newsletter.send").where("status", "in", ["queued", "running"]).execute();
      if (open.length === 0) break;
      if (Date.now() > deadline) throw new Error(`${open.length} newsletter jobs still open`);
      await new Promise((r) => setTimeout(r, 250));
    }

    const jobs = await db.selectFrom("jobs").select(["status", "payload"]).where("type", "=", "newsletter.send").execute();
    const ours = jobs.filter((j) => campaigns.some((id) => j.payload.includes(id)));
    expect(ours).toHaveLength(campaigns.length);
    expect(ours.every((j) => j.status === "done")).toBe(true);

    const mail = await db.selectFrom("outbox").select(["campaign_id", "to_address", "from_address"]).where("campaign_id", "in", campaigns).execute();
    // Exactly one message per campaign and subscriber: nothing lost, nothing twice.
    expect(mail).toHaveLength(campaigns.length * confirmed.length);
    expect(new Set(mail.map((m) => `${m.campaign_id} ${m.to_address}`)).size).toBe(mail.length);
    // And the mail server got each exactly once, from both processes.
    const recipients = new Set(mail.map((m) => m.to_address));
    const received = delivered.filter((d) => d.subject.includes(tag) && recipients.has(d.to));
    expect(received).toHaveLength(mail.length);
    expect(new Set(received.map((d) => `${d.subject} ${d.to}`)).size).toBe(received.length);
    expect([...new Set(mail.map((m) => m.from_address))].sort()).toEqual(["process-a@example.org", "process-b@example.org"]);
  }, 120_000);
});
