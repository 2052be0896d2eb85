import { Form, useNavigation } from "@remix-run/react";

import { SETTINGS_LIMITS, SOCIAL_NETWORKS } from "@domain/settings";
import { campusField, phoneField } from "@domain/settings-rules";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { settingsText as t } from "~/content/settings";

import type { Typed } from "./settings-form.server";

type Problems = Record<string, string>;

function Field({
  name,
  label,
  typed,
  problems,
  hint,
  type = "text",
  required,
  ...rest
}: {
  name: string;
  label: string;
  typed: Typed;
  problems: Problems;
  hint?: string;
  type?: string;
  required?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "name" | "type">) {
  const problem = problems[name];
  const id = `settings-${name}`;
  const described = [hint ? `${id}-hint` : null, problem ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field" data-invalid={problem ? "" : undefined}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={typed[name as keyof Typed] ?? ""}
        required={required}
        aria-invalid={problem ? true : undefined}
        aria-describedby={described || undefined}
        {...rest}
      />
      {hint ? (
        <small id={`${id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      <ErrorList id={`${id}-error`} errors={problem ? [problem] : null} />
    </div>
  );
}

/** The settings, grouped as docs/product.md lists them; a real form, so it works without JavaScript. */
export function SettingsForm({ typed, problems, formError }: { typed: Typed; problems: Problems; formError?: string }) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const f = { typed, problems };
  const max = SETTINGS_LIMITS.longText;
  return (
    <Form method="post" className="admin-form settings-form" noValidate>
      <input type="hidden" name="intent" value="save" />
      {formError ? (
        <p className="form-error-summary" role="alert">
          {formError}
        </p>
      ) : null}
      <fieldset>
        <legend>{t.groups.contact}</legend>
        <Field name="academyName" label={t.fields.academyName} required maxLength={SETTINGS_LIMITS.text} {...f} />
        {Array.from({ length: SETTINGS_LIMITS.phones }, (_, i) => (
          <Field
            key={i}
            name={phoneField(i)}
            label={t.fields.phone(i)}
            type="tel"
            required={i === 0}
            maxLength={40}
            hint={i === 0 ? t.hints.phone : undefined}
            {...f}
          />
        ))}
        <Field
          name="whatsapp"
          label={t.fields.whatsapp}
          type="tel"
          required
          maxLength={40}
          hint={t.hints.whatsapp}
          {...f}
        />
        <Field name="email" label={t.fields.email} type="email" required maxLength={SETTINGS_LIMITS.text} {...f} />
        <Field name="hours" label={t.fields.hours} required maxLength={SETTINGS_LIMITS.text} {...f} />
        {Array.from({ length: SETTINGS_LIMITS.campuses }, (_, i) => (
          <fieldset key={i} className="settings-campus">
            <legend>{t.fields.campus(i)}</legend>
            <Field name={campusField(i, "Name")} label={t.fields.campusName} maxLength={max} {...f} />
            <Field name={campusField(i, "Street")} label={t.fields.campusStreet} maxLength={max} {...f} />
            <Field name={campusField(i, "City")} label={t.fields.campusCity} maxLength={max} {...f} />
            <Field name={campusField(i, "Region")} label={t.fields.campusRegion} maxLength={max} {...f} />
            <Field
              name={campusField(i, "MapUrl")}
              label={t.fields.campusMapUrl}
              type="url"
              maxLength={max}
              hint={t.hints.campusMapUrl}
              {...f}
            />
          </fieldset>
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.groups.payments}</legend>
        <Field name="bankName" label={t.fields.bankName} required maxLength={SETTINGS_LIMITS.text} {...f} />
        <Field name="accountName" label={t.fields.accountName} required maxLength={SETTINGS_LIMITS.text} {...f} />
        <Field
          name="accountNumber"
          label={t.fields.accountNumber}
          inputMode="numeric"
          required
          maxLength={20}
          hint={t.hints.accountNumber}
          {...f}
        />
        <Field name="fee" label={t.fields.fee} inputMode="numeric" required maxLength={12} {...f} />
        <Field
          name="reference"
          label={t.fields.reference}
          required
          maxLength={SETTINGS_LIMITS.text}
          hint={t.hints.reference}
          {...f}
        />
        <Field
          name="refundPolicy"
          label={t.fields.refundPolicy}
          required
          maxLength={SETTINGS_LIMITS.longText}
          hint={t.hints.refundPolicy}
          {...f}
        />
      </fieldset>
      <fieldset>
        <legend>{t.groups.social}</legend>
        <p className="field-hint">{t.hints.social}</p>
        {SOCIAL_NETWORKS.map((n) => (
          <Field key={n.key} name={n.key} label={n.name} type="url" maxLength={max} {...f} />
        ))}
      </fieldset>
      <fieldset>
        <legend>{t.groups.dataProtection}</legend>
        <Field name="dpoName" label={t.fields.dpoName} maxLength={SETTINGS_LIMITS.text} {...f} />
        <Field name="privacyEmail" label={t.fields.privacyEmail} type="email" maxLength={SETTINGS_LIMITS.text} {...f} />
      </fieldset>
      <fieldset>
        <legend>{t.groups.announcement}</legend>
        <Field
          name="announcement"
          label={t.fields.announcement}
          maxLength={SETTINGS_LIMITS.announcement}
          hint={t.hints.announcement}
          {...f}
        />
        <Field name="announcementStart" label={t.fields.announcementStart} type="date" {...f} />
        <Field name="announcementEnd" label={t.fields.announcementEnd} type="date" {...f} />
      </fieldset>
      <fieldset>
        <legend>{t.groups.admissions}</legend>
        <Field
          name="savedFormReminderDays"
          label={t.fields.savedFormReminderDays}
          inputMode="numeric"
          hint={t.hints.savedFormReminderDays}
          {...f}
        />
      </fieldset>
      <SubmitButton pending={saving} idleText={t.save} pendingText={t.saving} />
    </Form>
  );
}
