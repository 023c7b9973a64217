import type { Route } from "./+types/admin.messages";
import { EmptyState } from "#app/components/ui/empty-state";
import { PageHeader } from "#app/components/ui/page-header";
import { DeleteDisclosure, PostButton, StatusFilter } from "#app/features/admin/record-actions";
import { formatDateTime } from "#app/web/dates";
import { AdminRefusalNotice, revalidateAfterConflict } from "#app/features/admin/admin-refusal";
import { Pager, pageCount, pageHref, redirectPastEnd, requestedPage } from "#app/features/admin/pager";
import { Badge } from "#app/components/ui/badge";
import { isRecordId, refuseAdminRequest, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { bulkToast, emptyOutcome, refuseNothingSelected, selectedIds } from "#app/features/admin/bulk.server";
import { BulkBar, RowCheckbox } from "#app/features/admin/bulk-select";
import { Button } from "#app/components/ui/button";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import {
  countMessagesByStatus,
  deleteMessage,
  getMessage,
  isMessageMove,
  listMessages,
  parseSeenMessage,
  type SeenMessage,
  setMessageStatus,
  type Message,
  type MessageMove,
} from "#app/features/messages/messages.server";
import { MESSAGE_STATUSES, MESSAGE_STATUS_LABELS, type MessageStatus } from "#app/features/messages/question.schema";
import { redirectWithToast } from "#app/web/toast.server";

const PAGE_SIZE = 50;

export const meta: Route.MetaFunction = () => [{ title: "Messages · Admin Dashboard" }];

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "messages");
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

/** After a move refused because someone moved the question first (409), the list shows it as it now is. */
export const shouldRevalidate = revalidateAfterConflict;

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "messages");
  const database = await getDatabase();
  const actor = { id: user.id, email: user.email, ip: clientIpFrom(context) };
  const form = await request.formData();
  const id = String(form.get("id") ?? "");
  const intent = form.get("intent");
  if (intent === "bulk-delete") {
    const outcome = emptyOutcome();
    const ids = selectedIds(form);
    if (ids.length === 0) return refuseNothingSelected("questions");
    for (const selected of ids) {
      if (await deleteMessage(database, selected, actor)) outcome.done++;
      else outcome.refused.push({ name: "One question", why: "it was deleted meanwhile" });
    }
    const back = pageHref("/admin/messages", new URLSearchParams({ status: String(form.get("status") ?? "new") }), requestedPage(new URL(request.url).searchParams));
    return redirectWithToast(back, bulkToast(outcome, { one: "question", many: "questions" }, "deleted"));
  }
  if (intent !== "delete" && !isMessageMove(intent)) return refuseUnknownAction();
  const message = isRecordId(id) ? await getMessage(database, id) : undefined;
  const gone = () => refuseMissingRecord(id, { title: "Message not found", description: "It may have been deleted already." });
  if (!message) return gone();
  // Back to the list and page the button was on (a page the change emptied sends on to the last one).
  const back = pageHref("/admin/messages", new URLSearchParams({ status: message.status }), requestedPage(new URL(request.url).searchParams));
  if (intent === "delete") {
    await deleteMessage(database, id, actor);
    return redirectWithToast(back, { title: "Message deleted" });
  }
  // Spam that failed the form's checks can never leave spam: say so first, whatever the page showed.
  if (message.status === "spam" && !message.passesChecks && intent !== "spam") return refuseAdminRequest(409, UNCHECKED);
  // The question as this admin's page showed it: the move is made only if it is still so.
  const seen = parseSeenMessage(form.get("seenStatus"), form.get("seenAnsweredAt"));
  if (!seen) return refuseAdminRequest(400, UNSEEN);
  const outcome = await setMessageStatus(database, id, intent, { seen, actor });
  if (!outcome.ok && outcome.reason === "not-found") return gone();
  if (!outcome.ok && outcome.reason === "unchecked") return refuseAdminRequest(409, UNCHECKED);
  if (!outcome.ok) return refuseAdminRequest(409, { title: NOT_MOVED, description: movedMeanwhile(outcome.message, seen, user.email) });
  const now = outcome.message.status;
  if (intent === "answered") return redirectWithToast(back, { title: "Marked as answered", description: `The question from ${message.name} is now under Answered.` });
  if (intent === "spam") return redirectWithToast(back, { title: "Marked as spam" });
  if (intent === "not-spam") return redirectWithToast(back, { title: `Moved to ${MESSAGE_STATUS_LABELS[now]}`, description: `The question from ${message.name} is now under ${MESSAGE_STATUS_LABELS[now]}.` });
  return redirectWithToast(back, { title: message.status === "spam" ? "Moved to Not answered" : "Marked as not answered" });
}

const UNCHECKED = {
  title: "This question cannot be moved out of spam",
  description:
    "It did not pass the contact form's checks (its name, email address, topic or question is not one the form accepts), so it was kept as spam, exactly as it was sent. Nothing was changed. If it is a real question, contact the person another way and ask them to send it again through the contact page.",
};

const NOT_MOVED = "Question not changed";

const UNSEEN = {
  title: NOT_MOVED,
  description: "The page did not say how the question stood when you pressed the button, so nothing was changed. Reload the page, check the question and try again.",
};

/** Why a move from a page drawn before someone else's was refused: how the question now stands, and where to find it. */
function movedMeanwhile(now: Message, seen: SeenMessage, you: string): string {
  const from = `the question from ${now.name}`;
  // Answered since the page was drawn (not an answer it already showed, brought back out of spam): who and when.
  const what =
    now.status === "answered" && now.answeredAt && now.answeredAt !== seen.answeredAt
      ? `${now.answeredBy === you ? "You" : (now.answeredBy ?? "Someone")} marked ${from} as answered at ${formatDateTime(now.answeredAt)}, after this page was loaded`
      : `Since this page was loaded, ${from} has been ${now.status === "spam" ? "marked as spam" : `moved to ${MESSAGE_STATUS_LABELS[now.status]}`}`;
  return `${what}, so nothing was changed. It is now under ${MESSAGE_STATUS_LABELS[now.status]}: check it there and try again if it still needs changing.`;
}

/**
 * A status button. Its form says how the question stood on this page, so a
 * move made after a colleague's (in another tab, or from a page left open)
 * is refused rather than undoing theirs. Its accessible name starts with
 * the words on it and goes on to say which question (WCAG 2.5.3); an
 * aria-label, since the button's flex layout would put a space before the colon.
 */
function MoveButton({ message, move, children, variant = "outline" }: { message: Message; move: MessageMove; children: string; variant?: "default" | "outline" }) {
  return (
    <PostButton
      intent={move}
      id={message.id}
      variant={variant}
      label={`${children}: the question from ${message.name}`}
      fields={{ seenStatus: message.status, seenAnsweredAt: message.answeredAt ?? "" }}
    >
      {children}
    </PostButton>
  );
}

/** Questions from the contact page's 'Ask a Question' form. */
export default function Messages({ loaderData, actionData }: Route.ComponentProps) {
  const { counts, status, messages, total, page, pages } = loaderData;
  return (
    <div className="space-y-6">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader title="Messages" description="Questions sent from the contact page. Reply by email, then mark them answered." className="mb-0" />
      <StatusFilter
        label="Filter messages"
        current={status}
        options={MESSAGE_STATUSES.map((s) => ({ value: s, label: MESSAGE_STATUS_LABELS[s], count: counts[s] }))}
      />
      {messages.length === 0 ? <EmptyState>No messages here.</EmptyState> : (
        <BulkBar formId="bulk-messages" label="Change the selected questions" pageIds={messages.map((m) => m.id)}>
          <input type="hidden" name="status" value={status} />
          <Button type="submit" name="intent" value="bulk-delete" variant="outline" size="sm" className="text-destructive">
            Delete selected
          </Button>
          <span className="text-sm text-muted-foreground">Questions hold personal details, so deleted ones are removed for good, not kept in the Bin.</span>
        </BulkBar>
      )}
      <ul className="space-y-4">
        {messages.map((m) => (
          <li key={m.id}>
            <article aria-labelledby={`message-${m.id}`} className="rounded-lg border border-border bg-card p-4">
              <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
                <RowCheckbox formId="bulk-messages" id={m.id} label={`Select the question from ${m.name}`} />
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
                  {m.status === "spam" && m.passesChecks ? ". Not spam puts it back under Answered." : null}
                </p>
              ) : null}
              {!m.passesChecks ? (
                <p className="mt-2 text-sm text-muted-foreground">
                  This did not pass the contact form&apos;s checks, so it cannot be moved out of spam. If it is a real question, ask the person to send it
                  again.
                </p>
              ) : null}
              <div className="mt-4 flex flex-wrap items-start gap-2">
                {/* In spam, one answered before keeps its answer: Not spam alone takes it back under Answered. */}
                {m.status === "new" || (m.status === "spam" && m.passesChecks && !m.answeredAt) ? (
                  <MoveButton message={m} move="answered" variant="default">
                    Mark as answered
                  </MoveButton>
                ) : null}
                {m.status === "answered" ? (
                  <MoveButton message={m} move="new">
                    Mark as not answered
                  </MoveButton>
                ) : null}
                {m.status === "spam" && m.passesChecks ? <MoveButton message={m} move="not-spam">Not spam</MoveButton> : null}
                {m.status !== "spam" ? <MoveButton message={m} move="spam">Spam</MoveButton> : null}
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
