import { useEffect, useRef, useState } from "react";
import type { ImpactStat } from "#app/content/site";
import { COUNTER_DURATION_MS, COUNTER_TICK_MS, COUNTER_VISIBILITY_THRESHOLD } from "#app/content/site";
import { TONE_BADGE } from "./tone";

const NUMBER = new Intl.NumberFormat("en-GB");

type CounterState = "final" | "idle" | "counting" | "done";

/**
 * The impact figures (SPEC §9). The server sends the final numbers, so they
 * read right without JavaScript and to search engines. In the browser they
 * count up from 0 over 2 seconds in 16 ms ticks once a tenth of the block is
 * on screen; people who prefer reduced motion see the final numbers at once.
 * Screen readers always get the final figure, never the moving one.
 */
export function ImpactCounters({ stats }: { stats: readonly ImpactStat[] }) {
  const ref = useRef<HTMLUListElement>(null);
  const [state, setState] = useState<CounterState>("final");
  const [progress, setProgress] = useState(1);

  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (reduceMotion || typeof IntersectionObserver === "undefined") {
      setState("done");
      return;
    }
    setState("idle");
    setProgress(0);
    let timer: ReturnType<typeof setInterval> | undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((e) => e.isIntersecting)) return;
        observer.disconnect();
        setState("counting");
        let elapsed = 0;
        timer = setInterval(() => {
          elapsed += COUNTER_TICK_MS;
          const p = Math.min(1, elapsed / COUNTER_DURATION_MS);
          setProgress(p);
          if (p >= 1) {
            clearInterval(timer);
            setState("done");
          }
        }, COUNTER_TICK_MS);
      },
      { threshold: COUNTER_VISIBILITY_THRESHOLD },
    );
    observer.observe(element);
    return () => {
      observer.disconnect();
      if (timer) clearInterval(timer);
    };
  }, []);

  return (
    <ul ref={ref} className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4" data-counter-state={state}>
      {stats.map((stat) => {
        const shown = Math.floor(stat.value * progress);
        const final = `${NUMBER.format(stat.value)}${stat.suffix}`;
        return (
          <li key={stat.label} className="rounded-lg border border-border bg-card p-6 text-center shadow-sm">
            <p className="text-4xl font-extrabold tabular-nums sm:text-5xl">
              <span aria-hidden="true" data-testid="impact-value">
                {`${NUMBER.format(shown)}${stat.suffix}`}
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
