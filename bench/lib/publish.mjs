// The first view of a page after staff publish a change, for the throughput
// benchmark: an admin (made with the operator command before the server
// starts) saves the About page through the admin area, as a person would,
// and a visitor opens it. The server renders public pages into its cache
// in the background after every save (docs/decisions/008-page-cache.md), so
// the question is what the first visitor gets, and how soon.
import { execFileSync } from "node:child_process";
import { root } from "./common.mjs";

const ADMIN = { email: "bench-publisher@example.org", password: "a notice for the church hall door" };
const PAGE = "/about";
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * fetch, sent again once if the server had closed the kept-alive connection
 * it picked (idle past the server's keep-alive timeout while the load ran):
 * undici does not retry a POST by itself. Both posts here may be repeated.
 */
async function send(url, init) {
  try {
    return await fetch(url, init);
  } catch (error) {
    // EPIPE, ECONNRESET or "other side closed", depending on when the connection was found closed.
    if (!(error instanceof TypeError) || !error.cause?.code) throw error;
    return fetch(url, init);
  }
}

/** Creates the admin in the server's (not yet started) data folder. */
export function createPublisher(env) {
  execFileSync(process.execPath, ["scripts/cli.mjs", "admin:create", "--email", ADMIN.email, "--password", ADMIN.password], { cwd: root, env: { ...env, LOG_LEVEL: "silent" }, stdio: "pipe" });
}

/**
 * Publishes three changes to the About page and reports, for each, what
 * the first request after it got (X-Cache, time to the last byte):
 * `afterWait`, one asked `waitMs` after the save's answer with nobody asking
 * meanwhile; `immediately`, one sent as soon as the save answered; and
 * `readyMs`, how long after the save's answer every page of the sitemap was
 * ready (the last one answering HEAD, which never stores a page, from memory).
 */
export async function firstViewsAfterPublish(url, { headers = {}, waitMs = 1000 } = {}) {
  const signIn = await send(`${url}/login`, {
    method: "POST",
    redirect: "manual",
    headers: { Origin: url },
    body: new URLSearchParams({ intent: "sign-in", email: ADMIN.email, password: ADMIN.password, redirectTo: "/admin" }),
  });
  await signIn.arrayBuffer();
  if (signIn.status !== 302) throw new Error(`sign-in answered ${signIn.status}`);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const sitemap = await (await fetch(`${url}/sitemap.xml`)).text();
  const last = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname).at(-1);

  let round = 0;
  const publish = async () => {
    const heroTitle = `About us (bench ${Date.now()}-${++round})`;
    const saved = await send(`${url}/admin?index`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie, Origin: url },
      body: new URLSearchParams({ intent: "save", pageId: "about", heroTitle, force: "1" }),
    });
    await saved.arrayBuffer();
    if (saved.status !== 302) throw new Error(`the save answered ${saved.status}`);
    return heroTitle;
  };
  const firstView = async (heroTitle) => {
    const started = performance.now();
    const res = await fetch(`${url}${PAGE}`, { headers });
    const body = await res.text();
    const ms = performance.now() - started;
    if (!body.includes(heroTitle)) throw new Error(`${PAGE} does not show the change just published`);
    return { cache: res.headers.get("x-cache"), ms };
  };

  const titleA = await publish();
  await sleep(waitMs);
  const afterWait = await firstView(titleA);

  const titleB = await publish();
  const immediately = await firstView(titleB);

  await publish();
  const started = performance.now();
  for (;;) {
    const res = await fetch(`${url}${last}`, { method: "HEAD" });
    if (res.headers.get("x-cache") === "hit") break;
    if (performance.now() - started > 30_000) throw new Error(`${last} was not ready 30 s after a publish`);
    // Not much more often: a HEAD that misses renders the page (without keeping it), which competes with the preparing.
    await sleep(50);
  }
  const readyMs = performance.now() - started;
  return { page: PAGE, waitMs, afterWait, immediately, readyMs };
}
