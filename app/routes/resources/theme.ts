import { data, redirect } from "react-router";
import type { Route } from "./+types/theme";
import { themeCookie, type ThemeChoice } from "#app/lib/theme";

/** Stores the visitor's light/dark choice in a cookie (works without JavaScript). */
export async function action({ request }: Route.ActionArgs) {
  const form = await request.formData();
  const theme = form.get("theme");
  if (theme !== "light" && theme !== "dark") {
    return data({ error: "Choose light or dark." }, { status: 400 });
  }
  const secure = new URL(request.url).protocol === "https:";
  const headers = { "Set-Cookie": themeCookie(theme as ThemeChoice, secure) };
  const back = form.get("redirectTo");
  // Only same-site paths: never an open redirect.
  if (typeof back === "string" && back.startsWith("/") && !back.startsWith("//")) {
    return redirect(back, { headers });
  }
  return data({ theme }, { headers });
}

export function loader() {
  throw data(null, { status: 405, headers: { Allow: "POST" } });
}
