import type { FieldMetadata } from "@conform-to/react";
import type { ReactNode } from "react";

import { ACCEPTED_FILE_TYPES } from "@domain/uploads";
import { ErrorList } from "~/components/form-parts";
import { labels } from "~/content/registration";
import { encodeKeptFile, type KeptFile } from "~/features/registration/form-fields";

export function formatFileSize(bytes: number) {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/**
 * A file picker for one group, with the files the server already stored for this applicant
 * listed above it as ticked boxes: they ride along on the next submit (no re-picking), and
 * unticking one removes it. Works the same with JavaScript off.
 */
export function FileUpload({
  field,
  label,
  kept,
  showRequired,
  enforceRequired,
  onPicked,
}: {
  field: FieldMetadata<unknown>;
  label: ReactNode;
  kept: KeptFile[];
  showRequired: boolean;
  enforceRequired: boolean;
  /** Told when files were picked: photos are shrunk first (shrink-photo.ts holds the event back until then). */
  onPicked?: () => void;
}) {
  const invalid = !!field.errors?.length;
  const hintId = `${field.id}-hint`;
  return (
    <div className="field file-upload" data-invalid={invalid ? "" : undefined}>
      <label htmlFor={field.id}>
        {label}
        {showRequired ? (
          <span className="required-mark" aria-hidden="true">
            {" "}
            *
          </span>
        ) : null}
      </label>
      {kept.length ? (
        <fieldset className="kept-files">
          <legend>{labels.keptFilesTitle}</legend>
          <ul>
            {kept.map((f) => (
              <li key={f.public_id}>
                <label>
                  <input
                    type="checkbox"
                    name="keptFiles"
                    value={encodeKeptFile(f)}
                    defaultChecked
                    onChange={onPicked}
                  />
                  <span className="kept-name">{f.name}</span>{" "}
                  <span className="kept-size">({formatFileSize(f.size)})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ) : null}
      <input
        // Once the server has stored the picked files they are listed above: empty the picker
        // (JS on keeps it otherwise) so they are not sent twice.
        key={`${field.key ?? ""}:${kept.map((f) => f.public_id).join()}`}
        id={field.id}
        name={field.name}
        type="file"
        multiple
        accept={ACCEPTED_FILE_TYPES}
        required={enforceRequired && kept.length === 0}
        aria-invalid={invalid || undefined}
        aria-describedby={[hintId, invalid ? field.errorId : null].filter(Boolean).join(" ")}
        onChange={onPicked}
      />
      <small id={hintId} className="field-hint">
        {labels.filesHint}
      </small>
      {/* Shown while shrink-photo.ts shrinks a pick (the input is marked data-shrinking). */}
      <small className="field-hint shrinking-note" role="status">
        {labels.shrinking}
      </small>
      {/* Shown where nothing can shrink a photo: JavaScript off, Lite, or before the page's scripts came. */}
      <small className="field-hint no-shrink-note">{labels.noShrink}</small>
      <ErrorList id={field.errorId} errors={field.errors} />
    </div>
  );
}
