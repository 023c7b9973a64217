/**
 * The shape of an admin action's refusal ("Event not found"), shared by the
 * server that answers it (admin-response.server.ts) and the notice that
 * shows it (admin-refusal.tsx).
 */
export interface RefusalMessage {
  title: string;
  description?: string;
}

/** What an admin action answers when it refuses a request (see admin-response.server.ts). */
export interface AdminRefusal {
  refusal: RefusalMessage & { status: number };
}

export function isAdminRefusal(value: unknown): value is AdminRefusal {
  return typeof value === "object" && value !== null && "refusal" in value && typeof (value as AdminRefusal).refusal?.title === "string";
}
