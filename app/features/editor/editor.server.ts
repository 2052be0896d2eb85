import type { ItemType } from "@domain/items";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import type { SubmissionResult } from "@conform-to/react";
import { json } from "@remix-run/node";
import { loginUrl } from "~/features/auth/auth.server";
import { editorText as t } from "~/content/staff";
import { reloginSchema } from "~/features/auth/schema";
import { redirectWithToast, toastHeader, type ToastInput } from "~/utils/toast.server";
import { UnauthorizedError, upstream, UpstreamError, type Upstream } from "~/upstream/index.server";
import { FORM_LIMITS, readForm } from "~/utils/form-body.server";
import { withShownErrors } from "~/utils/form-errors.server";
import { failureInit } from "~/utils/rate-limit.server";
import { newAssetFolder, pickEditorValues, type EditorValues } from "~/features/editor/editor-fields";
import { plainTextToHtml } from "~/features/editor/plain-text";
import { auditForStaff, type Audit } from "~/features/lifecycle/history.server";
import { scheduledAt } from "~/features/details/details.server";
import { editorSchema, featuredField, isEditorIntent, publishSchemas } from "~/features/editor/schema";
import { itemPath, listPath } from "~/utils/paths";

export type EditorMode = "new" | "edit";

export type EditorActionData = {
  values: EditorValues;
  result?: SubmissionResult<string[]>;
  /** Shown in the page itself when JavaScript is off (the toast cookie would come a page late). */
  notice?: ToastInput;
  /** A 401 on save or publish: the Session Expired modal opens, keeping what was typed. */
  sessionExpired?: { pendingIntent: "save" | "publish"; error?: string };
  relogged?: { pendingIntent: "save" | "publish" | "" };
  published?: { url: string };
  saved?: boolean;
};

/**
 * Each editor's HTML constraints (required, maxLength, pattern, …), from its publish rules, read
 * here and sent with the page: getZodConstraint in the browser would bring conform's zod
 * adapter, and with it classic zod (decision 023).
 */
const editorConstraint = {
  job: getZodConstraint(publishSchemas.job),
  article: getZodConstraint(publishSchemas.article),
  course: getZodConstraint(publishSchemas.course),
} satisfies Record<ItemType, unknown>;

/**
 * After a JavaScript-off POST, Remix renders the page by running the loaders with a GET that
 * keeps the POST's headers. A session that ended mid-edit must not turn that render into a
 * redirect to the login page: the action has kept the content and opens the re-login modal.
 */
function isRenderAfterSubmit(request: Request) {
  return !!request.headers.get("content-type");
}

export async function loadNewEditor(request: Request, type: ItemType) {
  const api = upstream(request);
  let draft: Record<string, unknown> | null = null;
  let notice: string | null = null;
  try {
    draft = await api.drafts.get(type);
  } catch (error) {
    if (error instanceof UnauthorizedError) {
      if (!isRenderAfterSubmit(request))
        throw await redirectWithToast(loginUrl(request), { message: t.draftExpired, type: "error" });
    } else {
      console.error("[editor] draft load failed", error);
      notice = t.draftLoadFailed;
    }
  }
  const values = pickEditorValues(type, draft);
  if (!values.assetFolder) values.assetFolder = newAssetFolder(type);
  return json(
    {
      type,
      mode: "new" as EditorMode,
      id: null as string | null,
      values,
      constraint: editorConstraint[type],
      draftRestored: !!draft,
      notice,
      audit: null as Audit | null,
      scheduledAt: null as string | null,
    },
    { headers: api.headers },
  );
}

export async function loadEditEditor(request: Request, type: ItemType, id: string) {
  const api = upstream(request);
  const user = await api.auth.currentUser().catch(() => null);
  if (!user && !isRenderAfterSubmit(request)) {
    throw await redirectWithToast(loginUrl(request), { message: t.editNeedsLogin, type: "error" });
  }
  let item: Record<string, unknown>;
  try {
    // A preview read: an item scheduled for later is edited like any other.
    const preview = { preview: true };
    item =
      type === "job"
        ? await api.jobs.get(id, preview)
        : type === "article"
          ? await api.articles.get(id, preview)
          : await api.courses.get(id, preview);
  } catch (error) {
    if (error instanceof UnauthorizedError)
      throw await redirectWithToast(loginUrl(request), { message: t.editNeedsLogin, type: "error" });
    console.error("[editor] item load failed", error);
    throw await redirectWithToast(listPath(type), { message: t.editLoadFailed, type: "error" });
  }
  const values = pickEditorValues(type, item);
  if (!values.assetFolder) values.assetFolder = newAssetFolder(type);
  const scheduled = typeof item.publishAt === "string" ? scheduledAt({ publishAt: item.publishAt }) : null;
  const audit = await auditForStaff(request, api, type, id);
  return json(
    {
      type,
      mode: "edit" as EditorMode,
      id,
      values,
      constraint: editorConstraint[type],
      draftRestored: false,
      notice: null as string | null,
      audit,
      scheduledAt: scheduled,
    },
    { headers: api.headers },
  );
}

type Answer = {
  request: Request;
  /** The form was posted by the hydrated page (JavaScript on). */
  enhanced: boolean;
  data: EditorActionData;
  toast?: ToastInput;
  status?: number;
  headers?: Headers;
};

/** Answers an editor action: with JavaScript a toast cookie; without it, the notice in the page. */
async function answer({ request, enhanced, data, toast, status = 200, headers: extra }: Answer) {
  const headers = new Headers(extra);
  if (toast && enhanced) headers.append("Set-Cookie", await toastHeader(toast, request));
  return json<EditorActionData>(toast && !enhanced ? { ...data, notice: toast } : data, { status, headers });
}

/** Files chosen with JavaScript off ride the form itself; upload them before saving. */
async function uploadAttachedImages(api: Upstream, type: ItemType, formData: FormData, values: EditorValues) {
  const slots = [
    { file: formData.get("featuredFile"), field: featuredField(type), remove: formData.get("removeFeatured") === "on" },
    { file: formData.get("logoFile"), field: "companyLogo", remove: formData.get("removeLogo") === "on", logo: true },
  ];
  for (const slot of slots) {
    if (type !== "job" && slot.field === "companyLogo") continue;
    if (slot.remove) values[slot.field] = "";
    if (!(slot.file instanceof File) || slot.file.size === 0) continue;
    if (slot.logo && !/^image\/(png|webp)$/.test(slot.file.type)) return t.logoType;
    try {
      values[slot.field] = (await api.images.upload(slot.file, values.assetFolder || newAssetFolder(type))).public_id;
    } catch (error) {
      if (error instanceof UnauthorizedError) throw error;
      console.error("[editor] image upload failed", error);
      return t.uploadFailed;
    }
  }
  return null;
}

function payloadFor(values: Record<string, unknown>) {
  const rest = { ...values };
  delete rest.id; // the id rides the URL, never the body
  return { ...rest, content: plainTextToHtml(String(values.content ?? "")) };
}

async function publishItem(api: Upstream, type: ItemType, id: string | null, item: Record<string, unknown>) {
  if (type === "job") return id ? api.jobs.update(id, item) : api.jobs.create(item);
  if (type === "article") return id ? api.articles.update(id, item) : api.articles.create(item);
  return id ? api.courses.update(id, item) : api.courses.create(item);
}

export async function editorAction(request: Request, type: ItemType, id: string | null) {
  const { formData } = await readForm(request, FORM_LIMITS.editor);
  const rawIntent = formData.get("intent");
  const intent = isEditorIntent(rawIntent) ? rawIntent : "save";
  const enhanced = formData.get("enhanced") === "1";
  const auto = formData.get("auto") === "1";
  const values = pickEditorValues(type, formData);
  const api = upstream(request);
  const submission = parseWithZod(formData, { schema: editorSchema(type, intent) });
  // Only these fields show their own errors; a problem in a hidden one is reported on the form.
  const shown = [
    "title",
    "jobType",
    "jobLocation",
    "companyName",
    "applicationDeadline",
    "tutors",
    "tag",
    "reloginEmail",
    "reloginPassword",
    "category",
    "fee",
    "duration",
    "level",
    "nextStart",
    "howToApply",
    "salaryMin",
    "salaryMax",
    "jobAddress",
  ];
  const reply = (extra?: Parameters<typeof submission.reply>[0]) =>
    withShownErrors(submission.reply({ hideFields: ["reloginPassword"], ...extra }), t.saveFailed[type], shown);
  const expired = (pendingIntent: "save" | "publish") =>
    answer({ request, enhanced, data: { values, result: reply(), sessionExpired: { pendingIntent } }, status: 401 });

  if (intent === "relogin") {
    const pendingIntent = formData.get("pendingIntent") === "publish" ? "publish" : "save";
    const credentials = parseWithZod(formData, { schema: reloginSchema });
    if (credentials.status !== "success") {
      return answer({
        request,
        enhanced,
        data: { values, result: reply(), sessionExpired: { pendingIntent } },
        status: 400,
      });
    }
    try {
      await api.auth.login(
        { username: credentials.value.reloginEmail, password: credentials.value.reloginPassword },
        "form",
      );
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      return answer({
        request,
        enhanced,
        data: { values, result: reply(), sessionExpired: { pendingIntent, error: error.message } },
        ...failureInit(error),
      });
    }
    return answer({
      request,
      enhanced,
      data: { values, result: reply(), relogged: { pendingIntent } },
      toast: { message: t.welcomeBack, type: "success" },
      headers: api.headers,
    });
  }

  // An edit page has no draft to save: only a hand-made request asks for one.
  if (intent === "save" && id)
    return answer({
      request,
      enhanced,
      data: { values, result: reply({ formErrors: [t.saveFailed[type]] }) },
      status: 400,
    });
  if (submission.status !== "success")
    return answer({ request, enhanced, data: { values, result: reply() }, status: 400 });

  try {
    const uploadError = await uploadAttachedImages(api, type, formData, values);
    if (uploadError)
      return answer({
        request,
        enhanced,
        data: { values, result: reply() },
        toast: { message: uploadError, type: "error" },
        status: 400,
      });
    const item = payloadFor({ ...submission.value, ...pickUploaded(type, values) });

    if (intent === "save") {
      try {
        await api.drafts.save({ postType: type, ...item });
      } catch (error) {
        if (error instanceof UnauthorizedError) throw error;
        console.error("[editor] draft save failed", error);
        const message = auto
          ? t.autoSaveFailed(error instanceof UpstreamError ? error.message : String(error))
          : t.saveFailed[type];
        return answer({
          request,
          enhanced,
          data: { values, result: reply() },
          toast: { message, type: "error", persistent: true },
          status: 400,
        });
      }
      if (!enhanced) return redirectWithToast(`/${type}/new`, { message: t.saved, type: "success" }, {}, request);
      return answer({
        request,
        enhanced,
        data: { values, result: reply(), saved: true },
        toast: auto ? undefined : { message: t.saved, type: "success" },
      });
    }

    let stored: { _id: string; slug: string };
    try {
      stored = await publishItem(api, type, id, item);
    } catch (error) {
      if (error instanceof UnauthorizedError) throw error;
      console.error("[editor] publish failed", error);
      // docs/product.md §8: a course's server text as-is; jobs and articles the catalogue's sentence.
      const message =
        type === "course" && error instanceof UpstreamError
          ? error.message
          : (t.publishFailed[type as "job" | "article"] ?? t.saveFailed[type]);
      return answer({
        request,
        enhanced,
        data: { values, result: reply() },
        toast: { message, type: "error", persistent: true },
        status: 400,
      });
    }
    const url = itemPath(type, stored);
    const notice = { message: id ? t.updated[type] : t.created[type], type: "success" as const };
    if (!enhanced) return redirectWithToast(url, notice, {}, request);
    return answer({ request, enhanced, data: { values, result: reply(), published: { url } }, toast: notice });
  } catch (error) {
    if (error instanceof UnauthorizedError) return expired(intent);
    throw error;
  }
}

/** The image fields after any JavaScript-off upload or removal. */
function pickUploaded(type: ItemType, values: EditorValues) {
  const fields = type === "job" ? ["companyCoverImg", "companyLogo"] : ["featuredImg"];
  return Object.fromEntries(fields.map((f) => [f, values[f] ?? ""]));
}
