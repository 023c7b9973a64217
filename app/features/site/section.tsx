import type { ReactNode } from "react";

/** A page section with its own h2, labelled by it for assistive technology. */
export function PageSection({
  id,
  title,
  intro,
  children,
  className = "",
  muted = false,
}: {
  id: string;
  title: string;
  intro?: ReactNode;
  children?: ReactNode;
  className?: string;
  muted?: boolean;
}) {
  return (
    <section id={id} aria-labelledby={`${id}-heading`} className={`scroll-mt-20 ${muted ? "bg-muted" : ""} ${className}`}>
      <div className="mx-auto max-w-7xl px-4 py-12">
        <h2 id={`${id}-heading`} className="text-3xl font-bold tracking-tight">
          {title}
        </h2>
        {intro ? <div className="mt-3 max-w-3xl text-lg text-muted-foreground">{intro}</div> : null}
        {children ? <div className="mt-8">{children}</div> : null}
      </div>
    </section>
  );
}
