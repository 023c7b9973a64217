import type { Database } from "#app/platform/db/db.server";
import type { RawValues } from "#app/features/public-forms/public-form.schema";
import { listOpportunities } from "#app/features/volunteers/volunteer-roles.server";

/** An application to the first open role as a volunteer fills it in correctly, with what a test changes. */
export async function validApplication(database: Database, overrides: RawValues = {}): Promise<RawValues> {
  const [first] = await listOpportunities(database, { openOnly: true });
  return {
    name: "Ada Volunteer",
    email: "ada@example.org",
    phone: "07700 900123",
    roles: [first!.id],
    availability: ["weekend"],
    message: "I coached under-12s for three years.",
    consent: "yes",
    ...overrides,
  };
}
