import { Form } from "react-router";
import { Field } from "#app/features/admin/record-fields";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";

/**
 * A form that asks for the admin's own password for one change to their
 * two-factor sign-in (new backup codes, turning it off), on the users page.
 */
export function PasswordForm({
  intent,
  title,
  button,
  icon,
  error,
  busy,
}: {
  intent: string;
  title: string;
  button: string;
  icon: React.ReactNode;
  error: string | null;
  busy: boolean;
}) {
  return (
    <Form method="post" className="grid gap-3 rounded-md border border-border p-4" noValidate>
      <h4 className="font-semibold">{title}</h4>
      <input type="hidden" name="intent" value={intent} />
      <Field id={`${intent}-password`} label="Your password" errors={error ? [error] : undefined} required>
        {(props) => <Input {...props} name="password" type="password" autoComplete="current-password" />}
      </Field>
      <div>
        <Button type="submit" variant="outline" disabled={busy}>
          {icon}
          {button}
        </Button>
      </div>
    </Form>
  );
}
