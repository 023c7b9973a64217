import { redirect } from "react-router";
import { z } from "zod";
import { env } from "#app/platform/env.server";

/**
 * One-shot messages carried across a redirect ("Logged Out", "Media file
 * uploaded successfully!"): a short-lived httpOnly cookie that the next page
 * reads and clears. It holds display text only, so it is not signed; React
 * renders it as text.
 */
const COOKIE = "toast";
const MAX_AGE_SECONDS = 60;

const toastSchema = z.object({
  id: z.string().max(64),
  title: z.string().max(200),
  description: z.string().max(1000).optional(),
  type: z.enum(["success", "error", "info"]).default("success"),
  /** A link the toast offers, e.g. to the admin's Bin after a delete; only a path on this site. */
  link: z.object({ label: z.string().max(100), href: z.string().max(200).regex(/^\/(?!\/)/) }).optional(),
});

export type Toast = z.infer<typeof toastSchema>;
export interface ToastInput {
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
  link?: { label: string; href: string };
}

function cookieHeader(value: string, maxAge: number, secure: boolean): string {
  return `${COOKIE}=${value}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Lax${secure ? "; Secure" : ""}`;
}

function isSecure(): boolean {
  return env().PUBLIC_URL.startsWith("https://");
}

/** The Set-Cookie header that shows `toast` on the next page. */
export function toastCookie(toast: ToastInput): string {
  const full: Toast = { id: crypto.randomUUID(), type: "success", ...toast };
  return cookieHeader(Buffer.from(JSON.stringify(full)).toString("base64url"), MAX_AGE_SECONDS, isSecure());
}

export function redirectWithToast(url: string, toast: ToastInput, init?: ResponseInit): Response {
  const headers = new Headers(init?.headers);
  headers.append("Set-Cookie", toastCookie(toast));
  return redirect(url, { ...init, headers });
}

/** The pending toast, if any, and the header that clears it once shown. */
export function getToast(request: Request): { toast: Toast | null; headers: Headers } {
  const headers = new Headers();
  const raw = request.headers
    .get("Cookie")
    ?.split(/;\s*/)
    .find((part) => part.startsWith(`${COOKIE}=`))
    ?.slice(COOKIE.length + 1);
  if (!raw) return { toast: null, headers };
  headers.append("Set-Cookie", cookieHeader("", 0, isSecure()));
  try {
    const parsed = toastSchema.safeParse(JSON.parse(Buffer.from(raw, "base64url").toString("utf8")));
    return { toast: parsed.success ? parsed.data : null, headers };
  } catch {
    return { toast: null, headers };
  }
}
