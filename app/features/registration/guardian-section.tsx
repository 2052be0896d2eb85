import { useHydrated } from "remix-utils/use-hydrated";

import { GUARDIAN_RELATIONSHIPS } from "@domain/consent";
import { CheckboxField, InputField, SelectField } from "~/components/forms";
import { guardianCopy } from "~/content/consent";
import { labels } from "~/content/registration";
import { isMinor } from "~/features/registration/form-fields";

import type { Fields } from "./sections";

// The guardian of an applicant under 18 (docs/decisions/033-consent-versions-and-minors.md).
// With JavaScript the section appears once the date of birth makes the applicant a minor; without
// it the page cannot know the age as it is typed, so the section is always there, with a note
// saying whom it is for. Either way the server decides: a minor's form without it is refused.
export function GuardianSection({ fields }: { fields: Fields }) {
  const hydrated = useHydrated();
  const minor = isMinor(fields.dob.value);
  if (hydrated && !minor) return null;
  return (
    <section className="form-section guardian-section" aria-labelledby="guardian-title" id="guardian">
      <h2 id="guardian-title">{guardianCopy.title}</h2>
      <p className="field-hint">{hydrated ? guardianCopy.noteMinor : guardianCopy.noteNoScript}</p>
      <div className="field-row">
        <InputField field={fields.guardianName} label={guardianCopy.name} requiredMark={minor || undefined} />
        <SelectField
          field={fields.guardianRelationship}
          label={guardianCopy.relationship}
          options={GUARDIAN_RELATIONSHIPS.map((v) => ({ value: v, label: v }))}
          placeholder={labels.select}
        />
      </div>
      <div className="field-row">
        <InputField
          field={fields.guardianPhone}
          label={guardianCopy.phone}
          type="tel"
          inputMode="tel"
          hint={labels.phoneHint}
        />
        <InputField field={fields.guardianEmail} label={guardianCopy.email} type="email" />
      </div>
      {/* Unticked until the guardian ticks it: the guardian's own consent, worded for them. */}
      <CheckboxField field={fields.guardianConsent} label={guardianCopy.consent} />
    </section>
  );
}
