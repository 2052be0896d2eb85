import { type FieldMetadata, getInputProps, getSelectProps, getTextareaProps } from "@conform-to/react";
import type { ReactNode } from "react";

import { ErrorList } from "./form-parts";

// One way to draw a form field everywhere: label (with * when required), control, hint,
// and the field's errors tied to it by aria-describedby. Works the same with JS off.

type Common = {
  label: ReactNode;
  hint?: ReactNode;
  className?: string;
  /** The name of the first field the server rejected (JavaScript off only): that field takes the focus. */
  firstInvalid?: string | null;
};

/** Focus on the field the server just rejected; set only after a JavaScript-off submission. */
function focusIfFirstInvalid(field: FieldMetadata<unknown>, firstInvalid?: string | null) {
  return firstInvalid != null && firstInvalid === field.name;
}

function Label({ htmlFor, required, children }: { htmlFor: string; required?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor}>
      {children}
      {required ? (
        <span className="required-mark" aria-hidden="true">
          {" "}
          *
        </span>
      ) : null}
    </label>
  );
}

function describedBy(field: FieldMetadata<unknown>, hint?: ReactNode) {
  return (
    [hint ? `${field.id}-hint` : null, field.errors?.length ? field.errorId : null].filter(Boolean).join(" ") ||
    undefined
  );
}

export function InputField({
  field,
  label,
  hint,
  className,
  type = "text",
  requiredMark,
  firstInvalid,
  ...rest
}: Common & {
  field: FieldMetadata<string | number | Date | undefined | null>;
  type?: Parameters<typeof getInputProps>[1]["type"];
  /** The * when the schema's rule is conditional (the constraint alone cannot say). */
  requiredMark?: boolean;
} & Omit<React.InputHTMLAttributes<HTMLInputElement>, "type">) {
  const props = getInputProps(field, { type, ariaAttributes: true });
  return (
    <div className={`field ${className ?? ""}`} data-invalid={field.errors?.length ? "" : undefined}>
      <Label htmlFor={field.id} required={requiredMark ?? field.required}>
        {label}
      </Label>
      <input
        {...props}
        {...rest}
        key={props.key}
        aria-describedby={describedBy(field, hint)}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- JS off: focus goes to the field the server just rejected (set only then)
        autoFocus={rest.autoFocus || focusIfFirstInvalid(field, firstInvalid)}
      />
      {hint ? (
        <small id={`${field.id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function TextareaField({
  field,
  label,
  hint,
  className,
  ...rest
}: Common & { field: FieldMetadata<string | undefined | null> } & React.TextareaHTMLAttributes<HTMLTextAreaElement>) {
  const props = getTextareaProps(field, { ariaAttributes: true });
  return (
    <div className={`field ${className ?? ""}`} data-invalid={field.errors?.length ? "" : undefined}>
      <Label htmlFor={field.id} required={field.required}>
        {label}
      </Label>
      <textarea {...props} {...rest} key={props.key} aria-describedby={describedBy(field, hint)} />
      {hint ? (
        <small id={`${field.id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function SelectField({
  field,
  label,
  hint,
  className,
  options,
  placeholder,
  firstInvalid,
  ...rest
}: Common & {
  field: FieldMetadata<string | number | undefined | null>;
  options: readonly { value: string; label: string }[];
  placeholder?: string;
} & React.SelectHTMLAttributes<HTMLSelectElement>) {
  const props = getSelectProps(field, { ariaAttributes: true });
  return (
    <div className={`field ${className ?? ""}`} data-invalid={field.errors?.length ? "" : undefined}>
      <Label htmlFor={field.id} required={field.required}>
        {label}
      </Label>
      <select
        {...props}
        {...rest}
        key={props.key}
        aria-describedby={describedBy(field, hint)}
        // eslint-disable-next-line jsx-a11y/no-autofocus -- JS off: focus goes to the field the server just rejected (set only then)
        autoFocus={rest.autoFocus || focusIfFirstInvalid(field, firstInvalid)}
      >
        {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
      {hint ? (
        <small id={`${field.id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}

export function CheckboxField({
  field,
  label,
  className,
  ...rest
}: {
  field: FieldMetadata<boolean | string | undefined | null>;
  label: ReactNode;
  className?: string;
} & React.InputHTMLAttributes<HTMLInputElement>) {
  const props = getInputProps(field, { type: "checkbox", ariaAttributes: true });
  return (
    <div className={`field field-check ${className ?? ""}`} data-invalid={field.errors?.length ? "" : undefined}>
      <input {...props} {...rest} key={props.key} aria-describedby={field.errors?.length ? field.errorId : undefined} />
      <Label htmlFor={field.id} required={field.required}>
        {label}
      </Label>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
