import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";

import { AUDIENCE_WORDS, INTAKE_MESSAGE_LIMITS, MESSAGE_AUDIENCES } from "@domain/intake-message";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { InputField, SelectField, TextareaField } from "~/components/forms";
import { intakeMessageText as t } from "~/content/desk";
import { validateForm } from "~/utils/validate-form";

import { type MessageFormInput, messageFormSchema } from "./schema";

type Preview = { audience: string; subject: string; body: string; count: number };

const AUDIENCE_OPTIONS = MESSAGE_AUDIENCES.map((a) => ({ value: a, label: AUDIENCE_WORDS[a] }));

/** The form, or once previewed, the message as a person reads it with the count and "Send". */
export function MessagePage({
  id,
  title,
  lastResult,
  preview,
}: {
  id: string;
  title: string;
  lastResult?: SubmissionResult<string[]>;
  preview: Preview | null;
}) {
  return (
    <section className="intake-message">
      <h1>{title}</h1>
      <p>
        <Link to={`/admin/intakes/${encodeURIComponent(id)}/roster`}>← {t.backToRoster}</Link>
      </p>
      {preview ? (
        <Confirm preview={preview} errors={lastResult?.error?.[""] ?? null} />
      ) : (
        <Compose lastResult={lastResult} />
      )}
    </section>
  );
}

function Compose({ lastResult }: { lastResult?: SubmissionResult<string[]> }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "preview";
  const [form, fields] = useForm<MessageFormInput>({
    id: "intake-message",
    lastResult,
    defaultValue: { audience: "seated" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateForm(formData, messageFormSchema),
  });
  return (
    <>
      <p>{t.intro}</p>
      <Form method="post" {...getFormProps(form)} className="intake-message-form">
        <ErrorList id={form.errorId} errors={form.errors} />
        <SelectField field={fields.audience} label={t.fields.audience} options={AUDIENCE_OPTIONS} />
        <InputField field={fields.subject} label={t.fields.subject} maxLength={INTAKE_MESSAGE_LIMITS.subject} />
        <TextareaField
          field={fields.body}
          label={t.fields.body}
          hint={t.fields.bodyHint}
          rows={10}
          maxLength={INTAKE_MESSAGE_LIMITS.body}
        />
        <SubmitButton pending={pending} idleText={t.preview} pendingText={t.previewing} name="intent" value="preview" />
      </Form>
    </>
  );
}

function Confirm({ preview, errors }: { preview: Preview; errors: string[] | null }) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "send";
  return (
    <Form method="post" className="intake-message-preview" aria-labelledby="message-preview-title">
      <h2 id="message-preview-title">{t.previewHeading}</h2>
      <ErrorList errors={errors} />
      <p className="intake-message-count" data-count={preview.count}>
        <strong>{preview.count > 0 ? t.reaches(preview.count) : t.nobody}</strong>
      </p>
      <dl>
        <dt>{t.fields.audience}</dt>
        <dd>{AUDIENCE_WORDS[preview.audience as keyof typeof AUDIENCE_WORDS] ?? preview.audience}</dd>
        <dt>{t.fields.subject}</dt>
        <dd className="intake-message-subject">{preview.subject}</dd>
      </dl>
      <div className="intake-message-body">
        <p>{t.greeting}</p>
        <p className="intake-message-text">{preview.body}</p>
        <p className="field-hint">{t.footer}</p>
      </div>
      <input type="hidden" name="audience" value={preview.audience} />
      <input type="hidden" name="subject" value={preview.subject} />
      <input type="hidden" name="body" value={preview.body} />
      <input type="hidden" name="count" value={preview.count} />
      <p className="form-actions">
        {preview.count > 0 ? (
          <SubmitButton
            pending={pending}
            idleText={t.send(preview.count)}
            pendingText={t.sending}
            name="intent"
            value="send"
          />
        ) : null}{" "}
        <button type="submit" name="intent" value="edit" className="btn btn-outline">
          {t.change}
        </button>
      </p>
    </Form>
  );
}
