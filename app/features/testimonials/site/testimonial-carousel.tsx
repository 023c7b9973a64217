import { Pause, Play, Quote } from "lucide-react";
import type { Testimonial } from "#app/content/site";
import { CAROUSEL_INTERVAL_MS } from "#app/content/site";
import { TONE_BADGE } from "#app/features/site/tone";

/**
 * The home page's testimonials: one at a time, moving on every
 * 5 seconds, with dots that jump to any of them. Auto-moving content needs a
 * way to stop it (WCAG 2.2.2), so there is a pause button; it also holds
 * still while the pointer is over it or focus is inside it, and does not
 * move at all for people who prefer reduced motion.
 *
 * The server sends the first testimonial showing and nothing moving (the
 * button offers "Play" until rotation can actually happen);
 * app/enhance/site.ts does the moving, through the data-* attributes here.
 */
export function TestimonialCarousel({ items }: { items: readonly (Testimonial & { id?: string })[] }) {
  const several = items.length > 1;
  return (
    <section
      aria-roledescription="carousel"
      aria-label="Testimonials"
      className="mx-auto max-w-3xl"
      data-enhance="carousel"
      data-interval={CAROUSEL_INTERVAL_MS}
      data-rotating="false"
    >
      {several ? (
        <div className="flex justify-end">
          <button
            type="button"
            data-rotation-control
            className="inline-flex min-h-11 items-center gap-2 rounded-md border border-border px-4 text-sm font-medium hover:bg-muted"
          >
            <span data-icon="pause" className="inline-flex" hidden>
              <Pause aria-hidden="true" className="size-4" />
            </span>
            <span data-icon="play" className="inline-flex">
              <Play aria-hidden="true" className="size-4" />
            </span>
            <span data-rotation-label>Play testimonials</span>
          </button>
        </div>
      ) : null}
      <div aria-live="polite" className="mt-4" data-live>
        {items.map((item, i) => (
          // The slide is a plain element: ARIA does not allow role="group" on <figure>.
          <div
            key={item.id ?? item.author}
            role="group"
            aria-roledescription="slide"
            aria-label={`${i + 1} of ${items.length}`}
            hidden={i !== 0}
            data-slide
          >
            <figure className="rounded-lg border border-border bg-card p-8 text-card-foreground shadow-sm">
              <span className={`inline-flex size-10 items-center justify-center rounded-full ${TONE_BADGE[item.color]}`}>
                <Quote aria-hidden="true" className="size-5" />
              </span>
              <blockquote className="mt-4 text-xl leading-relaxed">
                {/* Staff type the quote in a textarea: its line breaks and blank lines show as typed. */}
                <p className="whitespace-pre-line">{item.quote}</p>
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
              aria-current={i === 0 ? "true" : undefined}
              data-dot
              className="inline-flex size-11 items-center justify-center rounded-full hover:bg-muted"
            >
              <span
                aria-hidden="true"
                data-dot-mark
                className={`block size-3 rounded-full border-2 border-primary ${i === 0 ? "bg-primary" : "bg-transparent"}`}
              />
            </button>
          ))}
        </div>
      ) : null}
    </section>
  );
}
