import { type FieldMetadata, getCollectionProps } from "@conform-to/react";
import type { ReactNode } from "react";

import { ErrorList } from "~/components/form-parts";

// Radio buttons (one answer) or checkboxes (several) for a field, drawn like the kit's fields:
// a fieldset whose legend carries the * and whose errors sit under the choices.
export function ChoiceGroup({
  field,
  legend,
  type,
  options,
  required,
  hint,
}: {
  field: FieldMetadata<string | string[] | undefined | null>;
  legend: ReactNode;
  type: "radio" | "checkbox";
  options: readonly { value: string; label: string }[];
  required: boolean;
  hint?: ReactNode;
}) {
  const inputs = getCollectionProps(field, { type, options: options.map((o) => o.value) });
  const invalid = !!field.errors?.length;
  const describedBy =
    [hint ? `${field.id}-hint` : null, invalid ? field.errorId : null].filter(Boolean).join(" ") || undefined;
  return (
    <fieldset className="field choice-group" data-invalid={invalid ? "" : undefined} aria-describedby={describedBy}>
      <legend>
        {legend}
        {required ? (
          <span className="required-mark" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </legend>
      {hint ? (
        <small id={`${field.id}-hint`} className="field-hint">
          {hint}
        </small>
      ) : null}
      <div className="choices">
        {inputs.map((props, i) => (
          <label key={props.key} className="choice">
            <input
              {...props}
              key={props.key}
              // The first choice carries the field's id, so the error summary can link to it; the
              // others are numbered, as an option's value may hold spaces and an id may not.
              id={i === 0 ? field.id : `${field.id}-${i}`}
              // A required checkbox would demand every box; only radios share `required`.
              required={type === "radio" ? required : undefined}
              aria-invalid={invalid || undefined}
            />
            <span>{options[i]!.label}</span>
          </label>
        ))}
      </div>
      <ErrorList id={field.errorId} errors={field.errors} />
    </fieldset>
  );
}
