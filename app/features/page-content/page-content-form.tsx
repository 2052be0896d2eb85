import { Form, useNavigation } from "@remix-run/react";

import { IMAGE_TYPES } from "@domain/images";
import {
  BLOCK_PARTS,
  blockField,
  FIXED_BLOCKS,
  IMAGE_PARTS,
  imageFileField,
  imageRemoveField,
  isRequiredPart,
  LINK_PARTS as LINKS,
  LONG_PARTS as LONG,
  PAGE_BLOCKS,
  PAGE_CONTENT_LIMITS,
  type PageBlock,
  type PageContent,
  SITE_LINK_PARTS,
  SLIDE_BUTTONS,
} from "@domain/page-content";
import { ErrorList, SubmitButton } from "~/components/form-parts";
import { Image } from "~/components/image";
import { pageContentText as t } from "~/content/page-content";

type Problems = Record<string, string>;

/**
 * An image part (a team member's photo, a slide's image): the stored id rides a hidden field; a
 * file chosen replaces it at the next submit (through the image pipeline: docs/decisions/085); the
 * box clears it. Works the same with JavaScript off.
 */
function ImageField({ name, part, value, problem }: { name: string; part: string; value: string; problem?: string }) {
  const id = `content-${name}`;
  const describedBy = [`${id}-hint`, problem ? `${id}-error` : null].filter(Boolean).join(" ");
  return (
    <div className="field content-image" data-invalid={problem ? "" : undefined}>
      <input type="hidden" name={name} value={value} />
      <label htmlFor={id}>{t.fields[part]}</label>
      <div className="content-image-current">
        <span>{t.image.current}</span>{" "}
        {value ? (
          <Image publicId={value} alt="" width={96} height={96} dprs={[1, 2]} className="content-image-preview" />
        ) : (
          <span>{t.image.none}</span>
        )}
      </div>
      <input
        id={id}
        type="file"
        name={imageFileField(name)}
        accept={IMAGE_TYPES.join(",")}
        aria-invalid={problem ? true : undefined}
        aria-describedby={describedBy}
      />
      <small id={`${id}-hint`} className="field-hint">
        {t.image.hint}
      </small>
      {value ? (
        <label className="checkbox-label">
          <input type="checkbox" name={imageRemoveField(name)} value="on" /> {t.image.remove}
        </label>
      ) : null}
      <ErrorList id={`${id}-error`} errors={problem ? [problem] : null} />
    </div>
  );
}

function Field({ name, part, value, problem }: { name: string; part: string; value: string; problem?: string }) {
  const id = `content-${name}`;
  const long = LONG.has(part);
  const props = {
    id,
    name,
    defaultValue: value,
    required: isRequiredPart(part),
    "aria-invalid": problem ? true : undefined,
    "aria-describedby":
      [long ? `${id}-hint` : null, problem ? `${id}-error` : null].filter(Boolean).join(" ") || undefined,
  };
  return (
    <div className="field" data-invalid={problem ? "" : undefined}>
      <label htmlFor={id}>
        {t.fields[part]}
        {isRequiredPart(part) ? <span aria-hidden="true"> *</span> : null}
      </label>
      {long ? (
        <textarea rows={4} maxLength={PAGE_CONTENT_LIMITS.long} {...props} />
      ) : (
        <input
          type={LINKS.has(part) ? "url" : "text"}
          maxLength={
            LINKS.has(part) || SITE_LINK_PARTS.has(part)
              ? PAGE_CONTENT_LIMITS.link
              : SLIDE_BUTTONS.some((b) => b.label === part)
                ? PAGE_CONTENT_LIMITS.buttonLabel
                : PAGE_CONTENT_LIMITS.line
          }
          {...props}
        />
      )}
      {long ? (
        <small id={`${id}-hint`} className="field-hint">
          {t.textHint}
        </small>
      ) : null}
      <ErrorList id={`${id}-error`} errors={problem ? [problem] : null} />
    </div>
  );
}

function flat(block: PageBlock, item: PageContent[PageBlock][number]): Record<string, string> {
  if (block !== "team") return item as Record<string, string>;
  const { links, ...rest } = item as PageContent["team"][number];
  return { ...rest, ...links };
}

function Block({ block, items, problems }: { block: PageBlock; items: PageContent[PageBlock]; problems: Problems }) {
  const words = t.blocks[block];
  const max = PAGE_CONTENT_LIMITS.items[block];
  // The blurbs and Why Us have a fixed number of items: no add, remove or move.
  const fixed = FIXED_BLOCKS[block] !== undefined;
  return (
    <fieldset className="content-block" id={`block-${block}`}>
      <legend>{words.title}</legend>
      {"hint" in words ? <p className="field-hint">{words.hint}</p> : null}
      <input type="hidden" name={`${block}Count`} value={items.length} />
      <ErrorList errors={problems[block] ? [problems[block]] : null} />
      {items.length ? null : <p>{words.empty}</p>}
      <ol className="content-items">
        {items.map((item, i) => {
          const label = words.item(i + 1);
          const values = flat(block, item);
          return (
            <li key={i}>
              <fieldset className="content-item">
                <legend>{label}</legend>
                {BLOCK_PARTS[block].map((part) => {
                  const name = blockField(block, i, part);
                  if (IMAGE_PARTS.has(part))
                    return (
                      <ImageField
                        key={name}
                        name={name}
                        part={part}
                        value={values[part] ?? ""}
                        problem={problems[name]}
                      />
                    );
                  return (
                    <Field key={name} name={name} part={part} value={values[part] ?? ""} problem={problems[name]} />
                  );
                })}
                {fixed ? null : (
                  <p className="content-item-actions">
                    {i > 0 ? (
                      <button
                        type="submit"
                        name="intent"
                        value={`up:${block}:${i}`}
                        className="btn btn-outline btn-small"
                        aria-label={t.moveUpLabel(label)}
                      >
                        {t.moveUp}
                      </button>
                    ) : null}
                    {i < items.length - 1 ? (
                      <button
                        type="submit"
                        name="intent"
                        value={`down:${block}:${i}`}
                        className="btn btn-outline btn-small"
                        aria-label={t.moveDownLabel(label)}
                      >
                        {t.moveDown}
                      </button>
                    ) : null}
                    <button
                      type="submit"
                      name="intent"
                      value={`remove:${block}:${i}`}
                      className="btn btn-outline btn-small"
                      aria-label={t.removeLabel(label)}
                    >
                      {t.remove}
                    </button>
                  </p>
                )}
              </fieldset>
            </li>
          );
        })}
      </ol>
      {!fixed && items.length < max ? (
        <button type="submit" name="intent" value={`add:${block}`} className="btn btn-outline">
          {words.add}
        </button>
      ) : null}
    </fieldset>
  );
}

/**
 * The three blocks in one real form, so it works without JavaScript: every button is a submit
 * button named `intent`. Save comes first, so Enter in a field saves rather than moving an item.
 */
export function PageContentForm({
  typed,
  problems,
  formError,
  note,
}: {
  typed: PageContent;
  problems: Problems;
  formError?: string;
  note?: string;
}) {
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formData?.get("intent") === "save";
  const save = <SubmitButton pending={saving} idleText={t.save} pendingText={t.saving} name="intent" value="save" />;
  return (
    <Form method="post" encType="multipart/form-data" className="admin-form page-content-form" noValidate>
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
      {PAGE_BLOCKS.map((block) => (
        <Block key={block} block={block} items={typed[block]} problems={problems} />
      ))}
      <p className="form-actions">{save}</p>
    </Form>
  );
}
