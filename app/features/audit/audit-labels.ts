/**
 * What the audit log's action names mean, in words staff read. The raw name
 * is still shown beside each label; audit-labels.test.ts checks that every
 * name the code writes has an entry here.
 */
export const AUDIT_ACTION_LABELS: Record<string, string> = {
  "sign-in.success": "Signed in",
  "sign-in.failure": "Sign-in failed",
  "sign-in.refused": "Sign-in refused (too many attempts)",
  "sign-in.two-factor-required": "Password accepted, two-factor code asked for",
  "sign-in.two-factor-failure": "Sign-in failed (wrong two-factor code)",
  "sign-in.confirmed": "Password given again to confirm a sensitive change",
  "sign-out": "Signed out",
  "admin.created": "Admin created",
  "password.reset": "Password reset",
  "invitation.created": "Invited to the admin area",
  "invitation.withdrawn": "Invitation withdrawn",
  "session.revoked": "Session ended",
  "sessions.revoked-others": "Other sessions ended",
  "two-factor.enabled": "Two-factor sign-in turned on",
  "two-factor.disabled": "Two-factor sign-in turned off",
  "two-factor.backup-codes": "New two-factor backup codes",
  "two-factor.reset": "Two-factor sign-in reset for an admin",
  "account.removed": "Admin access removed",
  "account.role-changed": "Role changed (Admin, Editor or Safeguarding)",
  "access.refused": "Refused: the account's role may not open that",
  "two-factor.policy": "Two-factor requirement changed",
  "page.saved": "Page saved",
  "page.published": "Page published",
  "page.unpublished": "Page unpublished",
  "page.scheduled": "Page publish scheduled",
  "page.schedule-cancelled": "Page schedule cancelled",
  "page.moved": "Page address changed",
  "page.restored": "Page revision restored",
  "section-image.applied": "Section image applied",
  "section-image.removed": "Section image removed",
  "settings.saved": "Settings saved",
  "settings.mail.saved": "E-mail settings saved (sender, mail server)",
  "registration.viewed": "Registration viewed",
  "registration.contacted": "Registration contact recorded",
  "registration.status": "Registration status changed",
  "registration.deleted": "Registration deleted",
  "registrations.listed": "Registrations listed",
  "registrations.exported": "Registrations exported (CSV)",
  "registrations.retention-deleted": "Registrations deleted after the retention period",
  "volunteer-application.approved": "Volunteer application approved",
  "volunteer-application.rejected": "Volunteer application rejected",
  "volunteer-application.deleted": "Volunteer application deleted",
  "volunteer-application.status": "Volunteer application moved (Pending or Spam)",
  "message.status": "Question status changed",
  "message.deleted": "Question deleted",
  "subscriber.deleted": "Newsletter subscriber deleted",
  "subscribers.exported": "Newsletter subscribers exported (CSV)",
  "bin.deleted": "Moved to the Bin",
  "bin.restored": "Restored from the Bin",
  "bin.purged": "Deleted permanently from the Bin",
  "bin.expired": "Removed from the Bin after 30 days",
};

/** The readable label of an action name; an unknown name is shown as it is. */
export function auditActionLabel(action: string): string {
  return Object.hasOwn(AUDIT_ACTION_LABELS, action) ? AUDIT_ACTION_LABELS[action]! : action;
}
