import { Clock } from "lucide-react";
import type { BlockOf } from "#app/features/blocks/block-schema";
import { VOLUNTEER_TYPES } from "#app/content/site";
import type { Opportunity } from "#app/features/volunteers/volunteer-roles.server";
import { ButtonLink } from "#app/features/site/button-link";
import { BlockSection, type BlockProps } from "./block-section";

const APPLY = "/volunteer/apply";
const typeLabel = (value: string) => VOLUNTEER_TYPES.find((t) => t.value === value)?.label ?? value;

/** The open volunteer roles, each with an "Apply Now" that ticks it on the form; says so when there are none or they cannot be read. */
export function VacanciesBlock({ block, muted, roles }: BlockProps<BlockOf<"vacancies">> & { roles: Opportunity[] | null }) {
  return (
    <BlockSection id={block.id} title={block.title} intro={block.intro || undefined} muted={muted}>
      {roles === null ? (
        <p role="status" className="text-lg text-muted-foreground">
          We cannot show our vacancies just now. Please try again later, or{" "}
          <a href={APPLY} className="font-medium text-primary underline underline-offset-4">
            apply to volunteer
          </a>{" "}
          and tell us what you would like to do.
        </p>
      ) : roles.length === 0 ? (
        <p className="text-lg text-muted-foreground">
          We have no open vacancies right now, but we are always glad to hear from people who want to help.{" "}
          <a href={APPLY} className="font-medium text-primary underline underline-offset-4">
            Apply to volunteer
          </a>{" "}
          and tell us what you would like to do.
        </p>
      ) : null}
      <ul className="grid gap-6 lg:grid-cols-2">
        {(roles ?? []).map((role) => (
          <li key={role.id} className="flex flex-col rounded-lg border border-border bg-card p-6 text-card-foreground shadow-sm">
            <h3 className="text-xl font-semibold">{role.title}</h3>
            <p className="mt-2 flex flex-wrap items-center gap-3 text-sm">
              <span className="rounded-full border border-border px-3 py-0.5">{typeLabel(role.type)}</span>
              <span className="inline-flex items-center gap-1 text-muted-foreground">
                <Clock aria-hidden="true" className="size-4" />
                <span className="sr-only">Time commitment: </span>
                {role.timeCommitment}
              </span>
            </p>
            <p className="mt-3 whitespace-pre-line text-muted-foreground">{role.description}</p>
            {role.skills.length > 0 ? (
              <>
                <h4 className="mt-4 font-semibold">Skills</h4>
                <ul className="mt-1 list-disc pl-6 text-muted-foreground">
                  {role.skills.map((skill) => (
                    <li key={skill}>{skill}</li>
                  ))}
                </ul>
              </>
            ) : null}
            <div className="mt-6">
              <ButtonLink href={`${APPLY}?role=${encodeURIComponent(role.id)}#apply`}>
                Apply Now
                <span className="sr-only">: {role.title}</span>
              </ButtonLink>
            </div>
          </li>
        ))}
      </ul>
    </BlockSection>
  );
}
