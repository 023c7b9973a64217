import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { KeyRound, LogOut, MailPlus, ShieldCheck, ShieldOff } from "lucide-react";
import type { Route } from "./+types/admin.users";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { isAdminRefusal } from "#app/features/admin/refusal";
import { ActionButton, Field } from "#app/features/admin/record-fields";
import { Alert, AlertDescription } from "#app/components/ui/alert";
import { Button } from "#app/components/ui/button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { Input } from "#app/components/ui/input";
import { formatDateTime } from "#app/web/dates";
import { changeRole, listAccounts, listSessions, removeAdminAccount, revokeOtherSessions, revokeSession } from "#app/features/accounts/admin-accounts.server";
import { requiresTwoFactor, resetTwoFactorFor, setRequireTwoFactor } from "#app/features/accounts/two-factor-policy.server";
import { isRecordId, refuseMissingRecord, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { getAuth, requireStaff } from "#app/features/accounts/auth.server";
import { createInvitation, INVITATION_TTL_HOURS, listPendingInvitations, withdrawInvitation } from "#app/features/accounts/invitations.server";
import { redirectWithToast } from "#app/web/toast.server";
import { disableTwoFactor, newBackupCodes } from "#app/features/accounts/two-factor.server";
import { confirmIdentity, needsReauth, requireRecentAuth } from "#app/features/accounts/reauth.server";
import { REAUTH_WINDOW_MS, SENSITIVE_ACCOUNT_CHANGES } from "#app/features/accounts/reauth-policy";
import { DEFAULT_INVITED_ROLE, isStaffRole, ROLE_LABELS } from "#app/features/accounts/roles";
import { RoleSelect } from "#app/features/accounts/admin/role-select";
import { ConfirmIdentityCard } from "#app/features/accounts/admin/confirm-identity-form";
import { AccountsTable } from "#app/features/accounts/admin/accounts-table";
import { PasswordForm } from "#app/features/accounts/admin/password-form";
import { SessionTable } from "#app/features/accounts/admin/session-table";
import { mailDelivery } from "#app/platform/mail/mailer.server";

export const meta: Route.MetaFunction = () => [{ title: "Admin users · Admin Dashboard" }];

const BASE = "/admin/users";

export async function loader({ request }: Route.LoaderArgs) {
  const current = await requireStaff(request, "users");
  const { database } = await getAuth();
  const [accounts, sessions, invitations, requireTwoFactor, reauthNeeded] = await Promise.all([
    listAccounts(database),
    listSessions(database),
    listPendingInvitations(database),
    requiresTwoFactor(database),
    needsReauth(database, current),
  ]);
  return { me: { ...current.user, sessionId: current.sessionId }, accounts, sessions, invitations, requireTwoFactor, reauthNeeded, ttlHours: INVITATION_TTL_HOURS, delivery: await mailDelivery() };
}

type ActionAnswer =
  /** reauth: refused for want of the password (or for a wrong one): the page asks for it. */
  | { intent: string; message: string; email?: string; role?: string; reauth?: boolean; with?: "password" | "code" }
  | { intent: "backup-codes"; backupCodes: string[] };


export async function action({ request, context }: Route.ActionArgs) {
  const current = await requireStaff(request, "users");
  const site = await getAuth();
  const { database } = site;
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const intent = text("intent");
  const actor = { id: current.user.id, email: current.user.email, ip: context.clientIp };
  const refuse = (status: number, message: string, extra: Partial<Extract<ActionAnswer, { message: string }>> = {}, retryAfterSeconds?: number) =>
    data<ActionAnswer>({ intent, message, ...extra }, { status, headers: retryAfterSeconds ? { "Retry-After": String(retryAfterSeconds) } : undefined });
  const secret = { password: text("password").slice(0, 1024), code: text("code").slice(0, 32) };
  const secretUsed = secret.password ? "password" : secret.code.trim() ? "code" : undefined;

  // Nothing sensitive changes until the password (or a code) is given, when the last time is over ten minutes ago.
  const during = SENSITIVE_ACCOUNT_CHANGES.get(intent);
  if (during) {
    const checked = await requireRecentAuth(site, request, current, secret, context.clientIp, during);
    if (!checked.ok) {
      const keep = intent === "invite" ? { email: text("email").trim().slice(0, 320), role: text("role") } : {};
      return refuse(checked.status, checked.message, { ...keep, reauth: true, with: secretUsed }, checked.retryAfterSeconds);
    }
  }

  switch (intent) {
    case "confirm-identity": {
      const checked = await confirmIdentity(site, request, current, secret, context.clientIp, "confirming it is them");
      if (!checked.ok) return refuse(checked.status, checked.message, { reauth: true, with: secretUsed }, checked.retryAfterSeconds);
      return redirectWithToast(BASE, {
        title: "Confirmed",
        description: `For the next ${REAUTH_WINDOW_MS / 60_000} minutes you can change admin access and export personal data without your password.`,
      });
    }
    case "invite": {
      const email = text("email").trim().slice(0, 320);
      const result = await createInvitation(database, { email, role: text("role"), invitedBy: current.user, ip: context.clientIp });
      if (!result.ok) return refuse(result.status, result.message, { email, role: text("role") });
      const invited = result.invitation.email;
      if (result.mail.status === "failed") {
        // The link went nowhere and is not kept, so the remedy is a new invitation, which replaces this one.
        return redirectWithToast(BASE, {
          type: "error",
          title: "Invitation created, but the e-mail was not sent",
          description: `The e-mail to ${invited} could not be sent (the Outbox shows why), so they have no link. Send the invitation again once mail is working: the new link replaces this one.`,
        });
      }
      return redirectWithToast(BASE, {
        title: result.mail.status === "outbox" ? "Invitation kept in the Outbox, not sent" : "Invitation sent",
        description:
          result.mail.status === "outbox"
            ? `Kept in the Outbox for ${invited} (no mail server is set up): pass the link on from there. They have ${INVITATION_TTL_HOURS} hours to accept it.`
            : `${invited} has ${INVITATION_TTL_HOURS} hours to accept it.`,
      });
    }
    case "withdraw-invitation": {
      const done = isRecordId(text("id")) && (await withdrawInvitation(database, text("id"), actor));
      return done
        ? redirectWithToast(BASE, { title: "Invitation withdrawn", description: "The link in that e-mail no longer works." })
        : refuseMissingRecord(text("id"), { title: "Nothing to withdraw", description: "That invitation was already used or withdrawn." });
    }
    case "revoke-session": {
      const id = text("id");
      if (id === current.sessionId) return refuse(400, "That is the session you are using now: use Logout to end it.");
      const done = isRecordId(id) && (await revokeSession(database, id, actor));
      return done
        ? redirectWithToast(BASE, { title: "Session ended", description: "That device is signed out." })
        : refuseMissingRecord(id, { title: "Session already ended" });
    }
    case "revoke-other-sessions": {
      const count = await revokeOtherSessions(database, current.user.id, current.sessionId, actor);
      return redirectWithToast(BASE, {
        title: "Other sessions ended",
        description: count === 1 ? "1 other device is signed out." : `${count} other devices are signed out.`,
      });
    }
    case "reset-two-factor": {
      const id = text("id");
      if (id === current.user.id) return refuse(400, "Turn off your own two-factor sign-in under Your sign-in security.");
      const done = isRecordId(id) && (await resetTwoFactorFor(database, id, actor));
      return done
        ? redirectWithToast(BASE, { title: "Two-factor sign-in reset", description: "They sign in with their password and set it up again." })
        : refuseMissingRecord(id, { title: "No such account" });
    }
    case "change-role": {
      const id = text("id");
      const role = text("role");
      if (!isStaffRole(role)) return refuse(400, "Choose Admin, Editor or Safeguarding.");
      const result = isRecordId(id) ? await changeRole(database, id, role, actor) : ({ ok: false, reason: "missing" } as const);
      if (result.ok) {
        return redirectWithToast(BASE, {
          title: result.changed ? "Role changed" : "Role unchanged",
          description: result.changed ? `${result.email} is now ${ROLE_LABELS[role]}.` : `${result.email} was already ${ROLE_LABELS[role]}.`,
        });
      }
      if (result.reason === "last-admin") {
        return refuse(409, "That is the site's last Admin, so the role was not changed: make someone else an Admin first.");
      }
      if (result.reason === "actor-gone") return refuse(403, "You are no longer an Admin, so nothing was changed.");
      return refuseMissingRecord(id, { title: "No such account", description: "It may have been removed already." });
    }
    case "remove-account": {
      const id = text("id");
      if (id === current.user.id) return refuse(400, "You cannot remove your own admin access: ask another admin to do it.");
      const result = isRecordId(id) ? await removeAdminAccount(database, id, actor) : ({ ok: false, reason: "missing" } as const);
      if (result.ok) {
        return redirectWithToast(BASE, { title: "Admin access removed", description: `${result.email} is signed out everywhere and can no longer sign in.` });
      }
      if (result.reason === "actor-gone") return refuse(403, "Your own admin access was removed, so nothing was changed.");
      return refuseMissingRecord(id, { title: "No such account", description: "It may have been removed already." });
    }
    case "require-two-factor": {
      // Exactly "on" or "off": a form missing the field must not turn the requirement off.
      if (text("required") !== "on" && text("required") !== "off") return refuseUnknownAction();
      const required = text("required") === "on";
      if (required && !current.user.twoFactorEnabled) {
        return refuse(400, "Turn on two-factor sign-in for your own account first, so you are not locked out.");
      }
      await setRequireTwoFactor(database, required, actor);
      return redirectWithToast(BASE, {
        title: required ? "Two-factor sign-in required" : "Two-factor sign-in optional",
        description: required ? "Admins without it must set it up before they can use the dashboard." : "Each admin chooses for themselves.",
      });
    }
    case "disable-two-factor": {
      const result = await disableTwoFactor(site, request, current, text("password"), context.clientIp);
      if (!result.ok) return refuse(result.status, result.message, {}, result.retryAfterSeconds);
      const headers = new Headers();
      for (const cookie of result.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
      return redirectWithToast(BASE, { title: "Two-factor sign-in turned off", description: "Your password alone now signs you in." }, { headers });
    }
    case "backup-codes": {
      const result = await newBackupCodes(site, request, current, text("password"), context.clientIp);
      if (!result.ok) return refuse(result.status, result.message, {}, result.retryAfterSeconds);
      return data<ActionAnswer>({ intent: "backup-codes", backupCodes: result.backupCodes });
    }
    default:
      return refuseUnknownAction();
  }
}


function answerFor(answer: ActionAnswer | undefined, intent: string): string | null {
  return answer && answer.intent === intent && "message" in answer ? answer.message : null;
}

export default function AdminUsers({ loaderData }: Route.ComponentProps) {
  const { me, accounts, sessions, invitations, requireTwoFactor, reauthNeeded, ttlHours, delivery } = loaderData;
  const actionData = useActionData<typeof action>();
  const answer = actionData && !isAdminRefusal(actionData) ? (actionData as ActionAnswer) : undefined;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const mine = sessions.filter((s) => s.userId === me.id);
  const backupCodes = answer && "backupCodes" in answer ? answer.backupCodes : null;
  const inviteError = answerFor(answer, "invite");
  const reauthAnswer = answer && "reauth" in answer && answer.reauth ? answer : undefined;

  return (
    <div className="grid gap-6 [&>*]:min-w-0">
      <AdminRefusalNotice data={actionData} className="mb-0" />
      <PageHeader title="Admin users" description="Everyone who can sign in to the admin area." className="mb-0" />
      {reauthNeeded || reauthAnswer ? (
        <ConfirmIdentityCard
          twoFactorEnabled={me.twoFactorEnabled}
          // A refusal for want of the password is shown beside the change that asked; the field shows only what was wrong with what was typed.
          error={reauthAnswer && (reauthAnswer.with || reauthAnswer.intent === "confirm-identity") ? reauthAnswer.message : null}
          errorFor={reauthAnswer?.with}
          busy={busy}
          autoFocus={Boolean(reauthAnswer)}
        />
      ) : null}
      <div className="grid gap-4">
        {["change-role", "reset-two-factor", "remove-account"].map((intent) =>
          answerFor(answer, intent) ? (
            <Alert key={intent} variant="destructive">
              <AlertDescription>{answerFor(answer, intent)}</AlertDescription>
            </Alert>
          ) : null,
        )}
        <AccountsTable accounts={accounts} meId={me.id} />
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Invite someone</CardTitle>
          <CardDescription>
            {delivery === "outbox"
              ? `No mail server is set up, so the invitation e-mail waits in the Outbox and is not sent: pass its link on from there. The link works once, for ${ttlHours} hours.`
              : `They get an e-mail with a link to choose their own password. The link works once, for ${ttlHours} hours.`}{" "}
            The role starts at Editor, which sees no one&apos;s personal details: choose another only if their work needs it.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <Form method="post" className="flex flex-wrap items-end gap-3" noValidate>
            <input type="hidden" name="intent" value="invite" />
            <div className="min-w-64 flex-1">
              <Field id="invite-email" label="E-mail address" errors={inviteError ? [inviteError] : undefined} required>
                {(props) => (
                  <Input
                    {...props}
                    name="email"
                    type="email"
                    autoComplete="off"
                    defaultValue={answer && answer.intent === "invite" && "email" in answer ? answer.email : ""}
                    key={answer && answer.intent === "invite" ? "retry" : "fresh"}
                  />
                )}
              </Field>
            </div>
            <RoleSelect
              id="invite-role"
              label="Role"
              defaultValue={answer && answer.intent === "invite" && "role" in answer && isStaffRole(answer.role) ? answer.role : DEFAULT_INVITED_ROLE}
            />
            <Button type="submit" disabled={busy}>
              <MailPlus aria-hidden="true" />
              {delivery === "outbox" ? "Create invitation (e-mail waits in Outbox)" : "Send invitation"}
            </Button>
          </Form>
          {invitations.length > 0 ? (
            <section aria-labelledby="pending-invitations" className="grid gap-2">
              <h4 id="pending-invitations" className="font-semibold">Waiting to be accepted</h4>
              <ul className="grid gap-2">
                {invitations.map((invitation) => (
                  <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-2 rounded-md border border-border px-3 py-2 text-sm">
                    <span>
                      <span className="break-all font-medium">{invitation.email}</span>{" "}
                      <span className="text-muted-foreground">
                        as {ROLE_LABELS[invitation.role]}, invited by {invitation.invitedByEmail ?? "an admin"}, expires {formatDateTime(invitation.expiresAt)}
                      </span>
                    </span>
                    <ActionButton intent="withdraw-invitation" id={invitation.id} label={`Withdraw the invitation to ${invitation.email}`}>
                      Withdraw
                    </ActionButton>
                  </li>
                ))}
              </ul>
            </section>
          ) : null}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Your sign-in security</CardTitle>
          <CardDescription>
            Two-factor sign-in asks for a 6-digit code from an authenticator app on your phone after your password, so a stolen
            password alone cannot open the admin area.
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {me.twoFactorEnabled ? (
            <>
              <p className="flex items-center gap-2 text-sm font-medium">
                <ShieldCheck className="size-4 text-success" aria-hidden="true" />
                Two-factor sign-in is on for your account.
              </p>
              {backupCodes ? (
                <Alert>
                  <AlertDescription>
                    <p className="font-semibold">Your new backup codes (the old ones no longer work):</p>
                    <ul aria-label="Backup codes" className="mt-2 grid grid-cols-2 gap-1 font-mono sm:grid-cols-5">
                      {backupCodes.map((code) => (
                        <li key={code}>{code}</li>
                      ))}
                    </ul>
                    <p className="mt-2">Keep them somewhere safe: each one signs you in once if you lose your phone.</p>
                  </AlertDescription>
                </Alert>
              ) : null}
              <div className="grid gap-4 md:grid-cols-2">
                <PasswordForm
                  intent="backup-codes"
                  title="New backup codes"
                  button="Make new backup codes"
                  icon={<KeyRound aria-hidden="true" />}
                  error={answerFor(answer, "backup-codes")}
                  busy={busy}
                />
                {requireTwoFactor ? (
                  <p className="text-sm text-muted-foreground">
                    Two-factor sign-in is required for every admin of this site, so it cannot be turned off.
                  </p>
                ) : (
                  <PasswordForm
                    intent="disable-two-factor"
                    title="Turn off two-factor sign-in"
                    button="Turn off two-factor sign-in"
                    icon={<ShieldOff aria-hidden="true" />}
                    error={answerFor(answer, "disable-two-factor")}
                    busy={busy}
                  />
                )}
              </div>
            </>
          ) : (
            <div className="flex flex-wrap items-center gap-3">
              <p className="text-sm">Two-factor sign-in is off for your account.</p>
              <Button asChild>
                <Link to={`/two-factor/setup?redirectTo=${encodeURIComponent(BASE)}`}>
                  <ShieldCheck aria-hidden="true" />
                  Set up two-factor sign-in
                </Link>
              </Button>
            </div>
          )}
          <Form method="post" className="grid gap-2 border-t border-border pt-4">
            <input type="hidden" name="intent" value="require-two-factor" />
            <input type="hidden" name="required" value={requireTwoFactor ? "off" : "on"} />
            <p className="text-sm">
              {requireTwoFactor
                ? "Every admin must use two-factor sign-in; those without it are asked to set it up before anything else."
                : "Two-factor sign-in is each admin's choice at the moment."}
            </p>
            {answerFor(answer, "require-two-factor") ? (
              <Alert variant="destructive">
                <AlertDescription>{answerFor(answer, "require-two-factor")}</AlertDescription>
              </Alert>
            ) : null}
            <div>
              <Button type="submit" variant="outline" disabled={busy}>
                {requireTwoFactor ? "Make two-factor sign-in optional" : "Require two-factor sign-in for all admins"}
              </Button>
            </div>
          </Form>
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Sessions</CardTitle>
          <CardDescription>Where each account is signed in now. Ending a session signs that device out at once.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          {answerFor(answer, "revoke-session") ? (
            <Alert variant="destructive">
              <AlertDescription>{answerFor(answer, "revoke-session")}</AlertDescription>
            </Alert>
          ) : null}
          <section aria-labelledby="my-sessions" className="grid gap-2">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <h4 id="my-sessions" className="font-semibold">Your sessions</h4>
              {mine.length > 1 ? (
                <Form method="post">
                  <input type="hidden" name="intent" value="revoke-other-sessions" />
                  <Button type="submit" variant="outline" size="sm" disabled={busy}>
                    <LogOut aria-hidden="true" />
                    Sign out all other sessions
                  </Button>
                </Form>
              ) : null}
            </div>
            <SessionTable sessions={mine} currentId={me.sessionId} caption="Your sessions" showEmail={false} />
          </section>
          <section aria-labelledby="all-sessions" className="grid gap-2">
            <h4 id="all-sessions" className="font-semibold">All sessions</h4>
            <SessionTable sessions={sessions} currentId={me.sessionId} caption="All sessions" showEmail />
          </section>
        </CardContent>
      </Card>
    </div>
  );
}
