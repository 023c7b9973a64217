import type { BlockOf } from "#app/features/blocks/block-schema";
import type { SiteSettings } from "#app/content/site";
import { formatPounds } from "#app/content/site";
import { safeHref } from "#app/features/pages/markdown";
import { ButtonLink } from "#app/features/site/button-link";
import { BlockSection, type BlockProps } from "./block-section";

/** The amount chosen before the visitor picks one: the middle of today's amounts. */
const DEFAULT_AMOUNT = 25;

/**
 * Where the giving buttons lead: the amount's own link if staff gave one,
 * else the giving pages in Settings, else the contact page (online giving
 * not set up yet, which the block then says).
 */
export function givingLinks(settings: Pick<SiteSettings, "donationUrl" | "monthlyDonationUrl">) {
  const { donationUrl, monthlyDonationUrl } = settings;
  return {
    oneOff: donationUrl || "/contact",
    monthly: monthlyDonationUrl || donationUrl || "/contact",
    online: Boolean(donationUrl || monthlyDonationUrl),
  };
}

const linkOr = (link: string, fallback: string) => (link && safeHref(link) ? link : fallback);

function HowToGive({ online }: { online: boolean }) {
  if (online) return null;
  return <p className="mt-4 text-muted-foreground">Online giving is being set up. To give now, please get in touch and we will help you donate.</p>;
}

/**
 * One-off amounts (with what each buys) as a choice, then the monthly tiers:
 * each in a band of its own, so the page reads as two steps.
 */
export function DonationBlock({ block, muted, settings }: BlockProps<BlockOf<"donation">> & { settings: SiteSettings }) {
  const links = givingLinks(settings);
  const chosen = block.oneOff.find((o) => o.amount === DEFAULT_AMOUNT) ?? block.oneOff[0];
  const oneOffHref = linkOr(chosen?.link ?? "", links.oneOff);
  return (
    <>
      {block.oneOff.length > 0 ? (
        <BlockSection id={block.id} title={block.title} muted={muted}>
          <div className="max-w-3xl">
            <fieldset>
              <legend className="text-lg font-medium">Choose an amount</legend>
              <div className="mt-4 grid gap-4 sm:grid-cols-2">
                {block.oneOff.map((option) => (
                  <label
                    key={option.amount}
                    className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-border bg-card p-4 has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                  >
                    <input type="radio" name="amount" value={option.amount} defaultChecked={option === chosen} className="mt-1 size-5 accent-primary" />
                    <span>
                      <span className="block text-2xl font-bold">{formatPounds(option.amount)}</span>
                      <span className="block text-muted-foreground">{option.impact}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <div className="mt-6">
              <ButtonLink href={oneOffHref}>Donate Now</ButtonLink>
            </div>
            <HowToGive online={links.online} />
          </div>
        </BlockSection>
      ) : null}
      {block.monthly.length > 0 ? (
        <BlockSection id={`${block.id}-monthly`} title="Monthly Support" muted={block.oneOff.length > 0 ? !muted : muted}>
          <ul className="grid gap-6 md:grid-cols-3">
            {block.monthly.map((tier) => (
              <li key={tier.amount} className="rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
                <h3 className="text-xl font-semibold">{tier.name}</h3>
                <p className="mt-2 text-3xl font-bold">
                  <span>{formatPounds(tier.amount)}</span>
                  <span className="text-base font-medium text-muted-foreground"> a month</span>
                </p>
                {tier.description ? <p className="mt-2 text-muted-foreground">{tier.description}</p> : null}
                {tier.link && safeHref(tier.link) ? (
                  <a href={tier.link} rel="noopener noreferrer" className="mt-3 inline-flex min-h-11 items-center font-semibold text-primary underline decoration-2">
                    Give {formatPounds(tier.amount)} a month<span className="sr-only">: {tier.name}</span>
                  </a>
                ) : null}
              </li>
            ))}
          </ul>
          <div className="mt-6">
            <ButtonLink href={links.monthly}>Set Up Monthly Donation</ButtonLink>
          </div>
          <HowToGive online={links.online} />
        </BlockSection>
      ) : null}
    </>
  );
}
