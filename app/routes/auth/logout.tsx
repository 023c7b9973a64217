import { redirect } from "react-router";
import type { Route } from "./+types/logout";
import { getAuth, signOut } from "#app/features/accounts/auth.server";
import { redirectWithToast } from "#app/web/toast.server";

/** Signing out changes data, so only a POST does it. */
export async function action({ request, context }: Route.ActionArgs) {
  const headers = await signOut(await getAuth(), request, context.clientIp);
  if (!headers) {
    return redirectWithToast("/admin", {
      type: "error",
      title: "Not logged out",
      description: "Your session could not be ended just now, so you are still signed in. Please try again in a moment.",
    });
  }
  return redirectWithToast(
    "/admin",
    { title: "Logged Out", description: "You have been successfully logged out." },
    { headers },
  );
}

export function loader() {
  return redirect("/admin");
}
