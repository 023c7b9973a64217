/**
 * A video with the options autoPlay, controls, muted and loop (all off by
 * default except controls) in a rounded, shadowed, full-width frame,
 * with a loading state until the first frame is known and a message when
 * the file cannot be played (the last two, and muted autoplay, come from
 * app/enhance/site.ts: React sets `muted` as a property only, so the
 * server's HTML cannot carry it).
 */
export function VideoPlayer({
  src,
  label,
  autoPlay = false,
  controls = true,
  muted = false,
  loop = false,
  preload = "metadata",
  poster,
  className = "",
}: {
  src: string;
  /** What the video shows, for people who cannot see it. */
  label: string;
  autoPlay?: boolean;
  controls?: boolean;
  muted?: boolean;
  loop?: boolean;
  preload?: "none" | "metadata" | "auto";
  poster?: string;
  className?: string;
}) {
  return (
    <div className={`relative w-full overflow-hidden rounded-lg bg-muted shadow-lg ${className}`} data-video-status="loading">
      <span
        aria-hidden="true"
        data-video-placeholder
        className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground motion-safe:animate-pulse"
      >
        Loading video...
      </span>
      <video
        src={src}
        aria-label={label}
        controls={controls}
        loop={loop}
        playsInline
        preload={preload}
        poster={poster}
        data-muted={muted ? "true" : "false"}
        data-autoplay={autoPlay ? "true" : "false"}
        className="relative block aspect-video w-full bg-black/80"
      />
    </div>
  );
}
