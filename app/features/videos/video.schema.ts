import { z } from "zod";
import { BUILT_IN_PAGES } from "#app/content/pages";
import { parseYouTubeId, YOUTUBE_URL_MESSAGE } from "./youtube";
import { multilineString } from "#app/web/multiline";

/** The page-assignment names that key each page's video gallery, in site order, with the page they belong to. */
export const VIDEO_PAGES: readonly { value: string; label: string }[] = BUILT_IN_PAGES.flatMap((p) =>
  p.videoAssignment ? [{ value: p.videoAssignment, label: `${p.title} (${p.path})` }] : [],
);

const pageNames = VIDEO_PAGES.map((p) => p.value);

/** The YouTube form: URL and title are required, the description is optional. */
export const youtubeSchema = z.object({
  url: z
    .string({ error: "YouTube URL is required" })
    .trim()
    .min(1, { error: "YouTube URL is required" })
    .transform((v, ctx) => {
      const id = parseYouTubeId(v);
      if (!id) {
        ctx.addIssue({ code: "custom", message: YOUTUBE_URL_MESSAGE });
        return z.NEVER;
      }
      return id;
    }),
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, { error: "Title is required" })
    .max(160, { error: "Title must be at most 160 characters" }),
  description: multilineString()
    .trim()
    .max(2000, { error: "Description must be at most 2000 characters" })
    .optional()
    .transform((v) => v ?? ""),
  page: z
    .string({ error: "Page is required: choose the page the video belongs to" })
    .refine((v) => pageNames.includes(v), { error: "Page is required: choose the page the video belongs to" }),
});

export type YoutubeInput = z.output<typeof youtubeSchema>;
