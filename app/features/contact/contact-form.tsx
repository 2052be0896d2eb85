import type { Constraint } from "@conform-to/dom";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useFetcher, useNavigation, useRouteLoaderData } from "@remix-run/react";

import { ErrorList, SubmitButton } from "~/components/form-parts";
import { InputField, SelectField, TextareaField } from "~/components/forms";
import { HoneypotFields, useContactData, useHoneypotProps } from "~/components/honeypot-fields";
import { Spinner } from "~/components/spinner";
import { contactCopy, contactIssues } from "~/content/contact";
import { ContactSent, type ContactSentTo } from "~/features/contact/contact-sent";
import { CONTACT_PAGE_FORM_ID } from "~/features/contact/form-ids";
import { contactSchema } from "~/features/contact/schema";
import { validateForm } from "~/utils/validate-form";

export type ContactActionData = {
  result: SubmissionResult<string[]>;
  sent: boolean;
  /** Once stored: who it was from, for the confirmation that replaces the form. */
  to?: ContactSentTo;
  toast?: { message: string; type: "error"; persistent: true };
};

const PHONE_HINT = "Kindly include country code e.g +234, +1";

function ContactFields({
  conform: [form, fields],
  pending,
}: {
  conform: ReturnType<typeof useContactForm>;
  pending: boolean;
}) {
  const honeypot = useHoneypotProps();
  // In the modal the honeypot's token arrives a moment after the form: until then the form
  // waits, since a post without it would be taken for a bot's.
  return (
    <fieldset disabled={pending || !honeypot} className="contact-fields">
      <legend className="visually-hidden">Your message</legend>
      <ErrorList id={form.errorId} errors={form.errors} />
      <div className="grid-2">
        <InputField field={fields.fullname} label="Full name" autoComplete="name" />
        <InputField field={fields.email} label="Email" type="email" autoComplete="email" />
      </div>
      <div className="grid-2">
        <InputField
          field={fields.phone}
          label="Phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={PHONE_HINT}
        />
        <SelectField field={fields.issue} label="Issue" options={contactIssues} placeholder="Select an issue" />
      </div>
      <TextareaField field={fields.message} label="Message" rows={5} />
      <HoneypotFields props={honeypot} />
    </fieldset>
  );
}

/** The fields' HTML constraints, from the schema on the server (contactConstraint, in /contact's data). */
type ContactConstraint = Record<string, Constraint>;

function useContactForm(id: string, lastResult: SubmissionResult<string[]> | undefined, constraint: ContactConstraint) {
  return useForm({
    id,
    lastResult,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateForm(formData, contactSchema),
  });
}

/** The contact form's constraints for the modal: /contact's own on /contact, else fetched. */
function useContactConstraint() {
  const fromPage = useRouteLoaderData<{ constraint?: ContactConstraint }>("routes/contact")?.constraint;
  return useContactData(fromPage, (data) => data.constraint as ContactConstraint | undefined);
}

/** The contact form in the modal, once its constraints have come (useForm reads them only once). */
function ContactModalForm({ onClose }: { onClose: () => void }) {
  const { value: constraint, failed } = useContactConstraint();
  if (failed)
    return (
      <p role="alert">
        {contactCopy.unavailable} <a href="/contact">{contactCopy.openPage}</a>
      </p>
    );
  if (!constraint)
    return (
      <p className="modal-loading">
        <Spinner label={contactCopy.loading} /> {contactCopy.loading}
      </p>
    );
  return <ContactModalFormFields onClose={onClose} constraint={constraint} />;
}

/**
 * The contact form in the modal, sent by a fetcher. Once stored, the confirmation takes its place
 * until the modal is closed (docs/decisions/039-contact-confirmation-in-the-page.md).
 */
function ContactModalFormFields({ onClose, constraint }: { onClose: () => void; constraint: ContactConstraint }) {
  const fetcher = useFetcher<ContactActionData>();
  const conform = useContactForm("contact-modal-form", fetcher.data?.result, constraint);
  const [form] = conform;
  const pending = fetcher.state !== "idle";
  if (fetcher.state === "idle" && fetcher.data?.sent && fetcher.data.to)
    return (
      <ContactSent
        to={fetcher.data.to}
        action={
          <button type="button" className="btn" onClick={onClose}>
            {contactCopy.close}
          </button>
        }
      />
    );
  return (
    <fetcher.Form method="post" action="/contact" {...getFormProps(form)} className="contact-form">
      <input type="hidden" name="via" value="modal" />
      <ContactFields conform={conform} pending={pending} />
      <SubmitButton pending={pending} idleText="Send" pendingText="Sending..." />
    </fetcher.Form>
  );
}

/** The same form on its own page, a plain post that works with JavaScript off. */
export function ContactPageForm({
  constraint,
  lastResult,
}: {
  constraint: ContactConstraint;
  /** The page's answer to a submission: its errors and the values typed. */
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const navigation = useNavigation();
  const conform = useContactForm(CONTACT_PAGE_FORM_ID, lastResult, constraint);
  const [form] = conform;
  const pending = navigation.state === "submitting" && navigation.formAction === "/contact";
  return (
    <Form method="post" action="/contact" {...getFormProps(form)} className="contact-form">
      <ContactFields conform={conform} pending={pending} />
      <SubmitButton pending={pending} idleText="Send" pendingText="Sending..." />
    </Form>
  );
}

export default ContactModalForm;
