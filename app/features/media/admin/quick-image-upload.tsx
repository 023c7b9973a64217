import { useCallback, useEffect, useId, useRef, useState } from "react";
import { CheckCircle2, Loader2, RefreshCw, Upload, Wifi, WifiOff } from "lucide-react";
import { toast } from "sonner";
import { Button } from "#app/components/ui/button";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { MEDIA_SECTIONS, RECENT_UPLOADS_LIMIT, UPLOADER_CATEGORIES } from "#app/content/site";
import { IMAGE_ACCEPT, QUICK_UPLOAD_MAX_BYTES, QUICK_UPLOAD_MESSAGES, quickUploadAltText } from "#app/features/media/upload-rules";
import { cn } from "#app/components/ui/utils";

/** What the server answers about a stored upload (a MediaFile, as JSON). */
export interface UploadedImage {
  id: string;
  filename: string;
  fileUrl: string;
  altText: string;
  category: string;
  sectionAssignment: string | null;
  width: number | null;
  height: number | null;
  createdAt: string;
}

type Connection = "checking" | "connected" | "error";

interface ServerError {
  ok: false;
  title?: string;
  message?: string;
  code?: string;
}

/** Picks the message for a failed quick upload: an ended session asks the person to log in again; otherwise the message for the server's reason code, or failing that the server's own message. */
export function quickUploadFailure(status: number, body: ServerError | null): { title: string; description: string } {
  const m = QUICK_UPLOAD_MESSAGES;
  if (status === 401 || /authentication/i.test(body?.message ?? "")) return m.sessionExpired;
  switch (body?.code) {
    case "too-large":
      return m.tooLarge;
    case "invalid-type":
      return m.invalidType;
    case "missing":
      return m.missing;
    case "storage":
      return m.storage;
    case "database":
      return m.database;
  }
  if (status === 413) return m.tooLarge;
  return { title: m.other.title, description: body?.message || m.other.description };
}

/**
 * The quick image uploader: a connection indicator
 * with Retry, an image file, alt text prefilled from the file name, section
 * and category, and the last five uploads. Reused by the Pages and Page
 * Images tabs, which fix the section or category and react to onUploaded.
 */
export function QuickImageUpload({
  heading = "Quick image upload",
  section: fixedSection,
  category: initialCategory = "general",
  sections = MEDIA_SECTIONS,
  purpose = "quick",
  onUploaded,
  embedded = false,
  className,
}: {
  heading?: string;
  /** Given: uploads go to this section and the section is not asked for. */
  section?: string;
  category?: string;
  sections?: readonly { value: string; label: string }[];
  /** "page-image" names files {section}/{section}-{timestamp}-…, where a quick upload's are {section}/{timestamp}-…. */
  purpose?: "quick" | "page-image";
  onUploaded?: (image: UploadedImage) => void;
  /**
   * Inside another form (the event form): no <form> of its own, since forms
   * cannot nest; the button uploads, and Enter in its fields does not submit
   * the outer form.
   */
  embedded?: boolean;
  className?: string;
}) {
  const id = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [connection, setConnection] = useState<Connection>("checking");
  const [signedIn, setSignedIn] = useState(true);
  const [file, setFile] = useState<File | null>(null);
  const [altText, setAltText] = useState("");
  const [section, setSection] = useState(fixedSection ?? sections[0]?.value ?? "hero");
  const [category, setCategory] = useState(initialCategory);
  const [uploading, setUploading] = useState(false);
  const [justUploaded, setJustUploaded] = useState(false);
  const [recent, setRecent] = useState<UploadedImage[]>([]);

  const check = useCallback(async (announce: boolean) => {
    setConnection("checking");
    let ok = false;
    try {
      const res = await fetch("/api/media/status", { headers: { Accept: "application/json" } });
      const body = (await res.json().catch(() => ({}))) as { connected?: boolean; signedIn?: boolean };
      setSignedIn(body.signedIn !== false);
      ok = res.ok && body.connected === true;
    } catch {
      ok = false;
    }
    setConnection(ok ? "connected" : "error");
    if (announce) {
      const m = ok ? QUICK_UPLOAD_MESSAGES.connectionRestored : QUICK_UPLOAD_MESSAGES.connectionFailed;
      (ok ? toast.success : toast.error)(m.title, { description: m.description });
    }
  }, []);

  useEffect(() => {
    void check(false);
  }, [check]);

  function clearFile() {
    setFile(null);
    if (fileInput.current) fileInput.current.value = "";
  }

  function chooseFile(event: React.ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    setJustUploaded(false);
    if (!chosen) {
      setFile(null);
      return;
    }
    // A courtesy check: the server decides from the file's content.
    if (!chosen.type.startsWith("image/")) {
      toast.error(QUICK_UPLOAD_MESSAGES.invalidType.title, { description: QUICK_UPLOAD_MESSAGES.invalidType.description });
      clearFile();
      return;
    }
    if (chosen.size > QUICK_UPLOAD_MAX_BYTES) {
      toast.error(QUICK_UPLOAD_MESSAGES.tooLarge.title, { description: QUICK_UPLOAD_MESSAGES.tooLarge.description });
      clearFile();
      return;
    }
    setFile(chosen);
    setAltText(quickUploadAltText(chosen.name));
  }

  async function upload(event?: React.SyntheticEvent) {
    event?.preventDefault();
    if (!file || !altText.trim()) {
      toast.error(QUICK_UPLOAD_MESSAGES.missing.title, { description: QUICK_UPLOAD_MESSAGES.missing.description });
      return;
    }
    if (!signedIn) {
      toast.error(QUICK_UPLOAD_MESSAGES.notSignedIn.title, { description: QUICK_UPLOAD_MESSAGES.notSignedIn.description });
      return;
    }
    const form = new FormData();
    form.set("altText", altText.trim());
    form.set("section", section);
    form.set("category", category);
    form.set("purpose", purpose);
    form.set("file", file);
    setUploading(true);
    setJustUploaded(false);
    try {
      const res = await fetch("/api/media/quick-upload", { method: "POST", body: form, headers: { Accept: "application/json" } });
      const body = (await res.json().catch(() => null)) as ({ ok: true; file: UploadedImage } | ServerError) | null;
      if (!res.ok || !body || !body.ok) {
        if (res.status === 401) setSignedIn(false);
        const failure = quickUploadFailure(res.status, body && !body.ok ? body : null);
        toast.error(failure.title, { description: failure.description });
        return;
      }
      toast.success(QUICK_UPLOAD_MESSAGES.success.title);
      setRecent((list) => [body.file, ...list].slice(0, RECENT_UPLOADS_LIMIT));
      setJustUploaded(true);
      clearFile();
      setAltText("");
      onUploaded?.(body.file);
    } catch {
      toast.error(QUICK_UPLOAD_MESSAGES.storage.title, { description: QUICK_UPLOAD_MESSAGES.storage.description });
    } finally {
      setUploading(false);
    }
  }

  const disabled = uploading || !altText.trim() || !file || !signedIn || connection !== "connected";
  const headingId = `${id}-heading`;

  return (
    <section aria-labelledby={headingId} className={cn("grid gap-4", className)}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={headingId} className="text-lg font-semibold">
          {heading}
        </h3>
        <p role="status" className="flex items-center gap-2 text-sm">
          {connection === "checking" ? (
            <>
              <Loader2 className="size-4 animate-spin" aria-hidden="true" /> Checking connection…
            </>
          ) : connection === "connected" ? (
            <>
              <Wifi className="size-4 text-success" aria-hidden="true" /> Connected
            </>
          ) : (
            <>
              <WifiOff className="size-4 text-destructive" aria-hidden="true" /> {signedIn ? "Connection error" : "Not signed in"}
            </>
          )}
          {connection === "error" ? (
            <Button variant="outline" size="sm" onClick={() => void check(true)}>
              <RefreshCw aria-hidden="true" /> Retry
            </Button>
          ) : null}
        </p>
      </div>
      <FormOrGroup
        embedded={embedded}
        onSubmit={upload}
        onKeyDown={(event: React.KeyboardEvent) => {
          if (embedded && event.key === "Enter" && event.target instanceof HTMLInputElement && event.target.type !== "file") {
            event.preventDefault();
            void upload();
          }
        }}
        className="grid gap-4"
        aria-describedby={`${id}-rules`}
      >
        <p id={`${id}-rules`} className="text-sm text-muted-foreground">
          JPEG, PNG, WebP, AVIF or GIF, up to 10MB. Location and camera details are removed from every photo.
        </p>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-file`}>Image file</Label>
          <Input ref={fileInput} id={`${id}-file`} type="file" accept={IMAGE_ACCEPT} onChange={chooseFile} disabled={uploading} className="py-2" />
        </div>
        <div className="grid gap-2">
          <Label htmlFor={`${id}-alt`}>Alt text</Label>
          <Input
            id={`${id}-alt`}
            value={altText}
            onChange={(e) => setAltText(e.target.value)}
            disabled={uploading}
            maxLength={500}
            aria-describedby={`${id}-alt-hint`}
          />
          <p id={`${id}-alt-hint`} className="text-sm text-muted-foreground">
            Describe what the image shows for people who cannot see it.
          </p>
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {fixedSection ? null : (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-section`}>Section</Label>
              <NativeSelect id={`${id}-section`} value={section} onChange={(e) => setSection(e.target.value)} disabled={uploading}>
                {sections.map((s) => (
                  <option key={s.value} value={s.value}>
                    {s.label}
                  </option>
                ))}
              </NativeSelect>
            </div>
          )}
          <div className="grid gap-2">
            <Label htmlFor={`${id}-category`}>Category</Label>
            <NativeSelect id={`${id}-category`} value={category} onChange={(e) => setCategory(e.target.value)} disabled={uploading}>
              {UPLOADER_CATEGORIES.map((c) => (
                <option key={c.value} value={c.value}>
                  {c.label}
                </option>
              ))}
            </NativeSelect>
          </div>
        </div>
        <div className="flex flex-wrap items-center gap-3">
          <Button type={embedded ? "button" : "submit"} onClick={embedded ? () => void upload() : undefined} disabled={disabled}>
            {uploading ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Upload aria-hidden="true" />}
            {uploading ? "Uploading..." : "Upload Image"}
          </Button>
          {justUploaded ? (
            <span className="flex items-center gap-1 text-sm font-medium text-success">
              <CheckCircle2 className="size-4" aria-hidden="true" /> Uploaded
            </span>
          ) : null}
        </div>
      </FormOrGroup>
      {recent.length > 0 ? (
        <div className="grid gap-2">
          <h4 className="text-sm font-semibold">Recent uploads</h4>
          <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
            {recent.map((image) => (
              <li key={image.id} className="grid gap-1 text-xs">
                <img
                  src={image.fileUrl}
                  alt={image.altText}
                  width={image.width ?? undefined}
                  height={image.height ?? undefined}
                  loading="lazy"
                  className="aspect-square w-full rounded-md border border-border object-cover"
                />
                <span className="truncate" title={image.altText}>
                  {image.altText}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}

/** A <form> normally; a labelled group when embedded in another form. */
function FormOrGroup({
  embedded,
  onSubmit,
  children,
  ...props
}: { embedded: boolean; onSubmit: (event: React.FormEvent<HTMLFormElement>) => void } & Omit<React.HTMLAttributes<HTMLElement>, "onSubmit">) {
  if (embedded) {
    return (
      <div role="group" {...props}>
        {children}
      </div>
    );
  }
  return (
    <form onSubmit={onSubmit} {...props}>
      {children}
    </form>
  );
}
