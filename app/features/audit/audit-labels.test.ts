import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { decisionSchema } from "#app/features/volunteers/volunteer.schema";
import { AUDIT_ACTION_LABELS, auditActionLabel } from "./audit-labels";

const root = path.resolve(import.meta.dirname, "../../..");

function sources(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sources(full);
    return /\.(ts|tsx)$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Values a template action name (`volunteer-application.${decision}`) can end with. */
const TEMPLATE_ENDINGS: Record<string, readonly string[]> = {
  "volunteer-application.": decisionSchema.shape.decision.options,
};

/**
 * Every audit action name the code writes: the `action` of recordAudit calls
 * and the names passed to the audit helpers that wrap it.
 */
function writtenActionNames(): { names: Set<string>; unknownTemplates: string[] } {
  const names = new Set<string>();
  const unknownTemplates: string[] = [];
  for (const file of [...sources(path.join(root, "app")), ...sources(path.join(root, "server"))]) {
    const text = fs.readFileSync(file, "utf8");
    if (!/\b(recordAudit|audit)\(/.test(text)) continue;
    for (const [, name] of text.matchAll(/\baction:\s*"([a-z][\w.-]*)"/g)) names.add(name!);
    for (const [, name] of text.matchAll(/\baudit\((?:[\w.]+,\s*)*"([a-z][\w.-]*)"/g)) names.add(name!);
    for (const [, prefix] of text.matchAll(/\baction:\s*`([a-z][\w.-]*)\$\{/g)) {
      const endings = TEMPLATE_ENDINGS[prefix!];
      if (!endings) unknownTemplates.push(`${path.relative(root, file)}: ${prefix}…`);
      else for (const ending of endings) names.add(prefix + ending);
    }
  }
  return { names, unknownTemplates };
}

describe("audit log labels", () => {
  it("gives every action name the code writes a readable label", () => {
    const { names, unknownTemplates } = writtenActionNames();
    // The scan finds the names it should (sign-ins, page saves, registrations, two-factor…).
    expect(names.size).toBeGreaterThanOrEqual(25);
    for (const name of ["sign-in.success", "sign-in.failure", "page.saved", "registration.viewed", "volunteer-application.rejected"]) {
      expect(names, name).toContain(name);
    }
    expect(unknownTemplates, "an action name built from a template: add its endings to TEMPLATE_ENDINGS").toEqual([]);
    const missing = [...names].filter((name) => !Object.hasOwn(AUDIT_ACTION_LABELS, name));
    expect(missing, "audit action names without a label in audit-labels.ts").toEqual([]);
  });

  it("labels no action that nothing writes any more", () => {
    const { names } = writtenActionNames();
    expect(Object.keys(AUDIT_ACTION_LABELS).filter((name) => !names.has(name))).toEqual([]);
  });

  it("shows an unknown name as it is", () => {
    expect(auditActionLabel("page.saved")).toBe("Page saved");
    expect(auditActionLabel("something.new")).toBe("something.new");
    expect(auditActionLabel("constructor")).toBe("constructor");
  });
});
