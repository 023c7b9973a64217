import { Form } from "react-router";
import { ActionButton, ConfirmDeleteButton } from "#app/features/admin/record-fields";
import { Button } from "#app/components/ui/button";
import { isStaffRole, roleLabel } from "#app/features/accounts/roles";
import { RoleSelect } from "./role-select";
import { Badge } from "#app/components/ui/badge";
import type { AccountSummary } from "#app/features/accounts/admin-accounts.server";

/**
 * The users page's list of everyone who can sign in, with each one's role
 * and the form to change it (the server refuses to leave the site without
 * an Admin), and the buttons to reset a colleague's two-factor sign-in or
 * remove their access (never one's own).
 */
export function AccountsTable({ accounts, meId }: { accounts: AccountSummary[]; meId: string }) {
  const me = { id: meId };
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">Accounts</caption>
        <thead>
          <tr className="border-b border-border">
            <th scope="col" className="py-2 pr-4 font-semibold">E-mail</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Role</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Two-factor</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Signed in on</th>
            <th scope="col" className="py-2 font-semibold"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {accounts.map((account) => (
            <tr key={account.id} className="border-b border-border align-middle">
              <td className="break-all py-2 pr-4">
                {account.email}
                {account.id === me.id ? <span className="text-muted-foreground"> (you)</span> : null}
              </td>
              <td className="py-2 pr-4">
                <Form method="post" className="flex flex-wrap items-end gap-2">
                  <input type="hidden" name="intent" value="change-role" />
                  <input type="hidden" name="id" value={account.id} />
                  <span className="min-w-24 self-center font-medium">{roleLabel(account.role)}</span>
                  <RoleSelect
                    id={`role-${account.id}`}
                    label={`Role of ${account.email}`}
                    labelHidden
                    described={false}
                    defaultValue={isStaffRole(account.role) ? account.role : "editor"}
                  />
                  <Button type="submit" variant="outline" size="sm" className="min-h-11">
                    Change role<span className="sr-only"> of {account.email}</span>
                  </Button>
                </Form>
              </td>
              <td className="py-2 pr-4">
                <Badge variant={account.twoFactorEnabled ? "success" : "outline"}>{account.twoFactorEnabled ? "On" : "Off"}</Badge>
              </td>
              <td className="py-2 pr-4">
                {account.activeSessions === 0 ? "No devices" : account.activeSessions === 1 ? "1 device" : `${account.activeSessions} devices`}
              </td>
              <td className="py-2">
                <div className="flex flex-wrap gap-2">
                  {account.twoFactorEnabled && account.id !== me.id ? (
                    <ActionButton intent="reset-two-factor" id={account.id} label={`Reset two-factor sign-in for ${account.email}`}>
                      Reset two-factor
                    </ActionButton>
                  ) : null}
                  {account.id !== me.id ? (
                    <ConfirmDeleteButton
                      intent="remove-account"
                      id={account.id}
                      verb="Remove"
                      what={`the admin access of ${account.email} (${roleLabel(account.role)})`}
                      consequence="They are signed out on every device, and their password and two-factor sign-in stop working. The audit log keeps what they did. To give them access again, send them a new invitation."
                    />
                  ) : null}
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
