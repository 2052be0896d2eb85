import { type FieldMetadata, getInputProps } from "@conform-to/react";
import { lazy, Suspense } from "react";
import { ClientOnly } from "remix-utils/client-only";

import { COURSE_TYPES, courseTypeWords, JOB_LOCATIONS, JOB_TYPES } from "@domain/choices";
import { COURSE_CATEGORIES, COURSE_DURATIONS, COURSE_LEVELS } from "@domain/offers";
import { formatLagos } from "@domain/schedule";
import { ChoiceGroup } from "~/components/choice-group";
import { InputField, SelectField } from "~/components/forms";
import { editorText as t, toolbarText } from "~/content/editor";
import { trashText as lt } from "~/content/trash";

// The fields only one kind of item has, one component per kind, and the content field.

// Lexical is fetched only here, after hydration: no public page downloads it.
const RichText = lazy(() => import("./rich-text.client"));

type Field = FieldMetadata<string | undefined>;
const options = (values: readonly string[]) => values.map((v) => ({ value: v, label: v }));

type JobField =
  | "jobType"
  | "jobLocation"
  | "companyName"
  | "applicationDeadline"
  | "howToApply"
  | "salaryMin"
  | "salaryMax"
  | "jobAddress";

export function JobFields({ fields, firstInvalid }: { fields: Record<JobField, Field>; firstInvalid?: string | null }) {
  return (
    <div className="editor-grid">
      <SelectField
        field={fields.jobType}
        label={t.jobType}
        placeholder={t.selectPlaceholder}
        options={options(JOB_TYPES)}
        firstInvalid={firstInvalid}
      />
      <SelectField
        field={fields.jobLocation}
        label={t.jobLocation}
        placeholder={t.selectPlaceholder}
        options={options(JOB_LOCATIONS)}
        firstInvalid={firstInvalid}
      />
      <InputField field={fields.companyName} label={t.companyName} firstInvalid={firstInvalid} />
      <InputField field={fields.applicationDeadline} label={t.deadline} type="date" firstInvalid={firstInvalid} />
      <InputField
        field={fields.howToApply}
        label={t.howToApply}
        hint={t.howToApplyHint}
        autoComplete="off"
        firstInvalid={firstInvalid}
        className="field-wide"
      />
      <InputField
        field={fields.salaryMin}
        label={t.salaryMin}
        hint={t.salaryHint}
        inputMode="numeric"
        firstInvalid={firstInvalid}
      />
      <InputField
        field={fields.salaryMax}
        label={t.salaryMax}
        hint={t.salaryHint}
        inputMode="numeric"
        firstInvalid={firstInvalid}
      />
      <InputField
        field={fields.jobAddress}
        label={t.jobAddress}
        hint={t.jobAddressHint}
        firstInvalid={firstInvalid}
        className="field-wide"
      />
    </div>
  );
}

const CATEGORY_OPTIONS = COURSE_CATEGORIES.map((c) => ({ value: c.slug, label: c.name }));

type CourseField = "tutors" | "tag" | "category" | "fee" | "duration" | "level" | "nextStart";

export function CourseFields({
  fields,
  firstInvalid,
}: {
  fields: Record<CourseField, Field> & { courseTypes: FieldMetadata<string[] | undefined> };
  firstInvalid?: string | null;
}) {
  return (
    <div className="editor-grid">
      <InputField field={fields.tutors} label={t.tutors} hint={t.tutorsHint} firstInvalid={firstInvalid} />
      <InputField field={fields.tag} label={t.tag} />
      <SelectField
        field={fields.category}
        label={t.category}
        placeholder={t.selectPlaceholder}
        options={CATEGORY_OPTIONS}
        firstInvalid={firstInvalid}
      />
      <InputField field={fields.fee} label={t.fee} hint={t.feeHint} inputMode="numeric" firstInvalid={firstInvalid} />
      {/* Free text with the usual lengths offered: "3 months", "1 year", or anything else. */}
      <InputField field={fields.duration} label={t.duration} list="course-durations" firstInvalid={firstInvalid} />
      <datalist id="course-durations">
        {COURSE_DURATIONS.map((d) => (
          <option key={d} value={d} />
        ))}
      </datalist>
      <SelectField
        field={fields.level}
        label={t.level}
        placeholder={t.levelNone}
        options={options(COURSE_LEVELS)}
        firstInvalid={firstInvalid}
      />
      <InputField field={fields.nextStart} label={t.nextStart} type="date" firstInvalid={firstInvalid} />
      {/* docs/decisions/038-course-types-per-course.md: what the registration form offers for this course. */}
      <div className="field-wide">
        <ChoiceGroup
          field={fields.courseTypes}
          legend={t.courseTypes}
          type="checkbox"
          options={COURSE_TYPES.map((v) => ({ value: v, label: courseTypeWords(v) }))}
          required
          hint={t.courseTypesHint}
        />
      </div>
    </div>
  );
}

export function LogoAccentField({ field, initial }: { field: Field; initial: string }) {
  return (
    <div className="field field-colour">
      <label htmlFor={field.id}>{t.logoAccent}</label>
      <input {...getInputProps(field, { type: "color" })} key={field.key} defaultValue={initial || "#8a1c5c"} />
    </div>
  );
}

/** The rich-text editor with JavaScript; a plain textarea (turned into paragraphs) without. */
export function ContentField({
  hydrated,
  initialHtml,
  content,
  onChange,
  uploadImage,
}: {
  hydrated: boolean;
  initialHtml: string;
  content: string;
  onChange: (html: string) => void;
  uploadImage: (file: File) => Promise<string | null>;
}) {
  return (
    <div className="field field-content">
      <span className="field-label" id="content-label">
        {t.content}
      </span>
      {hydrated ? (
        <>
          <input type="hidden" name="content" value={content} />
          <ClientOnly fallback={<div className="editor-content editor-loading">{toolbarText.loading}</div>}>
            {() => (
              <Suspense fallback={<div className="editor-content editor-loading">{toolbarText.loading}</div>}>
                <RichText
                  labelId="content-label"
                  initialHtml={initialHtml}
                  onChange={onChange}
                  uploadImage={uploadImage}
                />
              </Suspense>
            )}
          </ClientOnly>
        </>
      ) : (
        <>
          <textarea
            name="content"
            id="content"
            className="editor-content"
            aria-labelledby="content-label"
            aria-describedby="content-hint"
            defaultValue={initialHtml}
          />
          <small id="content-hint" className="field-hint">
            {t.contentNoJsHint}
          </small>
        </>
      )}
    </div>
  );
}

/** "Publish at" in Lagos time, and when the item is scheduled, when it goes public (docs/product.md §4). */
export function PublishAtField({
  field,
  firstInvalid,
  scheduledAt,
}: {
  field: Field;
  firstInvalid?: string | null;
  scheduledAt?: string | null;
}) {
  return (
    <div className="editor-grid">
      <InputField
        field={field}
        label={lt.publishAt}
        hint={lt.publishAtHint}
        type="datetime-local"
        firstInvalid={firstInvalid}
      />
      {scheduledAt ? (
        <p className="scheduled-note" role="note">
          {lt.scheduledFor(formatLagos(scheduledAt))}
        </p>
      ) : null}
    </div>
  );
}
