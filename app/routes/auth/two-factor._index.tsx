import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Loader2, ShieldCheck } from "lucide-react";
import type { Route } from "./+types/two-factor._index";
import { AuthPage, PRIVATE_HEADERS } from "#app/features/accounts/admin/auth-page";
import { Field } from "#app/features/admin/record-fields";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { getAuth } from "#app/features/accounts/auth.server";
import { safeRedirect } from "#app/web/safe-redirect";
import { toastCookie } from "#app/web/toast.server";
import { hasPendingChallenge, verifySignInCode } from "#app/features/accounts/two-factor.server";

/**
 * The second step of signing in, after a right password on an account with
 * two-factor sign-in: a code from the authenticator app, or a backup code.
 * The password step left a signed cookie that is good for ten minutes and
 * five tries; nothing here works without it.
 */

export const meta: Route.MetaFunction = () => [{ title: "Two-factor sign-in" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => PRIVATE_HEADERS;

export async function loader({ request }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"));
  if (!hasPendingChallenge(request)) throw redirect(`/login?redirectTo=${encodeURIComponent(redirectTo)}`);
  return { redirectTo };
}

interface Answer {
  method: "totp" | "backup";
  message: string;
  expired?: boolean;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 64) : "";
  };
  const method = text("method") === "backup" ? "backup" : "totp";
  const redirectTo = safeRedirect(text("redirectTo"));
  if (!hasPendingChallenge(request)) {
    return data<Answer>({ method, message: "Your sign-in took too long. Please sign in again.", expired: true }, { status: 401 });
  }
  const site = await getAuth();
  const result = await verifySignInCode(site, request, { code: text("code"), method, ip: context.clientIp });
  if (!result.ok) {
    return data<Answer>({ method, message: result.message, expired: result.status === 401 || result.status === 429 }, { status: result.status });
  }
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", toastCookie({ title: "Login Successful", description: "Welcome to the admin panel." }));
  return redirect(redirectTo, { headers });
}

export default function TwoFactorChallenge({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData as Answer | undefined;
  return (
    <AuthPage title="Two-factor sign-in" description="Your password was right. Now enter the 6-digit code your authenticator app shows for this site.">
      {answer?.expired ? (
        <Alert variant="destructive">
          <AlertTitle>Sign in again</AlertTitle>
          <AlertDescription>
            {answer.message}{" "}
            <Link className="font-semibold underline" to={`/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`}>
              Back to sign in
            </Link>
          </AlertDescription>
        </Alert>
      ) : null}
      <Form method="post" className="grid gap-4" noValidate>
        <input type="hidden" name="method" value="totp" />
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <Field id="code" label="Authentication code" errors={answer?.method === "totp" && !answer.expired ? [answer.message] : undefined} required>
          {(props) => (
            <Input
              {...props}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              pattern="[0-9 ]*"
              maxLength={8}
              spellCheck={false}
              autoFocus
            />
          )}
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
          Verify
        </Button>
      </Form>
      <details className="rounded-md border border-border p-3" open={answer?.method === "backup"}>
        <summary className="min-h-11 cursor-pointer content-center font-medium">Use a backup code instead</summary>
        <Form method="post" className="mt-3 grid gap-4" noValidate>
          <input type="hidden" name="method" value="backup" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <Field
            id="backup-code"
            label="Backup code"
            hint="One of the ten codes you saved when you set up two-factor sign-in. Each works once."
            errors={answer?.method === "backup" && !answer.expired ? [answer.message] : undefined}
            required
          >
            {(props) => <Input {...props} name="code" autoComplete="off" spellCheck={false} maxLength={16} />}
          </Field>
          <Button type="submit" variant="outline" disabled={busy}>
            Sign in with a backup code
          </Button>
        </Form>
      </details>
    </AuthPage>
  );
}
