import { useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import { toast } from "sonner";
import { Loader2, LogIn, UserPlus } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
  DialogTrigger,
} from "#app/components/ui/dialog";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";

/** What the /login action answers when it does not redirect. */
export type LoginActionData =
  | { intent: "sign-in"; title: string; message: string; email: string }
  | {
      intent: "create-admin";
      title: string;
      message: string;
      email: string;
      field?: "email" | "password" | "confirm";
    };

const MISSING = "Please enter both email and password.";

/**
 * The sign-in form of /login, also shown by /admin to visitors who are not
 * signed in. It posts to /login, so it works before JavaScript loads; with
 * JavaScript the answer arrives in place, with a toast.
 */
export function LoginForm({
  redirectTo,
  adminExists,
  serverResult,
  headingLevel = "h1",
}: {
  redirectTo: string;
  adminExists: boolean;
  /** The action's answer when the form was posted without JavaScript. */
  serverResult?: LoginActionData | null;
  headingLevel?: "h1" | "h2";
}) {
  const fetcher = useFetcher<LoginActionData>({ key: "sign-in" });
  const result = fetcher.data?.intent === "sign-in" ? fetcher.data : serverResult?.intent === "sign-in" ? serverResult : null;
  const busy = fetcher.state !== "idle";
  const [clientError, setClientError] = useState<string | null>(null);
  const error = clientError ?? result?.message ?? null;
  const id = useId();
  const emailRef = useRef<HTMLInputElement>(null);

  useEffect(() => {
    if (fetcher.data?.intent === "sign-in") toast.error(fetcher.data.title, { description: fetcher.data.message });
  }, [fetcher.data]);

  return (
    <Card className="w-full max-w-md">
      <CardHeader>
        <CardTitle as={headingLevel}>Admin sign in</CardTitle>
        <CardDescription>Sign in with your staff e-mail address and password.</CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <fetcher.Form
          method="post"
          action="/login"
          noValidate
          className="grid gap-4"
          aria-describedby={error ? `${id}-error` : undefined}
          onSubmit={(event) => {
            const form = new FormData(event.currentTarget);
            if (!String(form.get("email") ?? "").trim() || !String(form.get("password") ?? "")) {
              event.preventDefault();
              setClientError(MISSING);
              toast.error("Error", { description: MISSING });
              emailRef.current?.focus();
              return;
            }
            setClientError(null);
          }}
        >
          <input type="hidden" name="intent" value="sign-in" />
          <input type="hidden" name="redirectTo" value={redirectTo} />
          {error ? (
            <Alert variant="destructive" id={`${id}-error`}>
              <AlertTitle>{clientError ? "Error" : (result?.title ?? "Login Failed")}</AlertTitle>
              <AlertDescription>{error}</AlertDescription>
            </Alert>
          ) : null}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-email`}>Email</Label>
            <Input
              ref={emailRef}
              id={`${id}-email`}
              name="email"
              type="email"
              autoComplete="username"
              inputMode="email"
              spellCheck={false}
              aria-required="true"
              aria-invalid={error ? true : undefined}
              defaultValue={result?.email ?? ""}
            />
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-password`}>Password</Label>
            <Input
              id={`${id}-password`}
              name="password"
              type="password"
              autoComplete="current-password"
              aria-required="true"
              aria-invalid={error ? true : undefined}
            />
          </div>
          <Button type="submit" disabled={busy} aria-live="polite">
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <LogIn aria-hidden="true" />}
            {busy ? "Signing in..." : "Sign In"}
          </Button>
        </fetcher.Form>
        {adminExists ? null : <CreateAdminDialog serverResult={serverResult} />}
      </CardContent>
    </Card>
  );
}

/**
 * First run only: the server offers this while no admin exists, and refuses
 * it afterwards whatever is posted.
 */
function CreateAdminDialog({ serverResult }: { serverResult?: LoginActionData | null }) {
  const fetcher = useFetcher<LoginActionData>({ key: "create-admin" });
  const result = fetcher.data?.intent === "create-admin" ? fetcher.data : serverResult?.intent === "create-admin" ? serverResult : null;
  const [open, setOpen] = useState(serverResult?.intent === "create-admin");
  const busy = fetcher.state !== "idle";
  const id = useId();

  useEffect(() => {
    if (fetcher.data?.intent === "create-admin") toast.error(fetcher.data.title, { description: fetcher.data.message });
  }, [fetcher.data]);

  const fieldError = (field: "email" | "password" | "confirm") => (result && "field" in result && result.field === field ? result.message : null);
  const general = result && !("field" in result && result.field) ? result.message : null;

  return (
    <div className="grid gap-2 border-t border-border pt-4">
      <p className="text-sm text-muted-foreground">No admin account exists yet. Create the first one to start managing the site.</p>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogTrigger asChild>
          <Button variant="outline">
            <UserPlus aria-hidden="true" />
            Create Admin User
          </Button>
        </DialogTrigger>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Create Admin User</DialogTitle>
            <DialogDescription>
              This creates the site&apos;s first admin account. Once it exists, nobody can create another from this page.
            </DialogDescription>
          </DialogHeader>
          <fetcher.Form method="post" action="/login" noValidate className="grid gap-4">
            <input type="hidden" name="intent" value="create-admin" />
            {general ? (
              <Alert variant="destructive">
                <AlertTitle>{result?.title ?? "Creation Failed"}</AlertTitle>
                <AlertDescription>{general}</AlertDescription>
              </Alert>
            ) : null}
            <div className="grid gap-2">
              <Label htmlFor={`${id}-email`}>Email</Label>
              <Input
                id={`${id}-email`}
                name="email"
                type="email"
                autoComplete="username"
                spellCheck={false}
                aria-required="true"
                defaultValue={result?.email ?? ""}
                aria-invalid={fieldError("email") ? true : undefined}
                aria-describedby={fieldError("email") ? `${id}-email-error` : undefined}
              />
              <FieldError id={`${id}-email-error`} errors={fieldError("email")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-password`}>Password</Label>
              <Input
                id={`${id}-password`}
                name="password"
                type="password"
                autoComplete="new-password"
                aria-required="true"
                aria-invalid={fieldError("password") ? true : undefined}
                aria-describedby={`${id}-password-hint${fieldError("password") ? ` ${id}-password-error` : ""}`}
              />
              <p id={`${id}-password-hint`} className="text-sm text-muted-foreground">
                At least 12 characters. A few unrelated words make a strong, memorable password.
              </p>
              <FieldError id={`${id}-password-error`} errors={fieldError("password")} />
            </div>
            <div className="grid gap-2">
              <Label htmlFor={`${id}-confirm`}>Confirm password</Label>
              <Input
                id={`${id}-confirm`}
                name="confirm"
                type="password"
                autoComplete="new-password"
                aria-required="true"
                aria-invalid={fieldError("confirm") ? true : undefined}
                aria-describedby={fieldError("confirm") ? `${id}-confirm-error` : undefined}
              />
              <FieldError id={`${id}-confirm-error`} errors={fieldError("confirm")} />
            </div>
            <DialogFooter>
              <Button type="submit" disabled={busy}>
                {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
                {busy ? "Creating..." : "Create Admin User"}
              </Button>
            </DialogFooter>
          </fetcher.Form>
        </DialogContent>
      </Dialog>
    </div>
  );
}
