import { Form } from "react-router";
import { Button } from "#app/components/ui/button";
import { NativeSelect } from "#app/components/ui/native-select";
import { FieldError } from "#app/components/ui/field-error";
import { QUESTION_PRIVACY_TEXT, QUESTION_TOPICS } from "#app/features/messages/question.schema";
import { ErrorSummary, fieldId, Honeypot, PrivacyNote, TextField, publicFormState, type PublicFormActionData } from "#app/features/public-forms/site/public-form";

const P = "question";

/**
 * 'Ask a Question' on the contact page. A form block on another page gives
 * `action` (the contact page, which checks it and shows its errors), the
 * topics its page's questions list, and the wording staff chose.
 */
export function QuestionForm({
  actionData,
  action,
  topics = QUESTION_TOPICS,
  privacy,
}: {
  actionData?: PublicFormActionData;
  action?: string;
  topics?: readonly { value: string; label: string }[];
  privacy?: string;
}) {
  const form = publicFormState(actionData);
  const topicId = fieldId(P, "topic");
  const topicErrors = form.errors.topic;
  const order = ["name", "email", "topic", "message"].map((name) => ({ name, target: fieldId(P, name) }));
  return (
    <Form method="post" action={action} noValidate className="relative max-w-2xl space-y-6" aria-label="Ask a question">
      <ErrorSummary errors={form.errors} formError={form.formError} order={order} />
      <Honeypot prefix={P} />
      <TextField prefix={P} name="name" label="Your name" autoComplete="name" maxLength={100} errors={form.errors.name} defaultValue={form.text("name")} />
      <TextField
        prefix={P}
        name="email"
        label="Email address"
        hint="We will reply to this address."
        type="email"
        autoComplete="email"
        inputMode="email"
        maxLength={254}
        errors={form.errors.email}
        defaultValue={form.text("email")}
      />
      <div className="space-y-1.5">
        <label htmlFor={topicId} className="block font-medium">
          What is your question about?
        </label>
        <FieldError id={`${topicId}-error`} errors={topicErrors} />
        <NativeSelect
          id={topicId}
          name="topic"
          required
          defaultValue={form.text("topic") ?? ""}
          aria-invalid={topicErrors?.length ? true : undefined}
          aria-describedby={topicErrors?.length ? `${topicId}-error` : undefined}
        >
          <option value="">Choose a topic</option>
          {topics.map((topic) => (
            <option key={topic.value} value={topic.value}>
              {topic.label}
            </option>
          ))}
        </NativeSelect>
      </div>
      <TextField
        prefix={P}
        name="message"
        label="Your question"
        hint="Up to 2000 characters. Please do not include medical details here; we can talk about those by phone."
        multiline
        rows={6}
        maxLength={2000}
        errors={form.errors.message}
        defaultValue={form.text("message")}
      />
      <PrivacyNote>{privacy || QUESTION_PRIVACY_TEXT}</PrivacyNote>
      <Button type="submit" size="lg" data-busy-label="Sending...">
        Send my question
      </Button>
    </Form>
  );
}
