import { withoutInvitationLinks } from "#app/features/accounts/invitations.server";
import { SESSION_COOKIE_NAMES } from "#app/features/accounts/session-cookie";
import { storedMailSettings } from "#app/features/settings/mail-settings.server";
import { settingsSender } from "#app/features/settings/staff-mail.server";
import { setSenderIdentity, setStoredMailSettings } from "#app/platform/mail/mailer.server";
import { setSentCopyCleaner } from "#app/platform/mail/outbox-send.server";
import { bypassCacheForCookies } from "#app/platform/page-cache/page-key.server";

/**
 * What the platform needs to know of the features, told once here: the
 * platform may not import a feature (decision 012), so the server, which
 * sees both, connects them. Called by every way into the build (the site,
 * the operator commands, tests that build the app), so none runs without it.
 */
export function wireFeaturesIntoPlatform(): void {
  setSenderIdentity(settingsSender);
  // The mail server and sender staff set up in Settings → E-mail, read for every message.
  setStoredMailSettings(storedMailSettings);
  // An invitation that waited in the Outbox keeps its link there only until it has gone by e-mail.
  setSentCopyCleaner(withoutInvitationLinks);
  // A signed-in visitor gets pages rendered for them; no other cookie but the theme changes a public page.
  bypassCacheForCookies(SESSION_COOKIE_NAMES);
}
