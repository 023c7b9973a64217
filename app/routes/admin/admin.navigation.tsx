import { data } from "react-router";
import type { Route } from "./+types/admin.navigation";
import { AdminRefusalNotice } from "#app/features/admin/admin-refusal";
import { refuseUnknownAction } from "#app/features/admin/admin-response.server";
import { requireStaff } from "#app/features/accounts/auth.server";
import { clientIpFrom } from "#app/features/public-forms/abuse-guard.server";
import { Card, CardContent } from "#app/components/ui/card";
import { PageHeader } from "#app/components/ui/page-header";
import { MenuEditor, newEditItem, type MenuEditorProps } from "#app/features/navigation/admin/menu-editor";
import { addItem, applyMenuOp, editItemsFromForm, MENU_OPS, toEditItems, toSubmission, type EditItem, type MenuOp } from "#app/features/navigation/menu-edit";
import { MENU_NAMES, MENU_TITLES, type MenuErrors, type MenuName } from "#app/features/navigation/menu-schema";
import { navigationPages } from "#app/features/navigation/navigation-pages.server";
import { getMenu, saveMenu } from "#app/features/navigation/navigation-store.server";
import { getDatabase } from "#app/platform/db/db.server";
import { formatDateTime } from "#app/web/dates";
import { redirectWithToast } from "#app/web/toast.server";

export const meta: Route.MetaFunction = () => [{ title: "Navigation · Admin Dashboard" }];

const BASE = "/admin/navigation";

export async function loader({ request }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  const database = await getDatabase();
  const [header, footer, pages] = await Promise.all([getMenu(database, "header"), getMenu(database, "footer"), navigationPages(database)]);
  return {
    menus: { header: { items: toEditItems(header.items), version: header.version }, footer: { items: toEditItems(footer.items), version: footer.version } },
    pages: pages.map(({ id, title, path }) => ({ id, title, path })),
  };
}

/** A menu sent back to its editor unsaved: after a change made without JavaScript, or a refused save. */
interface Draft {
  menu: MenuName;
  items: EditItem[];
  version: number;
  errors: MenuErrors & { new?: string };
  newItem?: MenuEditorProps["newItem"];
  refusal?: { title: string; description: string; status: number };
}

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

export async function action({ request, context }: Route.ActionArgs) {
  const { user } = await requireStaff(request, "pages");
  const form = await request.formData();
  const menu = text(form, "menu") as MenuName;
  const version = Number(text(form, "version"));
  if (!MENU_NAMES.includes(menu) || !Number.isInteger(version)) return refuseUnknownAction();
  const items = editItemsFromForm(form);
  const op = text(form, "op");
  const draft = (change: Partial<Draft> = {}, status = 200) => data<Draft>({ menu, items, version, errors: { items: {} }, ...change }, { status });

  if (op === "save") {
    const database = await getDatabase();
    const result = await saveMenu(database, menu, toSubmission(items, menu), version, { id: user.id, email: user.email, ip: clientIpFrom(context) });
    if (result.ok) return redirectWithToast(BASE, { title: `${MENU_TITLES[menu]} saved`, description: "Visitors see it on every page now." });
    if (result.reason === "invalid") return draft({ errors: result.errors }, 400);
    const who = result.current.updatedByEmail ?? "Someone else";
    const when = result.current.updatedAt ? ` at ${formatDateTime(result.current.updatedAt)}` : "";
    return draft(
      {
        refusal: {
          title: `${MENU_TITLES[menu]} not saved`,
          description: `${who} saved the ${MENU_TITLES[menu].toLowerCase()}${when} after you opened it, so nothing was changed. Your changes are still below: reload the page to see theirs, then make your changes again.`,
          status: 409,
        },
      },
      409,
    );
  }

  if (op === "add") {
    const newItem = { label: text(form, "newLabel"), target: text(form, "newTarget"), href: text(form, "newHref"), parent: menu === "header" ? text(form, "newParent") : "" };
    const made = newEditItem(newItem.label, newItem.target, newItem.href);
    if (typeof made === "string") return draft({ errors: { items: {}, new: made }, newItem }, 400);
    return draft({ items: [...addItem(items, made, items.some((item) => item.id === newItem.parent) ? newItem.parent : null)] });
  }

  const [change, id] = op.split(/:(.*)/s);
  if (!MENU_OPS.includes(change as MenuOp) || !id) return refuseUnknownAction();
  return draft({ items: [...applyMenuOp(items, change as MenuOp, id, menu)] });
}

export default function NavigationTab({ loaderData, actionData }: Route.ComponentProps) {
  const drafted = actionData && "menu" in actionData ? actionData : undefined;
  return (
    <div className="grid gap-6">
      <PageHeader
        title="Navigation"
        description="The header menu and the footer links every public page shows. Changes reach visitors when you choose Save menu."
        className="mb-0"
      />
      <Card>
        <CardContent className="space-y-10 pt-6">
          <AdminRefusalNotice data={actionData && !drafted ? actionData : undefined} />
          {MENU_NAMES.map((name) => {
            const mine = drafted?.menu === name ? drafted : undefined;
            const stored = loaderData.menus[name];
            return (
              <div key={name}>
                {mine?.refusal ? <AdminRefusalNotice data={{ refusal: mine.refusal }} /> : null}
                <MenuEditor
                  // A new editor (its own state from these items) after each save or unsaved round trip.
                  key={mine ? `${name}:draft:${JSON.stringify(mine)}` : `${name}:${stored.version}`}
                  name={name}
                  items={mine ? mine.items : stored.items}
                  version={mine ? mine.version : stored.version}
                  pages={loaderData.pages}
                  errors={mine?.errors}
                  newItem={mine?.newItem}
                />
              </div>
            );
          })}
        </CardContent>
      </Card>
    </div>
  );
}
