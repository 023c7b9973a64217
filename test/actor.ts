import type { Actor } from "#app/features/audit/actor";

/** Who a test's own deletes and restores are done by: no account, as for an operator command. */
export const TEST_ACTOR: Actor = { id: null, email: "test@example.org" };
