import { data, redirect } from "react-router";
import type { Route } from "./+types/theme";
import { safeRedirect } from "#app/web/safe-redirect";
import { env } from "#app/platform/env.server";
import { themeCookie, type ThemeChoice } from "#app/platform/http/theme-cookie";

/** Stores the visitor's light/dark choice in a cookie (works without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (theme !== "light" && theme !== "dark") {
    return data({ error: "Choose light or dark." }, { status: 400 });
  }
  // Secure as the site's public address says, like every other cookie: behind
  // a TLS-terminating proxy the request itself arrives over plain http.
  const secure = env().PUBLIC_URL.startsWith("https://");
  const headers = { "Set-Cookie": themeCookie(theme as ThemeChoice, secure) };
  // Only paths on this site, checked as sign-in checks them ("/\evil.example"
  // is "//evil.example" to a browser): never an open redirect.
  const back = safeRedirect(form.get("redirectTo"), "");
  if (back) return redirect(back, { headers });
  return data({ theme }, { headers });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
