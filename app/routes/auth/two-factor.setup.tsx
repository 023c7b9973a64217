import { data, Form, redirect, useNavigation } from "react-router";
import { Loader2, ShieldCheck } from "lucide-react";
import { z } from "zod";
import type { Route } from "./+types/two-factor.setup";
import { AuthPage, PRIVATE_HEADERS } from "#app/features/accounts/admin/auth-page";
import { Field } from "#app/features/admin/record-fields";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { requiresTwoFactor } from "#app/features/accounts/two-factor-policy.server";
import { checkStaff, getAuth, getSession } from "#app/features/accounts/auth.server";
import { safeRedirect } from "#app/web/safe-redirect";
import { toastCookie } from "#app/web/toast.server";
import { beginTwoFactorSetup, confirmTwoFactorSetup, type TwoFactorSetup } from "#app/features/accounts/two-factor.server";

/**
 * Turning on two-factor sign-in for one's own account, in two steps:
 * the password (so a session left open cannot enrol someone else's phone),
 * then a code from the app (so a mistyped secret cannot lock anyone out).
 * This page checks the session and the admin role itself but not the
 * "required for all" rule, because it is where that rule sends people.
 */

export const meta: Route.MetaFunction = () => [{ title: "Set up two-factor sign-in" }, { name: "robots", content: "noindex" }];

/** A refused password (too many tries) tells the client when to try again. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => {
  const retry = actionHeaders.get("Retry-After");
  return retry ? { ...PRIVATE_HEADERS, "Retry-After": retry } : PRIVATE_HEADERS;
};

async function currentAdmin(request: Request) {
  const site = await getAuth();
  return { site, current: checkStaff(request, await getSession(site, request)) };
}

export async function loader({ request }: Route.LoaderArgs) {
  const { site, current } = await currentAdmin(request);
  const redirectTo = safeRedirect(new URL(request.url).searchParams.get("redirectTo"), "/admin/users");
  if (current.user.twoFactorEnabled) throw redirect(redirectTo);
  return { redirectTo, email: current.user.email, required: await requiresTwoFactor(site.database) };
}

type Answer =
  | { step: "password"; message: string }
  | { step: "verify"; setup: TwoFactorSetup; message?: string };

/**
 * What step 2 showed, as its form sends it back to be shown again: text
 * only (the page renders each value), and no more of it than the library
 * makes (ten backup codes).
 */
const shownSchema = z.object({
  uri: z.string().max(4096),
  secret: z.string().max(256),
  backupCodes: z.array(z.string().max(64)).max(20),
});

function parseShown(value: string): TwoFactorSetup | null {
  try {
    const parsed = shownSchema.safeParse(JSON.parse(value));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function action({ request, context }: Route.ActionArgs) {
  const { site, current } = await currentAdmin(request);
  const form = await request.formData();
  const text = (name: string, max = 4096) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, max) : "";
  };
  const redirectTo = safeRedirect(text("redirectTo"), "/admin/users");

  if (text("intent") === "begin") {
    const result = await beginTwoFactorSetup(site, request, current, text("password", 1024), context.clientIp);
    if (!result.ok) {
      const headers: HeadersInit = result.retryAfterSeconds ? { "Retry-After": String(result.retryAfterSeconds) } : {};
      return data<Answer>({ step: "password", message: result.message }, { status: result.status, headers });
    }
    return data<Answer>({ step: "verify", setup: result.setup });
  }

  // The secret and codes shown in step 2 come back with the form only so a
  // wrong code can show them again; the server checks the code against the
  // secret it stored, never against these.
  const shown = parseShown(text("shown", 8192));
  if (!shown) return data<Answer>({ step: "password", message: "Please start again." }, { status: 400 });
  const result = await confirmTwoFactorSetup(site, request, current, text("code", 32), context.clientIp);
  if (!result.ok) return data<Answer>({ step: "verify", setup: shown, message: result.message }, { status: result.status });
  const headers = new Headers();
  for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  headers.append("Set-Cookie", toastCookie({ title: "Two-factor sign-in is on", description: "Next time you sign in, you will be asked for a code." }));
  return redirect(redirectTo, { headers });
}

/** The base32 secret in groups of four, as authenticator apps show it. */
const grouped = (secret: string) => secret.replace(/(.{4})/g, "$1 ").trim();

export default function TwoFactorSetupPage({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData as Answer | undefined;
  return (
    <AuthPage
      title="Set up two-factor sign-in"
      description={`For ${loaderData.email}: after your password, you will be asked for a 6-digit code from an authenticator app on your phone (such as Google Authenticator, Microsoft Authenticator or 2FAS).`}
    >
      {loaderData.required ? (
        <Alert>
          <AlertTitle>Required for every admin</AlertTitle>
          <AlertDescription>This site requires two-factor sign-in. Set it up to continue to the dashboard.</AlertDescription>
        </Alert>
      ) : null}
      {answer?.step === "verify" ? (
        <VerifyStep setup={answer.setup} message={answer.message} redirectTo={loaderData.redirectTo} busy={busy} />
      ) : (
        <Form method="post" className="grid gap-4" noValidate>
          <input type="hidden" name="intent" value="begin" />
          <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
          <p className="text-sm">Step 1 of 2: confirm it is you.</p>
          <Field id="password" label="Your password" errors={answer?.step === "password" ? [answer.message] : undefined} required>
            {(props) => <Input {...props} name="password" type="password" autoComplete="current-password" />}
          </Field>
          <Button type="submit" disabled={busy}>
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
            Continue
          </Button>
        </Form>
      )}
    </AuthPage>
  );
}

function VerifyStep({ setup, message, redirectTo, busy }: { setup: TwoFactorSetup; message?: string; redirectTo: string; busy: boolean }) {
  return (
    <Form method="post" className="grid gap-4" noValidate>
      <input type="hidden" name="intent" value="confirm" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <input type="hidden" name="shown" value={JSON.stringify(setup)} />
      <p className="text-sm">Step 2 of 2: add this site to your authenticator app, then type the code it shows.</p>
      <div className="grid gap-2">
        <h2 className="font-semibold">Secret key</h2>
        <p className="text-sm text-muted-foreground">In the app choose “Enter a setup key” (time-based) and type:</p>
        <p className="break-all rounded-md bg-muted px-3 py-2 font-mono text-lg" data-testid="totp-secret">
          {grouped(setup.secret)}
        </p>
        <details>
          <summary className="min-h-11 cursor-pointer content-center text-sm font-medium">Setup link for apps that accept one</summary>
          <p className="break-all font-mono text-xs">{setup.uri}</p>
        </details>
      </div>
      <div className="grid gap-2">
        <h2 className="font-semibold">Backup codes</h2>
        <p className="text-sm text-muted-foreground">
          Save these now (print them or keep them in a password manager). Each signs you in once if you lose your phone; they are not
          shown again.
        </p>
        <ul aria-label="Backup codes" className="grid grid-cols-2 gap-1 rounded-md bg-muted px-3 py-2 font-mono sm:grid-cols-5">
          {setup.backupCodes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
      </div>
      <Field id="code" label="Code from the app" errors={message ? [message] : undefined} required>
        {(props) => <Input {...props} name="code" inputMode="numeric" autoComplete="one-time-code" maxLength={8} spellCheck={false} />}
      </Field>
      <Button type="submit" disabled={busy}>
        {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <ShieldCheck aria-hidden="true" />}
        Turn on two-factor sign-in
      </Button>
    </Form>
  );
}
