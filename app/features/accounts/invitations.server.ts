import crypto from "node:crypto";
import { recordAudit } from "#app/features/audit/audit.server";
import { insertUser, validateAccount, type SessionUser, type SiteAuth } from "./auth.server";
import { isStaffRole, ROLE_LABELS, type StaffRole } from "./roles";
import { nowIso, type Database } from "#app/platform/db/db.server";
import { env } from "#app/platform/env.server";
import { isEmailAddress, sendMail, type MailStatus } from "#app/platform/mail/mailer.server";

/**
 * Invitations to the admin area. An Admin enters an address and chooses the
 * role (roles.ts); the site mails a link holding a random token; whoever
 * opens it within the time limit chooses a password (under the password
 * policy) and has an account with that role. Only the token's SHA-256 is stored, an invitation works once,
 * a newer one for the same address replaces the older, and an admin can
 * withdraw one before it is used.
 *
 * The link is as good as a password for its lifetime, so when the e-mail
 * goes by SMTP the outbox keeps it with the link replaced by
 * INVITATION_LINK_PLACEHOLDER: a copy of the database (a backup) holds no
 * usable link. With no mail server the Outbox is the only way the link
 * reaches the invitee (staff pass it on), so there the stored copy keeps it
 * until the invitation ends (accepted, withdrawn, replaced by a newer one),
 * when the link goes from the stored copy too. Once mail is set up, the
 * Outbox shows no invitation link at all, even one kept from before: the
 * way to reach that person then is to send the invitation again.
 */

export const INVITATION_TTL_HOURS = 72;

export interface Invitation {
  id: string;
  email: string;
  role: StaffRole;
  invitedByEmail: string | null;
  createdAt: string;
  expiresAt: string;
}

export type InvitationState =
  | { status: "valid"; invitation: Invitation }
  | { status: "expired" | "used" | "withdrawn" | "replaced" | "unknown" };

export const INVITATION_MESSAGES = {
  email: "Enter a valid e-mail address.",
  role: "Choose the role they will have: Admin, Editor or Safeguarding.",
  exists: "This person already has an account.",
  unknown: "This invitation link is not valid. Check that you copied the whole link from the e-mail.",
  expired: "This invitation has expired. Ask an admin to send you a new one.",
  used: "This invitation has already been used. Sign in with the password you chose.",
  withdrawn: "This invitation was withdrawn. Ask an admin if you still need access.",
  replaced: "A newer invitation was sent to this address since: use the link in the most recent e-mail.",
} as const;

/** What the outbox shows instead of the link once the e-mail goes by SMTP. */
export const INVITATION_LINK_PLACEHOLDER = "[invitation link not kept in the Outbox, for security]";

const INVITATION_SUBJECT = "You have been invited to the website's admin area";

/** An invitation link as an e-mail's text or HTML writes it: anything up to /invite/ and a token. */
const INVITATION_LINK = /[^\s<>"']*\/invite\/[A-Za-z0-9_-]{43}/g;

/** The text with every invitation link in it replaced by the placeholder. */
export function withoutInvitationLinks(text: string): string {
  return text.replace(INVITATION_LINK, INVITATION_LINK_PLACEHOLDER);
}

/**
 * Takes the links out of the stored copies of every invitation e-mail to
 * this address. Called when the invitations there can no longer be used:
 * a dead link has no business in the database or its backups, and one
 * that looks usable only misleads. Pass the caller's transaction if it has one.
 */
async function forgetInvitationLinks({ db }: Pick<Database, "db">, email: string): Promise<void> {
  const rows = await db.selectFrom("outbox").select(["id", "text", "html"]).where("to_address", "=", email).where("subject", "=", INVITATION_SUBJECT).execute();
  for (const row of rows) {
    const text = withoutInvitationLinks(row.text);
    const html = row.html === null ? null : withoutInvitationLinks(row.html);
    if (text !== row.text || html !== row.html) await db.updateTable("outbox").set({ text, html }).where("id", "=", row.id).execute();
  }
}

const hashToken = (token: string): string => crypto.createHash("sha256").update(token, "utf8").digest("hex");

/** Tokens are 32 random bytes in base64url; anything else is not worth a query. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

function toInvitation(row: { id: string; email: string; role: string; invited_by_email: string | null; created_at: string; expires_at: string }): Invitation {
  // Invitations from before roles existed were all to become an admin.
  const role = isStaffRole(row.role) ? row.role : "admin";
  return { id: row.id, email: row.email, role, invitedByEmail: row.invited_by_email, createdAt: row.created_at, expiresAt: row.expires_at };
}

export type CreateInvitationResult =
  /**
   * `mail`: how the e-mail went. sent: the mail server took it; outbox: no
   * mail server is set up, so it waits in the Outbox for staff to pass on;
   * failed: the invitation exists but nobody has its link (the Outbox shows
   * the server's reason without the link); sending the invitation again
   * replaces it.
   */
  | { ok: true; invitation: Invitation; link: string; mail: { status: MailStatus; error?: string } }
  | { ok: false; status: 400 | 409; message: string };

export async function createInvitation(
  database: Database,
  input: { email: string; role: string; invitedBy: SessionUser; ip?: string; now?: Date },
): Promise<CreateInvitationResult> {
  const email = input.email.trim().toLowerCase();
  if (!email || email.length > 320 || !isEmailAddress(email)) return { ok: false, status: 400, message: INVITATION_MESSAGES.email };
  if (!isStaffRole(input.role)) return { ok: false, status: 400, message: INVITATION_MESSAGES.role };
  const role = input.role;
  const existing = await database.db.selectFrom("users").select("id").where("email", "=", email).executeTakeFirst();
  if (existing) return { ok: false, status: 409, message: INVITATION_MESSAGES.exists };

  const now = input.now ?? new Date();
  const token = crypto.randomBytes(32).toString("base64url");
  const row = {
    id: crypto.randomUUID(),
    email,
    token_hash: hashToken(token),
    role,
    invited_by: input.invitedBy.id,
    invited_by_email: input.invitedBy.email,
    created_at: now.toISOString(),
    expires_at: new Date(now.getTime() + INVITATION_TTL_HOURS * 3600_000).toISOString(),
    accepted_at: null,
    accepted_user_id: null,
    revoked_at: null,
  };
  await database.db.transaction().execute(async (trx) => {
    // Only the newest link for an address works.
    await trx
      .updateTable("invitations")
      .set({ revoked_at: row.created_at })
      .where("email", "=", email)
      .where("accepted_at", "is", null)
      .where("revoked_at", "is", null)
      .execute();
    await trx.insertInto("invitations").values(row).execute();
    // The older links to this address are dead now: their e-mails' stored copies lose them before the new one is written.
    await forgetInvitationLinks({ db: trx }, email);
  });

  const link = `${env().PUBLIC_URL}/invite/${token}`;
  const sent = await sendMail(database, {
    to: email,
    kind: "transactional",
    subject: INVITATION_SUBJECT,
    text: [
      `${input.invitedBy.email} has invited you to help run the website, with your own sign-in, as ${role === "admin" ? "an" : "a"} ${ROLE_LABELS[role]}.`,
      "",
      `To accept, open this link and choose a password (it works once, for the next ${INVITATION_TTL_HOURS} hours):`,
      link,
      "",
      `The site: ${env().PUBLIC_URL}/`,
      "",
      "If you were not expecting this, you can ignore this e-mail: nothing happens unless the link is used.",
    ].join("\n"),
    // The token too, in case the link is ever written differently.
    secrets: [
      { value: link, placeholder: INVITATION_LINK_PLACEHOLDER },
      { value: token, placeholder: INVITATION_LINK_PLACEHOLDER },
    ],
  });
  await recordAudit(database, {
    action: "invitation.created",
    actorId: input.invitedBy.id,
    actorEmail: input.invitedBy.email,
    ip: input.ip,
    detail: { email, role },
  });
  return { ok: true, invitation: toInvitation(row), link, mail: sent.error ? { status: sent.status, error: sent.error } : { status: sent.status } };
}

/** What a link's token stands for right now. */
export async function findInvitation(database: Database, token: string, now = new Date()): Promise<InvitationState> {
  if (!TOKEN_SHAPE.test(token)) return { status: "unknown" };
  const row = await database.db.selectFrom("invitations").selectAll().where("token_hash", "=", hashToken(token)).executeTakeFirst();
  if (!row) return { status: "unknown" };
  if (row.accepted_at) return { status: "used" };
  if (row.revoked_at) {
    // Sending another invitation to the address ends this one at the moment the new one was made: that is not a withdrawal.
    const newer = await database.db
      .selectFrom("invitations")
      .select("id")
      .where("email", "=", row.email)
      .where("created_at", "=", row.revoked_at)
      .where("id", "!=", row.id)
      .executeTakeFirst();
    if (!newer) return { status: "withdrawn" };
    // Replaced: what the newest invitation to the address has come to is what this link can say.
    const newest = await database.db
      .selectFrom("invitations")
      .select(["accepted_at", "revoked_at", "expires_at"])
      .where("email", "=", row.email)
      .orderBy("created_at", "desc")
      .executeTakeFirstOrThrow();
    if (newest.accepted_at) return { status: "used" };
    if (newest.revoked_at) return { status: "withdrawn" };
    if (newest.expires_at <= now.toISOString()) return { status: "expired" };
    return { status: "replaced" };
  }
  if (row.expires_at <= now.toISOString()) return { status: "expired" };
  return { status: "valid", invitation: toInvitation(row) };
}

export type AcceptResult =
  | { ok: true; user: SessionUser }
  | { ok: false; status: 400 | 404 | 409 | 410; message: string; field?: "password" | "confirm" };

/**
 * Accepts an invitation: checks the password, then claims the invitation
 * with one conditional UPDATE (two clicks, or two processes, cannot both
 * win), then creates the admin. If creating the account fails the claim is
 * given back, so the link still works.
 */
export async function acceptInvitation(
  site: SiteAuth,
  input: { token: string; password: string; confirm: string; ip?: string; now?: Date },
): Promise<AcceptResult> {
  const { database } = site;
  const now = input.now ?? new Date();
  const state = await findInvitation(database, input.token, now);
  if (state.status !== "valid") {
    return { ok: false, status: state.status === "unknown" ? 404 : 410, message: INVITATION_MESSAGES[state.status] };
  }
  const { invitation } = state;
  if (input.password !== input.confirm) return { ok: false, status: 400, field: "confirm", message: "The passwords do not match." };
  const invalid = await validateAccount(site, invitation.email, input.password);
  if (invalid && !invalid.ok) return { ok: false, status: 400, field: "password", message: invalid.message };

  const acceptedAt = now.toISOString();
  const claimed = await database.db
    .updateTable("invitations")
    .set({ accepted_at: acceptedAt })
    .where("id", "=", invitation.id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", acceptedAt)
    .executeTakeFirst();
  if (Number(claimed.numUpdatedRows ?? 0) !== 1) return { ok: false, status: 410, message: INVITATION_MESSAGES.used };

  let user: SessionUser;
  try {
    const existing = await database.db.selectFrom("users").select("id").where("email", "=", invitation.email).executeTakeFirst();
    if (existing) {
      await database.db.updateTable("invitations").set({ accepted_at: null }).where("id", "=", invitation.id).execute();
      return { ok: false, status: 409, message: INVITATION_MESSAGES.exists };
    }
    user = await insertUser(site, invitation.email, input.password, invitation.role);
  } catch (error) {
    await database.db.updateTable("invitations").set({ accepted_at: null }).where("id", "=", invitation.id).execute();
    throw error;
  }
  await database.db.updateTable("invitations").set({ accepted_user_id: user.id }).where("id", "=", invitation.id).execute();
  await forgetInvitationLinks(database, invitation.email);
  await recordAudit(database, {
    action: "admin.created",
    actorId: user.id,
    actorEmail: user.email,
    ip: input.ip,
    detail: { via: "invitation", invitedBy: invitation.invitedByEmail, role: invitation.role },
  });
  return { ok: true, user };
}

/** Invitations that can still be used, newest first. */
export async function listPendingInvitations(database: Database, now = new Date()): Promise<Invitation[]> {
  const rows = await database.db
    .selectFrom("invitations")
    .selectAll()
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .where("expires_at", ">", now.toISOString())
    .orderBy("created_at", "desc")
    .execute();
  return rows.map(toInvitation);
}

export async function withdrawInvitation(
  database: Database,
  id: string,
  actor: { id: string; email: string; ip?: string },
): Promise<boolean> {
  const row = await database.db.selectFrom("invitations").select(["email"]).where("id", "=", id).executeTakeFirst();
  const result = await database.db
    .updateTable("invitations")
    .set({ revoked_at: nowIso() })
    .where("id", "=", id)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows ?? 0) !== 1 || !row) return false;
  await forgetInvitationLinks(database, row.email);
  await recordAudit(database, { action: "invitation.withdrawn", actorId: actor.id, actorEmail: actor.email, ip: actor.ip, detail: { email: row.email } });
  return true;
}

/**
 * Withdraws every invitation someone sent that nobody has used yet: their
 * admin access is being removed, and a link from them must not make an
 * admin afterwards. Pass the removal's transaction. Returns how many.
 */
export async function withdrawPendingInvitationsBy({ db }: Pick<Database, "db">, userId: string): Promise<number> {
  const pending = await db.selectFrom("invitations").select("email").where("invited_by", "=", userId).where("accepted_at", "is", null).where("revoked_at", "is", null).execute();
  const result = await db
    .updateTable("invitations")
    .set({ revoked_at: nowIso() })
    .where("invited_by", "=", userId)
    .where("accepted_at", "is", null)
    .where("revoked_at", "is", null)
    .executeTakeFirst();
  for (const email of new Set(pending.map((p) => p.email))) await forgetInvitationLinks({ db }, email);
  return Number(result.numUpdatedRows ?? 0);
}
