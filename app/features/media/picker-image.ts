/**
 * One image the picker offers: an upload from the library or one of the
 * site's own pictures. The server lists them (image-picker.server.ts) and
 * the picker shows them (admin/image-picker.tsx), so the shape lives here.
 */
export interface PickerImage {
  id: string;
  /** The image's public URL. */
  filename: string;
  alt: string;
  description?: string;
  category: string;
  width?: number;
  height?: number;
  source: "upload" | "built-in";
}
