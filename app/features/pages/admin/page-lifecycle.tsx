import { useId, useState } from "react";
import { Form, useNavigation } from "react-router";
import { Copy, EyeOff, Eye, FilePlus2, Loader2, MoveRight } from "lucide-react";
import { Button } from "#app/components/ui/button";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { ConfirmDeleteButton } from "#app/features/admin/record-fields";
import type { LifecycleActionData } from "#app/features/pages/editor-values";
import { slugWords } from "#app/web/slug";

/**
 * The Pages tab's controls for pages themselves: New page on the landing
 * screen, and beside an open page its address, its place in the menu, a
 * copy and the Bin. Each is a small form of its own, so none sends the
 * editor's unsaved words.
 */

export interface ParentOption {
  id: string;
  title: string;
  path: string;
}

const fieldProps = (id: string, errors?: string[]) => ({
  "aria-invalid": errors?.length ? true : undefined,
  "aria-describedby": errors?.length ? `${id}-error` : undefined,
});

/** New page: a title, the page it goes under and its address, suggested from the title until staff type their own. */
export function NewPageForm({ parents, refused }: { parents: ParentOption[]; refused?: LifecycleActionData["lifecycle"] }) {
  const id = useId();
  const again = refused?.form === "create" ? refused : undefined;
  const [open, setOpen] = useState(Boolean(again));
  const [title, setTitle] = useState(again?.values.title ?? "");
  const [parentId, setParentId] = useState(again?.values.parentId ?? "");
  const [slug, setSlug] = useState(again?.values.slug ?? "");
  const [slugTyped, setSlugTyped] = useState(Boolean(again?.values.slug));
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === "create-page";
  const errors = again?.errors ?? {};
  const shownSlug = slugTyped ? slug : slugWords(title, 60);
  const parentPath = parents.find((p) => p.id === parentId)?.path ?? "";
  const address = `${parentPath === "/" ? "" : parentPath}/${shownSlug || "…"}`;

  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={`${id}-heading`} className="sr-only">
          New page
        </h3>
        <Button type="button" variant={open ? "outline" : "default"} aria-expanded={open} aria-controls={`${id}-form`} onClick={() => setOpen((o) => !o)}>
          <FilePlus2 aria-hidden="true" />
          New page
        </Button>
      </div>
      {open ? (
        <Form method="post" id={`${id}-form`} aria-label="New page" className="grid gap-4 rounded-md border border-border p-4">
          <input type="hidden" name="intent" value="create-page" />
          <p className="text-sm text-muted-foreground">The new page starts as a draft: nobody sees it until you publish it. Add it to the menu from Navigation.</p>
          <div className="grid gap-2 sm:max-w-md">
            <Label htmlFor={`${id}-title`}>Title</Label>
            <Input id={`${id}-title`} name="title" required maxLength={120} value={title} onChange={(e) => setTitle(e.target.value)} {...fieldProps(`${id}-title`, errors.title)} />
            <FieldError id={`${id}-title-error`} errors={errors.title} />
          </div>
          <div className="grid gap-2 sm:max-w-md">
            <Label htmlFor={`${id}-parent`}>Goes under</Label>
            <NativeSelect id={`${id}-parent`} name="parentId" value={parentId} onChange={(e) => setParentId(e.target.value)} {...fieldProps(`${id}-parent`, errors.parentId)}>
              <option value="">No page: the top level</option>
              {parents
                .filter((p) => p.path !== "/")
                .map((p) => (
                  <option key={p.id} value={p.id}>{`${p.title} (${p.path})`}</option>
                ))}
            </NativeSelect>
            <FieldError id={`${id}-parent-error`} errors={errors.parentId} />
          </div>
          <div className="grid gap-2 sm:max-w-md">
            <Label htmlFor={`${id}-slug`}>Address</Label>
            <Input
              id={`${id}-slug`}
              name="slug"
              value={shownSlug}
              maxLength={60}
              onChange={(e) => {
                setSlugTyped(true);
                setSlug(e.target.value);
              }}
              aria-describedby={[`${id}-slug-hint`, errors.slug?.length ? `${id}-slug-error` : ""].filter(Boolean).join(" ")}
              aria-invalid={errors.slug?.length ? true : undefined}
            />
            <p id={`${id}-slug-hint`} className="text-sm text-muted-foreground">
              Lower-case letters, digits and hyphens. The page will be at <span className="font-mono">{address}</span>
            </p>
            <FieldError id={`${id}-slug-error`} errors={errors.slug} />
          </div>
          <div>
            <Button type="submit" disabled={busy}>
              {busy ? <Loader2 className="animate-spin" aria-hidden="true" /> : null}
              Create page
            </Button>
          </div>
        </Form>
      ) : null}
    </section>
  );
}

export interface PageSettingsProps {
  page: { id: string; title: string; path: string };
  lifecycle: { ownsAddress: boolean; menuHidden: boolean; builtIn: boolean };
  version: number;
  dirty: boolean;
  refused?: LifecycleActionData["lifecycle"];
}

/** The open page's address, its place in the menu, Duplicate and Delete page. */
export function PageSettings({ page, lifecycle, version, dirty, refused }: PageSettingsProps) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" ? String(navigation.formData?.get("intent") ?? "") : null;
  const moveErrors = refused?.form === "move" ? refused.errors.path : undefined;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="pageId" value={page.id} />
      <input type="hidden" name="baseRevision" value={version} />
    </>
  );
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-4 rounded-md border border-border p-4">
      <h4 id={`${id}-heading`} className="text-base font-semibold">
        Page settings
      </h4>
      {dirty ? <p className="text-sm font-medium">Save your changes first: these act on the page as it was saved.</p> : null}
      {lifecycle.ownsAddress ? (
        <p className="text-sm text-muted-foreground">
          This page holds one of the site&rsquo;s forms or lists, so its address ({page.path}) stays and it cannot be copied or deleted.
        </p>
      ) : (
        <Form method="post" className="flex flex-wrap items-end gap-2">
          {hidden("move-page")}
          <div className="grid min-w-0 flex-1 gap-1 sm:max-w-md">
            <Label htmlFor={`${id}-path`}>Address</Label>
            <Input
              id={`${id}-path`}
              name="path"
              defaultValue={refused?.form === "move" ? refused.values.path : page.path}
              required
              maxLength={200}
              className="font-mono"
              aria-describedby={[`${id}-path-hint`, moveErrors?.length ? `${id}-path-error` : ""].filter(Boolean).join(" ")}
              aria-invalid={moveErrors?.length ? true : undefined}
            />
          </div>
          <Button type="submit" variant="outline" disabled={dirty || busy !== null}>
            {busy === "move-page" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <MoveRight aria-hidden="true" />}
            Change address
          </Button>
          <p id={`${id}-path-hint`} className="basis-full text-sm text-muted-foreground">
            The old address keeps working: it sends visitors and search engines to the new one. Pages under this one move with it.
          </p>
          <FieldError id={`${id}-path-error`} errors={moveErrors} className="basis-full" />
        </Form>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <p className="text-sm">{lifecycle.menuHidden ? "Hidden from the header menu and footer links." : "Shown wherever the header menu or footer links list it."}</p>
        <Form method="post">
          {hidden("menu-visibility")}
          <input type="hidden" name="hidden" value={lifecycle.menuHidden ? "0" : "1"} />
          <Button type="submit" variant="outline" size="sm" disabled={busy !== null}>
            {lifecycle.menuHidden ? <Eye aria-hidden="true" /> : <EyeOff aria-hidden="true" />}
            {lifecycle.menuHidden ? "Show in the menu" : "Hide from the menu"}
          </Button>
        </Form>
      </div>
      {lifecycle.ownsAddress ? null : (
        <div className="flex flex-wrap gap-2">
          <Form method="post">
            {hidden("duplicate-page")}
            <Button type="submit" variant="outline" size="sm" disabled={dirty || busy !== null}>
              {busy === "duplicate-page" ? <Loader2 className="animate-spin" aria-hidden="true" /> : <Copy aria-hidden="true" />}
              Duplicate page
            </Button>
          </Form>
          <ConfirmDeleteButton
            id={page.id}
            intent="delete-page"
            extra={{ pageId: page.id }}
            verb="Delete page"
            what={`“${page.title}”`}
            consequence={`It leaves the site, the menu and the sitemap now, and stays in the Bin for 30 days: restore it from there if this was a mistake.`}
          />
        </div>
      )}
    </section>
  );
}
