import { useEffect } from "react";
import { toast as showToast } from "sonner";

export interface ToastData {
  id: string;
  title: string;
  description?: string;
  type?: "success" | "error" | "info";
}

/** Shows a toast the server sent (see toast.server.ts) once, when it arrives. */
export function ToastMessage({ toast }: { toast: ToastData | null | undefined }) {
  useEffect(() => {
    if (!toast) return;
    const show = toast.type === "error" ? showToast.error : toast.type === "info" ? showToast.info : showToast.success;
    // setTimeout: sonner's <Toaster> must be mounted before the first toast.
    const timer = setTimeout(() => show(toast.title, { id: toast.id, description: toast.description }), 0);
    return () => clearTimeout(timer);
  }, [toast]);
  return null;
}

export { Toaster } from "sonner";
