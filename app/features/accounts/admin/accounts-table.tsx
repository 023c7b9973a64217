import { Form } from "react-router";
import { ActionButton, ConfirmDeleteButton } from "#app/features/admin/record-fields";
import { Button } from "#app/components/ui/button";
import { isStaffRole, roleLabel } from "#app/features/accounts/roles";
import { RoleSelect } from "./role-select";
import { Badge } from "#app/components/ui/badge";
import { ListTable, ListTableBody, ListTableCell, ListTableHead, ListTableHeader, ListTableRow } from "#app/components/ui/list-table";
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
    <ListTable className="border-collapse">
        <caption className="sr-only">Accounts</caption>
        <ListTableHead>
          <ListTableRow>
            <ListTableHeader className="py-2 pr-4 font-semibold">E-mail</ListTableHeader>
            <ListTableHeader className="py-2 pr-4 font-semibold">Role</ListTableHeader>
            <ListTableHeader className="py-2 pr-4 font-semibold">Two-factor</ListTableHeader>
            <ListTableHeader className="py-2 pr-4 font-semibold">Signed in on</ListTableHeader>
            <ListTableHeader className="py-2 font-semibold"><span className="sr-only">Actions</span></ListTableHeader>
          </ListTableRow>
        </ListTableHead>
        <ListTableBody>
          {accounts.map((account) => (
            <ListTableRow key={account.id} className="align-middle">
              <ListTableCell className="break-all py-2 pr-4 font-medium">
                {account.email}
                {account.id === me.id ? <span className="text-muted-foreground"> (you)</span> : null}
              </ListTableCell>
              <ListTableCell label="Role" className="py-2 pr-4">
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
              </ListTableCell>
              <ListTableCell label="Two-factor" className="py-2 pr-4">
                <Badge variant={account.twoFactorEnabled ? "success" : "outline"}>{account.twoFactorEnabled ? "On" : "Off"}</Badge>
              </ListTableCell>
              <ListTableCell label="Signed in on" className="py-2 pr-4">
                {account.activeSessions === 0 ? "No devices" : account.activeSessions === 1 ? "1 device" : `${account.activeSessions} devices`}
              </ListTableCell>
              <ListTableCell className="py-2">
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
              </ListTableCell>
            </ListTableRow>
          ))}
        </ListTableBody>
    </ListTable>
  );
}
