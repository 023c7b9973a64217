import { expect, it, vi } from "vitest";
import { describeEachEngine } from "../../../test/engines";
import type { Route } from "./+types/admin._index";
import { loader } from "./admin._index";
import type * as DbModule from "#app/platform/db/db.server";
import type * as EnvModule from "#app/platform/env.server";

/**
 * The dashboard tells an Admin when links in e-mails would point at the
 * server itself (PUBLIC_URL unset, localhost or 127.0.0.1), and says
 * nothing once it is the site's real address. The loader is called as the
 * router calls it, with the configuration read from the environment given.
 */

const site = vi.hoisted(() => ({
  role: "admin" as string,
  database: undefined as unknown,
  environment: {} as Record<string, string | undefined>,
}));
vi.mock("#app/features/accounts/auth.server", () => {
  const session = async () => ({ user: { id: "staff-1", email: "office@example.org", name: "Staff", role: site.role }, sessionId: "session-1", endsAt: "2099-01-01T00:00:00.000Z" });
  return { requireStaff: session, requireStaffSession: session };
});
vi.mock("#app/platform/db/db.server", async (importOriginal) => ({
  ...(await importOriginal<typeof DbModule>()),
  getDatabase: async () => site.database,
}));
// The configuration as a fresh start with this environment would read it (the real one is read once per process).
vi.mock("#app/platform/env.server", async (importOriginal) => {
  const real = await importOriginal<typeof EnvModule>();
  return { ...real, env: () => real.parseEnv({ ...process.env, PORT: "3000", PUBLIC_URL: undefined, ...site.environment }) };
});

async function dashboard() {
  const loaded = await loader({ request: new Request("http://localhost/admin"), params: {}, context: {} } as unknown as Route.LoaderArgs);
  return loaded as { localPublicUrl: string | null };
}

describeEachEngine("the dashboard's warning about PUBLIC_URL", (getDb) => {
  it("warns an Admin when PUBLIC_URL is unset or names this machine", async () => {
    site.database = getDb();
    site.role = "admin";
    site.environment = {};
    expect((await dashboard()).localPublicUrl).toBe("http://localhost:3000");
    site.environment = { PUBLIC_URL: "http://127.0.0.1:8080" };
    expect((await dashboard()).localPublicUrl).toBe("http://127.0.0.1:8080");
    site.environment = { PUBLIC_URL: "http://localhost" };
    expect((await dashboard()).localPublicUrl).toBe("http://localhost");
  });

  it("says nothing when PUBLIC_URL is the site's real address", async () => {
    site.database = getDb();
    site.role = "admin";
    site.environment = { PUBLIC_URL: "https://www.halifax-charity.org.uk" };
    expect((await dashboard()).localPublicUrl).toBeNull();
  });

  it("does not warn an Editor, who cannot have it changed", async () => {
    site.database = getDb();
    site.role = "editor";
    site.environment = {};
    expect((await dashboard()).localPublicUrl).toBeNull();
  });
});
