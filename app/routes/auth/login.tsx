import { isStaffRole } from "#app/features/accounts/roles";
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/login";
import { LoginForm, type LoginActionData } from "#app/features/accounts/admin/login-form";
import { ToastMessage, Toaster } from "#app/features/admin/toast-message";
import { ADMIN_EXISTS_MESSAGE, adminExists, createFirstAdmin, getAuth, getSession, LOGIN_MESSAGES, signIn, type SignInResult } from "#app/features/accounts/auth.server";
import { logger } from "#app/platform/log/logger.server";
import { getToast, toastCookie } from "#app/web/toast.server";
import { safeRedirect } from "#app/web/safe-redirect";

export const meta: Route.MetaFunction = () => [
  { title: "Admin sign in" },
  { name: "robots", content: "noindex" },
];

/** A refused sign-in tells the client when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { "Retry-After": retry } : new Headers();
};

export async function loader({ request }: Route.LoaderArgs) {
  const site = await getAuth();
  const url = new URL(request.url);
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  const current = await getSession(site, request);
  if (current && isStaffRole(current.user.role)) throw redirect(redirectTo);
  const { toast, headers } = getToast(request);
  return data({ redirectTo, toast, adminExists: await adminExists(site.database) }, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  const site = await getAuth();
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const ip = context.clientIp;
  const email = text("email").trim().slice(0, 320);

  if (text("intent") === "create-admin") {
    const answer = (status: number, message: string, field?: "email" | "password" | "confirm") =>
      data<LoginActionData>({ intent: "create-admin", title: "Creation Failed", message, email, field }, { status });
    // Once there is an admin every attempt is refused alike (decision 003), whatever the form holds.
    if (await adminExists(site.database)) return answer(403, ADMIN_EXISTS_MESSAGE);
    if (text("password") !== text("confirm")) return answer(400, "The passwords do not match.", "confirm");
    let result: Awaited<ReturnType<typeof createFirstAdmin>>;
    try {
      result = await createFirstAdmin(site, { email, password: text("password"), ip });
    } catch (error) {
      // The database failed part-way: no account was made, and the form keeps what was typed.
      logger.error({ err: error instanceof Error ? error.message : String(error) }, "creating the first admin failed");
      return data<LoginActionData>({ intent: "create-admin", title: "Error", message: "An unexpected error occurred", email }, { status: 500 });
    }
    if (!result.ok) return answer(result.status, result.message, result.field);
    const headers = new Headers({
      "Set-Cookie": toastCookie({ title: "Admin User Created", description: "You can now sign in with the e-mail address and password you chose." }),
    });
    return redirect("/login?redirectTo=%2Fadmin", { headers });
  }

  let result: SignInResult;
  try {
    result = await signIn(site, { email, password: text("password"), ip, request });
  } catch (error) {
    // The database failed before or after the password check: nobody is signed in, and the form keeps the address.
    logger.error({ err: error instanceof Error ? error.message : String(error) }, "signing in failed");
    return data<LoginActionData>({ intent: "sign-in", title: "Error", message: LOGIN_MESSAGES.failed, email }, { status: 500 });
  }
  if (!result.ok) {
    const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
    return data<LoginActionData>({ intent: "sign-in", title: result.title, message: result.message, email }, { status: result.status, headers });
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  if (result.twoFactorRequired) {
    // The password was right; the session waits for the code (two-factor._index.tsx).
    return redirect(`/two-factor?redirectTo=${encodeURIComponent(safeRedirect(text("redirectTo")))}`, { headers });
  }
  headers.append("Set-Cookie", toastCookie({ title: "Login Successful", description: "Welcome to the admin panel." }));
  return redirect(safeRedirect(text("redirectTo")), { headers });
}

export default function LoginPage({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted px-4 py-12">
      <main id="main" className="flex w-full flex-col items-center gap-6">
        <LoginForm redirectTo={loaderData.redirectTo} adminExists={loaderData.adminExists} serverResult={actionData} />
        <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to the website
        </Link>
      </main>
      <Toaster position="top-center" closeButton />
      <ToastMessage toast={loaderData.toast} />
    </div>
  );
}
