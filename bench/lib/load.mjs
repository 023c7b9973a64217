// The load run shared by `npm run bench load` and its short version in the
// test suite (test/scale/load.integration.test.ts): visitors on every public
// page at once (autocannon), while an admin uploads images through both
// upload paths and saves and publishes a page again and again; then every upload and publish
// is looked for in the database and the file store.
import { execFileSync } from "node:child_process";
import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import autocannon from "autocannon";
import sharp from "sharp";
import * as tus from "tus-js-client";
import { cpuMs, ensureBuild, freePort, root, serverEnv, startServer, stopServer, tempDir } from "./common.mjs";

const ADMIN = { email: "load-admin@example.org", password: "a steady hand under load 4" };

/** A small photo-like PNG, different every time so no two uploads are the same file. */
async function image(width, height) {
  // A coarse random pattern scaled up: unique, and as smooth as a photo rather than noise.
  const pixels = crypto.randomBytes(16 * 12 * 3);
  return sharp(pixels, { raw: { width: 16, height: 12, channels: 3 } }).resize(width, height, { kernel: "cubic" }).png().toBuffer();
}

function cookieJar() {
  const jar = new Map();
  return {
    header: () => [...jar.values()].join("; "),
    take(response) {
      for (const set of response.headers.getSetCookie()) {
        const pair = set.split(";")[0];
        const name = pair.slice(0, pair.indexOf("="));
        if (pair.endsWith("=") || /max-age=0/i.test(set) || name === "toast") jar.delete(name);
        else jar.set(name, pair);
      }
    },
  };
}

/** Reads the data that must have survived, from whichever database the server used. */
async function openDb(dataDir, databaseUrl) {
  if (databaseUrl) {
    const pg = await import("pg");
    const client = new (pg.default?.Client ?? pg.Client)({ connectionString: databaseUrl });
    await client.connect();
    return { all: async (sql) => (await client.query(sql)).rows, close: () => client.end() };
  }
  const { default: Database } = await import("better-sqlite3");
  const db = new Database(path.join(dataDir, "site.db"), { readonly: true, fileMustExist: true });
  return { all: async (sql) => db.prepare(sql).all(), close: async () => db.close() };
}

const quote = (id) => `'${String(id).replace(/'/g, "''")}'`;

/**
 * Runs the load for `seconds` with `connections` visitors and returns the
 * figures and every problem found (an empty `problems` is a pass).
 */
export async function runLoad({
  seconds = 60,
  connections = 200,
  databaseUrl = process.env.DATABASE_URL,
  // A person between actions: choosing the next photo, typing the next change.
  adminPauseMs = 500,
  log = () => {},
} = {}) {
  ensureBuild();
  const dataDir = tempDir("bench-load-");
  const port = await freePort();
  const extra = databaseUrl ? { DATABASE_URL: databaseUrl } : {};
  const env = serverEnv(port, dataDir, extra);
  execFileSync(process.execPath, ["scripts/cli.mjs", "admin:create", "--email", ADMIN.email, "--password", ADMIN.password], {
    cwd: root,
    env: { ...env, LOG_LEVEL: "silent" },
    stdio: "pipe",
  });
  const { child, url } = await startServer(env);
  const problems = [];
  try {
    const jar = cookieJar();
    const signIn = await fetch(`${url}/login`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: url },
      body: new URLSearchParams({ intent: "sign-in", email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }),
    });
    if (signIn.status !== 302) throw new Error(`sign-in failed: ${signIn.status}`);
    jar.take(signIn);

    // Every public page the sitemap lists, plus the feeds.
    const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
    const pages = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    const paths = [...new Set([...pages, "/events.ics", "/robots.txt"])];
    log(`${paths.length} public paths, ${connections} visitors for ${seconds} s`);

    const cpuBefore = cpuMs(child.pid);
    const visitors = autocannon({
      url,
      connections,
      duration: seconds,
      timeout: 10,
      requests: paths.map((p) => ({ method: "GET", path: p })),
    });

    const admin = { quick: [], tus: [], saves: [], failures: [], timings: { quick: [], tus: [], save: [] } };
    const deadline = Date.now() + seconds * 1000;
    const timed = async (kind, fn) => {
      if (Date.now() >= deadline) return;
      await new Promise((r) => setTimeout(r, adminPauseMs));
      const started = performance.now();
      try {
        await fn();
      } catch (error) {
        admin.failures.push(`${kind}: ${error instanceof Error ? error.message : String(error)}`);
      }
      admin.timings[kind].push(performance.now() - started);
    };
    const adminLoop = (async () => {
      for (let round = 0; Date.now() < deadline; round++) {
        await timed("quick", async () => {
          const form = new FormData();
          form.set("file", new Blob([await image(640, 480)], { type: "image/png" }), `load-${round}.png`);
          form.set("altText", `Load test photo ${round}`);
          form.set("section", "load");
          const res = await fetch(`${url}/api/media/quick-upload`, { method: "POST", body: form, headers: { cookie: jar.header(), Origin: url } });
          const body = await res.json();
          if (res.status !== 201) throw new Error(`${res.status} ${JSON.stringify(body)}`);
          admin.quick.push(body.file);
        });
        await timed("tus", async () => {
          const bytes = await image(800, 600);
          const uploadUrl = await new Promise((resolve, reject) => {
            const upload = new tus.Upload(bytes, {
              endpoint: `${url}/api/uploads`,
              chunkSize: 256 * 1024,
              retryDelays: [],
              headers: { cookie: jar.header() },
              metadata: { filename: `library-${round}.png`, filetype: "image/png" },
              onError: reject,
              onSuccess: () => resolve(upload.url),
            });
            upload.start();
          });
          const form = new FormData();
          form.set("uploadId", String(uploadUrl).split("/").pop());
          form.set("altText", `Load test library photo ${round}`);
          const res = await fetch(`${url}/api/media/complete`, { method: "POST", body: form, headers: { cookie: jar.header(), Origin: url } });
          const body = await res.json();
          if (res.status !== 201) throw new Error(`complete ${res.status} ${JSON.stringify(body)}`);
          admin.tus.push(body.file);
        });
        await timed("save", async () => {
          const heroTitle = `About us (load round ${round})`;
          const res = await fetch(`${url}/admin?index`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie: jar.header(), Origin: url },
            body: new URLSearchParams({ intent: "save", pageId: "about", heroTitle, force: "1" }),
          });
          jar.take(res);
          if (res.status !== 302) throw new Error(`save ${res.status}`);
          // A save is a draft; Publish makes it live and keeps it as a revision.
          const published = await fetch(`${url}/admin?index`, {
            method: "POST",
            redirect: "manual",
            headers: { cookie: jar.header(), Origin: url },
            body: new URLSearchParams({ intent: "publish", pageId: "about" }),
          });
          jar.take(published);
          if (published.status !== 302) throw new Error(`publish ${published.status}`);
          admin.saves.push(heroTitle);
        });
      }
    })();

    const [result] = await Promise.all([visitors, adminLoop]);
    const cpuAfter = cpuMs(child.pid);

    // Visitors: every answer a 2xx, nothing timed out or failed to connect.
    const badStatus = result.non2xx;
    if (result.errors) problems.push(`${result.errors} visitor requests failed (connection errors or timeouts)`);
    if (result.timeouts) problems.push(`${result.timeouts} visitor requests timed out`);
    if (badStatus) problems.push(`${badStatus} visitor requests got a non-2xx answer`);
    for (const failure of admin.failures) problems.push(`admin ${failure}`);

    // Nothing lost: every upload is a row whose file can be read back, every save a revision.
    const db = await openDb(dataDir, databaseUrl);
    try {
      const uploaded = [...admin.quick, ...admin.tus];
      const ids = uploaded.map((f) => quote(f.id));
      const rows = ids.length ? await db.all(`SELECT id, file_url FROM media_files WHERE id IN (${ids.join(",")})`) : [];
      if (rows.length !== uploaded.length) problems.push(`${uploaded.length} uploads answered 201 but ${rows.length} are in media_files`);
      for (const file of uploaded) {
        const res = await fetch(`${url}${file.fileUrl}`);
        const body = Buffer.from(await res.arrayBuffer());
        if (res.status !== 200 || body.length === 0) problems.push(`${file.fileUrl} answered ${res.status} with ${body.length} bytes`);
      }
      const heroTitle = (json) => JSON.parse(json).blocks.find((b) => b.type === "hero")?.title;
      const revisions = await db.all(`SELECT revision, document FROM page_revisions WHERE page_id = 'about' ORDER BY revision`);
      const saved = new Set(revisions.map((r) => heroTitle(r.document)));
      const missing = admin.saves.filter((title) => !saved.has(title));
      if (missing.length) problems.push(`${missing.length} publishes answered 302 but have no revision`);
      const [current] = await db.all(`SELECT published FROM pages WHERE id = 'about'`);
      const live = current?.published ? heroTitle(current.published) : undefined;
      const last = admin.saves.at(-1);
      if (last && live !== last) problems.push(`the page shows "${live}" instead of the last publish "${last}"`);
      if (last) {
        const html = await (await fetch(`${url}/about`)).text();
        if (!html.includes(last)) problems.push("the public page does not show the last save");
      }
    } finally {
      await db.close();
    }

    const percentile = (list, p) => {
      if (list.length === 0) return NaN;
      const sorted = [...list].sort((x, y) => x - y);
      return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
    };
    return {
      problems,
      seconds,
      connections,
      paths: paths.length,
      database: databaseUrl ? "PostgreSQL" : "SQLite",
      storage: process.env.S3_ENDPOINT ? "S3" : "local disk",
      visitors: {
        requests: result.requests.total,
        perSecond: result.requests.average,
        latency: { p50: result.latency.p50, p90: result.latency.p90, p99: result.latency.p99, max: result.latency.max },
        bytesPerSecond: result.throughput.average,
        non2xx: badStatus,
        errors: result.errors,
        timeouts: result.timeouts,
      },
      admin: {
        quickUploads: admin.quick.length,
        tusUploads: admin.tus.length,
        saves: admin.saves.length,
        failures: admin.failures.length,
        p50: { quick: percentile(admin.timings.quick, 50), tus: percentile(admin.timings.tus, 50), save: percentile(admin.timings.save, 50) },
        p99: { quick: percentile(admin.timings.quick, 99), tus: percentile(admin.timings.tus, 99), save: percentile(admin.timings.save, 99) },
      },
      serverCpuSeconds: (cpuAfter - cpuBefore) / 1000,
    };
  } finally {
    await stopServer(child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}
