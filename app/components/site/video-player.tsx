import { useEffect, useRef, useState } from "react";

/**
 * A video with the options of SPEC §4 (autoPlay, controls, muted, loop all
 * off by default except controls) in a rounded, shadowed, full-width frame,
 * with a loading state until the first frame is known and a message when
 * the file cannot be played.
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
  const ref = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<"loading" | "ready" | "error">("loading");

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    // React sets `muted` as a property only, so the server HTML lacks the
    // attribute browsers need before they allow autoplay: set both here.
    video.muted = muted;
    video.defaultMuted = muted;
    if (video.error) setStatus("error");
    else if (video.readyState >= HTMLMediaElement.HAVE_METADATA) setStatus("ready");
    const reduceMotion = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
    if (autoPlay && muted && !reduceMotion && video.paused) {
      video.play().catch(() => {
        // Autoplay refused (e.g. data saver): the controls still let people start it.
      });
    }
  }, [autoPlay, muted, src]);

  return (
    <div className={`relative w-full overflow-hidden rounded-lg bg-muted shadow-lg ${className}`} data-video-status={status}>
      {status === "error" ? (
        <p role="status" className="flex aspect-video w-full items-center justify-center p-6 text-center text-destructive">
          This video could not be played.
        </p>
      ) : (
        <>
          {status === "loading" ? (
            <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center text-sm text-muted-foreground motion-safe:animate-pulse">
              Loading video...
            </span>
          ) : null}
          <video
            ref={ref}
            src={src}
            aria-label={label}
            controls={controls}
            muted={muted}
            loop={loop}
            playsInline
            preload={preload}
            poster={poster}
            onLoadedMetadata={() => setStatus("ready")}
            onError={() => setStatus("error")}
            className="relative block aspect-video w-full bg-black/80"
          />
        </>
      )}
    </div>
  );
}
