import { DEFAULT_SITE_SETTINGS, type SiteSettings } from "#app/content/site";

/**
 * The site's settings (contact details, social links, donation links).
 * Built-in defaults for now; staff-editable settings override them later.
 */
export async function getSiteSettings(): Promise<SiteSettings> {
  return DEFAULT_SITE_SETTINGS;
}
