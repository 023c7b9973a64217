import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, expect, it } from "vitest";
import { describeEachEngine } from "../engines";
import { pixelBombPng, polyglotJpeg, smallPng, svgWithScript, textFile } from "../media-fixtures";
import { ALL_HOSTILE, ODD_UNICODE, OVER_LONG, SQLI, TRAVERSAL, XSS } from "./corpus";
import { expectInert, summarise, waitForMediaWorker, type CaseResult } from "./checks";
import {
  AUTH_SECRET,
  buildRoutes,
  createFirstAdmin,
  fileHashes,
  skipDatabaseFiles,
  signIn,
  snapshot,
  snapshotDiff,
  startSite,
  stopSite,
  tableRows,
  type BuildRoute,
  type Site,
  type Snapshot,
} from "./site";
import { ensureProductionBuild, root } from "../site-process";
import { createAuth, createMember } from "#app/features/accounts/auth.server";
import { QUESTION_TOPICS } from "#app/features/messages/question.schema";
import { REGISTRATION_PROGRAMMES } from "#app/features/registrations/registration.schema";
import { AVAILABILITY_OPTIONS } from "#app/features/volunteers/volunteer.schema";
import { YOUTH_AGE_RANGE } from "#app/content/site";

/**
 * The hostile-input suite (npm run test:security). The production build runs
 * on a fresh data folder; an admin and a signed-in non-admin exist. Every
 * public form, every admin action found in the build's route table and
 * every upload path is sent a corpus of bad input. Each request must get a
 * 4xx with a message, and a snapshot of every table and every stored file
 * taken before must equal the one taken after. Input that is valid content
 * by design (a testimonial that quotes "<script>") must come back inert on
 * every page that shows it, public and admin. The server's own log, read at
 * the end, must hold none of the personal data that was sent.
 */

const ADMIN = { email: "hostile.admin@example.org", password: "lantern over the moor 42" };
const MEMBER = { email: "hostile.member@example.org", password: "pennine drizzle at noon" };

/** Rows that a refused request adds on purpose: failed attempts count towards rate limits and lockouts. */
const EVIDENCE_TABLES = ["form_attempts", "login_attempts"];
/** Audit entries a refused request may add: failed sign-ins are recorded by design. */
const EVIDENCE_AUDIT = /^\{"action":"(sign-in\.failure|sign-in\.refused|sign-in\.two-factor-failure)"/;
/** A counter that only empties caches; bumping it changes no data. */
const CACHE_TABLES = ["content_version"];

/** Admin routes whose every POST by an admin is a valid request, whatever it carries. */
const ROUTES_VALID_FOR_ANY_FORM: Record<string, string> = {
  "routes/resources/admin.registrations[.]csv": "an export: any POST by an admin downloads the CSV (and is audited)",
  "routes/resources/admin.newsletter-subscribers[.]csv": "an export: any POST by an admin downloads the CSV, an unknown filter meaning all (and is audited)",
};

/** Admin intents that are complete without any field, so they are not "bad input" (kept out of the value corpus). */
const VALID_WITHOUT_FIELDS: Record<string, string> = {
  "routes/admin/admin.users#revoke-other-sessions": "ends the admin's other sessions (there are none here)",
};


let ip = 0;
/** Each request comes from its own address, so sign-in lockouts and form limits never mask the answer under test. */
const nextIp = () => `198.18.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;

function isoYearsAgo(years: number): string {
  const d = new Date();
  d.setUTCFullYear(d.getUTCFullYear() - years);
  return d.toISOString().slice(0, 10);
}

const FIELDS_OF = (fields: Record<string, string | string[]>): URLSearchParams => {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(fields)) for (const value of Array.isArray(v) ? v : [v]) params.append(k, value);
  return params;
};

interface PublicForm {
  path: string;
  /** A submission the form accepts, carrying hostile text where free text is allowed. */
  valid: Record<string, string | string[]>;
  required: string[];
  /** Fields that must be a well-formed value (e-mail, date, choice): every hostile string is refused there. */
  strict: string[];
  /** Free-text fields with a length limit. */
  text: string[];
  /** Personal data that must never reach the log. */
  personal: string[];
}

const PUBLIC_FORMS: Record<string, PublicForm> = {
  "routes/site/contact._index": {
    path: "/contact?index",
    valid: { name: `Ann ${XSS[0]}`, email: "ann.o'reilly+1=1--@example.org", topic: QUESTION_TOPICS[0]!.value, message: `${XSS[3]} ${SQLI[1]} ${ODD_UNICODE[0]}` },
    required: ["name", "email", "topic", "message"],
    strict: ["email", "topic"],
    text: ["name", "message"],
    personal: ["ann.o'reilly+1=1--@example.org"],
  },
  "routes/site/volunteer.apply": {
    path: "/volunteer/apply",
    valid: {
      name: `Vic ${XSS[1]}`,
      email: "vic.volunteer@example.org",
      phone: "07700 900123",
      roles: ["any"],
      availability: [AVAILABILITY_OPTIONS[0]!.value],
      message: `${XSS[4]} ${SQLI[4]}`,
      consent: "yes",
    },
    required: ["name", "email", "roles", "availability", "consent"],
    strict: ["email", "phone", "availability", "consent"],
    text: ["name", "message"],
    personal: ["vic.volunteer@example.org", "07700 900123"],
  },
  "routes/site/contact.register-child": {
    path: "/contact/register-child",
    valid: {
      registrant: "parent",
      childName: `Kit ${XSS[2]}`,
      childDateOfBirth: isoYearsAgo(YOUTH_AGE_RANGE.min + 2),
      programmes: [REGISTRATION_PROGRAMMES[0]!.value],
      parentName: `Pat ${SQLI[0]}`,
      parentPhone: "01422 123456",
      parentEmail: "pat.parent@example.org",
      emergencyName: "Em Contact",
      emergencyPhone: "07700 900456",
      needs: XSS[6],
      photoConsent: "no",
      declaration: "yes",
    },
    required: ["registrant", "childName", "childDateOfBirth", "programmes", "parentName", "parentPhone", "emergencyName", "emergencyPhone", "photoConsent", "declaration"],
    strict: ["registrant", "childDateOfBirth", "programmes", "parentPhone", "parentEmail", "emergencyPhone", "photoConsent", "declaration"],
    text: ["childName", "parentName", "emergencyName", "needs"],
    personal: ["pat.parent@example.org", "01422 123456", "Em Contact"],
  },
  "routes/site/newsletter._index": {
    path: "/newsletter?index",
    valid: { email: "news.reader@example.org", consent: "yes" },
    required: ["email", "consent"],
    strict: ["email", "consent"],
    text: [],
    personal: ["news.reader@example.org"],
  },
};

/** Public routes with an action that are not data-entry forms, and how the corpus covers them. */
const OTHER_PUBLIC_ACTIONS: Record<string, string> = {
  "routes/site/newsletter.confirm": "forged, tampered and expired tokens",
  "routes/site/newsletter.unsubscribe": "forged and tampered tokens",
  "routes/auth/login": "injection in e-mail and password, over-long fields, forged first-admin creation",
  "routes/auth/logout": "cross-site and cookie-less posts",
  "routes/resources/theme": "values other than light and dark",
  "routes/auth/invite.$token": "forged invitation tokens",
  "routes/auth/two-factor._index": "codes without a pending sign-in",
  "routes/auth/two-factor.setup": "set-up without a session",
  "routes/auth/confirm-password": "a password confirmation without a session",
};

/** Admin intents named in a route file and in the action helpers it imports. */
function intentsOf(route: BuildRoute): string[] {
  const base = path.join(root, route.file);
  const file = [".tsx", ".ts"].map((ext) => base + ext).find((f) => fs.existsSync(f));
  if (!file) throw new Error(`no source for ${route.id}`);
  const sources = [fs.readFileSync(file, "utf8")];
  for (const [, mod] of sources[0]!.matchAll(/from "#app\/([\w./-]+)"/g)) {
    const lib = [".ts", ".tsx"].map((ext) => path.join(root, "app", mod + ext)).find((f) => fs.existsSync(f));
    if (lib) {
      const text = fs.readFileSync(lib, "utf8");
      if (text.includes('form.get("intent")')) sources.push(text);
    }
  }
  const found = new Set<string>();
  for (const source of sources) {
    for (const re of [/case "([a-z][a-z-]*)"/g, /intent === "([a-z][a-z-]*)"/g, /intent !== "([a-z][a-z-]*)"/g, /name="intent" value="([a-z][a-z-]*)"/g]) {
      for (const [, intent] of source.matchAll(re)) found.add(intent!);
    }
  }
  return [...found].sort();
}

function signed(token: string): string {
  const signature = crypto.createHmac("sha256", AUTH_SECRET).update(token).digest("base64");
  return encodeURIComponent(`${token}.${signature}`);
}

describeEachEngine("hostile input", (getDb) => {
  let site: Site;
  let routes: BuildRoute[];
  let adminCookie = "";
  let memberCookie = "";
  let expiredCookie = "";
  let sessionCookieName = "";
  let baseline: Snapshot;
  const results: CaseResult[] = [];
  const accepted: CaseResult[] = [];

  const send = (url: string, init: { method?: string; body?: BodyInit; headers?: Record<string, string>; cookie?: string; origin?: string | null } = {}) =>
    fetch(`${site.url}${url}`, {
      method: init.method ?? "POST",
      body: init.body,
      redirect: "manual",
      headers: {
        "X-Forwarded-For": nextIp(),
        ...(init.origin === null ? {} : { Origin: init.origin ?? site.url }),
        ...(init.cookie ? { Cookie: init.cookie } : {}),
        ...init.headers,
      },
    });

  /** A refusal: a 4xx whose body says something (not the generic crash page). */
  async function refused(group: string, label: string, response: Response, options: { allowRedirectTo?: RegExp; message?: RegExp } = {}) {
    const body = await response.text();
    results.push({ group, label, status: response.status });
    if (options.allowRedirectTo && response.status >= 300 && response.status < 400) {
      expect(response.headers.get("location"), `${group}: ${label}`).toMatch(options.allowRedirectTo);
      return;
    }
    expect(response.status, `${group}: ${label}\n${body.slice(0, 300)}`).toBeGreaterThanOrEqual(400);
    expect(response.status, `${group}: ${label}\n${body.slice(0, 300)}`).toBeLessThan(500);
    expect(body.trim().length, `${group}: ${label} has an empty answer`).toBeGreaterThan(0);
    expect(body, `${group}: ${label}`).not.toContain("Unexpected Server Error");
    if (options.message) expect(body, `${group}: ${label}`).toMatch(options.message);
  }

  async function expectUnchanged(group: string) {
    const after = await snapshot(getDb(), getDb().dataDir, CACHE_TABLES);
    const diff = snapshotDiff(baseline, after).filter((line) => {
      // The image worker's scratch copy of a picture uploaded before this group, removed once its sizes were made: work finishing, not a change.
      if (/^file tmp\/variants-[^/]+\/[^:]+: [0-9a-f]+ → \(none\)$/.test(line)) return false;
      const table = line.split(":")[0]!;
      if (EVIDENCE_TABLES.includes(table) && line.includes(": + ")) return false;
      if (table === "audit_log" && line.startsWith("audit_log: + ") && EVIDENCE_AUDIT.test(line.slice("audit_log: + ".length))) return false;
      // Presenting an expired session makes the server delete it: it was already useless.
      if (table === "sessions" && line.startsWith("sessions: - ")) {
        const row = JSON.parse(line.slice("sessions: - ".length)) as { expires_at: string };
        if (Date.parse(row.expires_at) < Date.now()) return false;
      }
      return true;
    });
    expect(diff, `${group} changed stored data`).toEqual([]);
    baseline = after;
  }

  beforeAll(async () => {
    ensureProductionBuild();
    routes = buildRoutes();
    const db = getDb();
    site = await startSite({ dataDir: db.dataDir, databaseUrl: db.url, env: { TRUST_PROXY: "1" } });
    adminCookie = await createFirstAdmin(site, ADMIN.email, ADMIN.password);
    sessionCookieName = adminCookie.split("=")[0]!;
    await createMember(createAuth(db, { secret: AUTH_SECRET, baseURL: site.url }), MEMBER);
    memberCookie = await signIn(site, MEMBER.email, MEMBER.password);
    expiredCookie = await signIn(site, MEMBER.email, MEMBER.password);
    const expiredToken = decodeURIComponent(expiredCookie.split("=")[1]!).split(".")[0]!;
    await db.db.updateTable("sessions").set({ expires_at: new Date(Date.now() - 60_000).toISOString() as never }).where("token", "=", expiredToken).execute();
  }, 240_000);

  afterAll(async () => {
    await stopSite(site);
    const summary = summarise(results, accepted);
    console.log(summary.text);
    if (process.env.SECURITY_REPORT) fs.writeFileSync(process.env.SECURITY_REPORT, JSON.stringify(summary.json, null, 2));
  });

  it("covers every public form and every route with an action", () => {
    const publicActions = routes.filter((r) => r.hasAction && !r.path.startsWith("/admin") && !r.path.startsWith("/api/"));
    for (const route of publicActions) {
      expect(route.id in PUBLIC_FORMS || route.id in OTHER_PUBLIC_ACTIONS, `no hostile corpus for ${route.id}: add it to this suite`).toBe(true);
    }
    expect(routes.filter((r) => r.hasAction && r.path.startsWith("/admin")).length).toBeGreaterThanOrEqual(10);
  });

  it("accepts each public form's valid submission with hostile free text, storing it verbatim", async () => {
    for (const [id, form] of Object.entries(PUBLIC_FORMS)) {
      const response = await send(form.path, { body: FIELDS_OF(form.valid) });
      accepted.push({ group: "public form, valid with hostile text", label: id, status: response.status });
      expect(response.status, `${id}: ${(await response.text()).slice(0, 500)}`).toBe(302);
    }
    const messages = await tableRows(getDb(), "messages");
    expect(messages.some((row) => row.includes(JSON.stringify(`${XSS[3]} ${SQLI[1]} ${ODD_UNICODE[0]}`)))).toBe(true);
    const registrations = await tableRows(getDb(), "registrations");
    expect(registrations.some((row) => row.includes(JSON.stringify(`Pat ${SQLI[0]}`)))).toBe(true);
    // The injection strings were data, not SQL: every table is still there.
    expect((await tableRows(getDb(), "users")).length).toBe(2);
  });

  it("stores a valid image with a hostile file name under a generated key", async () => {
    const png = await smallPng(64, 48);
    for (const name of ["../../../secrets.json.png", "..\\..\\evil.png", `${ODD_UNICODE[0]}.png`, `${XSS[1]}.png`]) {
      const form = new FormData();
      form.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), name);
      form.set("altText", `Alt ${XSS[0]} \0`);
      form.set("section", "../../etc");
      const response = await send("/api/media/quick-upload", { body: form, cookie: adminCookie });
      accepted.push({ group: "upload, valid image with hostile name", label: JSON.stringify(name), status: response.status });
      expect(response.status, await response.clone().text()).toBe(201);
      const { file } = (await response.json()) as { file: { filename: string; fileUrl: string } };
      expect(file.filename).toMatch(/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/);
    }
    // Nothing was written outside the uploads folder.
    const written = Object.keys(fileHashes(getDb().dataDir, skipDatabaseFiles)).filter((f) => f.endsWith(".png"));
    expect(written.length).toBeGreaterThanOrEqual(4);
    for (const file of written) expect(file).toMatch(/^uploads\/[a-z0-9-]+\/[a-z0-9._-]+$/);
  });

  it("takes the baseline snapshot", async () => {
    await waitForMediaWorker(getDb());
    baseline = await snapshot(getDb(), getDb().dataDir, CACHE_TABLES);
    expect(Object.keys(baseline.tables).length).toBeGreaterThan(15);
    expect(Object.keys(baseline.files).some((f) => f.startsWith("uploads/"))).toBe(true);
  });

  it("refuses bad input to every public form and changes nothing", async () => {
    for (const [id, form] of Object.entries(PUBLIC_FORMS)) {
      const group = `public form ${id}`;
      for (const field of form.required) {
        const fields = { ...form.valid };
        delete fields[field];
        await refused(group, `missing ${field}`, await send(form.path, { body: FIELDS_OF(fields) }));
      }
      for (const field of form.strict) {
        for (const value of ALL_HOSTILE) {
          const fields = { ...form.valid, [field]: Array.isArray(form.valid[field]) ? [value] : value };
          await refused(group, `${field} = ${JSON.stringify(value)}`, await send(form.path, { body: FIELDS_OF(fields) }));
        }
      }
      for (const field of [...form.text, ...form.strict]) {
        const fields = { ...form.valid, [field]: Array.isArray(form.valid[field]) ? [OVER_LONG] : OVER_LONG };
        await refused(group, `${field} over-long`, await send(form.path, { body: FIELDS_OF(fields) }));
      }
      // Whole-request attacks.
      await refused(group, "cross-site POST", await send(form.path, { body: FIELDS_OF(form.valid), origin: "https://evil.example" }));
      await refused(group, "3 MB body", await send(form.path, { body: FIELDS_OF({ ...form.valid, padding: "x".repeat(3 * 1024 * 1024) }) }), { message: /too large/ });
      await refused(group, "JSON body", await send(form.path, { body: JSON.stringify(form.valid), headers: { "Content-Type": "application/json" } }), { message: /only accepts web forms/ });
      await refused(group, "text/plain body", await send(form.path, { body: "email=a@b.c", headers: { "Content-Type": "text/plain" } }));
      await refused(group, "XML body", await send(form.path, { body: "<?xml version=\"1.0\"?><!DOCTYPE x [<!ENTITY e SYSTEM \"file:///etc/passwd\">]><x>&e;</x>", headers: { "Content-Type": "application/xml" } }));
      await refused(group, "broken multipart", await send(form.path, { body: "--zzz\r\nContent-Disposition: form-data; name=\"email\"\r\n\r\nx", headers: { "Content-Type": "multipart/form-data; boundary=zzz" } }), { message: /could not be read/ });
      await refused(group, "empty body", await send(form.path, { body: "", headers: { "Content-Type": "application/x-www-form-urlencoded" } }));
      await refused(group, "no body at all", await send(form.path, {}));
    }
    await expectUnchanged("public forms");
  }, 180_000);

  it("refuses forged, tampered and expired tokens and bad values on the other public actions", async () => {
    const group = "public actions";
    for (const token of ["", "x", "a.b.c", signed("subscriber"), ...SQLI.slice(0, 3), OVER_LONG.slice(0, 4000)]) {
      await refused(group, `confirm token ${JSON.stringify(token.slice(0, 30))}`, await send(`/newsletter/confirm?token=${encodeURIComponent(token)}`, { body: FIELDS_OF({}) }));
      await refused(group, `unsubscribe token ${JSON.stringify(token.slice(0, 30))}`, await send(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { body: FIELDS_OF({ intent: "unsubscribe" }) }));
      await refused(group, `resubscribe token ${JSON.stringify(token.slice(0, 30))}`, await send(`/newsletter/unsubscribe?token=${encodeURIComponent(token)}`, { body: FIELDS_OF({ intent: "resubscribe" }) }));
    }
    for (const value of [...ALL_HOSTILE, OVER_LONG]) {
      await refused(group, `sign-in e-mail ${JSON.stringify(value.slice(0, 30))}`, await send("/login", { body: FIELDS_OF({ intent: "sign-in", email: value, password: "whatever it is" }) }));
      await refused(group, `sign-in password ${JSON.stringify(value.slice(0, 30))}`, await send("/login", { body: FIELDS_OF({ intent: "sign-in", email: ADMIN.email, password: value }) }));
      await refused(group, `theme ${JSON.stringify(value.slice(0, 30))}`, await send("/theme", { body: FIELDS_OF({ theme: value }) }));
      await refused(group, `invitation token ${JSON.stringify(value.slice(0, 30))}`, await send(`/invite/${encodeURIComponent(value.slice(0, 200))}`, { body: FIELDS_OF({ password: "a long enough passphrase", confirm: "a long enough passphrase" }) }));
    }
    await refused(group, "first admin again", await send("/login", { body: FIELDS_OF({ intent: "create-admin", email: "intruder@example.org", password: "intruder passphrase!", confirm: "intruder passphrase!" }) }));
    await refused(group, "two-factor code without a pending sign-in", await send("/two-factor", { body: FIELDS_OF({ code: "123456", method: "totp" }) }), { allowRedirectTo: /^\/login/ });
    await refused(group, "two-factor set-up without a session", await send("/two-factor/setup", { body: FIELDS_OF({ intent: "begin", password: ADMIN.password }) }));
    await refused(group, "password confirmation without a session", await send("/confirm-password", { body: FIELDS_OF({ password: ADMIN.password, redirectTo: "/admin" }) }));
    await refused(group, "cross-site sign-out", await send("/logout", { body: FIELDS_OF({}), cookie: adminCookie, origin: "https://evil.example" }));
    await expectUnchanged(group);
  }, 180_000);

  it("refuses every admin action to anonymous, non-admin, forged, expired and cross-site requests", async () => {
    const realToken = decodeURIComponent(adminCookie.split("=")[1]!).split(".")[0]!;
    const impostors: Array<[string, string, string | undefined]> = [
      ["anonymous", "", undefined],
      ["signed-in non-admin", memberCookie, undefined],
      ["expired session", expiredCookie, undefined],
      ["forged cookie", `${sessionCookieName}=${encodeURIComponent("forged-token.c2lnbmF0dXJl")}`, undefined],
      ["tampered signature", `${sessionCookieName}=${encodeURIComponent(`${realToken}.AAAA${"A".repeat(40)}=`)}`, undefined],
      ["signed unknown token", `${sessionCookieName}=${signed(crypto.randomBytes(24).toString("base64url"))}`, undefined],
      ["admin cookie, other site", adminCookie, "https://evil.example"],
    ];
    const ids = await realIds();
    for (const route of routes.filter((r) => r.hasAction && r.path.startsWith("/admin"))) {
      const url = route.path.replace("00000000-0000-4000-8000-000000000000", ids.pathId(route.id));
      for (const intent of ["", ...intentsOf(route)]) {
        const body = () => FIELDS_OF({ intent, id: ids.recordId(route.id), campaignId: ids.campaignId, required: "on", pageId: "home" });
        for (const [who, cookie, origin] of impostors) {
          await refused(`impostor ${route.id}`, `${who} ${intent || "(no intent)"}`, await send(url, { body: body(), cookie, origin }));
        }
      }
    }
    for (const [path, make] of uploadRequests()) {
      for (const [who, cookie, origin] of impostors) await refused(`impostor ${path}`, who, await send(path, { ...(await make()), cookie, origin }));
    }
    await expectUnchanged("admin actions by impostors");
  }, 300_000);

  it("refuses an admin's malformed requests to every admin action and changes nothing", async () => {
    for (const route of routes.filter((r) => r.hasAction && r.path.startsWith("/admin") && !(r.id in ROUTES_VALID_FOR_ANY_FORM))) {
      const group = `admin ${route.id}`;
      // An unknown intent: a 4xx with the page shown again saying so (routes without intents refuse the missing fields instead).
      await refused(group, "unknown intent", await send(route.path, { body: FIELDS_OF({ intent: "drop-everything", id: SQLI[1] }), cookie: adminCookie }), {
        message: intentsOf(route).length > 0 ? /Unknown action/ : undefined,
      });
      await refused(group, "JSON body", await send(route.path, { body: "{\"intent\":\"delete\"}", headers: { "Content-Type": "application/json" }, cookie: adminCookie }));
      await refused(group, "3 MB body", await send(route.path, { body: FIELDS_OF({ intent: "save", content: "x".repeat(3 * 1024 * 1024) }), cookie: adminCookie }));
      for (const intent of intentsOf(route)) {
        if (`${route.id}#${intent}` in VALID_WITHOUT_FIELDS) continue;
        for (const value of [...SQLI, ...TRAVERSAL, ODD_UNICODE[2], OVER_LONG]) {
          await refused(group, `${intent} id=${JSON.stringify(value.slice(0, 30))}`, await send(route.path, { body: FIELDS_OF({ intent, id: value, campaignId: value, pageId: value }), cookie: adminCookie }));
        }
      }
    }
    await expectUnchanged("admin actions with bad values");
  }, 300_000);

  it("refuses every hostile file on every upload path and leaves no file behind", async () => {
    const png = await smallPng(32, 32);
    const jpeg = await (await import("sharp")).default({ create: { width: 64, height: 64, channels: 3, background: "#888" } }).jpeg().toBuffer();
    const files: Array<[string, Buffer, string, string]> = [
      ["SVG with script", svgWithScript, "logo.svg", "image/svg+xml"],
      ["SVG named .png", svgWithScript, "logo.png", "image/png"],
      ["HTML named .jpg", Buffer.from("<!doctype html><script>alert(document.cookie)</script>"), "photo.jpg", "image/jpeg"],
      ["text named .png", textFile, "notes.png", "image/png"],
      ["JPEG + HTML polyglot", await polyglotJpeg(), "poly.jpg", "image/jpeg"],
      ["GIF + PHP polyglot", Buffer.concat([Buffer.from("GIF89a\x01\x00\x01\x00\x00\x00\x00;"), Buffer.from("<?php system($_GET['c']); ?>")]), "shell.gif", "image/gif"],
      ["pixel bomb", await pixelBombPng(), "bomb.png", "image/png"],
      ["truncated JPEG", jpeg.subarray(0, Math.floor(jpeg.length / 3)), "half.jpg", "image/jpeg"],
      ["truncated PNG", png.subarray(0, 40), "half.png", "image/png"],
      ["empty file", Buffer.alloc(0), "empty.png", "image/png"],
      ["ZIP named .png", Buffer.concat([Buffer.from("PK\x03\x04"), crypto.randomBytes(200)]), "archive.png", "image/png"],
      ["executable named .jpg", Buffer.concat([Buffer.from("MZ"), crypto.randomBytes(500)]), "setup.jpg", "image/jpeg"],
    ];
    const quick = async (label: string, body: FormData) => refused("upload /api/media/quick-upload", label, await send("/api/media/quick-upload", { body, cookie: adminCookie }));
    for (const [label, bytes, name, type] of files) {
      for (const purpose of ["quick", "page-image"]) {
        const form = new FormData();
        form.set("file", new Blob([new Uint8Array(bytes)], { type }), name);
        form.set("altText", "A picture");
        form.set("purpose", purpose);
        await quick(`${label} (${purpose})`, form);
      }
    }
    const noAlt = new FormData();
    noAlt.set("file", new Blob([new Uint8Array(png)], { type: "image/png" }), "ok.png");
    await quick("valid image without alt text", noAlt);
    const noFile = new FormData();
    noFile.set("altText", "A picture");
    await quick("no file", noFile);
    const big = new FormData();
    big.set("file", new Blob([crypto.randomBytes(11 * 1024 * 1024)], { type: "image/png" }), "big.png");
    big.set("altText", "Too big");
    await quick("11 MB image", big);
    await refused("upload /api/media/quick-upload", "not multipart", await send("/api/media/quick-upload", { body: "file=x", headers: { "Content-Type": "application/x-www-form-urlencoded" }, cookie: adminCookie }));
    await refused("upload /api/media/quick-upload", "broken multipart", await send("/api/media/quick-upload", { body: "--b\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n\x89PNG", headers: { "Content-Type": "multipart/form-data; boundary=b" }, cookie: adminCookie }));

    // Resumable uploads: refused before a byte is stored, or checked on completion and thrown away.
    const tus = (headers: Record<string, string>, body?: BodyInit, url = "/api/uploads", method = "POST") =>
      send(url, { method, body, cookie: adminCookie, headers: { "Tus-Resumable": "1.0.0", ...headers } });
    await refused("upload /api/uploads", "over 500 MB", await tus({ "Upload-Length": String(600 * 1024 * 1024) }), { message: /500MB/ });
    await refused("upload /api/uploads", "deferred length", await tus({ "Upload-Defer-Length": "1" }));
    for (const [label, bytes, name] of files.filter(([, b]) => b.length > 0)) {
      const created = await tus({ "Upload-Length": String(bytes.length), "Upload-Metadata": `filename ${Buffer.from(name).toString("base64")}` });
      expect(created.status, label).toBe(201);
      const location = created.headers.get("location")!;
      const id = location.split("/").pop()!;
      const patched = await tus({ "Upload-Offset": "0", "Content-Type": "application/offset+octet-stream" }, new Uint8Array(bytes), location.startsWith("http") ? new URL(location).pathname : location, "PATCH");
      expect(patched.status, label).toBe(204);
      await refused("upload /api/media/complete", label, await send("/api/media/complete", { body: FIELDS_OF({ uploadId: id, altText: "A file" }), cookie: adminCookie }));
    }
    for (const value of [...TRAVERSAL, ...SQLI.slice(0, 3), "tus-" + "0".repeat(32)]) {
      await refused("upload /api/media/complete", `uploadId ${JSON.stringify(value)}`, await send("/api/media/complete", { body: FIELDS_OF({ uploadId: value, altText: "x" }), cookie: adminCookie }));
    }
    await expectUnchanged("uploads");
  }, 300_000);

  it("serves no stored or private file through a traversal in a media URL, and stored files only as inert downloads", async () => {
    const stored = await getDb().db.selectFrom("media_files").select("file_url").executeTakeFirstOrThrow();
    const file = await send(stored.file_url, { method: "GET", origin: null });
    expect(file.status).toBe(200);
    expect(file.headers.get("x-content-type-options")).toBe("nosniff");
    expect(file.headers.get("content-security-policy")).toMatch(/sandbox/);
    expect(file.headers.get("content-disposition")).toMatch(/^inline; filename="[A-Za-z0-9._-]+"$/);
    for (const value of ["..%2Fsecrets.json", "..%2F..%2Fsite.db", "%2e%2e/%2e%2e/etc/passwd", "uploads%2F..%2Fsecrets.json", "..\\secrets.json", "%00.png"]) {
      const response = await send(`/media/${value}`, { method: "GET", origin: null });
      results.push({ group: "media URLs", label: value, status: response.status });
      // 400 for a null character anywhere in the address (request guard), 404 for the rest.
      expect([400, 404], value).toContain(response.status);
      expect(await response.text()).not.toContain("authSecret");
    }
  });

  it("shows accepted hostile text inertly on public and admin pages", async () => {
    // A testimonial quoting every XSS payload, approved so the home page shows it.
    const text = XSS.join(" | ");
    const created = await send("/admin/reviews", { body: FIELDS_OF({ intent: "create", name: XSS[0], role: XSS[1], text, rating: "5", color: "primary" }), cookie: adminCookie });
    expect(created.status, await created.text()).toBe(302);
    const row = (await getDb().db.selectFrom("testimonials").select(["id", "text"]).where("name", "=", XSS[0]).executeTakeFirstOrThrow());
    expect(row.text).toBe(text);
    expect((await send("/admin/reviews", { body: FIELDS_OF({ intent: "approved", id: row.id }), cookie: adminCookie })).status).toBe(302);

    const pages: Array<[string, string]> = [
      ["/", ""],
      ["/admin/reviews", adminCookie],
      ["/admin/messages", adminCookie],
      ["/admin/volunteers", adminCookie],
      ["/admin/media", adminCookie],
      ["/admin/registrations", adminCookie],
      // Failed sign-ins are audited with the e-mail as typed: the corpus's XSS included.
      ["/admin/audit", adminCookie],
    ];
    const registration = await getDb().db.selectFrom("registrations").select("id").executeTakeFirstOrThrow();
    pages.push([`/admin/registrations/${registration.id}`, adminCookie]);
    const application = await getDb().db.selectFrom("volunteer_applications").select("id").executeTakeFirstOrThrow();
    pages.push([`/admin/volunteers/applications/${application.id}`, adminCookie]);
    for (const [url, cookie] of pages) {
      const response = await send(url, { method: "GET", cookie, origin: null });
      expect(response.status, url).toBe(200);
      const html = await response.text();
      expectInert(html, url);
    }
    // The page that shows the testimonial really contains it, escaped.
    const home = await (await send("/", { method: "GET", origin: null })).text();
    expect(home).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
  });

  it("writes no personal data that was sent into the server log, nor the token of a link that carries one", async () => {
    // An invitation's token is in its path, a newsletter link's in its query; a mangled link ends at "page not found".
    const invitationToken = crypto.randomBytes(32).toString("base64url");
    const newsletterToken = crypto.randomBytes(24).toString("base64url");
    const links = [`/invite/${invitationToken}`, `/invite/${invitationToken}.data`, `/invite/${invitationToken}/extra`, `/newsletter/confirm?token=${newsletterToken}`, `/newsletter/unsubscribe?token=${newsletterToken}`];
    const requestIds = links.map(() => crypto.randomUUID());
    for (const [i, link] of links.entries()) await (await send(link, { method: "GET", origin: null, headers: { "X-Request-Id": requestIds[i]! } })).text();
    // The server's output comes through a pipe: wait until every one of those requests is in the log.
    const accessLine = (id: string) => site.logs.find((l) => l.includes(`"requestId":"${id}"`) && l.includes('"status":'));
    for (let tries = 0; tries < 50 && !requestIds.every(accessLine); tries++) await new Promise((resolve) => setTimeout(resolve, 100));
    expect(accessLine(requestIds[0]!)).toContain('"path":"/invite/[token]"');
    expect(accessLine(requestIds[3]!)).toContain('"path":"/newsletter/confirm"');

    expect(site.logs.length).toBeGreaterThan(100);
    const personal = [ADMIN.email, MEMBER.email, ADMIN.password, MEMBER.password, ...Object.values(PUBLIC_FORMS).flatMap((f) => f.personal), "Ann ", "Vic ", "Kit ", "Pat ", invitationToken, newsletterToken];
    for (const line of site.logs) {
      for (const value of personal) expect(line, "log line holds personal data").not.toContain(value);
      // Every line is structured JSON with a level.
      expect(() => JSON.parse(line), line).not.toThrow();
    }
    // Requests are logged with their id, method, path and status.
    expect(site.logs.some((l) => /"requestId":"[^"]+".*"method":"POST".*"status":4\d\d/.test(l))).toBe(true);
  });

  async function realIds() {
    const db = getDb().db;
    const first = async (table: "testimonials" | "events" | "youtube_videos" | "media_files" | "messages" | "volunteer_opportunities" | "registrations" | "volunteer_applications" | "sessions" | "invitations") =>
      ((await db.selectFrom(table as "testimonials").select("id").executeTakeFirst())?.id as string | undefined) ?? "00000000-0000-4000-8000-000000000000";
    const byRoute: Record<string, string> = {
      "routes/admin/admin.reviews": await first("testimonials"),
      "routes/admin/admin.events": await first("events"),
      "routes/admin/admin.youtube": await first("youtube_videos"),
      "routes/admin/admin.media": await first("media_files"),
      "routes/admin/admin.messages": await first("messages"),
      "routes/admin/admin.volunteers": await first("volunteer_opportunities"),
      "routes/admin/admin.registrations_.$id": await first("registrations"),
      "routes/admin/admin.volunteers_.applications.$id": await first("volunteer_applications"),
      "routes/admin/admin.volunteers_.roles.$id": await first("volunteer_opportunities"),
      "routes/admin/admin.users": await first("sessions"),
    };
    return {
      recordId: (routeId: string) => byRoute[routeId] ?? "00000000-0000-4000-8000-000000000000",
      pathId: (routeId: string) => byRoute[routeId] ?? "00000000-0000-4000-8000-000000000000",
      campaignId: "00000000-0000-4000-8000-000000000000",
    };
  }

  function uploadRequests(): Array<[string, () => Promise<{ body?: BodyInit; headers?: Record<string, string>; method?: string }>]> {
    return [
      [
        "/api/media/quick-upload",
        async () => {
          const form = new FormData();
          form.set("file", new Blob([new Uint8Array(await smallPng(16, 16))], { type: "image/png" }), "ok.png");
          form.set("altText", "A picture");
          return { body: form };
        },
      ],
      ["/api/uploads", async () => ({ headers: { "Tus-Resumable": "1.0.0", "Upload-Length": "1000" } })],
      ["/api/media/complete", async () => ({ body: FIELDS_OF({ uploadId: `tus-${"a".repeat(32)}`, altText: "x" }) })],
    ];
  }
});
