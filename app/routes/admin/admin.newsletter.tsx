import { data, Form, Link, useNavigation, useSearchParams, type ShouldRevalidateFunctionArgs } from "react-router";
import type { Route } from "./+types/admin.newsletter";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { type AdminRefusal } from "#app/features/admin/refusal";
import { NewsletterComposer, type ComposerValues } from "#app/features/newsletter/admin/newsletter-composer";
import { formatDateTime } from "#app/web/dates";
import { ConfirmDeleteButton } from "#app/features/admin/record-fields";
import { campaignSchema } from "#app/features/newsletter/campaign.schema";
import { parseForm, type FieldErrors } from "#app/web/parse-form";
import { PageHeader } from "#app/components/ui/page-header";
import { EmptyState } from "#app/components/ui/empty-state";
import { ListTable, ListTableBody, ListTableCell, ListTableHead, ListTableHeader, ListTableRow } from "#app/components/ui/list-table";
import { Badge } from "#app/components/ui/badge";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { requireStaff } from "#app/features/accounts/auth.server";
import { can } from "#app/features/accounts/roles";
import { getDatabase } from "#app/platform/db/db.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { logger } from "#app/platform/log/logger.server";
import { isEmailAddress, mailDelivery } from "#app/platform/mail/mailer.server";
import { SUBSCRIBER_STATUSES, listSubscribers, newsletterStats, type SubscriberStatus } from "#app/features/newsletter/subscribers.server";
import { deleteSubscriber } from "#app/features/newsletter/subscriber-erasure.server";
import {
  cancelCampaign,
  deleteCampaignDraft,
  getCampaign,
  listCampaigns,
  queueCampaign,
  createCampaignDraft,
  updateCampaignDraft,
  type CampaignStatus,
  type DraftUpdateResult,
} from "#app/features/newsletter/campaigns.server";
import { sendTestEmail } from "#app/features/newsletter/campaign-email.server";
import { getSiteSettings } from "#app/features/settings/site-settings.server";
import { redirectWithToast } from "#app/web/toast.server";
import { isRecordId, refuseAdminRequest, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";

const PAGE_SIZE = 25;

export function meta() {
  return [{ title: "Newsletter · Admin" }];
}

export async function loader({ request }: Route.LoaderArgs) {
  const { user } = await requireStaff(request, "newsletter");
  // Writing and sending is content work; the list of who subscribed is personal data (roles.ts).
  const seesSubscribers = can(user.role, "subscribers");
  const database = await getDatabase();
  const url = new URL(request.url);
  const q = url.searchParams.get("q")?.trim() ?? "";
  const statusParam = url.searchParams.get("status") ?? "";
  const status = (SUBSCRIBER_STATUSES as string[]).includes(statusParam) ? (statusParam as SubscriberStatus) : undefined;
  const page = Math.max(1, Number.parseInt(url.searchParams.get("page") ?? "1", 10) || 1);
  const campaignId = url.searchParams.get("campaign");
  const [stats, subscribers, campaigns, draft, settings] = await Promise.all([
    newsletterStats(database),
    seesSubscribers ? listSubscribers(database, { search: q, status, limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE }) : { subscribers: [], total: 0 },
    listCampaigns(database, { limit: 20 }),
    campaignId ? getCampaign(database, campaignId) : undefined,
    getSiteSettings(),
  ]);
  return {
    stats,
    subscribers,
    seesSubscribers,
    campaigns,
    draft: draft?.status === "draft" ? draft : null,
    newCampaignId: crypto.randomUUID(),
    filter: { q, status: status ?? "", page },
    delivery: await mailDelivery(),
    email: { charityName: settings.charityName, postalAddress: settings.postalAddress, siteUrl: new URL(request.url).origin },
  };
}

interface ComposeResult {
  values: ComposerValues;
  errors?: FieldErrors;
  formError?: string;
  confirmSend?: boolean;
}

/**
 * After a refused action the page's data is not reloaded (React Router's
 * default for 4xx/5xx), except after "Nothing to cancel" (409): the list
 * then shows the campaign as it now is, not still sending; and after a
 * draft or subscriber not found (404), which then leaves the list.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  // 404 too: a subscriber or draft a colleague deleted meanwhile leaves the list.
  return actionStatus === 409 || actionStatus === 404 ? true : defaultShouldRevalidate;
}

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "newsletter");
  const database = await getDatabase();
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const here = "/admin/newsletter";

  if (!NEWSLETTER_INTENTS.includes(intent)) return refuseUnknownAction();
  if (intent === "cancel") {
    const campaignId = String(form.get("campaignId") ?? "");
    let campaign: Awaited<ReturnType<typeof getCampaign>>;
    let cancelled = false;
    try {
      campaign = isRecordId(campaignId) ? await getCampaign(database, campaignId) : undefined;
      if (campaign) cancelled = await cancelCampaign(database, campaignId);
    } catch (error) {
      // One transaction: the campaign, its recipients and its job are as they were.
      logger.error({ err: error instanceof Error ? error.message : String(error), campaignId }, "cancelling a campaign failed");
      return refuseAdminRequest(503, CANCEL_FAILED);
    }
    if (!campaign) return refuseMissingRecord(campaignId, NOTHING_TO_CANCEL);
    // A campaign that has finished (or been cancelled by someone else) meanwhile: said in place, nothing changed.
    if (!cancelled) return refuseAdminRequest(409, NOTHING_TO_CANCEL);
    return redirectWithToast(here, { title: "Sending cancelled", description: "Nobody else will receive this campaign." });
  }
  if (intent === "delete-subscriber") {
    await requireStaff(request, "subscribers");
    const subscriberId = String(form.get("id") ?? "");
    let outcome: Awaited<ReturnType<typeof deleteSubscriber>> = "not-found";
    try {
      if (isRecordId(subscriberId)) outcome = await deleteSubscriber(database, subscriberId, { id: user.id, email: user.email, ip: clientIpFrom(context) });
    } catch (error) {
      // One transaction: the subscriber and every copy are as they were.
      logger.error({ err: error instanceof Error ? error.message : String(error), subscriberId }, "deleting a subscriber failed");
      return refuseAdminRequest(503, SUBSCRIBER_NOT_DELETED);
    }
    if (outcome === "not-found") return refuseMissingRecord(subscriberId, SUBSCRIBER_GONE);
    if (outcome === "sending") return refuseAdminRequest(409, SUBSCRIBER_IN_HAND);
    // Back to the list as it was searched and filtered (from its first page: this one may now be past the end).
    const back = new URLSearchParams();
    for (const name of ["q", "status"]) {
      const value = new URL(request.url).searchParams.get(name);
      if (value) back.set(name, value);
    }
    return redirectWithToast(`${here}${back.size ? `?${back}` : ""}#subscribers`, {
      title: "Subscriber deleted",
      description: "Their address and every copy of e-mail to them are gone.",
    });
  }
  if (intent === "delete-draft") {
    const campaignId = String(form.get("campaignId") ?? "");
    const deleted = isRecordId(campaignId) && (await deleteCampaignDraft(database, campaignId));
    if (!deleted) return refuseMissingRecord(campaignId, DRAFT_GONE);
    return redirectWithToast(here, { title: "Draft deleted" });
  }

  const values: ComposerValues = {
    id: String(form.get("id") ?? "") || undefined,
    version: String(form.get("version") ?? "") || undefined,
    template: String(form.get("template") ?? "custom"),
    subject: String(form.get("subject") ?? ""),
    content: String(form.get("content") ?? ""),
    testTo: String(form.get("testTo") ?? ""),
  };
  if (values.id && !isRecordId(values.id)) return refuseMissingRecord(values.id, DRAFT_GONE);
  const parsed = parseForm(campaignSchema, { ...values });
  if (!parsed.ok) return data<ComposeResult>({ values, errors: parsed.errors }, { status: 400 });
  if (intent === "confirm-send") return data<ComposeResult>({ values, confirmSend: true });
  const testTo = values.testTo.trim();
  if (intent === "send-test" && !isEmailAddress(testTo)) {
    return data<ComposeResult>({ values, errors: { testTo: ["Enter the address to send the test to."] } }, { status: 400 });
  }

  // The campaign is saved first; if that or queueing it fails, the composer
  // keeps what was typed (with the draft's id once it exists, so sending
  // again does not make a second draft). A form whose draft is no longer a
  // draft (sent from another tab, or an earlier try that did go through) is
  // refused: nothing is created, saved or sent again.
  const campaign = parsed.data;
  const input = { template: campaign.template, subject: campaign.subject, content: campaign.content };
  // A new campaign's composer carries the id it will be saved under (a form from before that gets one now).
  const id = values.id ?? crypto.randomUUID();
  let version = values.version;
  try {
    const created = version ? null : await createCampaignDraft(database, id, { ...input, createdBy: user.id });
    if (created) version = created;
    else {
      // An open draft, or a new campaign this form has saved already (sent twice, or again after a lost answer).
      const updated = await updateCampaignDraft(database, id, input, { version: version ?? null });
      if (!updated.ok) return refuseStaleCampaign(intent, updated, values);
      version = updated.version;
    }
    return await afterSaving(id, version);
  } catch (error) {
    logger.error({ err: error instanceof Error ? error.message : String(error), intent, campaignId: id }, "newsletter save failed");
    return data<ComposeResult>({ values: { ...values, id, version }, formError: CAMPAIGN_NOT_SAVED }, { status: 503 });
  }

  async function afterSaving(id: string, version: string) {
    const back = `${here}?campaign=${id}#compose`;
    if (intent === "send-test") {
      const result = await sendTestEmail(database, campaign, testTo);
      if (result.status === "failed") {
        return data<ComposeResult>({ values: { ...values, id, version }, errors: { testTo: [`The test could not be sent: ${result.error}`] } }, { status: 502 });
      }
      return redirectWithToast(back, {
        title: result.status === "outbox" ? "Test kept in the Outbox" : "Test sent",
        description: result.status === "outbox" ? `Kept in the Outbox for ${testTo}, not sent: no mail server is set up.` : `Sent to ${testTo}.`,
      });
    }
    if (intent === "send") {
      const queued = await queueCampaign(database, id);
      if (!queued.ok) {
        const message = queued.reason === "no-subscribers" ? "There are no confirmed subscribers to send to yet." : "This campaign has already been sent.";
        return data<ComposeResult>({ values: { ...values, id, version }, formError: message }, { status: 409 });
      }
      const n = `${queued.recipients} confirmed subscriber${queued.recipients === 1 ? "" : "s"}`;
      return redirectWithToast(
        `${here}#campaigns`,
        (await mailDelivery()) === "outbox"
          ? { title: "Kept in the Outbox, not sent", description: `The e-mails to ${n} wait in the Outbox: no mail server is set up.` }
          : { title: "Sending started", description: `Sending to ${n}.` },
      );
    }
    return redirectWithToast(back, { title: "Draft saved" });
  }
}

/**
 * The composer's draft is no longer a draft (or no longer there): refused in
 * place, like the other refusals (409, so the campaign list is read again and
 * shows where the campaign now is; 404 for a deleted draft). What was typed
 * goes back into the form without the old id, as a new campaign: only a
 * deliberate save or send after reading this makes anything of it.
 */
function refuseStaleCampaign(intent: string, refused: Exclude<DraftUpdateResult, { ok: true }>, values: ComposerValues) {
  const title = intent === "send" ? "Failed to send newsletter." : intent === "send-test" ? "Failed to send test email." : "Failed to save draft.";
  const outcome =
    intent === "send" ? (refused.reason === "not-draft" ? "nothing was sent again" : "nothing was sent") : intent === "send-test" ? "no test was sent" : "nothing was saved";
  if (refused.reason === "changed") {
    // Still the same draft: the form keeps its id and the version it was drawn from, so the page read again shows theirs beside what was typed.
    // A form for a new campaign has no version: what was saved may be this form's own earlier press whose answer was lost.
    const description = values.version
      ? `Someone else saved this draft at ${formatDateTime(refused.updatedAt)} after you opened it, so ${outcome}. Your changes are still below: reload the draft to see theirs, then make your changes again.`
      : `This draft was saved at ${formatDateTime(refused.updatedAt)} after this form was opened (perhaps by an earlier press of this button), so ${outcome}. Your changes are still below: reload the draft to see what was saved, then make your changes again.`;
    return data<AdminRefusal & ComposeResult>({ refusal: { title, description, status: 409 }, values }, { status: 409 });
  }
  const what = refused.reason === "not-found" ? "This draft has been deleted" : STALE_CAMPAIGN[refused.status];
  const description = `${what}, so ${outcome}. What you typed is still in the form as a new campaign: save it as a draft to keep it.`;
  const status = refused.reason === "not-found" ? 404 : 409;
  return data<AdminRefusal & ComposeResult>({ refusal: { title, description, status }, values: { ...values, id: crypto.randomUUID(), version: undefined } }, { status });
}

const STALE_CAMPAIGN: Record<Exclude<CampaignStatus, "draft">, string> = {
  sending: "This campaign is already being sent",
  sent: "This campaign has already been sent",
  cancelled: "This campaign was cancelled",
};

const CAMPAIGN_NOT_SAVED = "The campaign could not be saved or sent just now. What you typed is still in the form: try again in a moment.";

const NEWSLETTER_INTENTS = ["cancel", "delete-draft", "delete-subscriber", "save", "confirm-send", "send-test", "send"];
const SUBSCRIBER_GONE = { title: "Subscriber not found", description: "They may have been deleted already." };
const SUBSCRIBER_IN_HAND = {
  title: "Not deleted yet",
  description: "A newsletter is being sent to this address at this moment, so nothing was deleted. Try again in a minute.",
};
const SUBSCRIBER_NOT_DELETED = { title: "Failed to delete subscriber.", description: "Nothing was deleted. Try again in a moment." };
const NOTHING_TO_CANCEL = { title: "Nothing to cancel", description: "That campaign is no longer sending." };
const CANCEL_FAILED = { title: "Failed to cancel sending.", description: "Nothing was changed: the campaign is still sending. Try again in a moment." };
const DRAFT_GONE = { title: "Draft not found", description: "It may have been sent or deleted already." };

function formatDate(iso: string | null): string {
  return iso ? formatDateTime(iso) : "—";
}

const STATUS_BADGE: Record<string, "success" | "secondary" | "outline" | "destructive" | "default"> = {
  confirmed: "success",
  pending: "secondary",
  unsubscribed: "outline",
  draft: "secondary",
  sending: "default",
  sent: "success",
  cancelled: "outline",
};

export default function NewsletterTab({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { stats, subscribers, seesSubscribers, campaigns, draft, newCampaignId, filter, delivery, email } = loaderData;
  const actionData = answer && "values" in answer ? answer : undefined;
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const busyIntent = navigation.state !== "idle" ? navigation.formData?.get("intent") : undefined;
  const pages = Math.max(1, Math.ceil(subscribers.total / PAGE_SIZE));
  const pageLink = (page: number) => {
    const params = new URLSearchParams(searchParams);
    params.set("page", String(page));
    return `?${params.toString()}#subscribers`;
  };

  const figures = [
    { label: "Subscribers", value: stats.subscribers, note: `Awaiting confirmation: ${stats.pending}` },
    { label: "New in the last 30 days", value: stats.newLast30Days, note: "confirmed subscriptions" },
    { label: "Sent campaigns", value: stats.sentCampaigns, note: "finished sending" },
    { label: "Delivery failures", value: stats.deliveryFailures, note: "across all campaigns" },
  ];

  return (
    <div className="space-y-10">
      <AdminRefusalNotice data={answer} className="mb-0" />
      <PageHeader title="Newsletter" description="Subscribers who confirmed their address, and the campaigns sent to them." className="mb-0">
        {delivery === "outbox" ? (
          <p className="mt-2 text-sm">
            No mail server is set up, so nothing is e-mailed: every newsletter and test waits in the{" "}
            <Link to="/admin/outbox" className="underline">
              Outbox
            </Link>{" "}
            and is not sent. Set up a mail server in{" "}
            <Link to="/admin/settings/mail" className="underline">
              Settings → E-mail
            </Link>
            .
          </p>
        ) : null}
      </PageHeader>

      <section aria-labelledby="figures-heading">
        <h3 id="figures-heading" className="sr-only">
          Figures
        </h3>
        <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {figures.map((f) => (
            <div key={f.label} className="rounded-lg border border-border bg-card p-4">
              <dt className="text-sm text-muted-foreground">{f.label}</dt>
              <dd className="text-3xl font-bold">{f.value}</dd>
              <dd className="text-xs text-muted-foreground">{f.note}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section id="compose" aria-labelledby="compose-heading" className="scroll-mt-24">
        <h3 id="compose-heading" className="mb-4 text-xl font-semibold">
          {draft ? "Edit draft campaign" : "Compose a campaign"}
        </h3>
        <NewsletterComposer
          key={draft?.id ?? actionData?.values?.id ?? "new"}
          initial={
            actionData?.values ??
            (draft ? { id: draft.id, version: draft.updatedAt, template: draft.template, subject: draft.subject, content: draft.content, testTo: "" } : undefined)
          }
          newId={newCampaignId}
          saved={draft ? { template: draft.template, subject: draft.subject, content: draft.content } : undefined}
          errors={actionData?.errors}
          formError={actionData?.formError}
          confirmSend={Boolean(actionData?.confirmSend)}
          confirmedCount={stats.subscribers}
          busyIntent={typeof busyIntent === "string" ? busyIntent : undefined}
          email={email}
          delivery={delivery}
        />
      </section>

      <section id="campaigns" aria-labelledby="campaigns-heading" className="scroll-mt-24">
        <h3 id="campaigns-heading" className="mb-4 text-xl font-semibold">
          Campaigns
        </h3>
        {campaigns.length === 0 ? (
          <EmptyState>No campaigns yet.</EmptyState>
        ) : (
          <ListTable>
              <ListTableHead>
                <ListTableRow>
                  <ListTableHeader>Subject</ListTableHeader>
                  <ListTableHeader>Status</ListTableHeader>
                  <ListTableHeader>Progress</ListTableHeader>
                  <ListTableHeader>Updated</ListTableHeader>
                  <ListTableHeader><span className="sr-only">Actions</span></ListTableHeader>
                </ListTableRow>
              </ListTableHead>
              <ListTableBody>
                {campaigns.map((c) => (
                  <ListTableRow key={c.id} className="align-top">
                    <ListTableCell className="font-medium max-md:text-base">{c.subject}</ListTableCell>
                    <ListTableCell label="Status">
                      <Badge variant={STATUS_BADGE[c.status] ?? "secondary"}>{c.status === "sending" ? "Sending" : c.status[0]!.toUpperCase() + c.status.slice(1)}</Badge>
                    </ListTableCell>
                    <ListTableCell label="Progress">
                      {c.status === "draft"
                        ? "—"
                        : `${c.counts.sent} of ${c.counts.total} sent${c.counts.failed ? `, ${c.counts.failed} failed` : ""}${c.counts.cancelled ? `, ${c.counts.cancelled} not sent` : ""}`}
                    </ListTableCell>
                    <ListTableCell label="Updated">{formatDate(c.finishedAt ?? c.updatedAt)}</ListTableCell>
                    <ListTableCell>
                      {c.status === "draft" ? (
                        <div className="flex flex-wrap gap-2">
                          <Button asChild variant="outline" size="sm">
                            <Link to={`?campaign=${c.id}#compose`}>Edit<span className="sr-only"> {c.subject}</span></Link>
                          </Button>
                          <Form method="post">
                            <input type="hidden" name="campaignId" value={c.id} />
                            <Button type="submit" name="intent" value="delete-draft" variant="ghost" size="sm">
                              Delete<span className="sr-only"> draft {c.subject}</span>
                            </Button>
                          </Form>
                        </div>
                      ) : c.status === "sending" ? (
                        <Form method="post">
                          <input type="hidden" name="campaignId" value={c.id} />
                          <Button type="submit" name="intent" value="cancel" variant="destructive" size="sm">
                            Cancel sending<span className="sr-only"> {c.subject}</span>
                          </Button>
                        </Form>
                      ) : null}
                    </ListTableCell>
                  </ListTableRow>
                ))}
              </ListTableBody>
          </ListTable>
        )}
      </section>

      {seesSubscribers ? (
      <section id="subscribers" aria-labelledby="subscribers-heading" className="scroll-mt-24">
        <div className="mb-4 flex flex-wrap items-end justify-between gap-4">
          <h3 id="subscribers-heading" className="text-xl font-semibold">
            Subscribers
          </h3>
          {/* A POST: an export is logged, and a link could be prefetched or crawled. The list's search and filter go with it. */}
          <form method="post" action="/admin/newsletter-subscribers.csv">
            <input type="hidden" name="q" value={filter.q} />
            <input type="hidden" name="status" value={filter.status} />
            <Button type="submit" variant="outline">
              Export CSV
            </Button>
          </form>
        </div>
        <Form method="get" className="mb-4 flex flex-wrap items-end gap-3" role="search" aria-label="Subscribers">
          <div className="space-y-1.5 max-sm:w-full">
            <Label htmlFor="subscriber-search">Search by email</Label>
            <Input id="subscriber-search" type="search" name="q" defaultValue={filter.q} className="w-full sm:w-64" />
          </div>
          <div className="space-y-1.5 max-sm:w-full">
            <Label htmlFor="subscriber-status">Status</Label>
            <NativeSelect id="subscriber-status" name="status" defaultValue={filter.status} className="w-full sm:w-48">
              <option value="">All</option>
              <option value="confirmed">Confirmed</option>
              <option value="pending">Pending</option>
              <option value="unsubscribed">Unsubscribed</option>
            </NativeSelect>
          </div>
          <Button type="submit" variant="secondary">
            Search
          </Button>
        </Form>
        {subscribers.subscribers.length === 0 ? (
          <EmptyState>{filter.q || filter.status ? "No subscribers match your search." : "No subscribers yet."}</EmptyState>
        ) : (
          <ListTable>
              <caption className="sr-only">Subscribers, newest first</caption>
              <ListTableHead>
                <ListTableRow>
                  <ListTableHeader>Email</ListTableHeader>
                  <ListTableHeader>Status</ListTableHeader>
                  <ListTableHeader>Signed up</ListTableHeader>
                  <ListTableHeader>Confirmed</ListTableHeader>
                  <ListTableHeader>Unsubscribed</ListTableHeader>
                  <ListTableHeader>How</ListTableHeader>
                  <ListTableHeader>
                    <span className="sr-only">Actions</span>
                  </ListTableHeader>
                </ListTableRow>
              </ListTableHead>
              <ListTableBody>
                {subscribers.subscribers.map((s) => (
                  <ListTableRow key={s.id}>
                    <ListTableCell className="font-medium break-all max-md:text-base">{s.email}</ListTableCell>
                    <ListTableCell label="Status">
                      <Badge variant={STATUS_BADGE[s.status] ?? "secondary"}>{s.status[0]!.toUpperCase() + s.status.slice(1)}</Badge>
                    </ListTableCell>
                    <ListTableCell label="Signed up">{formatDate(s.requestedAt)}</ListTableCell>
                    <ListTableCell label="Confirmed">{formatDate(s.confirmedAt)}</ListTableCell>
                    <ListTableCell label="Unsubscribed">{formatDate(s.unsubscribedAt)}</ListTableCell>
                    <ListTableCell label="How" className="text-muted-foreground">{s.consentSource ?? "—"}</ListTableCell>
                    <ListTableCell>
                      <ConfirmDeleteButton
                        id={s.id}
                        what={`the subscriber ${s.email}`}
                        intent="delete-subscriber"
                        consequence="Their address, their consent record and the copies of every e-mail sent to them are deleted, as when someone asks to be forgotten. To stop sending them news but keep the record, they can unsubscribe instead. This cannot be undone."
                      />
                    </ListTableCell>
                  </ListTableRow>
                ))}
              </ListTableBody>
          </ListTable>
        )}
        {pages > 1 ? (
          <nav aria-label="Subscriber pages" className="mt-4 flex items-center gap-3 text-sm">
            {filter.page > 1 ? <Link to={pageLink(filter.page - 1)} className="underline">Previous</Link> : null}
            <span>
              Page {filter.page} of {pages} ({subscribers.total} subscribers)
            </span>
            {filter.page < pages ? <Link to={pageLink(filter.page + 1)} className="underline">Next</Link> : null}
          </nav>
        ) : (
          <p className="mt-2 text-sm text-muted-foreground">{subscribers.total} shown</p>
        )}
      </section>
      ) : (
        <p className="text-muted-foreground">The list of subscribers is seen by the site&apos;s Admins only: it holds people&apos;s e-mail addresses.</p>
      )}
    </div>
  );
}
