import { cn } from "#app/components/ui/utils";

/** "2 min 5 s", "40 s", "under a second". */
export function formatEta(seconds: number): string {
  if (!Number.isFinite(seconds) || seconds < 0) return "";
  if (seconds < 1) return "under a second";
  const s = Math.round(seconds);
  if (s < 60) return `${s} s`;
  const m = Math.floor(s / 60);
  if (m < 60) return `${m} min ${s % 60} s`;
  return `${Math.floor(m / 60)} h ${m % 60} min`;
}

/**
 * Estimates the time left from the recent transfer rate (an exponential
 * average, so a brief stall does not make the estimate jump).
 */
export class EtaEstimator {
  private lastBytes = 0;
  private lastTime = 0;
  private rate = 0;

  update(bytesSent: number, bytesTotal: number, now = Date.now()): number {
    if (this.lastTime === 0 || bytesSent < this.lastBytes) {
      this.lastBytes = bytesSent;
      this.lastTime = now;
      return Number.NaN;
    }
    const dt = (now - this.lastTime) / 1000;
    if (dt >= 0.25) {
      const instant = (bytesSent - this.lastBytes) / dt;
      this.rate = this.rate === 0 ? instant : 0.7 * this.rate + 0.3 * instant;
      this.lastBytes = bytesSent;
      this.lastTime = now;
    }
    return this.rate > 0 ? (bytesTotal - bytesSent) / this.rate : Number.NaN;
  }
}

/** A labelled progress bar with the percentage and, when known, the time left. */
export function UploadProgress({
  label,
  percent,
  etaSeconds,
  status,
  className,
}: {
  label: string;
  percent: number;
  etaSeconds?: number;
  status?: string;
  className?: string;
}) {
  const rounded = Math.max(0, Math.min(100, Math.floor(percent)));
  const eta = etaSeconds !== undefined ? formatEta(etaSeconds) : "";
  return (
    <div className={cn("grid gap-1", className)}>
      <div className="flex flex-wrap items-baseline justify-between gap-2 text-sm">
        <span className="font-medium break-all">{label}</span>
        <span className="tabular-nums text-muted-foreground">
          {rounded}%{eta ? ` · about ${eta} left` : ""}
          {status ? ` · ${status}` : ""}
        </span>
      </div>
      <div
        role="progressbar"
        aria-label={`Uploading ${label}`}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={rounded}
        aria-valuetext={`${rounded}%${eta ? `, about ${eta} left` : ""}`}
        className="h-2 w-full overflow-hidden rounded-full bg-muted"
      >
        <div className="h-full bg-primary transition-[width] duration-300" style={{ width: `${rounded}%` }} />
      </div>
    </div>
  );
}
