import { useEffect } from "react";
import type { ComponentProps } from "react";
import { useNavigate } from "react-router";
import { Toaster as SonnerToaster, toast as showToast } from "sonner";

export interface ToastData {
  id: string;
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
  /** A page the toast offers to open, e.g. the Bin after a delete. */
  link?: { label: string; href: string };
}

/** Shows a toast the server sent (see toast.server.ts) once, when it arrives. */
export function ToastMessage({ toast }: { toast: ToastData | null | undefined }) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "info" ? showToast.info : showToast.success;
    // setTimeout: sonner's <Toaster> must be mounted before the first toast.
    const link = toast.link;
    const action = link ? { label: link.label, onClick: () => void navigate(link.href) } : undefined;
    const timer = setTimeout(() => show(toast.title, { id: toast.id, description: toast.description, action }), 0);
    return () => clearTimeout(timer);
  }, [toast, navigate]);
  return null;
}

/**
 * Toasts slide in and out but never fade: sonner's own styles fade a toast's
 * opacity in (0.4 s), fade the older toasts' text out of a collapsed stack and
 * fade a toast out as it closes, and a toast caught half-way shows its text at
 * too little contrast (axe found one now and then). Here the opacity changes
 * at once, so a toast is either fully there or not there at all, in both
 * themes; the movement and sonner's swipe (which sets its own transition) are
 * unchanged, and reduced motion still turns the movement off.
 */
const NO_FADE = "[&:not([data-swiping=true])]:[transition-property:transform,height,box-shadow]! *:[transition-property:none]!";

export function Toaster({ toastOptions, ...props }: ComponentProps<typeof SonnerToaster>) {
  return <SonnerToaster {...props} toastOptions={{ ...toastOptions, className: `${NO_FADE} ${toastOptions?.className ?? ""}`.trim() }} />;
}
