import type { ExpressionBuilder, SelectQueryBuilder } from "kysely";
import { recordAudit } from "#app/features/audit/audit.server";
import type { Actor } from "#app/features/audit/actor";
import type { DatabaseSchema } from "#app/platform/db/schema";
import { nowIso, toNum, type Database } from "#app/platform/db/db.server";

/**
 * Erasing subscribers: one on request (deleteSubscriber), and sign-ups
 * nobody confirmed, by the daily retention run (expireUnconfirmedSignUps).
 */

export type SubscriberDeleteResult = "deleted" | "not-found" | "sending";

/**
 * Erases a subscriber on request: their row (address and consent record),
 * every Outbox copy of a message to them (confirmations, issues of the
 * newsletter), and their address in the campaigns' recipient lists, which
 * keep an anonymous row so a campaign's counts stay true. One transaction;
 * refused while a newsletter is being handed to them at this moment (a
 * minute later it can be done). Audited with the id only.
 */
export async function deleteSubscriber(database: Database, id: string, actor: Actor): Promise<SubscriberDeleteResult> {
  try {
    return await database.db.transaction().execute(async (trx): Promise<SubscriberDeleteResult> => {
      const subscriber = await trx.selectFrom("subscribers").select(["id", "email"]).where("id", "=", id).executeTakeFirst();
      if (!subscriber) return "not-found";
      // First, what is not yet sent to them is skipped: these updates hold the rows, so the campaign worker cannot claim
      // one of them now, and one it claimed a moment before is seen as 'sending' below.
      await trx.updateTable("campaign_recipients").set({ status: "skipped" }).where("subscriber_id", "=", id).where("status", "=", "pending").execute();
      const inHand = await trx.selectFrom("campaign_recipients").select("id").where("subscriber_id", "=", id).where("status", "=", "sending").executeTakeFirst();
      // Rolled back: nothing is skipped or deleted while an issue is being handed to them.
      if (inHand) throw new SubscriberInHand();
      await trx
        .deleteFrom("outbox")
        .where((eb) =>
          eb.or([
            eb.and([eb("about_type", "=", "subscriber"), eb("about_id", "=", id)]),
            eb("id", "in", eb.selectFrom("campaign_recipients").select("outbox_id").where("subscriber_id", "=", id).where("outbox_id", "is not", null)),
            legacySubscriberMail(eb, [subscriber.email]),
          ]),
        )
        .execute();
      // A delivery failure's reason may quote the address, so it goes with it.
      await trx.updateTable("campaign_recipients").set({ email: "", outbox_id: null, error: null }).where("subscriber_id", "=", id).execute();
      await trx.deleteFrom("subscribers").where("id", "=", id).execute();
      // In the same transaction: a subscriber is never gone without a record of who deleted them.
      await recordAudit({ ...database, db: trx }, { action: "subscriber.deleted", actorId: actor.id, actorEmail: actor.email, ip: actor.ip ?? null, detail: { subscriberId: id } });
      return "deleted";
    });
  } catch (error) {
    if (error instanceof SubscriberInHand) return "sending";
    throw error;
  }
}

class SubscriberInHand extends Error {}

/**
 * Confirmation and "already subscribed" e-mails written before they named the
 * subscriber they are about (about_type 'subscriber'): found by address and
 * subject, so deleting a subscriber or an expired sign-up takes them too.
 */
function legacySubscriberMail(eb: ExpressionBuilder<DatabaseSchema, "outbox">, emails: readonly string[] | SelectQueryBuilder<DatabaseSchema, "subscribers", { email: string }>) {
  return eb.and([
    eb("about_type", "is", null),
    eb("kind", "=", "transactional"),
    eb("to_address", "in", emails),
    eb.or([eb("subject", "like", "Please confirm your subscription to % news"), eb("subject", "like", "You are already subscribed to % news")]),
  ]);
}

/** How long a sign-up that was never confirmed is kept (its link works for CONFIRM_LINK_HOURS). */
export const UNCONFIRMED_KEEP_DAYS = 30;

/**
 * The daily retention run's part for the newsletter: a sign-up never
 * confirmed within UNCONFIRMED_KEEP_DAYS is deleted with the copies of its
 * confirmation e-mails (anyone can type someone else's address into the
 * form, and that person never agreed to anything); someone who had
 * unsubscribed and asked to come back without confirming is unsubscribed
 * again, as before the request. Returns how many of each.
 */
export async function expireUnconfirmedSignUps(database: Database, now = new Date()): Promise<{ deleted: number; unsubscribedAgain: number }> {
  const cutoff = new Date(now.getTime() - UNCONFIRMED_KEEP_DAYS * 24 * 3600_000).toISOString();
  return database.db.transaction().execute(async (trx) => {
    const never = () =>
      trx.selectFrom("subscribers").where("status", "=", "pending").where("requested_at", "<", cutoff).where("unsubscribed_at", "is", null).where("confirmed_at", "is", null);
    await trx
      .deleteFrom("outbox")
      .where((eb) =>
        eb.or([eb.and([eb("about_type", "=", "subscriber"), eb("about_id", "in", never().select("id"))]), legacySubscriberMail(eb, never().select("email"))]),
      )
      .execute();
    const back = await trx
      .updateTable("subscribers")
      .set({ status: "unsubscribed", confirm_nonce: null, updated_at: nowIso() })
      .where("status", "=", "pending")
      .where("requested_at", "<", cutoff)
      .where("unsubscribed_at", "is not", null)
      .executeTakeFirst();
    const gone = await trx
      .deleteFrom("subscribers")
      .where("status", "=", "pending")
      .where("requested_at", "<", cutoff)
      .where("unsubscribed_at", "is", null)
      .where("confirmed_at", "is", null)
      .executeTakeFirst();
    return { deleted: toNum(gone.numDeletedRows), unsubscribedAgain: toNum(back.numUpdatedRows) };
  });
}
