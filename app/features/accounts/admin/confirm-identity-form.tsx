import { Form } from "react-router";
import { KeyRound } from "lucide-react";
import { Field } from "#app/features/admin/record-fields";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { REAUTH_WINDOW_MS } from "#app/features/accounts/reauth-policy";

/**
 * "Confirm it is you": the password, or a current code from the
 * authenticator app for an admin who has one, asked again before changes a
 * stolen session could do most harm with (reauth.server.ts). Shown only
 * when the last check is over ten minutes old, once for the page rather
 * than beside every button: a confirmation then covers the next ten
 * minutes, so an admin doing several changes types it once, and the row
 * buttons and dialogs need no field of their own. Works without JavaScript.
 *
 * `hidden` carries what the form posts besides the field (the intent on
 * the users page, where to go back to on the confirmation page).
 */
export function ConfirmIdentityForm({
  hidden,
  twoFactorEnabled,
  error,
  errorFor,
  busy,
  autoFocus = false,
}: {
  hidden: Record<string, string>;
  twoFactorEnabled: boolean;
  /** Why the last try was refused, shown under the field that was used. */
  error?: string | null;
  errorFor?: "password" | "code";
  busy: boolean;
  autoFocus?: boolean;
}) {
  const hiddenFields = Object.entries(hidden).map(([name, value]) => <input key={name} type="hidden" name={name} value={value} />);
  return (
    <div className="grid gap-4">
      <Form method="post" className="grid gap-3" noValidate>
        {hiddenFields}
        <Field id="confirm-password" label="Your password" errors={error && errorFor !== "code" ? [error] : undefined} required>
          {/* Field names its input by id; the server reads "password". */}
          {(props) => <Input {...props} name="password" type="password" autoComplete="current-password" autoFocus={autoFocus} />}
        </Field>
        <div>
          <Button type="submit" disabled={busy}>
            <KeyRound aria-hidden="true" />
            Confirm it is me
          </Button>
        </div>
      </Form>
      {twoFactorEnabled ? (
        <details className="rounded-md border border-border p-3" open={errorFor === "code"}>
          <summary className="min-h-11 cursor-pointer content-center font-medium">Use a code from your authenticator app instead</summary>
          <Form method="post" className="mt-3 grid gap-3" noValidate>
            {hiddenFields}
            <Field id="confirm-code" label="Code from your authenticator app" errors={error && errorFor === "code" ? [error] : undefined} required>
              {(props) => <Input {...props} name="code" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9 ]*" maxLength={8} spellCheck={false} />}
            </Field>
            <div>
              <Button type="submit" variant="outline" disabled={busy}>
                Confirm with the code
              </Button>
            </div>
          </Form>
        </details>
      ) : null}
    </div>
  );
}

/** The form in a card of its own, at the top of the users page, saying why it is asked. */
export function ConfirmIdentityCard(props: Omit<Parameters<typeof ConfirmIdentityForm>[0], "hidden">) {
  const minutes = REAUTH_WINDOW_MS / 60_000;
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Confirm it is you</CardTitle>
        <CardDescription>
          Inviting or removing admins, resetting someone&apos;s two-factor sign-in, changing the two-factor rule and exporting personal data
          ask for your password again once {minutes} minutes have passed since you last gave it, so that a device left signed in cannot do
          them. Confirm once, and they work for the next {minutes} minutes.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <ConfirmIdentityForm hidden={{ intent: "confirm-identity" }} {...props} />
      </CardContent>
    </Card>
  );
}
