import { expect, it } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import { serveSite } from "../../../test/site-process";
import { editedDocument, getPageRecord, publishPage, saveDraft } from "#app/features/pages/page-records.server";

/**
 * The Contact form's topics follow the FAQ page's questions as staff
 * publish them: a topic they add is offered and accepted, and the server
 * refuses one the form does not offer. Over HTTP against the production
 * build, as a browser without JavaScript sends it, on each database engine.
 */
describeEachEngine("the question form's topics", (getDb) => {
  const served = serveSite(getDb);
  const staff = { id: null, email: "editor@example.org", ip: null };
  const ask = (topic: string) =>
    fetch(`${served.site.url}/contact`, {
      method: "POST",
      redirect: "manual",
      headers: { Origin: served.site.url },
      body: new URLSearchParams({ name: "Jo Parent", email: "jo@example.org", topic, message: "Is there a holiday club at Easter?" }),
    });

  it("offers and accepts a topic staff added to the FAQs, and refuses one it does not offer", async () => {
    expect((await ask("Holiday clubs")).status).toBe(400);

    const record = await getPageRecord(getDb(), "faqs");
    const doc = editedDocument(record!)!;
    const blocks = doc.blocks.map((b) =>
      b.type === "faq" ? { ...b, entries: [...b.entries, { id: "faq-holidays", topic: "Holiday clubs", question: "Do you run holiday clubs?", answer: "Yes, in every school holiday.", followUp: null }] } : b,
    );
    expect(await saveDraft(getDb(), "faqs", { ...doc, blocks }, record!.version, staff)).toMatchObject({ ok: true });
    expect(await publishPage(getDb(), "faqs", staff)).toMatchObject({ ok: true });

    // The server learns of the publish from the content version, which it checks every few hundred milliseconds.
    let form = "";
    for (let i = 0; i < 50 && !form.includes("Holiday clubs"); i++) {
      form = await (await fetch(`${served.site.url}/contact`)).text();
      if (!form.includes("Holiday clubs")) await new Promise((r) => setTimeout(r, 100));
    }
    expect(form).toContain('<option value="Holiday clubs">Holiday clubs</option>');
    const accepted = await ask("Holiday clubs");
    expect(accepted.status).toBe(302);
    const stored = await getDb().db.selectFrom("messages").select("topic").where("message", "=", "Is there a holiday club at Easter?").execute();
    expect(stored.map((m) => m.topic)).toEqual(["Holiday clubs"]);
    // A built-in topic still goes by its id, as questions stored before did.
    expect((await ask("programmes")).status).toBe(302);
    expect((await ask("<script>")).status).toBe(400);
  });
});
