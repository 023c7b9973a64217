import { afterEach, describe, expect, it } from "vitest";
import { pathForLog } from "./log-path.server";
import { logger } from "./logger.server";
import { captureLogs, type CapturedLogs } from "../../../test/capture-logs";

/** The shape of an invitation token (invitations.server.ts: 32 random bytes, base64url). */
const TOKEN = "Zm9vYmFyLWJhei1xdXV4LXNlY3JldC10b2tlbi0xMjM0NTY";
const NEWSLETTER_TOKEN = "eyJzIjoiYWJjIiwicCI6ImNvbmZpcm0ifQ.c2lnbmF0dXJl";

describe("pathForLog: a request's address as the log may hold it", () => {
  it("leaves an ordinary path exactly as it was", () => {
    for (const path of ["/", "/about", "/news/summer-fair", "/admin/registrations/5f0c", "/assets/app-1a2b.js", "/invitations", "/admin/invites"]) {
      expect(pathForLog(path)).toBe(path);
    }
  });

  it("replaces an invitation's token, however the path is written", () => {
    expect(pathForLog(`/invite/${TOKEN}`)).toBe("/invite/[token]");
    // React Router matches routes case-insensitively, and these reach the same page.
    expect(pathForLog(`/INVITE/${TOKEN}`)).toBe("/INVITE/[token]");
    expect(pathForLog(`/invite/${TOKEN}/`)).toBe("/invite/[token]/");
    expect(pathForLog(`//invite/${TOKEN}`)).toBe("//invite/[token]");
    expect(pathForLog(`/%69nvite/${TOKEN}`)).toBe("/%69nvite/[token]");
    // A single-fetch data request keeps its suffix, so it still reads as one.
    expect(pathForLog(`/invite/${TOKEN}.data`)).toBe("/invite/[token].data");
    // A mangled link that ends up at "page not found" is logged too.
    expect(pathForLog(`/invite/${TOKEN}/extra`)).toBe("/invite/[token]/extra");
    expect(pathForLog("/invite/")).toBe("/invite/");
  });

  it("replaces query values that could be a token or someone's data, keeping the harmless ones and the names", () => {
    expect(pathForLog(`/newsletter/confirm?token=${NEWSLETTER_TOKEN}`)).toBe("/newsletter/confirm?token=[redacted]");
    expect(pathForLog(`/newsletter/unsubscribe?token=${encodeURIComponent(NEWSLETTER_TOKEN)}&index`)).toBe("/newsletter/unsubscribe?token=[redacted]&index");
    expect(pathForLog("/admin/registrations?q=Jane%20Smith&page=2&status=new")).toBe("/admin/registrations?q=[redacted]&page=2&status=new");
    expect(pathForLog(`/somewhere?${NEWSLETTER_TOKEN}`)).toBe("/somewhere?[redacted]");
    expect(pathForLog("/contact?")).toBe("/contact?");
  });

  it("takes an absolute URL too (request.url), keeping its origin and dropping the fragment", () => {
    expect(pathForLog(`https://charity.example/invite/${TOKEN}?token=${NEWSLETTER_TOKEN}#top`)).toBe("https://charity.example/invite/[token]?token=[redacted]");
    expect(pathForLog("http://127.0.0.1:3000/about#team")).toBe("http://127.0.0.1:3000/about");
  });

  it("changes nothing when applied twice (the access log's line passes through it and the logger's serializer)", () => {
    for (const target of [`/invite/${TOKEN}.data`, `/newsletter/confirm?token=${NEWSLETTER_TOKEN}&index`, `https://charity.example/invite/${TOKEN}?q=x`]) {
      expect(pathForLog(pathForLog(target))).toBe(pathForLog(target));
    }
  });
});

describe("the logger", () => {
  let logs: CapturedLogs | undefined;
  afterEach(() => logs?.stop());

  it("writes any path or url field without its token, wherever it is logged from", () => {
    logs = captureLogs();
    logger.info({ requestId: "r1", method: "GET", path: `/invite/${TOKEN}`, status: 200, ms: 1 });
    logger.warn({ requestId: "r2", path: `/invite/${TOKEN}/extra` }, "page not found");
    logger.error({ err: "boom", url: `http://127.0.0.1:3000/newsletter/confirm?token=${NEWSLETTER_TOKEN}` }, "render error");
    expect(logs.lines).toHaveLength(3);
    expect(logs.text()).not.toContain(TOKEN);
    expect(logs.text()).not.toContain(NEWSLETTER_TOKEN);
    expect(JSON.parse(logs.lines[0]!)).toMatchObject({ path: "/invite/[token]", status: 200 });
    expect(JSON.parse(logs.lines[2]!)).toMatchObject({ url: "http://127.0.0.1:3000/newsletter/confirm?token=[redacted]" });
  });

  it("writes any err without an e-mail address in it, as text or as an Error, whoever logs it", () => {
    logs = captureLogs();
    logger.warn({ jobId: "j1", err: "550 5.1.1 <jo.bloggs@example.org>: Recipient address rejected" }, "job failed");
    const thrown = new Error('duplicate key value: Key (email)=(kit@example.org) already exists');
    logger.error({ err: thrown }, "could not save");
    expect(logs.text()).not.toContain("jo.bloggs@example.org");
    expect(logs.text()).not.toContain("kit@example.org");
    expect(JSON.parse(logs.lines[0]!)).toMatchObject({ err: "550 5.1.1 <[e-mail address]>: Recipient address rejected" });
    const error = JSON.parse(logs.lines[1]!) as { err: { type: string; message: string; stack: string } };
    expect(error.err).toMatchObject({ type: "Error", message: "duplicate key value: Key (email)=([e-mail address]) already exists" });
    // The stack keeps its frames (file paths may hold "@", a package's scope).
    expect(error.err.stack).toContain("log-path.server.test.ts");
  });
});
