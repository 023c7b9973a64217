import { CheckCircle2, CircleAlert } from "lucide-react";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/newsletter.confirm";
import { Button } from "#app/components/ui/button";
import { getDatabase } from "#app/platform/db/db.server";
import { checkConfirmation, confirmSubscription, type ConfirmResult } from "#app/features/newsletter/subscribers.server";

/** The link's token shows the subscriber's address: a page with one is never cached (server/page-params.ts). */
export const handle = { privateParams: ["token"] };

export function meta() {
  return [{ title: "Confirm your subscription" }, { name: "robots", content: "noindex" }];
}

function view(result: ConfirmResult) {
  if (!result.ok) return { state: result.reason } as const;
  return { state: result.alreadyConfirmed ? ("confirmed" as const) : ("ready" as const), email: result.email };
}

/** Opening the link only shows a button: mail scanners that follow links must not subscribe anyone. */
export async function loader({ request }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token");
  return view(await checkConfirmation(await getDatabase(), token));
}

export async function action({ request }: Route.ActionArgs) {
  const token = new URL(request.url).searchParams.get("token");
  const result = await confirmSubscription(await getDatabase(), token);
  const shown = view(result);
  if (shown.state === "ready") return { ...shown, state: "confirmed" as const, justConfirmed: true };
  // A refused confirmation says so in its status too (bad link, expired, already used).
  return data(shown, { status: PROBLEM_STATUS[shown.state as keyof typeof PROBLEM_STATUS] ?? 200 });
}

const PROBLEM_STATUS = { invalid: 400, expired: 410, used: 409 } as const;

const PROBLEMS = {
  invalid: {
    title: "This link does not work",
    text: "The link may have been copied only in part. Please open it again from the email, or sign up again below.",
  },
  expired: {
    title: "This link has expired",
    text: "Confirmation links work for 48 hours. Please sign up again and we will send you a new one.",
  },
  used: {
    title: "This link has already been used or replaced",
    text: "If you asked for another email since, please use the link in the newest one.",
  },
} as const;

export default function ConfirmSubscription({ loaderData, actionData }: Route.ComponentProps) {
  const shown = actionData ?? loaderData;
  const submitting = useNavigation().state === "submitting";
  return (
    <div className="mx-auto max-w-xl px-4 py-12">
      {shown.state === "ready" ? (
        <>
          <h1 className="mb-3 text-3xl font-bold">Confirm your subscription</h1>
          <p className="mb-6">
            Press the button to start receiving our newsletter at <strong>{shown.email}</strong>.
          </p>
          <Form method="post">
            <Button type="submit" size="lg" disabled={submitting}>
              {submitting ? "Confirming..." : "Confirm my subscription"}
            </Button>
          </Form>
        </>
      ) : shown.state === "confirmed" ? (
        <div role="status">
          <h1 className="mb-3 flex items-center gap-2 text-3xl font-bold">
            <CheckCircle2 aria-hidden="true" className="size-8 text-success" />
            {"justConfirmed" in shown ? "You are subscribed" : "Your subscription is already confirmed"}
          </h1>
          <p className="mb-6">
            Thank you. Our newsletter will come to <strong>{shown.email}</strong>. Every email has a link to unsubscribe with one click.
          </p>
          <Link to="/" className="underline">
            Back to the home page
          </Link>
        </div>
      ) : (
        <div role="alert">
          <h1 className="mb-3 flex items-center gap-2 text-3xl font-bold">
            <CircleAlert aria-hidden="true" className="size-8 text-destructive" />
            {PROBLEMS[shown.state].title}
          </h1>
          <p className="mb-6">{PROBLEMS[shown.state].text}</p>
          <Link to="/newsletter" className="underline">
            Sign up to our newsletter
          </Link>
        </div>
      )}
    </div>
  );
}
