import { useEffect, useRef, useState } from "react";
import { Pause, Play, Quote } from "lucide-react";
import type { Testimonial } from "#app/content/site";
import { CAROUSEL_INTERVAL_MS } from "#app/content/site";
import { TONE_BADGE } from "./tone";

/**
 * The home page's testimonials (SPEC §4): one at a time, moving on every
 * 5 seconds, with dots that jump to any of them. Auto-moving content needs a
 * way to stop it (WCAG 2.2.2), so there is a pause button; it also holds
 * still while the pointer is over it or focus is inside it, and does not
 * move at all for people who prefer reduced motion.
 */
export function TestimonialCarousel({ items }: { items: readonly (Testimonial & { id?: string })[] }) {
  const [index, setIndex] = useState(0);
  // Until the page is interactive nothing moves, so the button offers "pause"
  // only once rotation can actually happen.
  const [playing, setPlaying] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const root = useRef<HTMLElement>(null);
  // Staff may withdraw testimonials: never point past the end of the list.
  const current = items.length > 0 ? index % items.length : 0;
  const several = items.length > 1;

  useEffect(() => {
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    setPlaying(!reduceMotion);
  }, []);

  const rotating = playing && !hovered && !focused && items.length > 1;
  useEffect(() => {
    if (!rotating) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % items.length), CAROUSEL_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [rotating, items.length, index]);

  return (
    <section
      ref={root}
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="mx-auto max-w-3xl"
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={(event) => {
        // The pause button itself does not hold rotation, or "Play" could never resume it.
        setFocused(!(event.target as HTMLElement).closest("[data-rotation-control]"));
      }}
      onBlur={(event) => {
        if (!root.current?.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      data-rotating={rotating ? "true" : "false"}
    >
      {several ? (
        <div className="flex justify-end">
          <button
            type="button"
            data-rotation-control
            onClick={() => setPlaying((p) => !p)}
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
          >
            {playing ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
            {playing ? "Pause testimonials" : "Play testimonials"}
          </button>
        </div>
      ) : null}
      <div aria-live={rotating ? "off" : "polite"} className="mt-4">
        {items.map((item, i) => (
          // The slide is a plain element: ARIA does not allow role="group" on <figure>.
          <div
            key={item.id ?? item.author}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${items.length}`}
            hidden={i !== current}
          >
            <figure className="rounded-lg border border-border bg-card p-8 text-card-foreground shadow-sm">
              <span className={`inline-flex size-10 items-center justify-center rounded-full ${TONE_BADGE[item.color]}`}>
                <Quote aria-hidden="true" className="size-5" />
              </span>
              <blockquote className="mt-4 text-xl leading-relaxed">
                <p>{item.quote}</p>
              </blockquote>
              <figcaption className="mt-6">
                <span className="block font-semibold">{item.author}</span>
                <span className="block text-muted-foreground">{item.role}</span>
              </figcaption>
            </figure>
          </div>
        ))}
      </div>
      {several ? (
        <div className="mt-6 flex justify-center gap-1" role="group" aria-label="Choose a testimonial">
          {items.map((item, i) => (
            <button
              key={item.id ?? item.author}
              type="button"
              aria-label={`Show testimonial ${i + 1} of ${items.length}`}
              aria-current={i === current ? "true" : undefined}
              onClick={() => setIndex(i)}
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-muted"
            >
              <span
                aria-hidden="true"
                className={`block size-3 rounded-full border-2 border-primary ${i === current ? "bg-primary" : "bg-transparent"}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
