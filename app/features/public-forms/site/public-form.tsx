import type { ReactNode } from "react";
import { FieldError } from "#app/components/ui/field-error";
import { Input } from "#app/components/ui/input";
import { Textarea } from "#app/components/ui/textarea";
import { HONEYPOT_NAME, PRIVACY_POLICY_PATH, type PublicFieldErrors, type RawValues } from "#app/features/public-forms/public-form.schema";

/**
 * The parts every public form shares. Each form is a plain POST (public
 * pages are not hydrated, decision 010) that comes back with the server's
 * messages and what was typed; the browser only gets hints from HTML
 * attributes (required, type, maxlength). app/enhance/site.ts moves focus to
 * the list of problems, or to the confirmation, when the answer arrives.
 */

export interface PublicFormActionData {
  errors?: PublicFieldErrors;
  formError?: string;
  values?: RawValues;
}

/** What a form shows after the server answered: its errors and what was typed. */
export function publicFormState(actionData: PublicFormActionData | undefined) {
  const values = actionData?.values ?? {};
  return {
    errors: actionData?.errors ?? ({} as PublicFieldErrors),
    formError: actionData?.formError,
    text: (name: string) => {
      const v = values[name];
      return typeof v === "string" ? v : undefined;
    },
    list: (name: string) => {
      const v = values[name];
      return Array.isArray(v) ? v : typeof v === "string" ? [v] : undefined;
    },
  };
}

/** Where each field's error links to: its input, or the first box of a group. */
export function fieldId(prefix: string, name: string, firstOption?: string): string {
  return firstOption === undefined ? `${prefix}-${name}` : `${prefix}-${name}-${firstOption}`;
}

export function ErrorSummary({
  errors,
  formError,
  order,
}: {
  errors: PublicFieldErrors;
  formError?: string;
  /** Field name, its label and the id of the control to jump to, in the form's order. */
  order: { name: string; target: string }[];
}) {
  const items = order.filter((field) => errors[field.name]?.length);
  const show = items.length > 0 || Boolean(formError);
  return (
    <div tabIndex={-1} data-autofocus={show ? "" : undefined} className="focus:outline-none focus-visible:ring-2 focus-visible:ring-ring">
      {show ? (
        <div role="alert" className="mb-6 rounded-lg border-2 border-destructive bg-background p-4">
          <h3 id="form-problems" className="text-lg font-semibold text-destructive">
            {formError && items.length === 0 ? "We could not send your form" : "There is a problem"}
          </h3>
          {formError ? <p className="mt-2">{formError}</p> : null}
          {items.length > 0 ? (
            <ul className="mt-2 list-disc space-y-1 pl-6">
              {items.map((field) => (
                <li key={field.name}>
                  <a href={`#${field.target}`} className="font-medium text-destructive underline underline-offset-4">
                    {errors[field.name]![0]}
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const list = ids.filter(Boolean);
  return list.length ? list.join(" ") : undefined;
}

export function TextField({
  prefix,
  name,
  label,
  hint,
  errors,
  defaultValue,
  optional = false,
  multiline = false,
  rows = 5,
  ...input
}: {
  prefix: string;
  name: string;
  label: string;
  hint?: ReactNode;
  errors?: string[];
  defaultValue?: string;
  optional?: boolean;
  multiline?: boolean;
  rows?: number;
  type?: string;
  autoComplete?: string;
  maxLength?: number;
  inputMode?: "text" | "email" | "tel" | "numeric";
  max?: string;
  min?: string;
}) {
  const id = fieldId(prefix, name);
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = errors?.length ? `${id}-error` : undefined;
  const common = {
    id,
    name,
    defaultValue: defaultValue ?? "",
    "aria-invalid": errors?.length ? true : undefined,
    "aria-describedby": describedBy(hintId, errorId),
    required: !optional,
  } as const;
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block font-medium">
        {label}
        {optional ? <span className="font-normal text-muted-foreground"> (optional)</span> : null}
      </label>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} errors={errors} />
      {multiline ? <Textarea {...common} rows={rows} maxLength={input.maxLength} /> : <Input {...common} {...input} />}
    </div>
  );
}

export function ChoiceGroup({
  prefix,
  name,
  legend,
  hint,
  type,
  options,
  selected,
  errors,
  columns = false,
}: {
  prefix: string;
  name: string;
  legend: string;
  hint?: ReactNode;
  type: "checkbox" | "radio";
  options: readonly { value: string; label: string; hint?: string }[];
  selected?: string[];
  errors?: string[];
  columns?: boolean;
}) {
  const base = `${prefix}-${name}`;
  const hintId = hint ? `${base}-hint` : undefined;
  const errorId = errors?.length ? `${base}-error` : undefined;
  return (
    <fieldset className="space-y-2" aria-describedby={describedBy(hintId, errorId)}>
      <legend className="font-medium">{legend}</legend>
      {hint ? (
        <p id={hintId} className="text-sm text-muted-foreground">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${base}-error`} errors={errors} />
      <div className={columns ? "grid gap-2 sm:grid-cols-2" : "grid gap-2"}>
        {options.map((option) => {
          const id = fieldId(prefix, name, option.value);
          return (
            <div key={option.value} className="flex items-start gap-3">
              <input
                id={id}
                type={type}
                name={name}
                value={option.value}
                defaultChecked={selected?.includes(option.value) ?? false}
                className="mt-0.5 size-6 shrink-0 accent-primary"
              />
              <label htmlFor={id} className="leading-snug">
                {option.label}
                {option.hint ? <span className="block text-sm text-muted-foreground">{option.hint}</span> : null}
              </label>
            </div>
          );
        })}
      </div>
    </fieldset>
  );
}

export function CheckboxField({
  prefix,
  name,
  label,
  errors,
  checked,
}: {
  prefix: string;
  name: string;
  label: ReactNode;
  errors?: string[];
  checked?: boolean;
}) {
  const id = fieldId(prefix, name);
  return (
    <div className="space-y-1.5">
      <FieldError id={`${id}-error`} errors={errors} />
      <div className="flex items-start gap-3">
        <input
          id={id}
          type="checkbox"
          name={name}
          value="yes"
          required
          defaultChecked={checked ?? false}
          aria-invalid={errors?.length ? true : undefined}
          aria-describedby={errors?.length ? `${id}-error` : undefined}
          className="mt-0.5 size-6 shrink-0 accent-primary"
        />
        <label htmlFor={id} className="leading-snug">
          {label}
        </label>
      </div>
    </div>
  );
}

/** Hidden from people (and from assistive technology); bots that fill every field give themselves away. */
export function Honeypot({ prefix }: { prefix: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[10000px] top-auto size-px overflow-hidden">
      <label htmlFor={`${prefix}-${HONEYPOT_NAME}`}>Leave this empty</label>
      <input id={`${prefix}-${HONEYPOT_NAME}`} type="text" name={HONEYPOT_NAME} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function PrivacyNote({ children }: { children: ReactNode }) {
  return (
    <p className="text-sm text-muted-foreground">
      {children} Read our{" "}
      <a href={PRIVACY_POLICY_PATH} className="font-medium text-primary underline underline-offset-4">
        privacy policy
      </a>{" "}
      to see how we look after your information.
    </p>
  );
}

/** Shown in place of the form after a successful send; takes focus so screen readers announce it. */
export function FormConfirmation({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div role="status" className="rounded-lg border-2 border-success bg-background p-6">
      <h3 tabIndex={-1} data-autofocus="" className="text-xl font-semibold focus:outline-none">
        {title}
      </h3>
      <div className="mt-2 space-y-2">{children}</div>
    </div>
  );
}
