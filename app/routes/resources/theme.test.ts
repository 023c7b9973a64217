import { afterEach, describe, expect, it, vi } from "vitest";

/**
 * POST /theme: the light/dark switch that works without JavaScript. It sends
 * the visitor back where they were, but only to a path on this site, and its
 * cookie is Secure whenever the site's public address is https, whatever
 * scheme the request reached the server with.
 */

/** The route module with the configuration read afresh (env() reads it once per module instance). */
async function themeRoute(publicUrl: string) {
  vi.stubEnv("PUBLIC_URL", publicUrl);
  vi.resetModules();
  return import("./theme");
}

async function post(publicUrl: string, fields: Record<string, string>, requestUrl = "http://127.0.0.1:3000/theme"): Promise<Response> {
  const { action } = await themeRoute(publicUrl);
  const request = new Request(requestUrl, { method: "POST", body: new URLSearchParams(fields) });
  const result: unknown = await action({ request, params: {}, context: {} } as never);
  if (result instanceof Response) return result;
  // data(): React Router's DataWithResponseInit.
  const { data: body, init } = result as { data: unknown; init: ResponseInit | null };
  return new Response(JSON.stringify(body), init ?? undefined);
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("the theme switch", () => {
  it("sends the visitor back to the page they were on, with its query", async () => {
    const response = await post("http://127.0.0.1:3000", { theme: "dark", redirectTo: "/events?page=2" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/events?page=2");
    expect(response.headers.get("Set-Cookie")).toMatch(/^theme=dark;/);
  });

  it("never sends anyone to another site: those answers stay on /theme with the choice stored", async () => {
    const hostile = ["//evil.example", "/\\evil.example", "/\\/evil.example", "/\t/evil.example", "/\n/evil.example", "https://evil.example/", "javascript:alert(1)", "evil.example"];
    for (const redirectTo of hostile) {
      const response = await post("http://127.0.0.1:3000", { theme: "light", redirectTo });
      expect(response.headers.get("Location"), JSON.stringify(redirectTo)).toBeNull();
      expect(response.status, JSON.stringify(redirectTo)).toBe(200);
      expect(response.headers.get("Set-Cookie")).toMatch(/^theme=light;/);
    }
    const missing = await post("http://127.0.0.1:3000", { theme: "light" });
    expect([missing.status, missing.headers.get("Location")]).toEqual([200, null]);
  });

  it("refuses anything but light or dark, setting nothing", async () => {
    const response = await post("http://127.0.0.1:3000", { theme: "purple", redirectTo: "/" });
    expect(response.status).toBe(400);
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });

  it("marks the cookie Secure when the public address is https, though a TLS proxy passes the request on over http", async () => {
    const behindProxy = await post("https://charity.example", { theme: "dark", redirectTo: "/" }, "http://127.0.0.1:3000/theme");
    expect(behindProxy.headers.get("Set-Cookie")).toMatch(/;\s*Secure(;|$)/);
    const plain = await post("http://127.0.0.1:3000", { theme: "dark", redirectTo: "/" }, "http://127.0.0.1:3000/theme");
    expect(plain.headers.get("Set-Cookie")).not.toMatch(/Secure/);
  });
});
