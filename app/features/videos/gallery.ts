/**
 * What a page's video gallery shows, as the server reads it and the public
 * page renders it: kept apart from both so neither imports the other.
 */

/** A YouTube video as a page embeds it. */
export interface EmbeddableVideo {
  videoId: string;
  title: string;
  description?: string;
  /** Our own copy of the thumbnail, if one was saved; never a YouTube address. */
  thumbnailUrl?: string | null;
}

/** What a gallery needs of a video: never the whole row. */
export interface GalleryVideo {
  id: string;
  fileUrl: string;
  caption: string | null;
  altText: string;
}

export interface Gallery {
  videos: GalleryVideo[];
  /** YouTube videos staff linked to the page, in their order; shown after uploaded ones. */
  youtube?: (EmbeddableVideo & { id: string })[];
  /** The read failed: the page shows 'Failed to load videos'. */
  failed: boolean;
}
