import { Form, useNavigation } from "@remix-run/react";

import { LEGAL_LIMITS, sectionField, type TypedLegal } from "@domain/legal-texts";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { legalTextsText as t } from "~/content/legal-texts";

type Problems = Record<string, string>;

function Field({
  name,
  label,
  value,
  problem,
  long,
  max,
}: {
  name: string;
  label: string;
  value: string;
  problem?: string;
  long: boolean;
  max: number;
}) {
  const id = `legal-${name}`;
  const props = {
    id,
    name,
    defaultValue: value,
    required: true,
    maxLength: max,
    "aria-invalid": problem ? true : undefined,
    "aria-describedby":
      [long ? `${id}-hint` : null, problem ? `${id}-error` : null].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className="field" data-invalid={problem ? "" : undefined}>
      <label htmlFor={id}>
        {label}
        <span aria-hidden="true"> *</span>
      </label>
      {long ? <textarea rows={6} {...props} /> : <input type="text" {...props} />}
      {long ? (
        <small id={`${id}-hint`} className="field-hint">
          {t.textHint}
        </small>
      ) : null}
      <ErrorList id={`${id}-error`} errors={problem ? [problem] : null} />
    </div>
  );
}

function MoveButtons({ i, count, label }: { i: number; count: number; label: string }) {
  const button = (intent: string, text: string, aria: string) => (
    <button type="submit" name="intent" value={intent} className="btn btn-outline btn-small" aria-label={aria}>
      {text}
    </button>
  );
  return (
    <p className="content-item-actions">
      {i > 0 ? button(`up:${i}`, t.moveUp, t.moveUpLabel(label)) : null}
      {i < count - 1 ? button(`down:${i}`, t.moveDown, t.moveDownLabel(label)) : null}
      {button(`remove:${i}`, t.remove, t.removeLabel(label))}
    </p>
  );
}

/**
 * The introduction and the sections in one real form, so it works without JavaScript: every
 * button is a submit button named `intent`. Save comes first, so Enter in a heading saves.
 */
export function LegalTextForm({
  typed,
  problems,
  formError,
  note,
}: {
  typed: TypedLegal;
  problems: Problems;
  formError?: string;
  note?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const save = <SubmitButton pending={saving} idleText={t.save} pendingText={t.saving} name="intent" value="save" />;
  const items = typed.sections;
  return (
    <Form method="post" className="admin-form page-content-form" noValidate>
      {formError ? (
        <p className="form-error-summary" role="alert">
          {formError}
        </p>
      ) : note ? (
        <p className="form-note" role="status">
          {note}
        </p>
      ) : null}
      <p className="form-actions">{save}</p>
      <Field
        name="intro"
        label={t.introLabel}
        value={typed.intro}
        problem={problems.intro}
        long
        max={LEGAL_LIMITS.intro}
      />
      <fieldset className="content-block" id="block-sections">
        <legend>{t.sections}</legend>
        <input type="hidden" name="sectionCount" value={items.length} />
        <ErrorList errors={problems.sections ? [problems.sections] : null} />
        <ol className="content-items">
          {items.map((s, i) => {
            const label = t.section(i + 1);
            const heading = sectionField(i, "heading");
            const text = sectionField(i, "text");
            return (
              <li key={i}>
                <fieldset className="content-item">
                  <legend>{label}</legend>
                  <Field
                    name={heading}
                    label={t.heading}
                    value={s.heading}
                    problem={problems[heading]}
                    long={false}
                    max={LEGAL_LIMITS.heading}
                  />
                  <Field
                    name={text}
                    label={t.text}
                    value={s.text}
                    problem={problems[text]}
                    long
                    max={LEGAL_LIMITS.text}
                  />
                  <MoveButtons i={i} count={items.length} label={label} />
                </fieldset>
              </li>
            );
          })}
        </ol>
        {items.length < LEGAL_LIMITS.sections ? (
          <button type="submit" name="intent" value="add" className="btn btn-outline">
            {t.addSection}
          </button>
        ) : null}
      </fieldset>
      <p className="form-actions">{save}</p>
    </Form>
  );
}
