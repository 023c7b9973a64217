import type { Route } from "./+types/donate";
import { CTAS } from "#app/content/pages";
import {
  DONATION_IMPACT_CARDS,
  formatPounds,
  MONTHLY_TIERS,
  ONE_TIME_AMOUNTS,
  OTHER_WAYS_TO_SUPPORT,
} from "#app/content/site";
import { ButtonLink } from "#app/features/site/button-link";
import { ContentPage } from "#app/features/pages/site/content-page";
import { InfoCardGrid } from "#app/features/site/info-card-grid";
import { PageSection } from "#app/features/site/section";
import { loadPublicPage } from "#app/features/pages/public-page-data.server";
import { seoMeta } from "#app/features/pages/seo";

export async function loader({ context }: Route.LoaderArgs) {
  const data = await loadPublicPage("donate", context?.requestId);
  const { donationUrl, monthlyDonationUrl } = data.settings;
  // Without an online giving page, every donate button leads to the contact page.
  return {
    ...data,
    oneTimeHref: donationUrl || "/contact",
    monthlyHref: monthlyDonationUrl || donationUrl || "/contact",
    onlineGiving: Boolean(donationUrl || monthlyDonationUrl),
  };
}

export function meta({ loaderData }: Route.MetaArgs) {
  return seoMeta(loaderData.seo);
}

const DEFAULT_AMOUNT = 25;

export default function Donate({ loaderData }: Route.ComponentProps) {
  const { oneTimeHref, monthlyHref, onlineGiving } = loaderData;
  const howToGive = onlineGiving ? null : (
    <p className="mt-4 text-muted-foreground">Online giving is being set up. To give now, please get in touch and we will help you donate.</p>
  );
  return (
    <ContentPage page={loaderData.page} gallery={loaderData.gallery} heroInline={loaderData.heroInline}>
      <PageSection id="your-impact" title="Your Impact" muted>
        <InfoCardGrid cards={DONATION_IMPACT_CARDS} columns={4} />
      </PageSection>

      <PageSection id="one-time-donation" title="Make a One-Time Donation">
        <div className="max-w-3xl">
          <fieldset>
            <legend className="text-lg font-medium">Choose an amount</legend>
            <div className="mt-4 grid gap-4 sm:grid-cols-2">
              {ONE_TIME_AMOUNTS.map((option) => (
                <label
                  key={option.amount}
                  className="flex cursor-pointer items-start gap-3 rounded-lg border-2 border-border bg-card p-4 has-[:checked]:border-primary has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
                >
                  <input
                    type="radio"
                    name="amount"
                    value={option.amount}
                    defaultChecked={option.amount === DEFAULT_AMOUNT}
                    className="mt-1 size-5 accent-primary"
                  />
                  <span>
                    <span className="block text-2xl font-bold">{formatPounds(option.amount)}</span>
                    <span className="block text-muted-foreground">{option.impact}</span>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <div className="mt-6">
            <ButtonLink href={oneTimeHref}>Donate Now</ButtonLink>
          </div>
          {howToGive}
        </div>
      </PageSection>

      <PageSection id="monthly-support" title="Monthly Support" muted>
        <ul className="grid gap-6 md:grid-cols-3">
          {MONTHLY_TIERS.map((tier) => (
            <li key={tier.amount} className="rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
              <h3 className="text-xl font-semibold">{tier.name}</h3>
              <p className="mt-2 text-3xl font-bold">
                <span>{formatPounds(tier.amount)}</span>
                <span className="text-base font-medium text-muted-foreground"> a month</span>
              </p>
              <p className="mt-2 text-muted-foreground">{tier.description}</p>
            </li>
          ))}
        </ul>
        <div className="mt-6">
          <ButtonLink href={monthlyHref}>Set Up Monthly Donation</ButtonLink>
        </div>
        {howToGive}
      </PageSection>

      <PageSection id="other-ways-to-support" title="Other Ways to Support">
        <InfoCardGrid cards={OTHER_WAYS_TO_SUPPORT} linkLabel="Get in Touch" />
      </PageSection>

      <PageSection id="donate-today" title="Every Gift Makes a Difference" muted>
        <div className="flex flex-wrap gap-3">
          <ButtonLink href={oneTimeHref}>Donate Today</ButtonLink>
          <ButtonLink href={CTAS.learnMore.href} variant="outline">
            {CTAS.learnMore.label}
          </ButtonLink>
        </div>
      </PageSection>
    </ContentPage>
  );
}
