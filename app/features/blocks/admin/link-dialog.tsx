import { useId, useState, type FormEvent } from "react";
import { Button } from "#app/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "#app/components/ui/dialog";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Label } from "#app/components/ui/label";
import { NativeSelect } from "#app/components/ui/native-select";
import { checkLinkAddress } from "./stored-rich-text";

/** The words a link goes on (the selection, as positions in the document) and where it goes now, if anywhere. */
export interface LinkDraft {
  from: number;
  to: number;
  text: string;
  href: string;
}

type Where = "page" | "address";

/**
 * The link picker: the words to show, then either one of the site's pages
 * (found by typing part of its name) or another address. Addresses the site
 * would not show as links (javascript:, data: and the like) are refused here
 * with a reason, not stored and quietly dropped later.
 */
export function LinkDialog({
  draft,
  pages,
  onApply,
  onRemove,
  onClose,
}: {
  draft: LinkDraft;
  pages: { title: string; path: string }[];
  onApply: (text: string, href: string) => void;
  onRemove?: () => void;
  onClose: () => void;
}) {
  const id = useId();
  const onSite = draft.href === "" || draft.href.startsWith("/");
  const [text, setText] = useState(draft.text);
  const [where, setWhere] = useState<Where>(onSite ? "page" : "address");
  const [query, setQuery] = useState("");
  const [path, setPath] = useState(onSite && draft.href ? draft.href : "");
  const [address, setAddress] = useState(onSite ? "" : draft.href);
  const [errors, setErrors] = useState<{ text?: string; page?: string; address?: string }>({});

  const words = query.trim().toLowerCase();
  const found = pages.filter((p) => !words || p.title.toLowerCase().includes(words) || p.path.toLowerCase().includes(words));
  // The chosen page stays listed while a search hides it, so the list never silently changes the choice.
  const chosen = pages.find((p) => p.path === path);
  const listed = chosen && !found.includes(chosen) ? [chosen, ...found] : found;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The dialog sits in a portal but inside the page editor's form in React's tree: keep this submit to itself.
    event.stopPropagation();
    const next: typeof errors = {};
    if (!text.trim()) next.text = "Enter the words to show as the link.";
    let href = "";
    if (where === "page") {
      if (!chosen) next.page = "Choose the page to link to.";
      else href = chosen.path;
    } else {
      const checked = checkLinkAddress(address);
      if ("error" in checked) next.address = checked.error;
      else href = checked.href;
    }
    setErrors(next);
    if (Object.keys(next).length === 0) onApply(text, href);
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? undefined : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{draft.href ? "Edit link" : "Add a link"}</DialogTitle>
          <DialogDescription>Link some words to a page on this site or to another address.</DialogDescription>
        </DialogHeader>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div className="grid gap-2">
            <Label htmlFor={`${id}-text`}>Text to show</Label>
            <Input
              id={`${id}-text`}
              value={text}
              onChange={(e) => setText(e.target.value)}
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={errors.text ? `${id}-text-error` : undefined}
            />
            <FieldError id={`${id}-text-error`} errors={errors.text} />
          </div>
          <fieldset className="grid gap-2">
            <legend className="mb-2 text-sm font-medium">Link to</legend>
            {(
              [
                ["page", "A page on this site"],
                ["address", "Another address"],
              ] as const
            ).map(([value, title]) => (
              <label key={value} className="flex min-h-11 items-center gap-3 text-sm">
                <input type="radio" name={`${id}-where`} value={value} checked={where === value} onChange={() => setWhere(value)} className="size-4 accent-primary" />
                {title}
              </label>
            ))}
          </fieldset>
          {where === "page" ? (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-search`}>Find a page</Label>
              <Input id={`${id}-search`} type="search" value={query} onChange={(e) => setQuery(e.target.value)} aria-describedby={`${id}-count`} />
              <p id={`${id}-count`} className="text-sm text-muted-foreground" aria-live="polite">
                {found.length === 1 ? "1 page matches." : `${found.length} pages match.`}
              </p>
              <Label htmlFor={`${id}-page`}>Page</Label>
              <NativeSelect
                id={`${id}-page`}
                value={path}
                onChange={(e) => setPath(e.target.value)}
                aria-invalid={errors.page ? true : undefined}
                aria-describedby={errors.page ? `${id}-page-error` : undefined}
              >
                <option value="">Choose a page</option>
                {listed.map((p) => (
                  <option key={p.path} value={p.path}>
                    {p.title} ({p.path})
                  </option>
                ))}
              </NativeSelect>
              <FieldError id={`${id}-page-error`} errors={errors.page} />
            </div>
          ) : (
            <div className="grid gap-2">
              <Label htmlFor={`${id}-address`}>Address</Label>
              <Input
                id={`${id}-address`}
                value={address}
                inputMode="url"
                autoComplete="off"
                placeholder="https://"
                onChange={(e) => setAddress(e.target.value)}
                aria-invalid={errors.address ? true : undefined}
                aria-describedby={`${id}-address-hint${errors.address ? ` ${id}-address-error` : ""}`}
              />
              <p id={`${id}-address-hint`} className="text-sm text-muted-foreground">
                A web address (https://…), an e-mail address (mailto:…) or a phone number (tel:…).
              </p>
              <FieldError id={`${id}-address-error`} errors={errors.address} />
            </div>
          )}
          <DialogFooter>
            {onRemove ? (
              <Button type="button" variant="outline" onClick={onRemove} className="sm:mr-auto">
                Remove link
              </Button>
            ) : null}
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit">Apply link</Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
