import { useEffect, useId, useRef, useState } from "react";
import { AltTextFields, altFieldId, fileKey, missingAltMessage } from "./alt-text-fields";
import { useRevalidator } from "react-router";
import { Loader2, RotateCcw, Upload as UploadIcon, X } from "lucide-react";
import { toast } from "sonner";
import type { DetailedError, Upload as TusUpload } from "tus-js-client";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { Textarea } from "#app/components/ui/textarea";
import {
  LIBRARY_MESSAGES,
  LIBRARY_UPLOAD_MAX_BYTES,
  MEDIA_ACCEPT,
  libraryAltText,
  libraryTooLargeMessage,
  libraryUploadFailedMessage,
} from "#app/features/media/upload-rules";
import { CATEGORY_OPTIONS, PAGE_OPTIONS, SECTION_OPTIONS } from "./media-options";
import { EtaEstimator, UploadProgress } from "./upload-progress";

type ItemStatus = "waiting" | "uploading" | "finishing" | "done" | "failed";

interface QueueItem {
  key: string;
  file: File;
  fields: Fields;
  status: ItemStatus;
  percent: number;
  eta?: number;
  error?: string;
  /** Once every byte is on the server: the upload to finish (finishing again is safe, and needs no bytes sent). */
  uploadId?: string;
}

interface Fields {
  altText: string;
  caption: string;
  page: string;
  section: string;
  category: string;
}

const EMPTY: Fields = { altText: "", caption: "", page: "none", section: "none", category: "general" };
/** Sent in pieces this size; each finished piece is kept by the server, so a drop loses at most one. */
const CHUNK_SIZE = 16 * 1024 * 1024;
/** Waits before each try to finish an upload: at once, then after 1, 3 and 10 seconds. */
const FINISH_RETRY_DELAYS = [0, 1_000, 3_000, 10_000];
const STATUS_TEXT: Record<ItemStatus, string> = {
  waiting: "Waiting",
  uploading: "Uploading...",
  finishing: "Processing…",
  done: "Done",
  failed: "Failed",
};

/** The words for a library upload the server refused: the server's own message for a file too large, the fixed 'Storage capacity exceeded' one for a full storage. */
function refusalMessage(status: number | undefined, serverMessage: string): string {
  if (status === 413) return serverMessage || LIBRARY_MESSAGES.uploadFailed;
  if (status === 507) return LIBRARY_MESSAGES.storageFull;
  return serverMessage ? libraryUploadFailedMessage(serverMessage) : LIBRARY_MESSAGES.uploadFailed;
}

/** The words for a failed library upload: the timed-out message for a timeout, otherwise those for the server's refusal. */
function failureMessage(error: unknown): string {
  const detailed = error as Partial<DetailedError> & Error;
  const res = detailed.originalResponse;
  const status = res?.getStatus();
  const body = res?.getBody() ?? "";
  let serverMessage = "";
  try {
    serverMessage = (JSON.parse(body) as { message?: string }).message ?? "";
  } catch {
    serverMessage = body.trim();
  }
  if (status === 408 || status === 504 || /timed? ?out/i.test(detailed.message ?? "")) return LIBRARY_MESSAGES.timedOut;
  return refusalMessage(status, serverMessage);
}

/**
 * The media library's upload form: several files at once, each sent with
 * the tus protocol so a dropped connection or a server restart resumes
 * where it stopped (also after a page reload: choose the same file again).
 */
export function MediaUploadForm() {
  const id = useId();
  const revalidator = useRevalidator();
  const fileInput = useRef<HTMLInputElement>(null);
  const [files, setFiles] = useState<File[]>([]);
  const [fields, setFields] = useState<Fields>(EMPTY);
  const [altTouched, setAltTouched] = useState(false);
  // Each chosen file's own alt text once typed, by fileKey: choosing again, or more files, never loses it.
  const [typedAlts, setTypedAlts] = useState<Record<string, string>>({});
  const [altErrors, setAltErrors] = useState<Record<string, string>>({});
  const [queue, setQueue] = useState<QueueItem[]>([]);
  const active = useRef<TusUpload | null>(null);
  const busy = queue.some((q) => q.status === "waiting" || q.status === "uploading" || q.status === "finishing");

  const update = (key: string, patch: Partial<QueueItem>) => setQueue((q) => q.map((item) => (item.key === key ? { ...item, ...patch } : item)));

  /** A file's alt text: what was typed for it, else what was typed before any file was chosen, else its name with the page and section. */
  const altFor = (file: File): string =>
    typedAlts[fileKey(file)] ?? (altTouched ? fields.altText : libraryAltText(file.name, fields.page === "none" ? "" : fields.page, fields.section === "none" ? "" : fields.section));
  const typeAlt = (file: File, text: string) => {
    setTypedAlts((typed) => ({ ...typed, [fileKey(file)]: text }));
    setAltErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([key]) => key !== fileKey(file))));
  };

  function choose(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = [...(event.target.files ?? [])];
    const accepted: File[] = [];
    for (const file of chosen) {
      if (file.size > LIBRARY_UPLOAD_MAX_BYTES) toast.error(libraryTooLargeMessage(file.size));
      else if (!/^(image|video)\//.test(file.type)) toast.error(libraryUploadFailedMessage(LIBRARY_MESSAGES.notSupported));
      else accepted.push(file);
    }
    setFiles(accepted);
    setAltErrors({});
    if (accepted.length === 0 && fileInput.current) fileInput.current.value = "";
  }

  function submit(event: React.FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (files.length === 0) {
      toast.error(LIBRARY_MESSAGES.noFile);
      return;
    }
    // Every file needs words for people who cannot see it: one without is refused, and nothing is sent until each has some.
    const missing = Object.fromEntries(files.filter((file) => !altFor(file).trim()).map((file) => [fileKey(file), missingAltMessage(file.name, files.length)]));
    setAltErrors(missing);
    if (Object.keys(missing).length > 0) {
      document.getElementById(altFieldId(id, files.findIndex((file) => missing[fileKey(file)]), files.length))?.focus();
      return;
    }
    const items = files.map((file, i) => ({
      key: `${Date.now()}-${i}-${file.name}`,
      file,
      fields: { ...fields, altText: altFor(file).trim() },
      status: "waiting" as const,
      percent: 0,
    }));
    setQueue((q) => [...q.filter((item) => item.status !== "done"), ...items]);
    setFiles([]);
    setFields(EMPTY);
    setAltTouched(false);
    setTypedAlts({});
    if (fileInput.current) fileInput.current.value = "";
  }

  // Works through the queue one file at a time.
  const next = queue.find((q) => q.status === "waiting");
  const running = queue.some((q) => q.status === "uploading" || q.status === "finishing");
  useEffect(() => {
    if (!next || running) return;
    void send(next);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [next?.key, running]);

  async function send(item: QueueItem) {
    update(item.key, { status: "uploading" });
    const { Upload } = await import("tus-js-client");
    const eta = new EtaEstimator();
    const upload = new Upload(item.file, {
      endpoint: "/api/uploads",
      chunkSize: CHUNK_SIZE,
      retryDelays: [0, 1000, 3000, 5000, 10000, 20000, 30000, 60000],
      removeFingerprintOnSuccess: true,
      metadata: { filename: item.file.name, filetype: item.file.type },
      onProgress(sent, total) {
        update(item.key, { percent: (sent / total) * 100, eta: eta.update(sent, total) });
      },
      onError(error) {
        active.current = null;
        const message = failureMessage(error);
        update(item.key, { status: "failed", error: message });
        toast.error(message);
      },
      onSuccess() {
        active.current = null;
        const uploadId = upload.url!.split("/").pop()!;
        update(item.key, { status: "finishing", percent: 100, eta: undefined, uploadId });
        void complete(item, uploadId);
      },
    });
    active.current = upload;
    const previous = await upload.findPreviousUploads().catch(() => []);
    if (previous[0]) upload.resumeFromPreviousUpload(previous[0]);
    upload.start();
  }

  /**
   * Files the uploaded bytes in the library. The server keeps them until this
   * succeeds and answers a repeat with the file it already made, so a lost
   * answer or a server error is tried again (after 1, 3 and 10 seconds), and
   * then offered as "Try again", instead of sending every byte once more.
   */
  async function complete(item: QueueItem, uploadId: string) {
    const form = new FormData();
    form.set("uploadId", uploadId);
    for (const [k, v] of Object.entries(item.fields)) form.set(k, v);
    for (const delay of FINISH_RETRY_DELAYS) {
      if (delay) await new Promise((resolve) => setTimeout(resolve, delay));
      let res: Response;
      try {
        res = await fetch("/api/media/complete", { method: "POST", body: form, headers: { Accept: "application/json" } });
      } catch {
        continue;
      }
      if (res.status >= 500 && res.status !== 507) continue;
      const body = (await res.json().catch(() => null)) as { ok: boolean; message?: string } | null;
      if (!res.ok || !body?.ok) {
        const message = refusalMessage(res.status, body?.message ?? "");
        // Refused for what the file is (4xx): finishing again would be refused again. A full storage (507) may have room later.
        update(item.key, { status: "failed", error: message, uploadId: res.status === 507 ? uploadId : undefined });
        toast.error(message);
        return;
      }
      update(item.key, { status: "done", error: undefined });
      toast.success(LIBRARY_MESSAGES.uploaded);
      void revalidator.revalidate();
      return;
    }
    update(item.key, { status: "failed", error: LIBRARY_MESSAGES.uploadFailed });
    toast.error(LIBRARY_MESSAGES.uploadFailed);
  }

  function finishAgain(item: QueueItem) {
    if (!item.uploadId) return;
    update(item.key, { status: "finishing", error: undefined });
    void complete(item, item.uploadId);
  }

  function cancel(item: QueueItem) {
    if (item.status === "uploading" && active.current) {
      void active.current.abort(true);
      active.current = null;
    }
    setQueue((q) => q.filter((x) => x.key !== item.key));
  }

  const set = (name: keyof Fields) => (e: React.ChangeEvent<HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement>) =>
    setFields((f) => ({ ...f, [name]: e.target.value }));

  return (
    <div className="grid gap-6">
      <form onSubmit={submit} className="grid gap-4" noValidate>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>File</Label>
          <Input
            ref={fileInput}
            id={`${id}-file`}
            type="file"
            multiple
            accept={MEDIA_ACCEPT}
            onChange={choose}
            className="py-2"
            aria-describedby={`${id}-file-hint`}
          />
          <p id={`${id}-file-hint`} className="text-sm text-muted-foreground">
            Images (JPEG, PNG, WebP, AVIF, GIF) or videos (MP4, WebM, QuickTime), up to 500MB each. Big uploads carry on after a dropped connection.
          </p>
        </div>
        <AltTextFields
          id={id}
          files={files}
          value={fields.altText}
          altFor={altFor}
          errors={altErrors}
          onType={(file, text) => {
            if (file) typeAlt(file, text);
            else {
              setAltTouched(true);
              setFields((f) => ({ ...f, altText: text }));
            }
          }}
        />
        <div className="grid gap-2">
          <Label htmlFor={`${id}-caption`}>Caption</Label>
          <Textarea id={`${id}-caption`} value={fields.caption} onChange={set("caption")} rows={2} maxLength={2000} />
        </div>
        {files.length > 1 ? <p className="text-sm text-muted-foreground">The caption, page, section and category below apply to each of the {files.length} files.</p> : null}
        <div className="grid gap-4 sm:grid-cols-3">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-page`}>Page</Label>
            <NativeSelect id={`${id}-page`} value={fields.page} onChange={set("page")}>
              <option value="none">None</option>
              {PAGE_OPTIONS.map((p) => (
                <option key={p.value} value={p.value}>
                  {p.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-section`}>Section</Label>
            <NativeSelect id={`${id}-section`} value={fields.section} onChange={set("section")}>
              <option value="none">None</option>
              {SECTION_OPTIONS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label}
                </option>
              ))}
            </NativeSelect>
          </div>
          <div className="grid gap-2">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <NativeSelect id={`${id}-category`} value={fields.category} onChange={set("category")}>
              {CATEGORY_OPTIONS.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div>
          <Button type="submit">
            {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : <UploadIcon aria-hidden="true" />}
            {busy ? "Uploading..." : files.length > 1 ? `Upload ${files.length} files` : "Upload File"}
          </Button>
        </div>
      </form>
      {queue.length > 0 ? (
        <section aria-label="Uploads" className="grid gap-3">
          <ul className="grid gap-3">
            {queue.map((item) => (
              <li key={item.key} className="flex items-start gap-3 rounded-md border border-border p-3">
                <div className="min-w-0 flex-1">
                  <UploadProgress
                    label={item.file.name}
                    percent={item.percent}
                    etaSeconds={item.status === "uploading" ? item.eta : undefined}
                    status={STATUS_TEXT[item.status]}
                  />
                  {item.error ? (
                    <p role="alert" className="mt-1 text-sm text-destructive">
                      {item.error}
                    </p>
                  ) : null}
                </div>
                {item.status === "failed" && item.uploadId ? (
                  <Button variant="outline" size="sm" onClick={() => finishAgain(item)} aria-label={`Try finishing ${item.file.name} again`}>
                    <RotateCcw aria-hidden="true" /> Try again
                  </Button>
                ) : null}
                {item.status === "uploading" || item.status === "waiting" || item.status === "failed" ? (
                  <Button variant="ghost" size="icon" onClick={() => cancel(item)} aria-label={`Remove ${item.file.name} from the uploads`}>
                    <X aria-hidden="true" />
                  </Button>
                ) : null}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
