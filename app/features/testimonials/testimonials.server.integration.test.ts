import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { BUILT_IN_TESTIMONIALS } from "#app/content/site";
import {
  countTestimonials,
  createTestimonial,
  deleteTestimonial,
  getTestimonial,
  listApprovedTestimonials,
  listTestimonials,
  moveTestimonial,
  setTestimonialStatus,
  testimonialVersion,
  updateTestimonial,
} from "./testimonials.server";
import { TEST_ACTOR } from "../../../test/actor";

const valid = { name: "Amira", role: "Parent", rating: "4", text: "My daughter loves the art club.", color: "accent" };

describeEachEngine("testimonials", (get) => {
  it("starts with the four built-in testimonials, approved, in their home-page order", async () => {
    const approved = await listApprovedTestimonials(get());
    expect(approved.map((t) => [t.name, t.role, t.text, t.color])).toEqual(
      BUILT_IN_TESTIMONIALS.map((t) => [t.author, t.role, t.quote, t.color]),
    );
    expect(approved.every((t) => t.rating === null)).toBe(true);
    expect(await countTestimonials(get())).toEqual({ all: 4, pending: 0, approved: 4, rejected: 0 });
  });

  it.each([
    ["name", "Name is required"],
    ["text", "Text is required"],
  ])("refuses a testimonial without its %s, naming the field, and saves nothing", async (field, message) => {
    const before = (await countTestimonials(get())).all;
    for (const blank of [undefined, "", "   "]) {
      const values: Record<string, string | undefined> = { ...valid, [field]: blank };
      const result = await createTestimonial(get(), values);
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.errors[field]).toEqual([message]);
        expect(result.values.role).toBe("Parent");
      }
    }
    expect((await countTestimonials(get())).all).toBe(before);
  });

  it("refuses a rating outside 1 to 5 and an unknown colour", async () => {
    for (const rating of ["0", "6", "4.5", "five"]) {
      const result = await createTestimonial(get(), { ...valid, rating });
      expect(result.ok ? null : result.errors.rating).toEqual(["Rating must be a whole number from 1 to 5"]);
    }
    const result = await createTestimonial(get(), { ...valid, color: "hotpink" });
    expect(result.ok ? null : result.errors.color).toEqual(["Choose a colour from the list"]);
  });

  it("adds as pending (not public), edits, approves, rejects and deletes", async () => {
    const db = get();
    const created = await createTestimonial(db, valid);
    if (!created.ok) throw new Error("expected to save");
    const t = created.data;
    expect(t).toMatchObject({ name: "Amira", role: "Parent", rating: 4, status: "pending", color: "accent" });
    expect((await getTestimonial(db, t.id))?.rating).toBe(4);
    expect((await listApprovedTestimonials(db)).some((x) => x.id === t.id)).toBe(false);
    expect((await listTestimonials(db, "pending")).map((x) => x.id)).toEqual([t.id]);

    const edited = await updateTestimonial(db, t.id, { ...valid, name: "Amira K.", rating: "" });
    expect(edited?.ok && edited.data).toMatchObject({ name: "Amira K.", rating: null, status: "pending" });
    const refused = await updateTestimonial(db, t.id, { ...valid, text: "" });
    expect(refused?.ok).toBe(false);
    expect((await getTestimonial(db, t.id))?.text).toBe(valid.text);

    await setTestimonialStatus(db, t.id, "approved");
    const approved = await listApprovedTestimonials(db);
    expect(approved.at(-1)?.id).toBe(t.id);
    expect(await countTestimonials(db)).toEqual({ all: 5, pending: 0, approved: 5, rejected: 0 });

    await setTestimonialStatus(db, t.id, "rejected");
    expect((await listApprovedTestimonials(db)).some((x) => x.id === t.id)).toBe(false);
    expect((await listTestimonials(db, "rejected")).map((x) => x.id)).toEqual([t.id]);

    expect((await deleteTestimonial(db, t.id, TEST_ACTOR))?.id).toBe(t.id);
    expect(await getTestimonial(db, t.id)).toBeNull();
    expect(await deleteTestimonial(db, t.id, TEST_ACTOR)).toBeNull();
    expect(await setTestimonialStatus(db, t.id, "approved")).toBeNull();
    expect(await updateTestimonial(db, t.id, valid)).toBeNull();
  });

  it("reorders approved testimonials with up and down, and the carousel follows", async () => {
    const db = get();
    const names = async () => (await listApprovedTestimonials(db)).map((t) => t.name);
    const [first, second] = await listApprovedTestimonials(db);
    const start = await names();
    expect(await moveTestimonial(db, second.id, "up")).toBe(true);
    expect(await names()).toEqual([start[1], start[0], ...start.slice(2)]);
    expect(await moveTestimonial(db, second.id, "up")).toBe(false);
    expect(await moveTestimonial(db, first.id, "down")).toBe(true);
    expect(await names()).toEqual([start[1], start[2], start[0], ...start.slice(3)]);
    const last = (await listApprovedTestimonials(db)).at(-1)!;
    expect(await moveTestimonial(db, last.id, "down")).toBe(false);
  });

  it("shows nothing in the carousel when every testimonial is withdrawn", async () => {
    const db = get();
    for (const t of await listApprovedTestimonials(db)) await setTestimonialStatus(db, t.id, "pending");
    expect(await listApprovedTestimonials(db)).toEqual([]);
  });

  it("refuses an edit from a form opened before a colleague's edit, changing nothing; approving or moving it does not", async () => {
    const db = get();
    const created = await createTestimonial(db, valid);
    if (!created.ok) throw new Error("not created");
    // A and B open the testimonial to edit it.
    const opened = testimonialVersion(created.data);
    // It is approved and moved meanwhile: neither is something A's form could undo.
    await setTestimonialStatus(db, created.data.id, "approved");
    await moveTestimonial(db, created.data.id, "up");
    // B takes out the child's surname and saves.
    const byB = await updateTestimonial(db, created.data.id, { ...valid, text: "My daughter loves the art club at the centre." }, { baseVersion: opened });
    if (!byB?.ok) throw new Error(JSON.stringify(byB));
    // A saves a typo fix from the form opened before B's save: refused, B's words stand.
    const typed = { ...valid, name: "Amira K." };
    const stale = await updateTestimonial(db, created.data.id, typed, { baseVersion: opened });
    expect(stale).toEqual({ ok: false, conflict: { updatedAt: byB.data.updatedAt }, errors: {}, values: typed });
    expect(await getTestimonial(db, created.data.id)).toEqual(byB.data);
    // Stale is said before field errors, and a form without a version is stale too.
    expect(await updateTestimonial(db, created.data.id, { ...typed, text: "" }, { baseVersion: opened })).toMatchObject({ ok: false, conflict: {} });
    expect(await updateTestimonial(db, created.data.id, typed, { baseVersion: "" })).toMatchObject({ ok: false, conflict: {} });
    // Reopened, A's form carries B's version: saved, and still approved.
    const reopened = await updateTestimonial(db, created.data.id, { ...valid, text: byB.data.text, name: "Amira K." }, { baseVersion: testimonialVersion(byB.data) });
    expect(reopened).toMatchObject({ ok: true, data: { name: "Amira K.", text: "My daughter loves the art club at the centre.", status: "approved" } });
    // A deleted testimonial is still "not found", not a conflict.
    await deleteTestimonial(db, created.data.id, TEST_ACTOR);
    expect(await updateTestimonial(db, created.data.id, typed, { baseVersion: opened })).toBeNull();
  });
});
