import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useActionData, useLoaderData, useNavigate, useNavigation } from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { useHydrated } from "remix-utils/use-hydrated";

import { lagosLocalToIso } from "@domain/schedule";
import { ErrorList } from "~/components/form-parts";
import { InputField } from "~/components/forms";
import { editorText as t } from "~/content/editor";
import { trashText as lt } from "~/content/trash";
import type { EditorActionData, loadNewEditor } from "~/features/editor/editor.server";
import { courseTypesList, EDITOR_FIELDS } from "~/features/editor/editor-fields";
import { type EditorFormValues, editorSchema, featuredField, isEditorIntent } from "~/features/editor/schema";
import { ConfirmAction } from "~/features/lifecycle/confirm-action";
import { AuditLine, HistoryLink } from "~/features/lifecycle/staff-audit";
import { useAcademyName } from "~/hooks/use-settings";
import { useImageBase } from "~/hooks/use-user";
import { adminTrashPath, listPath } from "~/utils/paths";
import { validateForm } from "~/utils/validate-form";

import { DiscardDraftDialog, RestoredDraftNotice } from "./discard-draft";
import { ImageSlot } from "./image-slot";
import { SessionExpiredModal } from "./session-modal";
import { ContentField, CourseFields, JobFields, LogoAccentField, PublishAtField } from "./type-fields";
import { useAutosave } from "./use-autosave";
import { useImageUpload } from "./use-image-upload";
import { useSessionModal } from "./use-session-modal";

export function EditorPage() {
  const loaderData = useLoaderData<typeof loadNewEditor>();
  const { type, mode } = loaderData;
  const actionData = useActionData<EditorActionData>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const imageBase = useImageBase();
  const academyName = useAcademyName();
  const formRef = useRef<HTMLFormElement>(null);

  // What the page starts from: the action's copy after a JavaScript-off post, else the loader's.
  const initial = actionData?.values ?? loaderData.values;
  const [content, setContent] = useState(initial.content ?? "");
  const [images, setImages] = useState(() => ({
    featured: initial[featuredField(type)] ?? "",
    logo: initial.companyLogo ?? "",
  }));
  const [modal, setModal] = useSessionModal(actionData, formRef);
  const assetFolder = initial.assetFolder ?? "";

  const [form, fields] = useForm<EditorFormValues>({
    id: `editor-${type}`,
    lastResult: actionData?.result,
    // A course's types are checkboxes: a list, kept one per line among the text values.
    defaultValue: { ...initial, courseTypes: courseTypesList(initial.courseTypes) },
    // The publish rules' HTML constraints, from the schema on the server (editorConstraint).
    constraint: loaderData.constraint,
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      return validateForm(formData, editorSchema(type, isEditorIntent(intent) ? intent : "save"));
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // A publish that succeeded leads to the public page a second later (the toast shows first).
  useEffect(() => {
    if (!actionData?.published) return;
    const url = actionData.published.url;
    const timer = setTimeout(() => navigate(url), 1000);
    return () => clearTimeout(timer);
  }, [actionData, navigate]);

  const openModal = useCallback((pendingIntent: "save" | "") => setModal({ pendingIntent }), [setModal]);
  const { autosave, saving: autosaving } = useAutosave({
    type,
    enabled: mode === "new", // docs/product.md §4: no auto-save on edit routes
    formRef,
    onSessionExpired: useCallback(() => openModal("save"), [openModal]),
  });
  const upload = useImageUpload({
    assetFolder,
    onSessionExpired: useCallback(() => openModal(""), [openModal]),
    onUploaded: autosave,
  });

  const intentInFlight = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const saving = intentInFlight === "save" || autosaving;
  const publishing = intentInFlight === "publish" || !!actionData?.published;
  // A time still to come in "Publish at" makes the button "Schedule" (docs/product.md §4); the
  // value as typed with JavaScript, as stored or sent without.
  const scheduling = isFutureLagosTime(fields.publishAt.value);
  const notice =
    actionData?.notice ?? (loaderData.notice ? { message: loaderData.notice, type: "error" as const } : null);
  // Without JavaScript the server's first complaint gets the focus (with it, conform does this).
  const firstInvalid = hydrated ? null : EDITOR_FIELDS[type].find((name) => actionData?.result?.error?.[name]?.length);
  const back = listPath(type);
  const featuredName = featuredField(type);

  return (
    <>
      <Form
        method="post"
        encType="multipart/form-data"
        ref={formRef}
        {...getFormProps(form)}
        noValidate
        className="editor-page"
      >
        {modal ? (
          <SessionExpiredModal
            pendingIntent={modal.pendingIntent}
            error={modal.error}
            email={fields.reloginEmail}
            password={fields.reloginPassword}
            hydrated={hydrated}
            pending={intentInFlight === "relogin"}
            onClose={() => setModal(null)}
          />
        ) : null}
        {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
        <input type="hidden" name="assetFolder" value={assetFolder} />
        {type === "course" ? <input type="hidden" name="tipColor" value={initial.tipColor ?? ""} /> : null}

        <header className="editor-bar">
          <Link to="/" className="editor-logo">
            <img src="/favicon.svg" alt="" width={32} height={32} />
            <span>{academyName}</span>
          </Link>
          <Link to={back} className="editor-back">
            ← {type === "course" ? t.backToCourses : t.backToBlog}
          </Link>
          <div className="editor-actions">
            {mode === "new" ? (
              <button
                type="submit"
                name="intent"
                value="save"
                className="btn btn-outline"
                disabled={saving}
                aria-busy={saving}
              >
                {saving ? t.saving : t.save}
              </button>
            ) : null}
            <button
              type="submit"
              name="intent"
              value="publish"
              className="btn btn-primary"
              disabled={publishing}
              aria-busy={publishing}
            >
              {scheduling ? (publishing ? t.scheduling : t.schedule) : publishing ? t.publishing : t.publish}
            </button>
          </div>
        </header>

        <main className="editor-main container">
          <h1>{mode === "new" ? t.newHeading[type] : t.editHeading[type]}</h1>
          {mode === "edit" && loaderData.id ? (
            <div className="editor-audit">
              <AuditLine audit={loaderData.audit} />
              <HistoryLink type={type} id={loaderData.id} />
            </div>
          ) : null}
          {notice ? (
            <p className={`editor-notice editor-notice-${notice.type ?? "info"}`} role="status">
              {notice.message}
            </p>
          ) : null}
          {loaderData.draftRestored && !actionData ? (
            <RestoredDraftNotice type={type} savedAt={loaderData.draftSavedAt} />
          ) : null}
          <ErrorList id={form.errorId} errors={form.errors} />

          <InputField field={fields.title} label={t.title[type]} firstInvalid={firstInvalid} className="field-title" />

          {type === "job" ? <JobFields fields={fields} firstInvalid={firstInvalid} /> : null}
          {type === "course" ? <CourseFields fields={fields} firstInvalid={firstInvalid} /> : null}
          <PublishAtField field={fields.publishAt} firstInvalid={firstInvalid} scheduledAt={loaderData.scheduledAt} />

          <div className="editor-images">
            <ImageSlot
              label={t.featuredImage[type]}
              name={featuredName}
              value={images.featured}
              onChange={(featured) => setImages((s) => ({ ...s, featured }))}
              imageBase={imageBase}
              hydrated={hydrated}
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              fileName="featuredFile"
              removeName="removeFeatured"
              upload={async (file) => (await upload(file, "image"))?.public_id ?? null}
            />
            {type === "job" ? (
              <>
                <ImageSlot
                  label={t.companyLogo}
                  name="companyLogo"
                  value={images.logo}
                  onChange={(logo) => setImages((s) => ({ ...s, logo }))}
                  imageBase={imageBase}
                  hydrated={hydrated}
                  accept="image/png,image/webp"
                  fileName="logoFile"
                  removeName="removeLogo"
                  upload={async (file) => (await upload(file, "logo"))?.public_id ?? null}
                />
                <LogoAccentField field={fields.logoAccent} initial={initial.logoAccent ?? ""} />
              </>
            ) : null}
          </div>

          <ContentField
            hydrated={hydrated}
            initialHtml={initial.content ?? ""}
            content={content}
            onChange={setContent}
            uploadImage={async (file) => (await upload(file, "image"))?.secure_url ?? null}
          />
        </main>
      </Form>
      {loaderData.draftRestored ? <DiscardDraftDialog type={type} /> : null}
      {mode === "edit" && loaderData.id ? (
        // Outside the editor's form: the confirmation posts a form of its own (docs/product.md §4).
        <section className="editor-danger container" aria-label={lt.moveToTrash}>
          <ConfirmAction
            href={adminTrashPath(type, loaderData.id)}
            action={adminTrashPath(type, loaderData.id)}
            label={lt.moveToTrash}
            title={lt.confirmTrashTitle(type)}
            text={lt.confirmTrashText(loaderData.values.title || "")}
            confirmLabel={lt.moveToTrash}
            cancelLabel={lt.cancel}
          />
        </section>
      ) : null}
    </>
  );
}

function isFutureLagosTime(value: unknown) {
  const iso = typeof value === "string" && value ? lagosLocalToIso(value) : undefined;
  return !!iso && Date.parse(iso) > Date.now();
}
