import { Link } from "react-router";
import type { Route } from "./+types/admin.outbox_.$id";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { Badge } from "#app/components/ui/badge";
import { requireStaff } from "#app/features/accounts/auth.server";
import { withoutInvitationLinks } from "#app/features/accounts/invitations.server";
import { isRecordId, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { PostButton } from "#app/features/admin/record-actions";
import { getDatabase } from "#app/platform/db/db.server";
import { getOutboxMessage, mailDelivery } from "#app/platform/mail/mailer.server";
import { LinkedText, MessageHeaders, previewDocument } from "#app/web/mail-preview";
import { sendOneFromOutbox } from "#app/features/admin/outbox-actions.server";

export const meta: Route.MetaFunction = ({ data }) => [{ title: `${data?.message.subject ?? "E-mail"} · Outbox · Admin` }];

const NOT_FOUND = { title: "E-mail not found", description: "It may have been deleted already." };
const STATUS_LABELS: Record<string, string> = { outbox: "Waiting in the Outbox, not sent", sending: "Sending", sent: "Sent", failed: "Failed" };

export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "outbox");
  const message = isRecordId(params.id) ? await getOutboxMessage(await getDatabase(), params.id) : undefined;
  if (!message) throw new Response("E-mail not found", { status: 404 });
  const delivery = await mailDelivery();
  // As on the list: once mail goes by SMTP, no invitation link is shown here (it reaches its invitee by e-mail).
  const hide = (s: string) => (delivery === "smtp" ? withoutInvitationLinks(s) : s);
  return { message: { ...message, text: hide(message.text), html: message.html === null ? null : previewDocument(hide(message.html), message.subject) }, delivery };
}

export async function action({ request, params }: Route.ActionArgs) {
  await requireStaff(request, "outbox");
  const form = await request.formData();
  if (form.get("intent") !== "send") return refuseUnknownAction();
  if (!isRecordId(params.id)) return refuseMissingRecord(params.id, NOT_FOUND);
  return sendOneFromOutbox(await getDatabase(), params.id, `/admin/outbox/${params.id}`);
}

/** One e-mail as its recipient would see it: the HTML part in a sandboxed frame, and the plain text with working links. */
export default function OutboxMessage({ loaderData }: Route.ComponentProps) {
  const { message: m, delivery } = loaderData;
  const canSend = m.status === "outbox" && m.to.includes("@");
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/outbox" className="text-sm font-medium text-primary underline underline-offset-4">
          Back to the Outbox
        </Link>
      </p>
      <header className="space-y-2">
        <h2 className="text-2xl font-bold break-words">{m.subject}</h2>
        <Badge variant={m.status === "failed" ? "destructive" : m.status === "sent" ? "success" : "outline"}>{STATUS_LABELS[m.status] ?? m.status}</Badge>
      </header>
      {m.status === "outbox" && delivery === "outbox" ? (
        <Alert variant="destructive" role="status">
          <AlertTitle>Not sent</AlertTitle>
          <AlertDescription>
            No mail server is set up, so this e-mail waits here. Pass it on yourself, or set up a mail server in{" "}
            <Link to="/admin/settings/mail" className="underline underline-offset-4">
              Settings → E-mail
            </Link>{" "}
            and send it from here.
          </AlertDescription>
        </Alert>
      ) : null}
      {canSend && delivery === "smtp" ? (
        <PostButton intent="send" variant="default">
          Send this e-mail now
        </PostButton>
      ) : null}
      <MessageHeaders message={m} showDates className="max-w-3xl" />
      {m.html ? (
        <section aria-labelledby="html-heading" className="space-y-2">
          <h3 id="html-heading" className="text-lg font-semibold">
            As the recipient sees it
          </h3>
          {/* Sandboxed: no scripts, no forms, no access to this page; links open in a new tab. */}
          <iframe
            title={`The e-mail “${m.subject}” as its recipient sees it`}
            srcDoc={m.html}
            sandbox="allow-popups allow-popups-to-escape-sandbox"
            referrerPolicy="no-referrer"
            className="h-[36rem] w-full rounded-lg border border-border bg-white"
          />
        </section>
      ) : null}
      <section aria-labelledby="text-heading" className="space-y-2">
        <h3 id="text-heading" className="text-lg font-semibold">
          Plain-text version
        </h3>
        <pre className="max-h-[36rem] overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-sans text-sm">
          <LinkedText text={m.text} />
        </pre>
      </section>
    </div>
  );
}
