import type { Constraint } from "@conform-to/dom";
import { parse } from "@conform-to/dom";
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, useNavigation } from "@remix-run/react";
import { type FormEvent, useEffect, useRef, useState } from "react";

import { SubmitButton } from "~/components/form-parts";
import { HoneypotFields, useHoneypotProps } from "~/components/honeypot-fields";
import { Spinner } from "~/components/spinner";
import { guardianCopy } from "~/content/consent";
import { labels, registrationCopy, sectionTitles } from "~/content/registration";
import { fileField, type KeptFile, UPLOAD_TOKEN_FIELD } from "~/features/registration/form-fields";
import type { RegistrationInput } from "~/features/registration/schema";

import { type CourseChoice, CourseSelection, type IntakeWords } from "./course-selection";
import { type ErrorLink, ErrorSummary, type SummaryItem } from "./error-summary";
import { GuardianSection } from "./guardian-section";
import { ProcessingNotice } from "./processing-notice";
import { LocalCopy, SaveForLater } from "./save-for-later";
import { REGISTRATION_FORM_ID, RESUME_FIELD } from "./saved-form";
import {
  Acknowledgement,
  Address,
  ContactInformation,
  Declaration,
  EducationalBackground,
  EmergencyContact,
  Identification,
  ParentalConsent,
  Payment,
  PersonalDetails,
  Section,
} from "./sections";

// Field names in the order the form shows them, with the words the error summary uses.
const SUMMARY_ORDER: [keyof RegistrationInput, string][] = [
  ["firstname", labels.firstname],
  ["lastname", labels.lastname],
  ["gender", labels.gender],
  ["dob", labels.dob],
  ["email", labels.email],
  ["phone", labels.phone],
  ["street", labels.street],
  ["city", labels.city],
  ["state", labels.state],
  ["postalCode", labels.postalCode],
  ["courseId", labels.courseTitle],
  ["courseType", labels.courseType],
  ["intakeId", labels.intakeId],
  ["idCards", labels.idCards],
  ["idCardFiles", labels.idCardFiles],
  ["parentConsent", sectionTitles.consent],
  ["guardianName", guardianCopy.name],
  ["guardianRelationship", guardianCopy.relationship],
  ["guardianPhone", guardianCopy.phone],
  ["guardianEmail", guardianCopy.email],
  ["guardianConsent", guardianCopy.title],
  ["schoolName", labels.schoolName],
  ["graduationYear", labels.graduationYear],
  ["highestEducation", labels.highestEducation],
  ["certificateFiles", labels.certificateFiles],
  ["emergencyFullname", `${sectionTitles.emergency}: ${labels.emergencyFullname}`],
  ["emergencyRelationship", `${sectionTitles.emergency}: ${labels.emergencyRelationship}`],
  ["emergencyPhone", `${sectionTitles.emergency}: ${labels.emergencyPhone}`],
  ["regTerms", labels.termsLink],
  ["regPrivacy", labels.privacyLink],
];

// The schema and zod come after the page is shown (docs/decisions/045-first-paint-like-the-blog.md):
// until they are here, a submit goes to the server unchecked and the server's answer shows the
// errors, as it does without JavaScript.
type Checks = Pick<typeof import("./browser-checks"), "checkRegistration" | "checkNothing">;
let checks: Checks | null = null;
const loadChecks = () =>
  import("./browser-checks").then(({ checkRegistration, checkNothing }) => {
    checks = { checkRegistration, checkNothing };
  });
const serverDecides = (formData: FormData) =>
  parse(formData, { resolve: () => ({ value: {} }) }) as ReturnType<Checks["checkRegistration"]>;
const isSaveButton = (submitter: unknown) =>
  submitter instanceof HTMLButtonElement && submitter.name === "intent" && submitter.value === "save";

// Upload progress comes when a submission with a picked file starts (docs/decisions/082-upload-progress-through-remix.md):
// not in this code, which is at its budget. `false` when it could not be fetched: sent without it.
type Progress = Pick<typeof import("./send-with-progress"), "sendNextSubmissionWithProgress">;
let progress: Progress | false | "coming" | null = null;
const hasPickedFile = (form: HTMLFormElement) =>
  Array.from(form.querySelectorAll("input[type=file]")).some((i) => !!(i as HTMLInputElement).files?.length);

/** The fields the phone's own copy keeps (JavaScript on, and offline: offline-offer.ts): the typed ones, not the files. */
export const LOCAL_COPY_NAMES: readonly string[] = SUMMARY_ORDER.map(([name]) => name).filter(
  (name) => name !== "idCardFiles" && name !== "certificateFiles",
);

export function RegistrationForm({
  courses,
  preselected,
  preselectedIntake,
  intakeWords,
  uploadToken,
  constraint,
  lastResult,
  errorLink,
  kept,
  saved,
  resumeToken,
}: {
  /** The published courses: each option's value is the course's id, its label the title, with its course types. */
  courses: CourseChoice[];
  /** The id of the course to preselect, or "". */
  preselected: string;
  /** The id of the intake to preselect (`?intake=`), or "". */
  preselectedIntake: string;
  intakeWords: IntakeWords;
  /** Sent back with the files: the API takes an applicant's files only with it (api/upload-token.ts). */
  uploadToken: string;
  /** The fields' HTML constraints, from the schema on the server (registrationConstraint). */
  constraint: Record<string, Constraint>;
  lastResult?: SubmissionResult<string[]>;
  /** A way on the server gave with its refusal (error-summary.tsx). */
  errorLink?: ErrorLink | null;
  kept: KeptFile[];
  /** The saved form this page was opened from (docs/decisions/036): its fields fill the form in. */
  saved?: { fields: Record<string, string | string[]> } | null;
  /** Its token, sent back so that saving again replaces it and submitting uses it up. */
  resumeToken?: string;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formMethod === "POST";
  const summaryRef = useRef<HTMLDivElement>(null);
  const honeypot = useHoneypotProps();
  // The percentage of the picked files sent (in steps of 5), or null: no progress to show.
  const [sent, setSent] = useState<number | null>(null);

  const [form, fields] = useForm({
    id: REGISTRATION_FORM_ID,
    lastResult,
    defaultValue: { courseId: preselected, intakeId: preselectedIntake, ...saved?.fields },
    constraint,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData, submitter }) =>
      !checks
        ? serverDecides(formData)
        : isSaveButton(submitter)
          ? checks.checkNothing(formData)
          : checks.checkRegistration(formData),
  });

  useEffect(() => {
    void loadChecks();
  }, []);

  // After the server refused the form, bring its list of problems into view. (Next frame:
  // conform moves the focus to the first invalid field as it applies the result.)
  useEffect(() => {
    if (lastResult?.status !== "error") return;
    const frame = requestAnimationFrame(() => summaryRef.current?.focus());
    return () => cancelAnimationFrame(frame);
  }, [lastResult]);

  const items: SummaryItem[] = SUMMARY_ORDER.flatMap(([name, label]) => {
    const errors = fields[name].errors;
    return errors?.length ? [{ target: fields[name].id, label, errors }] : [];
  });
  const checkFiles = (name: string) => () => form.validate({ name });
  const formProps = getFormProps(form);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    formProps.onSubmit(event);
    setSent(null);
    const target = event.currentTarget;
    if (event.defaultPrevented || progress === false || !hasPickedFile(target)) return;
    // A second tap while it comes would send the form twice.
    if (progress === "coming") return event.preventDefault();
    if (progress) {
      setSent(0);
      return progress.sendNextSubmissionWithProgress((share) => setSent(Math.floor(share * 20) * 5));
    }
    // Held until the progress code is here, then sent again (checked again: nothing changed).
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    progress = "coming";
    void import("./send-with-progress")
      .then(
        ({ sendNextSubmissionWithProgress }) => (progress = { sendNextSubmissionWithProgress }),
        () => (progress = false),
      )
      .then(() => target.requestSubmit(submitter instanceof HTMLButtonElement ? submitter : null));
  };

  return (
    <Form
      method="post"
      encType="multipart/form-data"
      {...formProps}
      onSubmit={onSubmit}
      className="registration-form"
      aria-busy={pending}
    >
      <ErrorSummary ref={summaryRef} formErrors={form.errors ?? []} items={items} link={errorLink} />
      <HoneypotFields props={honeypot} />
      <input type="hidden" name={UPLOAD_TOKEN_FIELD} value={uploadToken} />
      {resumeToken ? <input type="hidden" name={RESUME_FIELD} value={resumeToken} /> : null}
      <LocalCopy formId={form.id} names={LOCAL_COPY_NAMES} restoredFromServer={!!saved || !!lastResult} />
      <PersonalDetails fields={fields} />
      <ContactInformation fields={fields} />
      <Address fields={fields} />
      <CourseSelection fields={fields} courses={courses} intakeWords={intakeWords} />
      <Identification fields={fields} kept={kept} onFilesPicked={checkFiles(fileField.idCards)} />
      <ParentalConsent fields={fields} />
      <GuardianSection fields={fields} />
      <EducationalBackground fields={fields} kept={kept} onFilesPicked={checkFiles(fileField.certificate)} />
      <EmergencyContact fields={fields} />
      <Acknowledgement fields={fields} />
      <Payment />
      <ProcessingNotice />
      <Declaration fields={fields} />
      <Section id="submit" title={sectionTitles.submit}>
        <SubmitButton pending={pending} idleText={registrationCopy.submit} pendingText={registrationCopy.submitting} />
        <SaveForLater disabled={pending} />
      </Section>
      {pending ? (
        <div className="submit-overlay" role="status" aria-live="polite">
          <div className="submit-overlay-box">
            <Spinner label="" />
            <p>{registrationCopy.progress}</p>
            {sent === null || sent === 100 ? null : <p>{`${registrationCopy.sendingPhoto} ${sent}%`}</p>}
            <progress aria-label={registrationCopy.submitting} value={sent ?? undefined} max={100} />
          </div>
        </div>
      ) : null}
    </Form>
  );
}
