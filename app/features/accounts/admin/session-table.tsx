import { ActionButton } from "#app/features/admin/record-fields";
import { Badge } from "#app/components/ui/badge";
import { EmptyState } from "#app/components/ui/empty-state";
import { ListTable, ListTableBody, ListTableCell, ListTableHead, ListTableHeader, ListTableRow } from "#app/components/ui/list-table";
import { formatDateTime } from "#app/web/dates";
import type { SessionSummary } from "#app/features/accounts/admin-accounts.server";

/**
 * The users page's table of sessions: where each account is signed in,
 * with a button to end any session but the one in use.
 */

/** "Chrome on Linux" from a user agent, enough to recognise one's own devices. */
function deviceName(agent: string | null): string {
  if (!agent) return "Unknown device";
  const browser = /Edg\//.test(agent) ? "Edge" : /Firefox\//.test(agent) ? "Firefox" : /Chrome\//.test(agent) ? "Chrome" : /Safari\//.test(agent) ? "Safari" : "Browser";
  const system = /Android/.test(agent) ? "Android" : /iPhone|iPad/.test(agent) ? "iOS" : /Windows/.test(agent) ? "Windows" : /Mac OS X/.test(agent) ? "macOS" : /Linux/.test(agent) ? "Linux" : "";
  return system ? `${browser} on ${system}` : browser;
}

/** What a row of the sessions table shows of a session. */
type SessionRow = Pick<SessionSummary, "id" | "email" | "ip" | "userAgent" | "createdAt" | "lastActiveAt">;

export function SessionTable({ sessions, currentId, caption, showEmail }: { sessions: SessionRow[]; currentId: string; caption: string; showEmail: boolean }) {
  if (sessions.length === 0) return <EmptyState>No sessions.</EmptyState>;
  return (
    <ListTable className="border-collapse">
        <caption className="sr-only">{caption}</caption>
        <ListTableHead>
          <ListTableRow>
            {showEmail ? <ListTableHeader className="py-2 pr-4 font-semibold">Account</ListTableHeader> : null}
            <ListTableHeader className="py-2 pr-4 font-semibold">Device</ListTableHeader>
            <ListTableHeader className="py-2 pr-4 font-semibold">Address</ListTableHeader>
            <ListTableHeader className="py-2 pr-4 font-semibold">Signed in</ListTableHeader>
            <ListTableHeader className="py-2 pr-4 font-semibold">Last active</ListTableHeader>
            <ListTableHeader className="py-2 font-semibold"><span className="sr-only">Actions</span></ListTableHeader>
          </ListTableRow>
        </ListTableHead>
        <ListTableBody>
          {sessions.map((session) => (
            <ListTableRow key={session.id} className="align-middle">
              {showEmail ? <ListTableCell className="break-all py-2 pr-4 font-medium">{session.email}</ListTableCell> : null}
              <ListTableCell label="Device" className="py-2 pr-4">
                {deviceName(session.userAgent)}
                {session.id === currentId ? <Badge variant="secondary" className="ml-2">This device</Badge> : null}
              </ListTableCell>
              <ListTableCell label="Address" className="py-2 pr-4 font-mono text-xs">{session.ip ?? "—"}</ListTableCell>
              <ListTableCell label="Signed in" className="py-2 pr-4 md:whitespace-nowrap">{formatDateTime(session.createdAt)}</ListTableCell>
              <ListTableCell label="Last active" className="py-2 pr-4 md:whitespace-nowrap">{formatDateTime(session.lastActiveAt)}</ListTableCell>
              <ListTableCell className="py-2">
                {session.id === currentId ? null : (
                  <ActionButton intent="revoke-session" id={session.id} label={`End session: ${session.email}, ${deviceName(session.userAgent)}, signed in ${formatDateTime(session.createdAt)}`}>
                    End session
                  </ActionButton>
                )}
              </ListTableCell>
            </ListTableRow>
          ))}
        </ListTableBody>
    </ListTable>
  );
}
