import { data } from "react-router";
import type { CurrentSession } from "#app/features/accounts/auth.server";
import { refuseAdminRequest, refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { binnedToast } from "#app/features/bin/bin-mark.server";
import { getDatabase } from "#app/platform/db/db.server";
import { formatDateTime } from "#app/web/dates";
import { redirectWithToast } from "#app/web/toast.server";
import type { LifecycleActionData } from "./editor-values";
import { findEditablePage } from "./editable-page.server";
import { createPage, deletePage, duplicatePage } from "./page-lifecycle.server";
import { movePage } from "./page-paths.server";
import { setPageMenuHidden } from "./page-records.server";

/**
 * The Pages tab's actions on pages themselves (not their words): New page,
 * Duplicate, Delete page (into the Bin), Change address and the menu
 * switch. Each refusal says why and changes nothing.
 */

export const LIFECYCLE_INTENTS: ReadonlySet<string> = new Set(["create-page", "duplicate-page", "delete-page", "move-page", "menu-visibility"]);

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const opened = (id: string) => `/admin?page=${encodeURIComponent(id)}`;

export async function pageLifecycleAction(form: FormData, current: CurrentSession, options: { ip?: string }) {
  const intent = String(form.get("intent") ?? "");
  if (!LIFECYCLE_INTENTS.has(intent)) return refuseUnknownAction();
  const database = await getDatabase();
  const actor = { id: current.user.id, email: current.user.email, ip: options.ip ?? null };

  if (intent === "create-page") {
    const values = { title: field(form, "title"), parentId: field(form, "parentId"), slug: field(form, "slug") };
    const made = await createPage(database, { ...values, parentId: values.parentId || null }, actor);
    if (!made.ok) {
      return data<LifecycleActionData>({ lifecycle: { form: "create", errors: { [made.field ?? "title"]: [made.message] }, values } }, { status: 400 });
    }
    return redirectWithToast(opened(made.id), {
      title: "Page created",
      description: `${made.title} is a draft at ${made.path}: visitors see it once you publish it.`,
    });
  }

  const page = await findEditablePage(database, field(form, "pageId"));
  if (!page) return refuseAdminRequest(404, { title: "Nothing was changed", description: "That page no longer exists: it may have been deleted meanwhile." });

  if (intent === "duplicate-page") {
    const copy = await duplicatePage(database, page.id, actor);
    if (!copy.ok) return refuseAdminRequest(400, { title: "Nothing was copied", description: copy.message });
    return redirectWithToast(opened(copy.id), {
      title: "Page copied",
      description: `${copy.title} is a draft at ${copy.path}: change what you need, then publish it.`,
    });
  }

  if (intent === "delete-page") {
    const deleted = await deletePage(database, page.id, actor);
    if (!deleted.ok) return refuseAdminRequest(deleted.reason === "unknown-page" ? 404 : 400, { title: "Nothing was deleted", description: deleted.message });
    return redirectWithToast("/admin", binnedToast("Page moved to the Bin", `${deleted.title} (${deleted.path})`));
  }

  if (intent === "move-page") {
    const path = field(form, "path");
    const moved = await movePage(database, page.id, path, actor);
    if (!moved.ok) {
      const message = moved.reason === "refused" ? moved.message : "That page no longer exists.";
      return data<LifecycleActionData>({ lifecycle: { form: "move", errors: { path: [message] }, values: { path } } }, { status: 400 });
    }
    return redirectWithToast(opened(page.id), {
      title: "Address changed",
      description: `${page.title} is now at ${moved.path}. Its old address ${page.path} sends visitors there.`,
    });
  }

  if (intent !== "menu-visibility") return refuseUnknownAction();
  const hide = field(form, "hidden") === "1";
  const raw = field(form, "baseRevision");
  const result = await setPageMenuHidden(database, page.id, hide, actor, /^\d{1,9}$/.test(raw) ? Number(raw) : undefined);
  if (!result.ok) {
    if (result.reason === "conflict") {
      return refuseAdminRequest(409, {
        title: "Nothing was changed",
        description: `${result.current.updatedByEmail ?? "Someone else"} changed this page at ${formatDateTime(result.current.updatedAt)} after you opened it. Their version is now shown: check it, then try again.`,
      });
    }
    return refuseAdminRequest(400, { title: "Nothing was changed", description: result.reason === "refused" ? result.message : "That page no longer exists." });
  }
  return redirectWithToast(opened(page.id), {
    title: hide ? "Hidden from the menu" : "Shown in the menu",
    description: hide
      ? `${page.title} is no longer in the header menu or footer links. Its address still works.`
      : `${page.title} is back wherever the header menu or footer links list it.`,
  });
}
