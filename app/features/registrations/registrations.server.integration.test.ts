import fs from "node:fs";
import path from "node:path";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { REGISTRATION_DAY, VALID_REGISTRATION } from "../../../test/registration-fixture";
import { createTestDatabase, describeEachEngine, type TestDatabase } from "../../../test/engines";
import { listAudit } from "#app/features/audit/audit.server";
import { runNextJob } from "#app/platform/jobs/jobs.server";
import { configureMailer, listOutbox } from "#app/platform/mail/mailer.server";
import {
  deleteExpiredMail,
  deleteExpiredRegistrations,
  deleteRegistration,
  ensureRetentionJob,
  exportRegistrationsCsv,
  listRegistrations,
  markRegistrationContacted,
  monthsBefore,
  recordRegistrationListView,
  registerRegistrationJobs,
  RETENTION_JOB,
  submitRegistration,
  viewRegistration,
} from "./registrations.server";
import type { RawValues } from "#app/features/public-forms/public-form.schema";

process.env.AUTH_SECRET ??= "integration-test-secret-that-is-long-enough-0123456789";

beforeAll(() => {
  configureMailer({ smtpUrl: null, from: "Test <hello@example.org>" });
  registerRegistrationJobs();
});
afterAll(() => configureMailer(undefined));

let ipCounter = 0;
const nextIp = () => `198.51.100.${(ipCounter += 1)}`;

/** Forms are judged on this day (UK), so ages in the tests never drift. */
const NOW = REGISTRATION_DAY;
const STAFF = { id: "staff-1", email: "staff@example.org", ip: "127.0.0.1" };

const valid = VALID_REGISTRATION;

async function register(database: TestDatabase, overrides: RawValues = {}, at = NOW) {
  return submitRegistration(database, { values: { ...valid, ...overrides }, honeypot: false, ip: nextIp(), now: at });
}

describeEachEngine("register your child", (get) => {
  describe("validation, rule by rule", () => {
    const cases: [string, RawValues, string, RegExp][] = [
      ["who is filling it in is required", { registrant: "" }, "registrant", /who is filling in/],
      ["child's name is required", { childName: " " }, "childName", /young person's full name/],
      ["child's name is at most 100 characters", { childName: "c".repeat(101) }, "childName", /100 characters or fewer/],
      ["date of birth is required", { childDateOfBirth: "" }, "childDateOfBirth", /enter the young person's date of birth/],
      ["date of birth is a real date", { childDateOfBirth: "2014-02-30" }, "childDateOfBirth", /real date of birth/],
      ["date of birth is not in the future", { childDateOfBirth: "2025-06-16" }, "childDateOfBirth", /cannot be in the future/],
      ["7-year-olds are too young (8 tomorrow)", { childDateOfBirth: "2017-06-16" }, "childDateOfBirth", /aged 8 to 25/],
      ["26-year-olds are too old", { childDateOfBirth: "1999-06-15" }, "childDateOfBirth", /aged 8 to 25/],
      ["at least one programme", { programmes: [] }, "programmes", /at least one programme/],
      ["programmes from the list", { programmes: ["knitting"] }, "programmes", /from the programmes listed/],
      // More ticks than there are boxes is no one filling in the form: refused, not collapsed (one registration once stored 130,000).
      ["a programme sent 10,000 times", { programmes: Array<string>(10_000).fill("football") }, "programmes", /each programme once, from the programmes listed/],
      ["parent's name is required", { parentName: "" }, "parentName", /parent or carer's full name/],
      ["parent's phone is required", { parentPhone: "" }, "parentPhone", /phone number for the parent/],
      ["parent's phone is a phone number", { parentPhone: "ring me" }, "parentPhone", /using digits/],
      ["parent's email, when given, is an address", { parentEmail: "jo@" }, "parentEmail", /valid email address/],
      ["emergency contact's name is required", { emergencyName: "" }, "emergencyName", /emergency contact/],
      ["emergency contact's phone is required", { emergencyPhone: "" }, "emergencyPhone", /emergency contact/],
      ["needs are at most 2000 characters", { needs: "n".repeat(2001) }, "needs", /2000 characters or fewer/],
      ["photo consent must be answered", { photoConsent: "" }, "photoConsent", /photos/],
      ["the declaration must be ticked", { declaration: "" }, "declaration", /tick the box/],
      ["under-13s cannot register themselves", { registrant: "self", childDateOfBirth: "2012-06-16" }, "registrant", /under 13 need a parent/],
    ];
    for (const [rule, overrides, field, message] of cases) {
      it(rule, async () => {
        const database = get();
        const outcome = await register(database, overrides);
        expect(outcome.status).toBe("invalid");
        if (outcome.status !== "invalid") return;
        expect(Object.keys(outcome.errors)).toEqual([field]);
        expect(outcome.errors[field]?.[0]).toMatch(message);
        expect(outcome.values).toEqual({ ...valid, ...overrides });
        expect((await listRegistrations(database)).total).toBe(0);
      });
    }

    it("shows every problem at once, including the age rule for self-registration", async () => {
      const outcome = await register(get(), { registrant: "self", childDateOfBirth: "2015-01-01", parentName: "", declaration: "" });
      expect(outcome.status).toBe("invalid");
      if (outcome.status === "invalid") expect(Object.keys(outcome.errors).sort()).toEqual(["declaration", "parentName", "registrant"]);
    });
  });

  it("stores a programme sent twice once, so the Registrations page shows each choice once", async () => {
    const database = get();
    const outcome = await register(database, { programmes: ["football", "haf", "football"] });
    expect(outcome.status).toBe("stored");
    if (outcome.status !== "stored") return;
    const row = await database.db.selectFrom("registrations").select("programmes").where("id", "=", outcome.id).executeTakeFirstOrThrow();
    expect(row.programmes).toBe(JSON.stringify(["football", "haf"]));
  });

  it("accepts the youngest and oldest ages, and 13-year-olds registering themselves", async () => {
    const database = get();
    expect((await register(database, { childDateOfBirth: "2017-06-15" })).status).toBe("stored"); // 8 today
    expect((await register(database, { childDateOfBirth: "1999-06-16" })).status).toBe("stored"); // 25, 26 tomorrow
    expect((await register(database, { registrant: "self", childDateOfBirth: "2012-06-15", parentEmail: "" })).status).toBe("stored");
  });

  it("stores only what the form asks, tells staff without naming the child, and is listed", async () => {
    const database = get();
    const outcome = await register(database, { childName: "Morgan Listed" });
    expect(outcome.status).toBe("stored");
    if (outcome.status !== "stored") return;
    const row = await database.db.selectFrom("registrations").selectAll().where("id", "=", outcome.id).executeTakeFirstOrThrow();
    expect(Object.keys(row).sort()).toEqual(
      [
        "child_dob",
        "child_name",
        "created_at",
        "declared_at",
        "emergency_name",
        "emergency_phone",
        "id",
        "last_contact_at",
        "needs",
        "parent_email",
        "parent_name",
        "parent_phone",
        "photo_consent",
        "programmes",
        "registrant",
        "status",
        "updated_at",
      ].sort(),
    );
    expect(row.last_contact_at).toBe(NOW.toISOString());
    const notice = (await listOutbox(database, { kind: "notification" })).messages.find((m) => m.text.includes(outcome.id));
    expect(notice?.subject).toBe("New child registration");
    expect(notice?.text).not.toContain("Morgan");
    const { registrations } = await listRegistrations(database);
    expect(registrations.find((r) => r.id === outcome.id)).toMatchObject({ childName: "Morgan Listed", programmes: ["football", "haf"] });
  });

  it("keeps a submission with the honeypot filled as spam, away from the main list", async () => {
    const database = get();
    const outcome = await submitRegistration(database, { values: { ...valid, childName: "Spam Bot" }, honeypot: true, ip: nextIp(), now: NOW });
    expect(outcome.status).toBe("spam");
    expect((await listRegistrations(database, { status: "spam" })).registrations.map((r) => r.childName)).toContain("Spam Bot");
    expect((await listRegistrations(database)).registrations.map((r) => r.childName)).not.toContain("Spam Bot");
  });

  it("refuses the eleventh rapid registration from one address", async () => {
    const database = get();
    const submit = () => submitRegistration(database, { values: valid, honeypot: false, ip: "203.0.113.99", now: NOW });
    for (let i = 0; i < 10; i += 1) expect((await submit()).status).toBe("stored");
    expect((await submit()).status).toBe("limited");
  });

  it("writes every view, export and deletion to the audit log, with ids only", async () => {
    const database = get();
    const outcome = await register(database, { childName: "=HYPERLINK(\"http://evil\")", needs: "+44 allergy, \"nuts\"" });
    if (outcome.status !== "stored") throw new Error("not stored");
    await recordRegistrationListView(database, STAFF, "new");
    const seen = await viewRegistration(database, outcome.id, STAFF);
    expect(seen).toMatchObject({ parentName: "Jo Example", photoConsent: false, age: expect.any(Number) });
    const { csv, count } = await exportRegistrationsCsv(database, STAFF);
    expect(count).toBeGreaterThan(0);
    const line = csv.split("\r\n").find((l) => l.startsWith(outcome.id))!;
    expect(line).toContain(`"'=HYPERLINK(""http://evil"")"`);
    expect(line).toContain(`"'+44 allergy, ""nuts"""`);
    expect(line).toContain("Football Excellence; HAF (Healthy Holidays)");
    expect(await deleteRegistration(database, outcome.id, STAFF)).toBe(true);
    expect(await viewRegistration(database, outcome.id, STAFF)).toBeUndefined();

    const { entries } = await listAudit(database, { limit: 4, offset: 0 });
    expect(entries.map((e) => e.action)).toEqual(["registration.deleted", "registrations.exported", "registration.viewed", "registrations.listed"]);
    for (const entry of entries) {
      expect(entry.actorEmail).toBe("staff@example.org");
      expect(JSON.stringify(entry.detail)).not.toMatch(/HYPERLINK|Jo Example/);
    }
  });
});

describe("a deleted registration in the SQLite file", () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase("sqlite");
  });
  afterAll(() => database?.close());

  it("leaves no trace of the child's details in the database file once deleted", async () => {
    const marker = "Zebediah Quartermaine-Okonkwo";
    const outcome = await register(database, { childName: marker, needs: `${marker} needs an inhaler` });
    if (outcome.status !== "stored") throw new Error("not stored");
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    const file = path.join(database.dataDir, "site.db");
    // Written to the file, as every saved registration is.
    expect(fs.readFileSync(file).includes(marker)).toBe(true);

    expect(await deleteRegistration(database, outcome.id, STAFF)).toBe(true);
    await sql`pragma wal_checkpoint(TRUNCATE)`.execute(database.db);
    // Freed pages are overwritten, so the file (and every backup copied from it) no longer holds the deleted details.
    for (const name of fs.readdirSync(database.dataDir).filter((n) => n.startsWith("site.db"))) {
      expect(fs.readFileSync(path.join(database.dataDir, name)).includes(marker), name).toBe(false);
    }
  });
});

/** The rows of a CSV file as a spreadsheet reads them: quoted cells may hold commas and doubled quotes. */
function parseCsv(csv: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 0; i < csv.length; i += 1) {
    const c = csv[i]!;
    if (quoted && c === '"' && csv[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (!quoted && c === ",") {
      row.push(cell);
      cell = "";
    } else if (!quoted && c === "\r" && csv[i + 1] === "\n") {
      rows.push([...row, cell]);
      row = [];
      cell = "";
      i += 1;
    } else {
      cell += c;
    }
  }
  return rows;
}

/** The exported row of each registration id, as column name → cell text. */
async function exportedRows(database: TestDatabase): Promise<Map<string, Record<string, string>>> {
  const [header, ...rows] = parseCsv((await exportRegistrationsCsv(database, STAFF)).csv);
  return new Map(rows.map((cells) => [cells[0]!, Object.fromEntries(header!.map((name, i) => [name, cells[i]!]))]));
}

describeEachEngine("registrations CSV export", (get) => {
  it("writes phone numbers as a spreadsheet keeps them: every digit, no stray ', UK numbers in national form", async () => {
    const database = get();
    const cases: [parentPhone: string, emergencyPhone: string, parentCell: string, emergencyCell: string][] = [
      ["07700900123", "01422123456", "07700 900123", "01422 123456"],
      ["+447700900123", "+44 7700 900123", "07700 900123", "07700 900123"],
      ["0044 7700 900123", "+44 (0)1422 123456", "07700 900123", "01422 123456"],
      ["02079460000", "(0113) 496-0000", "020 7946 0000", "0113 496 0000"],
      ["+1 202-555-0100", "+353 1 234 5678", "001 202 555 0100", "00353 1 234 5678"],
      ["7700900123", "07700 900123", "7700 900123", "07700 900123"],
    ];
    const ids: string[] = [];
    for (const [parentPhone, emergencyPhone] of cases) {
      const outcome = await register(database, { parentPhone, emergencyPhone });
      if (outcome.status !== "stored") throw new Error(`not stored: ${parentPhone} ${emergencyPhone}`);
      ids.push(outcome.id);
    }
    const rows = await exportedRows(database);
    cases.forEach(([, , parentCell, emergencyCell], i) => {
      expect(rows.get(ids[i]!)).toMatchObject({ parent_or_carer_phone: parentCell, emergency_contact_phone: emergencyCell });
    });
    // What staff see in the dashboard is what the family typed.
    expect(await viewRegistration(database, ids[1]!, STAFF)).toMatchObject({ parentPhone: "+447700900123", emergencyPhone: "+44 7700 900123" });
  });

  it("still defuses formulas in every other column, and in a phone column holding something that is not a phone number", async () => {
    const database = get();
    const outcome = await register(database, { childName: "=1+1", parentName: "@SUM(A1)", parentEmail: "+cmd@example.org", needs: "-2+3, \"nuts\"" });
    if (outcome.status !== "stored") throw new Error("not stored");
    // A row whose phones were never checked (kept as sent, as spam is), then taken as a real registration.
    const unchecked = await submitRegistration(database, {
      values: { ...valid, childName: "Unchecked", parentPhone: "=cmd|' /C calc'!A0", emergencyPhone: "01234" },
      honeypot: true,
      ip: nextIp(),
      now: NOW,
    });
    if (unchecked.status !== "spam") throw new Error("not kept as spam");
    await database.db.updateTable("registrations").set({ status: "new" }).where("id", "=", unchecked.id).execute();

    const rows = await exportedRows(database);
    expect(rows.get(outcome.id)).toMatchObject({
      child_name: "'=1+1",
      parent_or_carer_name: "'@SUM(A1)",
      parent_or_carer_email: "'+cmd@example.org",
      medical_or_additional_needs: "'-2+3, \"nuts\"",
      parent_or_carer_phone: "07700 900456",
      emergency_contact_phone: "01422 123456",
    });
    expect(rows.get(unchecked.id)).toMatchObject({ parent_or_carer_phone: "'=cmd|' /C calc'!A0", emergency_contact_phone: "'01234" });
  });
});

describeEachEngine("registration retention", (get) => {
  it("deletes exactly the registrations whose last contact is older than the period", async () => {
    const database = get();
    const at = (iso: string) => new Date(iso);
    const now = at("2027-06-15T12:00:00Z");
    const ids: Record<string, string> = {};
    for (const [name, lastContact] of [
      ["expired-long-ago", "2024-01-10T09:00:00Z"],
      ["expired-by-a-minute", "2025-06-15T11:59:00Z"],
      ["kept-on-the-boundary", "2025-06-15T12:00:00Z"],
      ["kept-recent", "2027-01-01T00:00:00Z"],
      ["kept-after-contact", "2024-03-01T00:00:00Z"],
    ] as const) {
      const outcome = await submitRegistration(database, { values: { ...valid, childName: name }, honeypot: false, ip: nextIp(), now: NOW });
      if (outcome.status !== "stored") throw new Error(`not stored: ${name}`);
      ids[name] = outcome.id;
      await database.db.updateTable("registrations").set({ last_contact_at: at(lastContact).toISOString() }).where("id", "=", outcome.id).execute();
    }
    // Staff heard from this family recently: the clock restarted.
    await markRegistrationContacted(database, ids["kept-after-contact"]!, STAFF, at("2027-05-01T00:00:00Z"));

    expect(await deleteExpiredRegistrations(database, { now, months: 24 })).toBe(2);
    const left = (await database.db.selectFrom("registrations").select("child_name").execute()).map((r) => r.child_name).sort();
    expect(left).toEqual(["kept-after-contact", "kept-on-the-boundary", "kept-recent"]);
    const audit = (await listAudit(database, { limit: 1, offset: 0 })).entries[0];
    expect(audit).toMatchObject({ action: "registrations.retention-deleted", detail: { count: 2, retentionMonths: 24 } });
    // Nothing more to do on a second run.
    expect(await deleteExpiredRegistrations(database, { now, months: 24 })).toBe(0);
  });

  it("uses the retention period staff set in Settings", async () => {
    const database = get();
    const now = new Date("2027-06-15T12:00:00Z");
    const outcome = await submitRegistration(database, { values: { ...valid, childName: "thirty-months-ago" }, honeypot: false, ip: nextIp(), now: NOW });
    if (outcome.status !== "stored") throw new Error("not stored");
    await database.db.updateTable("registrations").set({ last_contact_at: "2024-12-15T12:00:00.000Z" }).where("id", "=", outcome.id).execute();
    const storeMonths = (months: number) =>
      database.db
        .insertInto("site_settings")
        .values({ key: "registrationRetentionMonths", value: JSON.stringify(months), updated_at: new Date().toISOString(), updated_by: null })
        .onConflict((oc) => oc.column("key").doUpdateSet({ value: JSON.stringify(months) }))
        .execute();
    await storeMonths(36);
    expect(await deleteExpiredRegistrations(database, { now })).toBe(0);
    // The setting cannot be read: the run fails (and the job tries again) rather than delete with the 24-month default.
    await sql`alter table site_settings rename to site_settings_away`.execute(database.db);
    try {
      await expect(deleteExpiredRegistrations(database, { now })).rejects.toThrow();
      await expect(deleteExpiredMail(database, { now })).rejects.toThrow();
    } finally {
      await sql`alter table site_settings_away rename to site_settings`.execute(database.db);
    }
    expect(await database.db.selectFrom("registrations").select("id").where("id", "=", outcome.id).executeTakeFirst()).toBeDefined();
    await storeMonths(24);
    expect(await deleteExpiredRegistrations(database, { now })).toBe(1);
  });

  it("runs daily from the job queue, one chain only", async () => {
    const database = get();
    await ensureRetentionJob(database);
    await ensureRetentionJob(database);
    const queued = await database.db.selectFrom("jobs").select(["id", "status", "run_at"]).where("type", "=", RETENTION_JOB).execute();
    expect(queued).toHaveLength(1);
    const old = await submitRegistration(database, { values: { ...valid, childName: "Long gone" }, honeypot: false, ip: nextIp(), now: NOW });
    if (old.status !== "stored") throw new Error("not stored");
    await database.db.updateTable("registrations").set({ last_contact_at: "2001-01-01T00:00:00.000Z" }).where("id", "=", old.id).execute();
    expect(await runNextJob(database)).toBe(true);
    expect(await database.db.selectFrom("registrations").select("id").where("id", "=", old.id).executeTakeFirst()).toBeUndefined();
    const next = await database.db.selectFrom("jobs").select(["status", "run_at"]).where("id", "=", queued[0]!.id).executeTakeFirstOrThrow();
    expect(next.status).toBe("queued");
    expect(Date.parse(next.run_at) - Date.now()).toBeGreaterThan(23 * 3600_000);
  });
});

describe("monthsBefore", () => {
  it("steps back calendar months, clamping to the month's last day", () => {
    expect(monthsBefore(new Date("2027-06-15T12:00:00Z"), 24).toISOString()).toBe("2025-06-15T12:00:00.000Z");
    expect(monthsBefore(new Date("2025-03-31T08:00:00Z"), 1).toISOString()).toBe("2025-02-28T08:00:00.000Z");
    expect(monthsBefore(new Date("2024-02-29T00:00:00Z"), 12).toISOString()).toBe("2023-02-28T00:00:00.000Z");
  });
});
