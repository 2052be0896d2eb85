import { useEffect, useId, useState } from "react";

import { editorText as t } from "~/content/editor";

/** Where a stored image is shown: a public id through the delivery URL, or a URL as it is. */
export function imageUrl(imageBase: string, ref: string, width = 800) {
  if (!ref) return "";
  if (/^(https?:)?\//.test(ref)) return ref;
  return `${imageBase}/w_${width},c_limit,f_auto,q_auto/${ref}`;
}

type Props = {
  label: string;
  /** The hidden field holding the public id. */
  name: string;
  value: string;
  onChange: (value: string) => void;
  imageBase: string;
  hydrated: boolean;
  accept: string;
  /** Without JavaScript: the file input and the remove checkbox the action reads. */
  fileName: string;
  removeName: string;
  /** Uploads with JavaScript; answers the new public id, or null (the previous image stays). */
  upload: (file: File) => Promise<string | null>;
};

// A featured image (or logo) with Update and Remove. With JavaScript the file uploads at
// once and a preview shows; if the upload fails the previous image comes back.
export function ImageSlot({
  label,
  name,
  value,
  onChange,
  imageBase,
  hydrated,
  accept,
  fileName,
  removeName,
  upload,
}: Props) {
  const id = useId();
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const shown = preview ?? imageUrl(imageBase, value);

  const choose = async (file: File) => {
    setPreview(URL.createObjectURL(file));
    const publicId = await upload(file);
    setPreview(null);
    if (publicId) onChange(publicId);
  };

  return (
    <fieldset className="image-slot" data-field={name}>
      <legend>{label}</legend>
      <input type="hidden" name={name} value={value} />
      <div className="image-slot-preview" aria-busy={!!preview}>
        {shown ? (
          <img src={shown} alt={label} data-testid={`${name}-preview`} />
        ) : (
          <span className="image-slot-empty">{t.noImage}</span>
        )}
        {preview ? <span className="image-slot-uploading">{t.uploading}</span> : null}
      </div>
      {hydrated ? (
        <div className="image-slot-actions">
          <label htmlFor={id} className="btn btn-outline btn-small">
            {value ? t.update : t.choose}
          </label>
          <input
            id={id}
            type="file"
            accept={accept}
            className="visually-hidden"
            aria-label={`${value ? t.update : t.choose}: ${label}`}
            onChange={(e) => {
              const file = e.currentTarget.files?.[0];
              e.currentTarget.value = "";
              if (file) void choose(file);
            }}
          />
          {value ? (
            <button
              type="button"
              className="btn btn-link btn-small"
              onClick={() => onChange("")}
              aria-label={`${t.remove}: ${label}`}
            >
              {t.remove}
            </button>
          ) : null}
        </div>
      ) : (
        <div className="image-slot-actions">
          <label htmlFor={id}>{value ? t.update : t.choose}</label>
          <input id={id} type="file" name={fileName} accept={accept} />
          {value ? (
            <label className="field-check">
              <input type="checkbox" name={removeName} /> {t.removeOnSubmit}
            </label>
          ) : null}
        </div>
      )}
    </fieldset>
  );
}
