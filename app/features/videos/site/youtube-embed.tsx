import { Play } from "lucide-react";
import { youTubeEmbedUrl, youTubeWatchUrl } from "#app/features/videos/youtube";
import type { EmbeddableVideo } from "#app/features/videos/gallery";

/**
 * A YouTube video that costs nothing until it is wanted: a poster with a play
 * button, and only when pressed the privacy-enhanced player from
 * youtube-nocookie.com. Until then the visitor's browser contacts no YouTube
 * host at all (not even for a thumbnail). Without JavaScript the button is a
 * plain link to the video on YouTube; app/enhance/site.ts swaps it for the
 * player (data-embed-src) when pressed.
 *
 * The gradient, the title's shadow and the hover zoom are written as plain
 * CSS values rather than with Tailwind's utilities for them: those compose
 * through ~26 registered custom properties (@property) that every public
 * page's inline stylesheet would carry for this one poster.
 */
export function YouTubeEmbed({ video }: { video: EmbeddableVideo }) {
  return (
    <a
      href={youTubeWatchUrl(video.videoId)}
      data-youtube-id={video.videoId}
      data-embed-src={youTubeEmbedUrl(video.videoId)}
      data-title={video.title}
      className="group relative flex aspect-video w-full items-center justify-center overflow-hidden rounded-lg bg-[linear-gradient(to_bottom_right_in_oklab,var(--primary),var(--secondary))] text-primary-foreground shadow-lg focus-visible:outline-none focus-visible:ring-4 focus-visible:ring-ring focus-visible:ring-offset-2 focus-visible:ring-offset-background"
    >
      {video.thumbnailUrl ? (
        <img
          src={video.thumbnailUrl}
          alt=""
          width={480}
          height={360}
          loading="lazy"
          decoding="async"
          className="absolute inset-0 size-full object-cover"
        />
      ) : null}
      <span aria-hidden="true" className="absolute inset-0 bg-black/40 transition-colors group-hover:bg-black/30" />
      <span className="relative flex flex-col items-center gap-4 px-6 text-center text-white">
        <span className="inline-flex size-16 items-center justify-center rounded-full bg-red-700 shadow-lg transition-transform group-hover:[scale:1.1]">
          <Play aria-hidden="true" className="ml-1 size-8 fill-current" />
        </span>
        <span className="text-lg font-semibold [filter:drop-shadow(0_1px_2px_#0000001a)_drop-shadow(0_1px_1px_#0000000f)] sm:text-xl">
          <span className="sr-only">Play video: </span>
          {video.title}
        </span>
        <span className="text-sm text-white/90">Plays from YouTube when you press play</span>
      </span>
    </a>
  );
}
