import { CheckCircle2, CircleAlert } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter.unsubscribe";
import { Button } from "#app/components/ui/button";
import { getDatabase } from "#app/platform/db/db.server";
import { checkUnsubscribe, resubscribe, unsubscribe } from "#app/features/newsletter/subscribers.server";

/** The link's token shows the subscriber's address: a page with one is never cached (server/page-params.ts). */
export const handle = { privateParams: ["token"] };

export function meta() {
  return [{ title: "Unsubscribe" }, { name: "robots", content: "noindex" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const result = await checkUnsubscribe(await getDatabase(), token);
  return result.ok ? { state: result.status === "unsubscribed" ? ("unsubscribed" as const) : ("subscribed" as const), email: result.email } : { state: "invalid" as const };
}

/**
 * The page's buttons post here, and so do mail programs' own Unsubscribe
 * buttons (RFC 8058: a POST with List-Unsubscribe=One-Click, no sign-in).
 */
export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const form = await request.formData().catch(() => new FormData());
  const database = await getDatabase();
  const wantsBack = form.get("intent") === "resubscribe";
  const result = wantsBack ? await resubscribe(database, token) : await unsubscribe(database, token);
  if (!result.ok) return data({ state: "invalid" as const }, { status: 400 });
  return wantsBack ? { state: "resubscribed" as const, email: result.email } : { state: "unsubscribed" as const, email: result.email, justNow: true };
}

export default function Unsubscribe({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";
  if (shown.state === "invalid") {
    return (
      <div role="alert" className="mx-auto max-w-xl px-4 py-12">
        <h1 className="mb-3 flex items-center gap-2 text-3xl font-bold">
          <CircleAlert aria-hidden="true" className="size-8 text-destructive" />
          This unsubscribe link does not work
        </h1>
        <p className="mb-6">
          The link may have been copied only in part. Please open it again from the newsletter, or <Link to="/contact" className="underline">contact us</Link> and
          we will remove you.
        </p>
      </div>
    );
  }
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      {shown.state === "subscribed" ? (
        <>
          <h1 className="mb-3 text-3xl font-bold">Unsubscribe from our newsletter</h1>
          <p className="mb-6">
            Press the button and we will stop sending our newsletter to <strong>{shown.email}</strong>.
          </p>
          <Form method="post">
            <input type="hidden" name="intent" value="unsubscribe" />
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? "Unsubscribing..." : "Unsubscribe"}
            </Button>
          </Form>
        </>
      ) : (
        <>
          <div role="status">
            <h1 className="mb-3 flex items-center gap-2 text-3xl font-bold">
              <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
              {shown.state === "resubscribed" ? "Welcome back" : "You have been unsubscribed"}
            </h1>
            <p className="mb-6">
              {shown.state === "resubscribed" ? (
                <>
                  You are subscribed again. Our newsletter will come to <strong>{shown.email}</strong>.
                </>
              ) : (
                <>
                  We will not send any more newsletters to <strong>{shown.email}</strong>.
                </>
              )}
            </p>
          </div>
          {shown.state === "unsubscribed" ? (
            <Form method="post" className="rounded-lg border border-border p-4">
              <h2 className="mb-2 text-lg font-semibold">Changed your mind?</h2>
              <input type="hidden" name="intent" value="resubscribe" />
              <Button type="submit" variant="outline" disabled={submitting}>
                Resubscribe
              </Button>
            </Form>
          ) : null}
          <p className="mt-6">
            <Link to="/" className="underline">
              Back to the home page
            </Link>
          </p>
        </>
      )}
    </div>
  );
}
