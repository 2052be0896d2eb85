import { site } from "~/content/site";
import { getFormProps, getInputProps, useForm, type Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { SerializeFrom } from "@remix-run/node";
import { Form, Link, useActionData, useFetcher, useLoaderData, useNavigate, useNavigation, useRevalidator, useSubmit } from "@remix-run/react";
import { lazy, Suspense, useCallback, useEffect, useRef, useState } from "react";
import { ClientOnly } from "remix-utils/client-only";
import { useHydrated } from "remix-utils/use-hydrated";
import { ErrorList, InputField, SelectField } from "~/components/forms";
import { editorText as t, JOB_LOCATIONS, JOB_TYPES, toolbarText, type EditorType } from "~/content/staff";
import { useImageBase } from "~/hooks/use-user";
import type { UploadAnswer } from "~/routes/editor.upload";
import type { EditorActionData, loadNewEditor } from "./editor.server";
import { EDITOR_FIELDS } from "./fields";
import { ImageSlot } from "./image-slot";
import { backPath, editorSchema, featuredField, isEditorIntent, publishSchemas } from "./schema";
import { SessionExpiredModal } from "./session-modal";

// Lexical is fetched only here, after hydration: no public page downloads it.
const RichText = lazy(() => import("./rich-text.client"));

type LoaderData = SerializeFrom<typeof loadNewEditor>;
type Modal = { pendingIntent: "save" | "publish" | ""; error?: string };

export function EditorPage() {
  const loaderData = useLoaderData<LoaderData>();
  const { type, mode } = loaderData;
  const actionData = useActionData<EditorActionData>();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const navigate = useNavigate();
  const submit = useSubmit();
  const revalidator = useRevalidator();
  const autosaver = useFetcher<EditorActionData>({ key: `autosave-${type}` });
  const imageBase = useImageBase();
  const formRef = useRef<HTMLFormElement>(null);

  // What the page starts from: the action's copy after a JavaScript-off post, else the loader's.
  const initial = actionData?.values ?? loaderData.values;
  const [content, setContent] = useState(initial.content ?? "");
  const [images, setImages] = useState(() => ({
    featured: initial[featuredField(type)] ?? "",
    logo: initial.companyLogo ?? "",
  }));
  const [modal, setModal] = useState<Modal | null>(actionData?.sessionExpired ?? null);
  const assetFolder = initial.assetFolder ?? "";

  const [form, fields] = useForm<Record<string, string>>({
    id: `editor-${type}`,
    lastResult: actionData?.result,
    defaultValue: initial,
    constraint: getZodConstraint(publishSchemas[type]),
    onValidate: ({ formData }) => {
      const intent = formData.get("intent");
      const schema = editorSchema(type, isEditorIntent(intent) ? intent : "save");
      return parseWithZod(formData, { schema }) as unknown as Submission<Record<string, string>>;
    },
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
  });

  // The answers of the editor's own posts.
  useEffect(() => {
    if (!actionData) return;
    if (actionData.sessionExpired) setModal(actionData.sessionExpired);
    if (actionData.relogged) {
      setModal(null);
      // The save or publish the expired session interrupted now completes, with everything typed.
      const pending = actionData.relogged.pendingIntent;
      if (pending && formRef.current) {
        const data = new FormData(formRef.current);
        data.set("intent", pending);
        submit(data, { method: "post", encType: "multipart/form-data", replace: true });
      }
    }
    if (actionData.published) {
      const url = actionData.published.url;
      const timer = setTimeout(() => navigate(url), 1000);
      return () => clearTimeout(timer);
    }
  }, [actionData, navigate, submit]);

  useEffect(() => {
    if (autosaver.data?.sessionExpired) setModal({ pendingIntent: "save" });
  }, [autosaver.data]);

  const autosave = useCallback(() => {
    if (mode !== "new") return; // SPEC §4: no auto-save on edit routes
    // After React has written the new image into the form.
    setTimeout(() => {
      if (!formRef.current) return;
      const data = new FormData(formRef.current);
      data.set("intent", "save");
      data.set("auto", "1");
      autosaver.submit(data, { method: "post", encType: "multipart/form-data" });
    }, 300);
  }, [mode, autosaver]);

  const upload = useCallback(
    async (file: File, kind: "image" | "logo"): Promise<{ public_id: string; secure_url: string } | null> => {
      const data = new FormData();
      data.set("file", file);
      data.set("kind", kind);
      data.set("assetFolder", assetFolder);
      let answer: UploadAnswer | null = null;
      try {
        const response = await fetch("/editor/upload", { method: "POST", body: data, headers: { accept: "application/json" } });
        answer = (await response.json()) as UploadAnswer;
      } catch {
        answer = { error: t.uploadFailed };
      }
      if ("error" in answer) {
        if (answer.sessionExpired) setModal({ pendingIntent: "" });
        else revalidator.revalidate(); // shows the error toast the upload route set
        return null;
      }
      autosave();
      return answer;
    },
    [autosave, revalidator, assetFolder],
  );

  const intentInFlight = navigation.state !== "idle" ? navigation.formData?.get("intent") : null;
  const saving = intentInFlight === "save" || autosaver.state !== "idle";
  const publishing = intentInFlight === "publish" || !!actionData?.published;
  const notice = actionData?.notice ?? (loaderData.notice ? { message: loaderData.notice, type: "error" as const } : null);
  // Without JavaScript the server's first complaint gets the focus (with it, conform does this).
  const firstInvalid = hydrated ? null : EDITOR_FIELDS[type].find((name) => actionData?.result?.error?.[name]?.length);
  const back = backPath(type);
  const featuredName = featuredField(type);

  return (
    <Form method="post" encType="multipart/form-data" ref={formRef} {...getFormProps(form)} noValidate className="editor-page">
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
          <span>{site.name}</span>
        </Link>
        <Link to={back} className="editor-back">← {type === "course" ? t.backToCourses : t.backToBlog}</Link>
        <div className="editor-actions">
          {mode === "new" ? (
            <button type="submit" name="intent" value="save" className="btn btn-outline" disabled={saving} aria-busy={saving}>
              {saving ? t.saving : t.save}
            </button>
          ) : null}
          <button type="submit" name="intent" value="publish" className="btn btn-primary" disabled={publishing} aria-busy={publishing}>
            {publishing ? t.publishing : t.publish}
          </button>
        </div>
      </header>

      <main className="editor-main container">
        <h1>{mode === "new" ? t.newHeading[type] : t.editHeading[type]}</h1>
        {notice ? <p className={`editor-notice editor-notice-${notice.type ?? "info"}`} role="status">{notice.message}</p> : null}
        {loaderData.draftRestored && !actionData ? <p className="editor-notice editor-notice-info" role="status">{t.draftLoaded}</p> : null}
        <ErrorList id={form.errorId} errors={form.errors} />

        <InputField field={fields.title} label={t.title[type]} autoFocus={firstInvalid === "title"} className="field-title" />

        {type === "job" ? (
          <div className="editor-grid">
            <SelectField field={fields.jobType} label={t.jobType} placeholder={t.selectPlaceholder} options={JOB_TYPES.map((v) => ({ value: v, label: v }))} autoFocus={firstInvalid === "jobType"} />
            <SelectField field={fields.jobLocation} label={t.jobLocation} placeholder={t.selectPlaceholder} options={JOB_LOCATIONS.map((v) => ({ value: v, label: v }))} autoFocus={firstInvalid === "jobLocation"} />
            <InputField field={fields.companyName} label={t.companyName} autoFocus={firstInvalid === "companyName"} />
            <InputField field={fields.applicationDeadline} label={t.deadline} type="date" autoFocus={firstInvalid === "applicationDeadline"} />
          </div>
        ) : null}

        {type === "course" ? (
          <div className="editor-grid">
            <InputField field={fields.tutors} label={t.tutors} hint={t.tutorsHint} autoFocus={firstInvalid === "tutors"} />
            <InputField field={fields.tag} label={t.tag} />
          </div>
        ) : null}

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
              <div className="field field-colour">
                <label htmlFor={fields.logoAccent.id}>{t.logoAccent}</label>
                <input {...getInputProps(fields.logoAccent, { type: "color" })} key={fields.logoAccent.key} defaultValue={initial.logoAccent || "#8a1c5c"} />
              </div>
            </>
          ) : null}
        </div>

        <div className="field field-content">
          <span className="field-label" id="content-label">{t.content}</span>
          {hydrated ? (
            <>
              <input type="hidden" name="content" value={content} />
              <ClientOnly fallback={<div className="editor-content editor-loading">{toolbarText.loading}</div>}>
                {() => (
                  <Suspense fallback={<div className="editor-content editor-loading">{toolbarText.loading}</div>}>
                    <RichText
                      labelId="content-label"
                      initialHtml={initial.content ?? ""}
                      onChange={setContent}
                      uploadImage={async (file) => (await upload(file, "image"))?.secure_url ?? null}
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
                defaultValue={initial.content ?? ""}
              />
              <small id="content-hint" className="field-hint">{t.contentNoJsHint}</small>
            </>
          )}
        </div>
      </main>
    </Form>
  );
}
