import type { ImpactStat } from "#app/content/site";
import { COUNTER_DURATION_MS, COUNTER_TICK_MS, COUNTER_VISIBILITY_THRESHOLD } from "#app/content/site";
import { TONE_BADGE } from "./tone";

const NUMBER = new Intl.NumberFormat("en-GB");

/**
 * The impact figures. The server sends the final numbers, so they
 * read right without JavaScript and to search engines. In the browser
 * (app/enhance/site.ts) they count up from 0 over 2 seconds in 16 ms ticks
 * once a tenth of the block is on screen; people who prefer reduced motion
 * see the final numbers at once. Screen readers always get the final
 * figure, never the moving one.
 */
export function ImpactCounters({ stats }: { stats: readonly ImpactStat[] }) {
  return (
    <ul
      className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4"
      data-enhance="counters"
      data-counter-state="final"
      data-duration={COUNTER_DURATION_MS}
      data-tick={COUNTER_TICK_MS}
      data-threshold={COUNTER_VISIBILITY_THRESHOLD}
    >
      {stats.map((stat) => {
        const final = `${NUMBER.format(stat.value)}${stat.suffix}`;
        return (
          <li key={stat.label} className="rounded-lg border border-border bg-card p-6 text-center shadow-sm">
            {/* Tabular figures as a plain value: Tailwind's own utility for them brings five @property rules into every public page's stylesheet. */}
            <p className="text-4xl font-extrabold [font-variant-numeric:tabular-nums] sm:text-5xl">
              <span aria-hidden="true" data-value={stat.value} data-suffix={stat.suffix} data-testid="impact-value">
                {final}
              </span>
              <span className="sr-only">{final}</span>
            </p>
            <p className="mt-2 text-lg font-medium">{stat.label}</p>
            <span aria-hidden="true" className={`mx-auto mt-4 block h-1 w-12 rounded-full ${TONE_BADGE[stat.color]}`} />
          </li>
        );
      })}
    </ul>
  );
}
