/**
 * The upload rules and messages, shared by the browser (which checks
 * first, as a courtesy) and the server (which decides).
 */
import { LIBRARY_UPLOAD_MAX_BYTES, QUICK_UPLOAD_MAX_BYTES } from "#app/content/site";

export { LIBRARY_UPLOAD_MAX_BYTES, QUICK_UPLOAD_MAX_BYTES };

/** What the browser offers in its file dialogs; the server checks the bytes. */
export const IMAGE_ACCEPT = "image/jpeg,image/png,image/webp,image/avif,image/gif";
export const MEDIA_ACCEPT = `${IMAGE_ACCEPT},video/mp4,video/webm,video/quicktime`;

export interface UploadMessage {
  title: string;
  description: string;
}

export const QUICK_UPLOAD_MESSAGES = {
  tooLarge: { title: "File too large", description: "Please select an image smaller than 10MB." },
  invalidType: { title: "Invalid file type", description: "Please select an image file." },
  missing: { title: "Upload Failed", description: "Please select a file and provide alt text." },
  notSignedIn: { title: "Authentication Required", description: "Please ensure you are logged in and try again." },
  sessionExpired: { title: "Upload failed", description: "Your session has expired. Please log in again." },
  storage: { title: "Upload failed", description: "Storage upload failed. Please check your connection and try again." },
  database: { title: "Upload failed", description: "Database error. Please verify your permissions and try again." },
  other: { title: "Upload failed", description: "There was an error uploading your image." },
  unexpected: { title: "Upload failed", description: "An unexpected error occurred." },
  success: { title: "Image uploaded successfully", description: "" },
  connectionFailed: { title: "Connection failed", description: "Please check your internet connection and try again." },
  connectionRestored: { title: "Connection restored", description: "You can now upload images." },
} as const satisfies Record<string, UploadMessage>;

export const LIBRARY_MESSAGES = {
  noFile: "Please select a file.",
  loadFailed: "Failed to load media files.",
  uploadFailed: "Failed to upload media file.",
  storageFull: "Storage capacity exceeded. Please contact administrator to upgrade storage plan.",
  timedOut: "Upload timed out. Please try again with a smaller file or check your internet connection.",
  updateFailed: "Failed to update media file.",
  deleteFailed: "Failed to delete media file.",
  uploaded: "Media file uploaded successfully!",
  updated: "Media file updated successfully!",
  deleted: "Media file moved to the Bin",
  empty: "No media files uploaded yet. Upload your first file above!",
  notSupported: "This file type is not supported. Upload a JPEG, PNG, WebP, AVIF or GIF image, or an MP4, WebM or QuickTime video.",
} as const;

/** Sizes in messages are in MB with two decimals, e.g. "612.34". */
export function megabytes(bytes: number): string {
  return (bytes / 1024 / 1024).toFixed(2);
}

export function libraryTooLargeMessage(bytes: number): string {
  return `Files must be smaller than 500MB. Current file: ${megabytes(bytes)}MB`;
}

export function libraryUploadFailedMessage(message: string): string {
  return `Upload failed: ${message}`;
}

/** Quick upload prefills alt text with the file's base name plus " image". */
export function quickUploadAltText(fileName: string): string {
  const base = fileName.replace(/\.[^.]+$/, "").trim();
  return `${base || "Uploaded"} image`;
}

/**
 * The library prefills alt text from the first part of the file name plus
 * the page and section; alt text left empty defaults to the file name or
 * 'Media file'.
 */
export function libraryAltText(fileName: string, page?: string | null, section?: string | null): string {
  const first = fileName.split(".")[0]?.trim() ?? "";
  const parts = [first, page && page !== "none" ? page : "", section && section !== "none" ? section : ""].filter(Boolean);
  return parts.join(" ").trim() || "Media file";
}

export function defaultAltText(altText: string | null | undefined, fileName: string): string {
  return altText?.trim() || fileName.trim() || "Media file";
}
