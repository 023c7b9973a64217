import type { Route } from "./+types/admin.messages";
import { DeleteDisclosure, formatDateTime, PostButton, StatusFilter } from "#app/components/admin/record-actions";
import { AdminRefusalNotice } from "#app/components/admin/admin-refusal";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/components/admin/pager";
import { Badge } from "#app/components/ui/badge";
import { isRecordId, refuseAdminRequest, refuseMissingRecord, refuseUnknownAction } from "#app/lib/admin-response.server";
import { requireAdmin } from "#app/lib/auth.server";
import { getDatabase } from "#app/lib/db.server";
import { countMessagesByStatus, deleteMessage, getMessage, listMessages, setMessageStatus } from "#app/lib/messages.server";
import { MESSAGE_STATUSES, MESSAGE_STATUS_LABELS, type MessageStatus } from "#app/lib/schemas/question";
import { redirectWithToast } from "#app/lib/toast.server";

const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = () => [{ title: "Messages · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireAdmin(request);
  const database = await getDatabase();
  const url = new URL(request.url);
  const param = url.searchParams.get("status") ?? "";
  const status = (MESSAGE_STATUSES as readonly string[]).includes(param) ? (param as MessageStatus) : "new";
  const page = requestedPage(url.searchParams);
  const [counts, list] = await Promise.all([countMessagesByStatus(database), listMessages(database, { status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE })]);
  const pages = pageCount(list.total, PAGE_SIZE);
  redirectPastEnd(url, page, pages);
  return { counts, status, page, pages, ...list };
}

export async function action({ request }: Route.ActionArgs) {
  const { user } = await requireAdmin(request);
  const database = await getDatabase();
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = String(form.get("intent") ?? "");
  if (!MESSAGE_INTENTS.includes(intent)) return refuseUnknownAction();
  const message = isRecordId(id) ? await getMessage(database, id) : undefined;
  const gone = () => refuseMissingRecord(id, { title: "Message not found", description: "It may have been deleted already." });
  if (!message) return gone();
  // Back to the list and page the button was on (a page the change emptied sends on to the last one).
  const back = pageHref("/admin/messages", new URLSearchParams({ status: message.status }), requestedPage(new URL(request.url).searchParams));
  switch (intent) {
    case "answered":
    case "new":
    case "spam": {
      const outcome = await setMessageStatus(database, id, intent, user.email);
      if (outcome === "not-found") return gone();
      if (outcome === "unchecked") return refuseAdminRequest(409, UNCHECKED);
      if (intent === "answered") return redirectWithToast(back, { title: "Marked as answered", description: `The question from ${message.name} is now under Answered.` });
      if (intent === "spam") return redirectWithToast(back, { title: "Marked as spam" });
      return redirectWithToast(back, { title: message.status === "spam" ? "Moved to Not answered" : "Marked as not answered" });
    }
    case "delete":
      await deleteMessage(database, id);
      return redirectWithToast(back, { title: "Message deleted" });
    default:
      return refuseUnknownAction();
  }
}

const MESSAGE_INTENTS = ["answered", "new", "spam", "delete"];

const UNCHECKED = {
  title: "This question cannot be moved out of spam",
  description:
    "It did not pass the contact form's checks (its name, email address, topic or question is not one the form accepts), so it was kept as spam, exactly as it was sent. Nothing was changed. If it is a real question, contact the person another way and ask them to send it again through the contact page.",
};

/** Questions from the contact page's 'Ask a Question' form. */
export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, status, messages, total, page, pages } = loaderData;
  return (
    <div className="space-y-6">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <header>
        <h2 className="text-2xl font-bold">Messages</h2>
        <p className="text-muted-foreground">Questions sent from the contact page. Reply by email, then mark them answered.</p>
      </header>
      <StatusFilter
        label="Filter messages"
        current={status}
        options={MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s], count: counts[s] }))}
      />
      {messages.length === 0 ? <p className="text-muted-foreground">No messages here.</p> : null}
      <ul className="space-y-4">
        {messages.map((m) => (
          <li key={m.id}>
            <article aria-labelledby={`message-${m.id}`} className="rounded-lg border border-border bg-card p-4">
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <h3 id={`message-${m.id}`} className="font-semibold">
                  {m.name}
                </h3>
                <Badge variant="secondary">{m.topicLabel}</Badge>
                <Badge variant={m.status === "answered" ? "success" : m.status === "spam" ? "destructive" : "outline"}>{MESSAGE_STATUS_LABELS[m.status]}</Badge>
                <span className="text-sm text-muted-foreground">{formatDateTime(m.createdAt)}</span>
              </header>
              <p className="mt-1 text-sm">
                <a
                  href={`mailto:${m.email}?subject=${encodeURIComponent(`Re: your question (${m.topicLabel})`)}`}
                  className="text-primary underline underline-offset-4"
                >
                  {m.email}
                </a>
              </p>
              <p className="mt-3 whitespace-pre-wrap">{m.message}</p>
              {m.answeredAt ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  Answered by {m.answeredBy} on {formatDateTime(m.answeredAt)}
                </p>
              ) : null}
              {!m.passesChecks ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  This did not pass the contact form&apos;s checks, so it cannot be moved out of spam. If it is a real question, ask the person to send it
                  again.
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap items-start gap-2">
                {m.status !== "answered" && m.passesChecks ? (
                  <PostButton intent="answered" id={m.id} variant="default" label={`Mark the question from ${m.name} as answered`}>
                    Mark as answered
                  </PostButton>
                ) : null}
                {m.status !== "new" && m.passesChecks ? (
                  <PostButton intent="new" id={m.id} label={`Mark the question from ${m.name} as not answered`}>
                    {m.status === "spam" ? "Not spam" : "Mark as not answered"}
                  </PostButton>
                ) : null}
                {m.status !== "spam" ? (
                  <PostButton intent="spam" id={m.id} label={`Mark the question from ${m.name} as spam`}>
                    Spam
                  </PostButton>
                ) : null}
                <DeleteDisclosure id={m.id} what={`the question from ${m.name}`} />
              </div>
            </article>
          </li>
        ))}
      </ul>
      <Pager
        label="Messages pages"
        page={page}
        pages={pages}
        href={(n) => pageHref("/admin/messages", new URLSearchParams({ status }), n)}
        summary={`${total} ${total === 1 ? "question" : "questions"}`}
      />
    </div>
  );
}
