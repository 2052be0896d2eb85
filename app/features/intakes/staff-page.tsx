import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, useNavigation } from "@remix-run/react";

import { COURSE_TYPES } from "@domain/choices";
import { SCHEDULE_KINDS } from "@domain/intakes";
import { ChoiceGroup } from "~/components/choice-group";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { InputField, SelectField } from "~/components/forms";
import { intakesStaffCopy as t, scheduleKindWords } from "~/content/intakes";
import { validateForm } from "~/utils/validate-form";

import { type IntakeFormInput, intakeFormSchema, type IntakeFormValues, PLAN_ROWS } from "./schema";

type Row = {
  id: string;
  status: string;
  start: string;
  schedule: string;
  campus: string;
  seats: string;
  waiting: number;
  window: string;
  fee: string;
};

const KIND_OPTIONS = SCHEDULE_KINDS.map((k) => ({ value: k, label: scheduleKindWords[k] }));

/** The course's intakes with their numbers, and the form to add or edit one (JavaScript off too). */
export function IntakesPage({
  course,
  rows,
  editing,
  campuses,
  lastResult,
}: {
  course: { id: string; title: string; path: string; courseTypes: string[] };
  rows: Row[];
  editing: IntakeFormValues | null;
  campuses: string[];
  lastResult?: SubmissionResult<string[]>;
}) {
  return (
    <>
      <h1>{t.heading(course.title)}</h1>
      <p>
        <Link to={course.path}>← {t.backToCourse}</Link>
      </p>
      <p>{t.intro}</p>
      {rows.length ? <IntakeTable rows={rows} /> : <p>{t.empty}</p>}
      <IntakeForm
        // An empty form after each intake added (the list grows), another for each intake edited.
        key={editing ? `edit-${editing.intakeId}` : `new-${rows.length}`}
        courseTypes={course.courseTypes.length ? course.courseTypes : [...COURSE_TYPES]}
        editing={editing}
        campuses={campuses}
        lastResult={lastResult}
      />
    </>
  );
}

function IntakeTable({ rows }: { rows: Row[] }) {
  return (
    <div className="table-scroll">
      <table className="admin-table intake-table">
        <thead>
          <tr>
            <th scope="col">{t.table.start}</th>
            <th scope="col">{t.table.schedule}</th>
            <th scope="col">{t.table.campus}</th>
            <th scope="col">{t.table.seats}</th>
            <th scope="col">{t.table.waiting}</th>
            <th scope="col">{t.table.window}</th>
            <th scope="col">{t.table.fee}</th>
            <th scope="col">{t.table.status}</th>
            <th scope="col">{t.table.actions}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id} data-intake={r.id}>
              <td>{r.start}</td>
              <td>{r.schedule}</td>
              <td>{r.campus}</td>
              <td>{r.seats}</td>
              <td>{r.waiting}</td>
              <td>{r.window}</td>
              <td>{r.fee}</td>
              <td>{t.statusWords[r.status] ?? r.status}</td>
              <td className="intake-actions">
                <Link to={`?edit=${encodeURIComponent(r.id)}#intake-form`}>{t.edit}</Link>
                {r.status !== "open" ? <StatusButton id={r.id} status="open" label={t.reopen} /> : null}
                {r.status === "open" ? <StatusButton id={r.id} status="closed" label={t.close} /> : null}
                {r.status !== "archived" ? <StatusButton id={r.id} status="archived" label={t.archive} /> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function StatusButton({ id, status, label }: { id: string; status: string; label: string }) {
  return (
    <Form method="post" className="inline-form">
      <input type="hidden" name="intent" value="status" />
      <input type="hidden" name="intakeId" value={id} />
      <input type="hidden" name="status" value={status} />
      <button type="submit" className="btn btn-outline btn-small">
        {label}
      </button>
    </Form>
  );
}

function IntakeForm({
  courseTypes,
  editing,
  campuses,
  lastResult,
}: {
  courseTypes: string[];
  editing: IntakeFormValues | null;
  campuses: string[];
  lastResult?: SubmissionResult<string[]>;
}) {
  const navigation = useNavigation();
  const pending = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const [form, fields] = useForm<IntakeFormInput>({
    id: "intake-form",
    lastResult,
    defaultValue: editing ?? { courseTypes },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => validateForm(formData, intakeFormSchema),
  });
  const f = t.fields;
  return (
    <section aria-labelledby="intake-form-title">
      <h2 id="intake-form-title">{editing ? t.editTitle : t.newTitle}</h2>
      <Form method="post" {...getFormProps(form)} className="intake-form">
        <ErrorList id={form.errorId} errors={form.errors} />
        <input type="hidden" name="intent" value="save" />
        {editing ? <input type="hidden" name="intakeId" value={editing.intakeId} /> : null}
        <div className="field-row">
          <InputField field={fields.startDate} label={f.startDate} type="date" requiredMark />
          <InputField field={fields.endDate} label={f.endDate} type="date" />
          <InputField field={fields.duration} label={f.duration} hint={f.durationHint} />
        </div>
        <div className="field-row">
          <SelectField
            field={fields.scheduleKind}
            label={f.scheduleKind}
            options={KIND_OPTIONS}
            placeholder={t.choose}
          />
          <InputField field={fields.schedule} label={f.schedule} hint={f.scheduleHint} requiredMark />
          {/* Settings' campuses offered as the campus is typed (a list the browser shows; free text
              stays possible, for a campus not yet in Settings and without JavaScript alike). */}
          <InputField
            field={fields.campus}
            label={f.campus}
            hint={campuses.length ? undefined : f.campusHint}
            list={campuses.length ? "intake-campuses" : undefined}
            requiredMark
          />
          {campuses.length ? (
            <datalist id="intake-campuses">
              {campuses.map((c) => (
                <option key={c} value={c} />
              ))}
            </datalist>
          ) : null}
        </div>
        <div className="field-row">
          <InputField field={fields.seats} label={f.seats} type="number" min={1} requiredMark />
          <InputField field={fields.fee} label={f.fee} type="number" min={0} requiredMark />
        </div>
        <div className="field-row">
          <InputField field={fields.opensOn} label={f.opensOn} type="date" requiredMark />
          <InputField field={fields.closesOn} label={f.closesOn} type="date" requiredMark />
        </div>
        <ChoiceGroup
          field={fields.courseTypes}
          legend={f.courseTypes}
          type="checkbox"
          options={courseTypes.map((v) => ({ value: v, label: v }))}
          required
        />
        <fieldset className="intake-plan">
          <legend>{f.plan}</legend>
          <p className="field-hint">{f.planHint}</p>
          {PLAN_ROWS.map((n) => (
            <div className="field-row" key={n}>
              <InputField field={fields[`instalmentAmount${n}`]} label={f.partAmount(n)} type="number" min={1} />
              <InputField field={fields[`instalmentDue${n}`]} label={f.partDue(n)} type="date" />
            </div>
          ))}
        </fieldset>
        <SubmitButton pending={pending} idleText={t.save} pendingText={t.saving} name="intent" value="save" />
        {editing ? (
          <p>
            <Link to=".">{t.cancelEdit}</Link>
          </p>
        ) : null}
      </Form>
    </section>
  );
}
