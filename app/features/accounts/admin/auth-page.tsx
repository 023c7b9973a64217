import type { ReactNode } from "react";
import { Link } from "react-router";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";

/** The frame of the pages around signing in (two-factor, invitations): one card, centred, like /login. */
export function AuthPage({ title, description, children }: { title: string; description?: ReactNode; children: ReactNode }) {
  return (
    <div className="flex min-h-screen flex-col items-center justify-center gap-6 bg-muted px-4 py-12">
      <main id="main" className="flex w-full flex-col items-center gap-6">
        <Card className="w-full max-w-lg">
          <CardHeader>
            <CardTitle as="h1">{title}</CardTitle>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent className="grid gap-6">{children}</CardContent>
        </Card>
        <Link to="/" className="text-sm font-medium text-primary underline-offset-4 hover:underline">
          Back to the website
        </Link>
      </main>
    </div>
  );
}

/** Pages that hold a sign-in step or an account secret are never stored by a browser or proxy. */
export const PRIVATE_HEADERS = { "Cache-Control": "private, no-store" } as const;
