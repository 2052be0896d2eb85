import type { FormMetadata } from "@conform-to/react";
import { Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { EDUCATION_LEVELS, EMERGENCY_RELATIONSHIPS, GENDERS, ID_TYPES, PARENT_CONSENT } from "@domain/choices";
import { ChoiceGroup } from "~/components/choice-group";
import { CheckboxField, InputField, SelectField } from "~/components/forms";
import {
  acknowledgementText,
  declarationText,
  educationLabels,
  labels,
  payment,
  sectionTitles,
  STATES,
} from "~/content/registration";
import { BankDetails } from "~/features/journey/bank-details";
import { type KeptFile, latestGraduationYear, needsSchool } from "~/features/registration/form-fields";
import type { RegistrationInput } from "~/features/registration/schema";
import { useSettingsWithBank } from "~/hooks/use-bank-settings";

import { FileUpload } from "./file-upload";

// The form's sections, in docs/product.md §2's order. Each takes conform's field metadata.
export type Fields = ReturnType<FormMetadata<RegistrationInput, string[]>["getFieldset"]>;

const plain = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));
const capitalised = (values: readonly string[]) =>
  values.map((v) => ({ value: v, label: v.charAt(0).toUpperCase() + v.slice(1) }));

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="form-section" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{title}</h2>
      {children}
    </section>
  );
}

export function PersonalDetails({ fields }: { fields: Fields }) {
  return (
    <Section id="personal" title={sectionTitles.personal}>
      <div className="field-row">
        <InputField field={fields.firstname} label={labels.firstname} autoComplete="given-name" />
        <InputField field={fields.lastname} label={labels.lastname} autoComplete="family-name" />
      </div>
      <div className="field-row">
        <ChoiceGroup field={fields.gender} legend={labels.gender} type="radio" options={plain(GENDERS)} required />
        <InputField field={fields.dob} label={labels.dob} type="date" autoComplete="bday" />
      </div>
    </Section>
  );
}

export function ContactInformation({ fields }: { fields: Fields }) {
  return (
    <Section id="contact" title={sectionTitles.contact}>
      <div className="field-row">
        <InputField field={fields.email} label={labels.email} type="email" autoComplete="email" />
        <InputField
          field={fields.phone}
          label={labels.phone}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          hint={labels.phoneHint}
        />
      </div>
    </Section>
  );
}

export function Address({ fields }: { fields: Fields }) {
  return (
    <Section id="address" title={sectionTitles.address}>
      <InputField field={fields.street} label={labels.street} autoComplete="address-line1" />
      <div className="field-row field-row-3">
        <InputField field={fields.city} label={labels.city} autoComplete="address-level2" />
        <SelectField field={fields.state} label={labels.state} options={STATES} placeholder={labels.select} />
        <InputField
          field={fields.postalCode}
          label={
            <>
              {labels.postalCode} <span className="optional-mark">{labels.optional}</span>
            </>
          }
          autoComplete="postal-code"
          hint={labels.postalCodeHint}
        />
      </div>
    </Section>
  );
}

type FileProps = { fields: Fields; kept: KeptFile[]; onFilesPicked: () => void };

export function Identification({ fields, kept, onFilesPicked }: FileProps) {
  return (
    <Section id="identification" title={sectionTitles.identification}>
      <ChoiceGroup
        field={fields.idCards}
        legend={labels.idCards}
        type="checkbox"
        options={capitalised(ID_TYPES)}
        required
        hint={labels.idCardsHint}
      />
      <FileUpload
        field={fields.idCardFiles}
        label={labels.idCardFiles}
        kept={kept.filter((f) => f.group === "idCards")}
        showRequired
        enforceRequired
        onPicked={onFilesPicked}
      />
    </Section>
  );
}

export function ParentalConsent({ fields }: { fields: Fields }) {
  return (
    <Section id="consent" title={sectionTitles.consent}>
      <ChoiceGroup
        field={fields.parentConsent}
        legend={labels.parentConsent}
        type="radio"
        options={plain(PARENT_CONSENT)}
        required
      />
    </Section>
  );
}

export function EducationalBackground({ fields, kept, onFilesPicked }: FileProps) {
  // The school's * follows the education chosen (with JavaScript as it changes; without, as sent).
  const schoolRequired = needsSchool(fields.highestEducation.value);
  return (
    <Section id="education" title={sectionTitles.education}>
      <div className="field-row field-row-3">
        <InputField
          field={fields.schoolName}
          label={labels.schoolName}
          requiredMark={schoolRequired}
          hint={labels.schoolHint}
        />
        <InputField
          field={fields.graduationYear}
          label={labels.graduationYear}
          requiredMark={schoolRequired}
          hint={labels.schoolHint}
          type="number"
          inputMode="numeric"
          min={1940}
          max={latestGraduationYear()}
          step={1}
        />
        <SelectField
          field={fields.highestEducation}
          label={labels.highestEducation}
          options={EDUCATION_LEVELS.map((v) => ({ value: v, label: educationLabels[v] }))}
          placeholder={labels.select}
        />
      </div>
      {/* Optional, and now labelled so (decision 018; docs/product.md §5 labelled it required). */}
      <FileUpload
        field={fields.certificateFiles}
        label={
          <>
            {labels.certificateFiles} <span className="optional-mark">{labels.optional}</span>
          </>
        }
        kept={kept.filter((f) => f.group === "certificate")}
        showRequired={false}
        enforceRequired={false}
        onPicked={onFilesPicked}
      />
    </Section>
  );
}

export function EmergencyContact({ fields }: { fields: Fields }) {
  return (
    <Section id="emergency" title={sectionTitles.emergency}>
      <div className="field-row field-row-3">
        <InputField field={fields.emergencyFullname} label={labels.emergencyFullname} />
        <SelectField
          field={fields.emergencyRelationship}
          label={labels.emergencyRelationship}
          options={capitalised(EMERGENCY_RELATIONSHIPS)}
          placeholder={labels.select}
        />
        <InputField
          field={fields.emergencyPhone}
          label={labels.emergencyPhone}
          type="tel"
          inputMode="tel"
          hint={labels.phoneHint}
        />
      </div>
    </Section>
  );
}

export function Acknowledgement({ fields }: { fields: Fields }) {
  return (
    <Section id="acknowledgement" title={sectionTitles.acknowledgement}>
      {acknowledgementText.map((p) => (
        <p key={p}>{p}</p>
      ))}
      <CheckboxField
        field={fields.regTerms}
        label={
          <>
            {labels.regTerms}{" "}
            <Link to="/terms" target="_blank" rel="noreferrer">
              {labels.termsLink}
            </Link>
          </>
        }
      />
    </Section>
  );
}

export function Payment() {
  const p = payment(useSettingsWithBank());
  return (
    <Section id="payment" title={sectionTitles.payment}>
      <p className="fee">
        Registration fee: <strong>{p.fee}</strong>
      </p>
      <p>{p.intro}</p>
      <BankDetails />
      <p className="field-hint">{p.note}</p>
    </Section>
  );
}

export function Declaration({ fields }: { fields: Fields }) {
  return (
    <Section id="declaration" title={sectionTitles.declaration}>
      <p>{declarationText}</p>
      <CheckboxField
        field={fields.regPrivacy}
        label={
          <>
            {labels.regPrivacy}{" "}
            <Link to="/privacy" target="_blank" rel="noreferrer">
              {labels.privacyLink}
            </Link>
          </>
        }
      />
    </Section>
  );
}

export { Section };
