import type { Database } from "#app/platform/db/db.server";
import { sendAllWaitingMail, sendWaitingMail } from "#app/platform/mail/outbox-send.server";
import { refuseAdminRequest } from "./admin-response.server";
import { redirectWithToast } from "#app/web/toast.server";

/**
 * The Outbox's send buttons: what waits there goes out once a mail server
 * is set up, each message at most once (outbox-send.server.ts claims it
 * first), with the outcome said in the toast.
 */

const NO_SERVER = {
  title: "Not sent",
  description: "No mail server is set up, so nothing can be sent. Set one up in Settings → E-mail first.",
};

export async function sendOneFromOutbox(database: Database, id: string, back: string) {
  const result = await sendWaitingMail(database, id);
  switch (result.status) {
    case "sent":
      return redirectWithToast(back, { title: "E-mail sent", description: "The mail server accepted it." });
    case "failed":
      return redirectWithToast(back, { type: "error", title: "E-mail not sent", description: `The mail server did not take it: ${result.error ?? "no reason given"}. The Outbox keeps it with the reason.` });
    case "no-server":
      return refuseAdminRequest(409, NO_SERVER);
    default:
      return refuseAdminRequest(409, { title: "Not sent again", description: "This e-mail is no longer waiting: it was sent (or is being sent) already, so it was not sent twice." });
  }
}

export async function sendAllFromOutbox(database: Database, back: string) {
  const result = await sendAllWaitingMail(database);
  if (result.noServer && result.sent + result.failed === 0) return refuseAdminRequest(409, NO_SERVER);
  const sent = `${result.sent} e-mail${result.sent === 1 ? "" : "s"} sent`;
  if (result.failed > 0) {
    return redirectWithToast(back, { type: "error", title: `${sent}, ${result.failed} not`, description: "The mail server did not take some: each one in the Outbox says why." });
  }
  return redirectWithToast(back, { title: result.sent === 0 ? "Nothing was waiting" : sent, description: result.sent === 0 ? "Every e-mail had been sent already." : "The mail server accepted each one." });
}
