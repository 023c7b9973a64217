import type { ReactNode } from "react";

/**
 * A block's band on the page: its title as the section's h2 (labelling the
 * section), an optional introduction, then its content. Bands alternate
 * between the muted and the plain background, as the pages always have.
 */
export function BlockSection({
  id,
  title,
  intro,
  muted,
  children,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  muted: boolean;
  children?: ReactNode;
}) {
  const headingId = `${id}-heading`;
  return (
    <section aria-labelledby={title ? headingId : undefined} id={id} className={`scroll-mt-20 ${muted ? "bg-muted" : ""}`}>
      <div className="mx-auto max-w-7xl px-4 py-12">
        {title ? (
          <h2 id={headingId} className="text-3xl font-bold tracking-tight">
            {title}
          </h2>
        ) : null}
        {intro ? <div className={`${title ? "mt-3" : ""} max-w-3xl text-lg text-muted-foreground`}>{intro}</div> : null}
        {children ? <div className={title || intro ? "mt-8" : ""}>{children}</div> : null}
      </div>
    </section>
  );
}

/** What every block renderer is given: its block, whether its band is muted, and the page's loaded records. */
export interface BlockProps<B> {
  block: B;
  muted: boolean;
}
