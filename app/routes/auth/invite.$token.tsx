import { data, Form, Link, redirect, useNavigation } from "react-router";
import { Loader2, UserPlus } from "lucide-react";
import type { Route } from "./+types/invite.$token";
import { AuthPage, PRIVATE_HEADERS } from "#app/features/accounts/admin/auth-page";
import { Field } from "#app/features/admin/record-fields";
import { Alert, AlertDescription } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { getAuth } from "#app/features/accounts/auth.server";
import { acceptInvitation, findInvitation, INVITATION_MESSAGES } from "#app/features/accounts/invitations.server";
import { toastCookie } from "#app/web/toast.server";

/**
 * Where an invitation e-mail's link leads: the invited person chooses a
 * password and has an admin account. Opening the link changes nothing (mail
 * scanners follow links); only the form's POST uses the invitation up.
 */

export const meta: Route.MetaFunction = () => [{ title: "Accept your invitation" }, { name: "robots", content: "noindex" }];

export const headers: Route.HeadersFunction = () => ({ ...PRIVATE_HEADERS, "Referrer-Policy": "no-referrer" });

export async function loader({ params }: Route.LoaderArgs) {
  const { database } = await getAuth();
  const state = await findInvitation(database, params.token);
  if (state.status !== "valid") return data({ email: null, problem: INVITATION_MESSAGES[state.status] }, { status: state.status === "unknown" ? 404 : 410 });
  return { email: state.invitation.email, problem: null };
}

interface Answer {
  message: string;
  field?: "password" | "confirm";
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value.slice(0, 1024) : "";
  };
  const result = await acceptInvitation(await getAuth(), {
    token: params.token,
    password: text("password"),
    confirm: text("confirm"),
    ip: context.clientIp,
  });
  if (!result.ok) return data<Answer>({ message: result.message, field: result.field }, { status: result.status });
  return redirect("/login?redirectTo=%2Fadmin", {
    headers: {
      "Set-Cookie": toastCookie({ title: "Account created", description: "Sign in with your e-mail address and the password you chose." }),
    },
  });
}

export default function AcceptInvitation({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const answer = actionData as Answer | undefined;
  if (!loaderData.email) {
    return (
      <AuthPage title="Invitation not available">
        <Alert variant="destructive">
          <AlertDescription>{loaderData.problem}</AlertDescription>
        </Alert>
        <Link to="/login" className="font-medium text-primary underline-offset-4 hover:underline">
          Go to the sign-in page
        </Link>
      </AuthPage>
    );
  }
  const general = answer && !answer.field ? answer.message : null;
  return (
    <AuthPage title="Accept your invitation" description={`You have been invited to the admin area as ${loaderData.email}. Choose a password to finish.`}>
      {general ? (
        <Alert variant="destructive">
          <AlertDescription>{general}</AlertDescription>
        </Alert>
      ) : null}
      <Form method="post" className="grid gap-4" noValidate>
        {/* Lets password managers save the new password under the right address. */}
        <input type="email" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <Field
          id="password"
          label="Password"
          hint="At least 12 characters. A few unrelated words make a good one; very common passwords are refused."
          errors={answer?.field === "password" ? [answer.message] : undefined}
          required
        >
          {(props) => <Input {...props} name="password" type="password" autoComplete="new-password" />}
        </Field>
        <Field id="confirm" label="Confirm password" errors={answer?.field === "confirm" ? [answer.message] : undefined} required>
          {(props) => <Input {...props} name="confirm" type="password" autoComplete="new-password" />}
        </Field>
        <Button type="submit" disabled={busy}>
          {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UserPlus aria-hidden="true" />}
          Create my admin account
        </Button>
      </Form>
    </AuthPage>
  );
}
