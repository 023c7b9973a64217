import { ActionButton } from "#app/features/admin/record-fields";
import { Badge } from "#app/components/ui/badge";
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
  if (sessions.length === 0) return <p className="text-sm text-muted-foreground">No sessions.</p>;
  return (
    <div className="overflow-x-auto">
      <table className="w-full border-collapse text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead>
          <tr className="border-b border-border">
            {showEmail ? <th scope="col" className="py-2 pr-4 font-semibold">Account</th> : null}
            <th scope="col" className="py-2 pr-4 font-semibold">Device</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Address</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Signed in</th>
            <th scope="col" className="py-2 pr-4 font-semibold">Last active</th>
            <th scope="col" className="py-2 font-semibold"><span className="sr-only">Actions</span></th>
          </tr>
        </thead>
        <tbody>
          {sessions.map((session) => (
            <tr key={session.id} className="border-b border-border align-middle">
              {showEmail ? <td className="break-all py-2 pr-4">{session.email}</td> : null}
              <td className="py-2 pr-4">
                {deviceName(session.userAgent)}
                {session.id === currentId ? <Badge variant="secondary" className="ml-2">This device</Badge> : null}
              </td>
              <td className="py-2 pr-4 font-mono text-xs">{session.ip ?? "—"}</td>
              <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(session.createdAt)}</td>
              <td className="whitespace-nowrap py-2 pr-4">{formatDateTime(session.lastActiveAt)}</td>
              <td className="py-2">
                {session.id === currentId ? null : (
                  <ActionButton intent="revoke-session" id={session.id} label={`End session: ${session.email}, ${deviceName(session.userAgent)}, signed in ${formatDateTime(session.createdAt)}`}>
                    End session
                  </ActionButton>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
