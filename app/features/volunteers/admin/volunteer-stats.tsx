import type { VolunteerStats } from "#app/features/volunteers/volunteer-applications.server";

/** The Volunteers tab's figures, counted from the data (the original tab showed fixed sample numbers). */
export function VolunteerStatsCards({ stats }: { stats: VolunteerStats }) {
  const figures = [
    { label: "Volunteers", value: stats.volunteers, note: "approved" },
    { label: "New this month", value: stats.newThisMonth, note: "approved since the 1st" },
    { label: "Pending", value: stats.pending, note: "applications to review" },
    { label: "Hours", value: stats.hours, note: "recorded by staff" },
  ];
  return (
    <dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
      {figures.map((figure) => (
        <div key={figure.label} className="rounded-lg border border-border bg-card p-4">
          <dt className="text-sm font-medium text-muted-foreground">{figure.label}</dt>
          <dd className="mt-1 text-3xl font-bold">{figure.value.toLocaleString("en-GB")}</dd>
          <dd className="text-xs text-muted-foreground">{figure.note}</dd>
        </div>
      ))}
    </dl>
  );
}
