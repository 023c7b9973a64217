import { Link } from "react-router";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import type { Route } from "./+types/admin.outbox";
import { EmptyState } from "#app/components/ui/empty-state";
import { PageHeader } from "#app/components/ui/page-header";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/features/admin/pager";
import { Badge } from "#app/components/ui/badge";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { listOutbox, mailDelivery, type MailKind } from "#app/platform/mail/mailer.server";
import { countWaitingMail } from "#app/platform/mail/outbox-send.server";
import { Alert, AlertDescription, AlertTitle } from "#app/components/ui/alert";
import { PostButton } from "#app/features/admin/record-actions";
import { isRecordId, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { sendAllFromOutbox, sendOneFromOutbox } from "#app/features/admin/outbox-actions.server";
import { LinkedText, MessageHeaders } from "#app/web/mail-preview";
import { getSetting } from "#app/features/settings/site-settings.server";
import { withoutInvitationLinks } from "#app/features/accounts/invitations.server";
import { formatDateTime } from "#app/web/dates";

const PAGE_SIZE = 25;
const KINDS: MailKind[] = ["transactional", "notification", "newsletter"];
const KIND_LABELS: Record<MailKind, string> = { transactional: "Confirmation", notification: "Staff notice", newsletter: "Newsletter" };
const STATUS_LABELS: Record<string, string> = { outbox: "Waiting, not sent", sending: "Sending", sent: "Sent", failed: "Failed" };

/** The filter value of the "Not sent" choice: a status, shown among the kinds. */
const UNSENT = "unsent";

export function meta() {
  return [{ title: "Outbox · Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "outbox");
  const url = new URL(request.url);
  const page = requestedPage(url.searchParams);
  const kindParam = url.searchParams.get("kind") ?? "";
  // ?status=unsent: mail that did not go out (the dashboard's "not sent" link), of every kind.
  const unsent = url.searchParams.get("status") === "unsent";
  const kind = !unsent && (KINDS as string[]).includes(kindParam) ? (kindParam as MailKind) : undefined;
  const database = await getDatabase();
  const { messages, total } = await listOutbox(database, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, kind, unsent });
  const pages = pageCount(total, PAGE_SIZE);
  redirectPastEnd(url, page, pages);
  const keptMonths = await getSetting(database, "mailRetentionMonths").catch(() => null);
  const [delivery, waiting] = await Promise.all([mailDelivery(), countWaitingMail(database)]);
  // Once mail goes by SMTP an invitation reaches its invitee by e-mail, so no link to become an
  // admin is shown here, not even one kept from before mail was set up (send it again instead).
  // The HTML part is never shown, so it is not sent to the browser either.
  const shown = messages.map(({ html: _html, ...message }) => (delivery === "smtp" ? { ...message, text: withoutInvitationLinks(message.text) } : message));
  return { messages: shown, total, page, pages, kind: unsent ? UNSENT : (kind ?? ""), delivery, keptMonths, waiting };
}

/** Sending what waits here, once a mail server is set up: one message, or all of them. */
export async function action({ request }: Route.ActionArgs) {
  await requireStaff(request, "outbox");
  const form = await request.formData();
  const intent = form.get("intent");
  const back = "/admin/outbox";
  const database = await getDatabase();
  if (intent === "send-all") return sendAllFromOutbox(database, back);
  if (intent !== "send") return refuseUnknownAction();
  const id = String(form.get("id") ?? "");
  if (!isRecordId(id)) return refuseMissingRecord(id, { title: "E-mail not found", description: "It may have been deleted already." });
  return sendOneFromOutbox(database, id, back);
}

/** Every e-mail the site has written, newest first: the whole story when no mail server is set up. */
export default function Outbox({ loaderData, actionData }: Route.ComponentProps) {
  const { messages, total, page, pages, kind, delivery, keptMonths, waiting } = loaderData;
  const link = ({ page: n = 1, kind: k = kind }: { page?: number; kind?: string }) =>
    pageHref("/admin/outbox", new URLSearchParams(k === UNSENT ? { status: "unsent" } : k ? { kind: k } : {}), n);
  return (
    <div className="space-y-6">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader title="Outbox" className="mb-0">
        {delivery === "outbox" ? (
          <Alert variant="destructive" role="status" className="mt-2">
            <AlertTitle>Nothing is e-mailed: no mail server is set up</AlertTitle>
            <AlertDescription>
              Every e-mail the site writes waits here and is not sent{waiting > 0 ? ` (${waiting} waiting)` : ""}. Open one to read it as its recipient would. To send
              them, set up a mail server in{" "}
              <Link to="/admin/settings/mail" className="underline underline-offset-4">
                Settings → E-mail
              </Link>
              .
            </AlertDescription>
          </Alert>
        ) : (
          <p className="text-muted-foreground">
            Emails are delivered through the configured mail server; this is the record of each one. Invitation links are not shown here: if someone did not get
            theirs, send the invitation again from Admin users.
          </p>
        )}
        {delivery === "smtp" && waiting > 0 ? (
          <div className="mt-3 flex flex-wrap items-center gap-3">
            <p>
              {waiting} e-mail{waiting === 1 ? " was" : "s were"} written before mail was set up and {waiting === 1 ? "waits" : "wait"} here, not sent.
            </p>
            <PostButton intent="send-all" variant="default">
              Send all {waiting} waiting
            </PostButton>
          </div>
        ) : null}
        {keptMonths ? (
          <p className="text-muted-foreground">
            Each copy is deleted {keptMonths} month{keptMonths === 1 ? "" : "s"} after it was written (change this in{" "}
            <Link to="/admin/settings" className="text-primary underline underline-offset-4">
              Settings
            </Link>
            ), and at once when the application, question or registration it is about is deleted.
          </p>
        ) : null}
      </PageHeader>
      <nav aria-label="Kinds of email" className="flex flex-wrap gap-2 text-sm">
        {[{ value: "", label: "All" }, ...KINDS.map((k) => ({ value: k, label: KIND_LABELS[k] })), { value: UNSENT, label: "Not sent" }].map((option) => (
          <Link
            key={option.value}
            to={link({ kind: option.value, page: 1 })}
            aria-current={kind === option.value ? "page" : undefined}
            className="inline-flex min-h-11 items-center rounded-md border border-border px-3 aria-[current=page]:bg-muted aria-[current=page]:font-semibold"
          >
            {option.label}
          </Link>
        ))}
      </nav>
      {messages.length === 0 ? (
        <EmptyState>{kind === UNSENT ? "Every email went out." : "No emails yet."}</EmptyState>
      ) : (
        <ul className="space-y-3">
          {messages.map((m) => (
            <li key={m.id} className="rounded-lg border border-border bg-card">
              <details>
                <summary className="flex min-h-11 cursor-pointer flex-wrap items-center gap-x-3 gap-y-1 p-3">
                  <span className="font-semibold">{m.subject}</span>
                  <span className="text-sm text-muted-foreground">to {m.to}</span>
                  <Badge variant="secondary">{KIND_LABELS[m.kind] ?? m.kind}</Badge>
                  <Badge variant={m.status === "failed" ? "destructive" : m.status === "sent" ? "success" : "outline"}>{STATUS_LABELS[m.status] ?? m.status}</Badge>
                  <span className="text-sm text-muted-foreground">{formatDateTime(m.createdAt)}</span>
                </summary>
                <div className="space-y-2 border-t border-border p-3 text-sm">
                  <MessageHeaders message={m} />
                  {/* The plain-text part, shown as text with its links working: nothing in an e-mail runs in the admin area. */}
                  <pre className="max-h-96 overflow-auto whitespace-pre-wrap break-words rounded-md bg-muted p-3 font-sans">
                    <LinkedText text={m.text} />
                  </pre>
                  <div className="flex flex-wrap gap-2">
                    <Link
                      to={`/admin/outbox/${m.id}`}
                      aria-label={`Open as the recipient sees it: ${m.subject}`}
                      className="inline-flex min-h-11 items-center font-medium text-primary underline underline-offset-4"
                    >
                      Open as the recipient sees it
                    </Link>
                    {delivery === "smtp" && m.status === "outbox" && m.to.includes("@") ? (
                      <PostButton intent="send" id={m.id} label={`Send now: ${m.subject} to ${m.to}`}>
                        Send now
                      </PostButton>
                    ) : null}
                  </div>
                </div>
              </details>
            </li>
          ))}
        </ul>
      )}
      <Pager label="Outbox pages" page={page} pages={pages} href={(n) => link({ page: n })} summary={`${total} emails`} />
    </div>
  );
}
