import type { BlockOf } from "#app/features/blocks/block-schema";
import { SOCIAL_PLATFORM_LABELS, type SiteSettings, type SocialLinks } from "#app/content/site";
import { ContactDetails } from "#app/features/site/contact-details";
import { BlockSection, type BlockProps } from "./block-section";
import { ButtonRow } from "./buttons";

/** The social handles listed under the contact details, in this order. */
const CONTACT_SOCIALS: (keyof SocialLinks)[] = ["instagram", "tiktok", "snapchat", "twitter"];

/** Phone, email and address from Settings, then the social accounts that are set. */
export function ContactBlock({ block, muted, settings }: BlockProps<BlockOf<"contact">> & { settings: SiteSettings }) {
  const socials = CONTACT_SOCIALS.filter((key) => settings.social[key]);
  return (
    <BlockSection id={block.id} title={block.title} intro={block.intro || undefined} muted={muted}>
      <ContactDetails settings={settings} headingLevel={block.title ? 3 : 2} />
      {socials.length > 0 ? (
        <div className="mt-10">
          <h3 className="text-xl font-semibold">Follow Us</h3>
          <ul className="mt-4 flex flex-wrap gap-3">
            {socials.map((key) => (
              <li key={key}>
                <a
                  href={settings.social[key]}
                  rel="noopener noreferrer"
                  className="inline-flex min-h-11 items-center rounded-md border border-border bg-card px-4 font-medium hover:bg-background"
                >
                  {SOCIAL_PLATFORM_LABELS[key]}
                </a>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      <ButtonRow buttons={block.buttons} className="mt-10 flex flex-wrap gap-3" />
    </BlockSection>
  );
}
