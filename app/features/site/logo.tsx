import { LOGO_SIZES } from "#app/content/site";

export type LogoSize = keyof typeof LOGO_SIZES;

const LIGHT_LOGO = "/images/logo-light.svg";
const DARK_LOGO = "/images/logo-dark.svg";

/**
 * The charity's mark in four sizes. Both theme variants are in the HTML and
 * CSS shows the right one, so there is no flash; if the dark one fails to
 * load it falls back to the light-mode logo (app/enhance/site.ts,
 * through data-fallback-src). Low fetch priority: the mark is small and never
 * the largest paint, and without it React preloads both variants from <head>
 * (one of them hidden by CSS), two requests ahead of the first paint.
 */
export function Logo({ size = "md", className = "" }: { size?: LogoSize; className?: string }) {
  const px = LOGO_SIZES[size];
  return (
    <span className={`inline-flex shrink-0 ${className}`} style={{ width: px, height: px }}>
      <img src={LIGHT_LOGO} alt="" width={px} height={px} className="dark:hidden" decoding="async" fetchPriority="low" />
      <img
        src={DARK_LOGO}
        alt=""
        width={px}
        height={px}
        className="hidden dark:block"
        decoding="async"
        fetchPriority="low"
        data-fallback-src={LIGHT_LOGO}
      />
    </span>
  );
}
