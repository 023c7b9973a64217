import { data, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/confirm-password";
import { AuthPage, PRIVATE_HEADERS } from "#app/features/accounts/admin/auth-page";
import { ConfirmIdentityForm } from "#app/features/accounts/admin/confirm-identity-form";
import { getAuth, requireStaffSession } from "#app/features/accounts/auth.server";
import { confirmIdentity } from "#app/features/accounts/reauth.server";
import { REAUTH_WINDOW_MS } from "#app/features/accounts/reauth-policy";
import { safeRedirect } from "#app/web/safe-redirect";
import { toastCookie } from "#app/web/toast.server";

/**
 * "Confirm it is you", as a page of its own: where an export of personal
 * data sends an admin whose last password check is over ten minutes old
 * (an export answers with a file, so it cannot show a field itself). Once
 * the password or a code is right, the admin goes back to the page they
 * exported from and presses Export again. The page checks the session and
 * the admin role itself.
 */

export const meta: Route.MetaFunction = () => [{ title: "Confirm it is you" }, { name: "robots", content: "noindex" }];

/** A refused password (too many tries) tells the client when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { ...PRIVATE_HEADERS, "Retry-After": retry } : PRIVATE_HEADERS;
};

export async function loader({ request }: Route.LoaderArgs) {
  const current = await requireStaffSession(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin");
  return { redirectTo, twoFactorEnabled: current.user.twoFactorEnabled };
}

interface Answer {
  message: string;
  with: "password" | "code";
}

export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaffSession(request);
  const form = await request.formData();
  const text = (name: string, max: number) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const input = { password: text("password", 1024), code: text("code", 32) };
  const redirectTo = safeRedirect(text("redirectTo", 2048), "/admin");
  const checked = await confirmIdentity(await getAuth(), request, current, input, context.clientIp, "confirming it is them");
  if (!checked.ok) {
    const headers: HeadersInit = checked.retryAfterSeconds ? { "Retry-After": String(checked.retryAfterSeconds) } : {};
    return data<Answer>({ message: checked.message, with: input.password ? "password" : "code" }, { status: checked.status, headers });
  }
  const minutes = REAUTH_WINDOW_MS / 60_000;
  return redirect(redirectTo, {
    headers: {
      "Set-Cookie": toastCookie({ title: "Confirmed", description: `Press Export again. For the next ${minutes} minutes you will not be asked for your password.` }),
    },
  });
}

export default function ConfirmPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state === "submitting";
  const answer = actionData as Answer | undefined;
  return (
    <AuthPage
      title="Confirm it is you"
      description={`Exporting personal data asks for your password again once ${REAUTH_WINDOW_MS / 60_000} minutes have passed since you last gave it, so that a device left signed in cannot do it.`}
    >
      <ConfirmIdentityForm
        hidden={{ redirectTo: loaderData.redirectTo }}
        twoFactorEnabled={loaderData.twoFactorEnabled}
        error={answer?.message}
        errorFor={answer?.with}
        busy={busy}
        autoFocus
      />
    </AuthPage>
  );
}
