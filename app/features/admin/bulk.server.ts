import { isRecordId, refuseAdminRequest } from "./admin-response.server";
import type { ToastInput } from "#app/web/toast.server";

/**
 * Bulk actions on a long admin list: the rows ticked (`ids`), or with
 * "Select all on this page" every row the page showed (`pageIds`). Only
 * well-formed ids count, each once, and at most one page's worth, so a
 * forged post cannot make one request do unbounded work.
 */
export const MAX_BULK = 200;

export function selectedIds(form: FormData): string[] {
  const raw = form.get("all") === "1" ? form.getAll("pageIds") : form.getAll("ids");
  return [...new Set(raw.map(String).filter(isRecordId))].slice(0, MAX_BULK);
}

/** What a bulk action did: how many changed, and each one that could not, with why in words. */
export interface BulkOutcome {
  done: number;
  refused: { name: string; why: string }[];
}

export function emptyOutcome(): BulkOutcome {
  return { done: 0, refused: [] };
}

/** A bulk press with no row ticked (or only ids that name nothing): 400, nothing changed, said on the page. */
export function refuseNothingSelected(many: string) {
  return refuseAdminRequest(400, { title: `No ${many} selected`, description: "Nothing was changed. Tick one or more rows first, or Select all on this page." });
}

/**
 * The toast after a bulk action: "3 testimonials moved to the Bin" and, when
 * some could not, how many and why ("1 could not be changed. photo.png: used
 * on the Home page.").
 */
export function bulkToast(outcome: BulkOutcome, what: { one: string; many: string }, done: string, extra: Partial<ToastInput> = {}): ToastInput {
  const { done: n, refused } = outcome;
  const title = `${n} ${n === 1 ? what.one : what.many} ${done}`;
  if (refused.length === 0) return { ...extra, title };
  const reasons = refused.map((r) => `${r.name}: ${r.why}`).join("; ");
  const description = `${refused.length} could not be changed. ${reasons}.`.slice(0, 1000);
  return { ...extra, title, description, type: n === 0 ? "error" : "info" };
}
