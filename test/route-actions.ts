import { vi } from "vitest";
import type { TestDatabase } from "./engines";

/**
 * Calling route actions as React Router does, without a server: for tests of
 * what a form's POST answers (status, redirect, refusal data) on each engine.
 */

export const ROUTE_TEST_ORIGIN = "http://127.0.0.1:3999";

/** Points the site's configuration at this engine's database; import route and site modules afterwards. */
export function configureSiteFor(db: TestDatabase, extra: Record<string, string> = {}): void {
  vi.stubEnv("DATA_DIR", db.dataDir);
  vi.stubEnv("DATABASE_URL", db.url ?? "");
  vi.stubEnv("PUBLIC_URL", ROUTE_TEST_ORIGIN);
  vi.stubEnv("SMTP_URL", "");
  vi.stubEnv("AUTH_SECRET", "route-test-secret-route-test-secret-0123");
  for (const [name, value] of Object.entries(extra)) vi.stubEnv(name, value);
  vi.resetModules();
}

export interface ActionAnswer {
  status: number;
  location: string | null;
  headers: Headers;
  body: Record<string, unknown> | null;
}

export type RouteAction = (args: never) => Promise<unknown>;

/** POSTs a form to a route action as React Router would, and reads the answer the browser gets. */
export async function postToAction(
  action: RouteAction,
  path: string,
  fields: Record<string, string>,
  options: { cookie?: string; params?: Record<string, string>; ip?: string } = {},
): Promise<ActionAnswer> {
  const request = new Request(`${ROUTE_TEST_ORIGIN}${path}`, {
    method: "POST",
    headers: { Origin: ROUTE_TEST_ORIGIN, ...(options.cookie ? { cookie: options.cookie } : {}) },
    body: new URLSearchParams(fields),
  });
  let result: unknown;
  try {
    result = await action({ request, params: options.params ?? {}, context: { clientIp: options.ip ?? "203.0.113.5" } } as never);
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown;
    result = thrown;
  }
  if (result instanceof Response) {
    return { status: result.status, location: result.headers.get("Location"), headers: result.headers, body: null };
  }
  // data(): React Router's DataWithResponseInit.
  const { data: body, init } = result as { data: Record<string, unknown>; init: ResponseInit | null };
  return { status: init?.status ?? 200, location: null, headers: new Headers(init?.headers), body };
}

/** The cookies a response sets, as a browser would send them back (cleared ones left out). */
export const cookieOf = (headers: Headers) =>
  headers
    .getSetCookie()
    .map((c) => c.split(";")[0]!)
    .filter((c) => !c.endsWith("="))
    .join("; ");

/**
 * Creates the site's first admin through the sign-in page's action and signs
 * them in, as a person would; returns the session cookie for later actions.
 */
export async function firstAdminCookie(loginAction: RouteAction, admin: { email: string; password: string }): Promise<string> {
  const created = await postToAction(loginAction, "/login", { intent: "create-admin", email: admin.email, password: admin.password, confirm: admin.password });
  if (created.status !== 302) throw new Error(`the first admin was not created: ${created.status}`);
  const signedIn = await postToAction(loginAction, "/login", { intent: "sign-in", email: admin.email, password: admin.password, redirectTo: "/admin" });
  return cookieOf(signedIn.headers);
}

/** The toast a redirect carries to the next page (its cookie), or null. */
export function toastOf(answer: ActionAnswer): { title: string; description?: string } | null {
  const raw = /(?:^|, )toast=([^;]+)/.exec(answer.headers.get("set-cookie") ?? "")?.[1];
  return raw ? (JSON.parse(Buffer.from(raw, "base64url").toString("utf8")) as { title: string; description?: string }) : null;
}

/** After the suite: closes the database the imported site modules opened, and puts the configuration back. */
export async function releaseSite(site: { database: { closeDatabase(): Promise<void> } } | undefined): Promise<void> {
  await site?.database.closeDatabase();
  vi.unstubAllEnvs();
}
