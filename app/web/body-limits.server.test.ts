import { Hono } from "hono";
import { describe, expect, it } from "vitest";
import { FORM_FIELDS_MAX, formRequestGuard, PUBLIC_FORM_BODY_MAX_BYTES, REQUEST_GUARD_MESSAGES } from "./body-limits.server";

/**
 * The guard in front of every action, on a bare Hono app: what it lets
 * through reaches the route, what it refuses never does.
 */

function appWithGuard() {
  const reached: string[] = [];
  const app = new Hono();
  app.use(formRequestGuard({ exempt: (p) => p === "/upload" }));
  app.post("*", async (c) => {
    const form = await c.req.raw.formData();
    reached.push(c.req.path);
    return c.text(`fields: ${[...form.keys()].length}`);
  });
  return { app, reached };
}

const urlencoded = { "Content-Type": "application/x-www-form-urlencoded" };

/** A body that hands out `chunks` pieces of `piece` one at a time and counts how many were taken. */
function countingStream(piece: string, chunks: number) {
  const bytes = new TextEncoder().encode(piece);
  const pulled = { count: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (pulled.count === chunks) return controller.close();
      pulled.count++;
      controller.enqueue(bytes);
    },
  });
  return { stream, pulled };
}

function multipart(fields: number): { body: string; headers: Record<string, string> } {
  const boundary = "----form-boundary-7MA4YWxkTrZu0gW";
  const parts = Array.from({ length: fields }, (_, i) => `--${boundary}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\nvalue ${i}\r\n`);
  return { body: `${parts.join("")}--${boundary}--\r\n`, headers: { "Content-Type": `multipart/form-data; boundary=${boundary}` } };
}

describe("the form request guard", () => {
  it("lets a form with as many fields as the limit allows reach the route", async () => {
    const { app, reached } = appWithGuard();
    const body = Array.from({ length: FORM_FIELDS_MAX }, (_, i) => `f${i}=x`).join("&");
    const response = await app.request("/theme", { method: "POST", headers: urlencoded, body });
    expect([response.status, await response.text()]).toEqual([200, `fields: ${FORM_FIELDS_MAX}`]);
    expect(reached).toEqual(["/theme"]);
  });

  it("refuses a small urlencoded body with more fields than any form has, in words, before the route reads it", async () => {
    const { app, reached } = appWithGuard();
    // 2 KB: far under every size limit, so only the count can refuse it.
    const response = await app.request("/theme", { method: "POST", headers: urlencoded, body: "a&".repeat(1000) });
    expect([response.status, await response.text()]).toEqual([413, REQUEST_GUARD_MESSAGES.tooManyFields]);
    expect(reached).toEqual([]);
  });

  it("counts empty pairs too: a body of ampersands costs the parser as much as real fields", async () => {
    const { app } = appWithGuard();
    const response = await app.request("/theme", { method: "POST", headers: urlencoded, body: "&".repeat(FORM_FIELDS_MAX + 1) });
    expect(response.status).toBe(413);
  });

  it("stops reading a streamed body once it holds too many fields, without waiting for the rest", async () => {
    const { app, reached } = appWithGuard();
    // 1,000 pieces of 1,000 empty fields each (3 MB, no declared length).
    const { stream, pulled } = countingStream("a=&".repeat(1000), 1000);
    const response = await app.request("/contact", { method: "POST", headers: urlencoded, body: stream, duplex: "half" } as RequestInit);
    expect([response.status, await response.text()]).toEqual([413, REQUEST_GUARD_MESSAGES.tooManyFields]);
    expect(reached).toEqual([]);
    // Refused on the first piece that passes the limit; a stream is read a few pieces ahead at most.
    expect(pulled.count).toBeLessThan(10);
  });

  it("counts the parts of a multipart body the same way", async () => {
    const { app, reached } = appWithGuard();
    const few = multipart(3);
    const fine = await app.request("/volunteer/apply", { method: "POST", headers: few.headers, body: few.body });
    expect([fine.status, await fine.text()]).toEqual([200, "fields: 3"]);
    const many = multipart(FORM_FIELDS_MAX + 1);
    const refused = await app.request("/volunteer/apply", { method: "POST", headers: many.headers, body: many.body });
    expect([refused.status, await refused.text()]).toEqual([413, REQUEST_GUARD_MESSAGES.tooManyFields]);
    expect(reached).toEqual(["/volunteer/apply"]);
  });

  it("refuses multipart with no boundary to count parts by as unreadable", async () => {
    const { app } = appWithGuard();
    const response = await app.request("/contact", { method: "POST", headers: { "Content-Type": "multipart/form-data" }, body: "name=x" });
    expect([response.status, await response.text()]).toEqual([400, REQUEST_GUARD_MESSAGES.unreadable]);
  });

  it("gives public pages' forms the size they need and the staff area the size page content needs", async () => {
    const { app, reached } = appWithGuard();
    const text = `content=${"x".repeat(PUBLIC_FORM_BODY_MAX_BYTES)}`;
    const publicForm = await app.request("/contact", { method: "POST", headers: urlencoded, body: text });
    expect([publicForm.status, await publicForm.text()]).toEqual([413, REQUEST_GUARD_MESSAGES.tooLarge]);
    const staffForm = await app.request("/admin/content", { method: "POST", headers: urlencoded, body: text });
    expect(staffForm.status).toBe(200);
    expect(reached).toEqual(["/admin/content"]);
  });

  it("leaves the upload endpoints to their own limits", async () => {
    const { app, reached } = appWithGuard();
    const many = multipart(FORM_FIELDS_MAX + 1);
    const response = await app.request("/upload", { method: "POST", headers: many.headers, body: many.body });
    expect(response.status).toBe(200);
    expect(reached).toEqual(["/upload"]);
  });
});
