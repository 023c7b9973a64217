import type { BlockOf } from "#app/features/blocks/block-schema";
import type { PageImage } from "#app/content/types";
import type { Gallery } from "#app/features/videos/gallery";
import { VideoGallery } from "#app/features/videos/site/video-gallery";
import { VideoPlayer } from "#app/features/videos/site/video-player";
import { YouTubeEmbed } from "#app/features/videos/site/youtube-embed";
import { resolveImageSrc } from "#app/features/pages/page-image-src";
import { BlockFigure } from "./figure";

/**
 * The videos assigned to a page in the Media and YouTube tabs. "gallery"
 * lists them all (nothing when there are none); "latest" shows only the
 * newest, playing muted, with the page's picture as its poster, or the
 * picture alone when there is no video.
 */
export function VideosBlock({
  block,
  gallery,
  picture,
  pictureInline,
}: {
  block: BlockOf<"videos">;
  gallery: Gallery | undefined;
  /** The page's hero picture: the latest video's poster, or shown in its place. */
  picture?: PageImage;
  pictureInline?: string | null;
}) {
  if (!gallery) return null;
  if (block.display === "gallery") return <VideoGallery gallery={gallery} title={block.title || undefined} />;
  const latestVideo = gallery.videos[0];
  const latestYoutube = gallery.youtube?.[0];
  const pictureSrc = picture ? resolveImageSrc(picture.filename) : "";
  const headingId = `${block.id}-heading`;
  return (
    <section aria-labelledby={block.title ? headingId : undefined} id={block.id} className="mx-auto max-w-4xl px-4 py-12">
      {block.title ? (
        <h2 id={headingId} className="text-3xl font-bold tracking-tight">
          {block.title}
        </h2>
      ) : null}
      <div className="mt-6">
        {gallery.failed ? (
          <p role="status" className="text-destructive">
            Failed to load videos
          </p>
        ) : latestVideo ? (
          <figure>
            <VideoPlayer
              src={latestVideo.fileUrl}
              label={latestVideo.altText || latestVideo.caption || block.title || "Video"}
              autoPlay
              muted
              preload="metadata"
              poster={pictureSrc || undefined}
            />
            {latestVideo.caption ? <figcaption className="mt-2 whitespace-pre-line text-muted-foreground">{latestVideo.caption}</figcaption> : null}
          </figure>
        ) : latestYoutube ? (
          // A picture staff applied to the Hero section is the poster shown until play is pressed.
          <YouTubeEmbed video={picture?.id === "section-hero" && pictureSrc ? { ...latestYoutube, thumbnailUrl: pictureSrc } : latestYoutube} />
        ) : picture ? (
          // In the first screen on a phone: the page's largest paint, so not lazy.
          <BlockFigure image={picture} lazy={false} inlineSrc={pictureInline} sizes="(min-width: 56rem) 54rem, calc(100vw - 2rem)" />
        ) : null}
      </div>
    </section>
  );
}
