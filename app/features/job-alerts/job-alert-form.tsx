import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";

import { ErrorList, SubmitButton } from "~/components/form-parts";
import { InputField } from "~/components/forms";
import { jobAlertText as t } from "~/content/job-alerts";
import { jobAlertSchema } from "~/features/job-alerts/schema";
import { validateForm } from "~/utils/validate-form";

/** The job alerts page's form: a plain post that works with JavaScript off; errors keep what was typed. */
export function JobAlertForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "job-alert",
    lastResult,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateForm(formData, jobAlertSchema),
  });
  const pending = navigation.state === "submitting" && navigation.formAction === "/job-alerts";
  return (
    <Form method="post" action="/job-alerts" {...getFormProps(form)} className="job-alert-form">
      <ErrorList id={form.errorId} errors={form.errors} />
      <InputField field={fields.email} label={t.email} type="email" autoComplete="email" maxLength={200} required />
      <SubmitButton pending={pending} idleText={t.subscribe} pendingText={t.subscribing} />
    </Form>
  );
}
