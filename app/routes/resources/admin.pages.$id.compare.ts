import { data } from "react-router";
import type { Route } from "./+types/admin.pages.$id.compare";
import { requireStaff } from "#app/features/accounts/auth.server";
import { getDatabase } from "#app/platform/db/db.server";
import { compareRevision } from "#app/features/pages/revision-compare.server";
import type { RevisionComparisonAnswer } from "#app/features/pages/revision-comparison";

/**
 * GET /admin/pages/:id/compare?revision=N: what changed on the page since
 * revision N went live, block by block, for the Revisions list's Compare
 * (fetched when staff ask). Reads only; answered to staff who may edit pages.
 */
export async function loader({ request, params }: Route.LoaderArgs) {
  await requireStaff(request, "pages");
  const raw = new URL(request.url).searchParams.get("revision") ?? "";
  if (!/^\d{1,9}$/.test(raw) || Number(raw) < 1) {
    return data<RevisionComparisonAnswer>({ ok: false, message: "Choose a revision to compare." }, { status: 400 });
  }
  const answer = await compareRevision(await getDatabase(), params.id, Number(raw));
  return data<RevisionComparisonAnswer>(answer, { status: answer.ok ? 200 : 404 });
}
