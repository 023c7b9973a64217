import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { VOLUNTEER_VACANCIES } from "#app/content/site";
import {
  createOpportunity,
  deleteOpportunity,
  getOpportunity,
  listOpportunities,
  opportunityVersion,
  setOpportunityOpen,
  updateOpportunity,
} from "./volunteer-roles.server";
import { TEST_ACTOR } from "../../../test/actor";

describeEachEngine("volunteer roles", (get) => {
  it("seeds the five built-in volunteer vacancies as open roles", async () => {
    const roles = await listOpportunities(get(), { openOnly: true });
    expect(roles.map((r) => r.title)).toEqual(VOLUNTEER_VACANCIES.map((v) => v.title));
    expect(roles[0]).toMatchObject({ type: "coaching", isOpen: true, skills: VOLUNTEER_VACANCIES[0]!.skills });
  });

  it("requires title, time commitment and description, and one of the volunteer types", async () => {
    const database = get();
    const before = (await listOpportunities(database)).length;
    const result = await createOpportunity(database, { title: " ", type: "juggling", timeCommitment: "", description: "" });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.errors.title).toEqual(["Title is required"]);
      expect(result.errors.timeCommitment).toEqual(["Time commitment is required"]);
      expect(result.errors.description).toEqual(["Description is required"]);
      expect(result.errors.type).toEqual(["Choose a volunteer type"]);
      expect(result.values.title).toBe(" ");
    }
    expect(await listOpportunities(database)).toHaveLength(before);
  });

  it("creates, edits, closes, reopens and deletes a role", async () => {
    const database = get();
    const created = await createOpportunity(database, {
      title: "Bike Mechanic",
      type: "maintenance",
      timeCommitment: "Saturday mornings",
      skills: "Fixing punctures\n\n  Patience  ",
      description: "Keep the Active Travel Hub's bikes on the road.",
    });
    expect(created.ok).toBe(true);
    if (!created.ok) return;
    expect(created.data).toMatchObject({ title: "Bike Mechanic", skills: ["Fixing punctures", "Patience"], isOpen: true });

    const edited = await updateOpportunity(database, created.data.id, { ...created.data, skills: "", timeCommitment: "Fortnightly" });
    expect(edited).toMatchObject({ ok: true, data: { timeCommitment: "Fortnightly", skills: [] } });

    expect(await setOpportunityOpen(database, created.data.id, false)).toBe(true);
    expect((await listOpportunities(database, { openOnly: true })).map((r) => r.id)).not.toContain(created.data.id);
    expect((await listOpportunities(database)).map((r) => r.id)).toContain(created.data.id);
    await setOpportunityOpen(database, created.data.id, true);
    expect((await listOpportunities(database, { openOnly: true })).map((r) => r.id)).toContain(created.data.id);

    expect(await deleteOpportunity(database, created.data.id, TEST_ACTOR)).toBe(true);
    expect((await listOpportunities(database)).map((r) => r.id)).not.toContain(created.data.id);
    expect(await updateOpportunity(database, created.data.id, { ...created.data })).toBeUndefined();
  });
});

describeEachEngine("editing a volunteer role", (get) => {
  it("refuses an edit from a form opened before a colleague's edit, changing nothing; closing the role does not", async () => {
    const database = get();
    const [role] = await listOpportunities(database, { openOnly: true });
    const opened = opportunityVersion(role!);
    const form = { title: role!.title, type: role!.type, timeCommitment: role!.timeCommitment, skills: role!.skills.join("\n"), description: role!.description };
    // Closed meanwhile: the form does not write open or closed, so that does not count.
    expect(await setOpportunityOpen(database, role!.id, false)).toBe(true);
    const byB = await updateOpportunity(database, role!.id, { ...form, timeCommitment: "Two evenings a week" }, { baseVersion: opened });
    if (!byB?.ok) throw new Error(JSON.stringify(byB));
    expect(byB.data).toMatchObject({ timeCommitment: "Two evenings a week", isOpen: false });
    const typed = { ...form, description: "Coach our under-12s." };
    const stale = await updateOpportunity(database, role!.id, typed, { baseVersion: opened });
    expect(stale).toEqual({ ok: false, conflict: { updatedAt: byB.data.updatedAt }, errors: {}, values: typed });
    expect((await getOpportunity(database, role!.id))?.timeCommitment).toBe("Two evenings a week");
    expect(await updateOpportunity(database, role!.id, { ...typed, title: "" }, { baseVersion: opened })).toMatchObject({ ok: false, conflict: {} });
    const fresh = await updateOpportunity(database, role!.id, { ...typed, timeCommitment: byB.data.timeCommitment }, { baseVersion: opportunityVersion(byB.data) });
    expect(fresh).toMatchObject({ ok: true, data: { description: "Coach our under-12s.", timeCommitment: "Two evenings a week" } });
  });
});
