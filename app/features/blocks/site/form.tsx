import type { ReactNode } from "react";
import type { BlockOf, FormKind } from "#app/features/blocks/block-schema";
import type { FormState } from "#app/features/blocks/block-data";
import { FormConfirmation } from "#app/features/public-forms/site/public-form";
import { QuestionForm } from "#app/features/messages/site/question-form";
import { RegistrationForm } from "#app/features/registrations/site/registration-form";
import { VolunteerApplicationForm } from "#app/features/volunteers/site/volunteer-application-form";
import { NewsletterForm } from "#app/features/newsletter/site/newsletter-form";
import { BlockSection, type BlockProps } from "./block-section";
import { ButtonRow } from "./buttons";

/**
 * The route that owns each form: it checks a sending, shows the errors
 * with what was typed, and shows the thanks, wherever the block sits.
 */
export const FORM_ROUTES: Record<FormKind, string> = {
  question: "/contact",
  volunteer: "/volunteer/apply",
  registration: "/contact/register-child",
  newsletter: "/newsletter",
};

const THANKS: Record<Exclude<FormKind, "newsletter">, { title: string; body: ReactNode }> = {
  question: {
    title: "Thank you for your question",
    body: <p>We have received it and will reply by email, usually within a few working days.</p>,
  },
  volunteer: {
    title: "Thank you for applying to volunteer",
    body: (
      <>
        <p>We have received your application, and we will also email you to say it has arrived.</p>
        <p>A member of our team will read it and get back to you, usually within two weeks.</p>
      </>
    ),
  },
  registration: {
    title: "Thank you, your registration has been sent",
    body: (
      <>
        <p>We will be in touch soon, usually by phone, to welcome you and talk about sessions.</p>
        <p>If anything changes in the meantime, or you made a mistake, just call or email us.</p>
      </>
    ),
  },
};

export interface FormBlockProps extends BlockProps<BlockOf<"form">> {
  /** The sending's state when this page is the form's own route; a block elsewhere posts there and starts empty. */
  state?: FormState;
  /** The path of the page showing the block. */
  pagePath: string;
  topics: readonly { value: string; label: string }[];
  roles: { id: string; title: string }[];
  children?: ReactNode;
}

/** One of the public forms with the words around it from the block; the thanks replace it once sent. */
export function FormBlock({ block, muted, state = {}, pagePath, topics, roles, children }: FormBlockProps) {
  const route = FORM_ROUTES[block.form];
  const own = route === pagePath;
  const action = own ? undefined : route;
  const actionData = own ? state.actionData : undefined;
  const sent = own && state.sent === true;
  const consent = block.consent || undefined;
  const privacy = block.privacy || undefined;
  let form: ReactNode;
  if (block.form !== "newsletter" && sent) {
    form = <FormConfirmation title={THANKS[block.form].title}>{THANKS[block.form].body}</FormConfirmation>;
  } else if (block.form === "question") {
    form = <QuestionForm actionData={actionData} action={action} topics={topics} privacy={privacy} />;
  } else if (block.form === "volunteer") {
    form = <VolunteerApplicationForm roles={roles} preselected={own ? (state.preselected ?? []) : []} actionData={actionData} action={action} consent={consent} privacy={privacy} />;
  } else if (block.form === "registration") {
    form = (
      <RegistrationForm
        actionData={actionData}
        action={action}
        today={state.today ?? ""}
        retentionMonths={state.retentionMonths ?? 0}
        consent={consent}
        privacy={privacy}
      />
    );
  } else {
    // The form names this block, so the sign-up stores the consent words this block showed.
    form = <NewsletterForm wording={{ consent: block.consent, privacy: block.privacy, page: pagePath, block: block.id }} />;
  }
  return (
    <BlockSection id={block.id} title={block.title} intro={sent || !block.intro ? undefined : <p>{block.intro}</p>} muted={muted}>
      {form}
      {children}
      <ButtonRow buttons={block.buttons} className="mt-10 flex flex-wrap gap-3" />
    </BlockSection>
  );
}
