import { VideoPlayer } from "./video-player";
import { YouTubeEmbed } from "./youtube-embed";
import type { Gallery } from "#app/features/videos/gallery";

/**
 * The videos staff assigned to a page: stacked,
 * newest first, only their metadata preloaded. Nothing at all when there are
 * none; 'Failed to load videos' when they could not be read.
 */
export function VideoGallery({ gallery, title = "Videos" }: { gallery: Gallery; title?: string }) {
  if (gallery.failed) {
    return (
      <div className="mx-auto max-w-4xl px-4 py-6">
        <p role="status" className="text-destructive">
          Failed to load videos
        </p>
      </div>
    );
  }
  const youtube = gallery.youtube ?? [];
  if (gallery.videos.length === 0 && youtube.length === 0) return null;
  return (
    <section aria-labelledby="videos-heading" className="mx-auto max-w-4xl px-4 py-10">
      <h2 id="videos-heading" className="text-2xl font-bold">
        {title}
      </h2>
      <ul className="mt-6 space-y-8">
        {gallery.videos.map((video) => (
          <li key={video.id}>
            <figure>
              <VideoPlayer src={video.fileUrl} label={video.altText || video.caption || "Video"} preload="metadata" />
              {video.caption ? <figcaption className="mt-2 whitespace-pre-line text-muted-foreground">{video.caption}</figcaption> : null}
            </figure>
          </li>
        ))}
        {youtube.map((video) => (
          <li key={video.id}>
            <figure>
              <YouTubeEmbed video={video} />
              {video.description ? <figcaption className="mt-2 whitespace-pre-line text-muted-foreground">{video.description}</figcaption> : null}
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
