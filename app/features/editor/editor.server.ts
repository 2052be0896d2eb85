import type { SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { json } from "@remix-run/node";

import type { ItemType } from "@domain/items";
import { formatLagos, lagosLocalToIso } from "@domain/schedule";
import { editorText as t } from "~/content/editor";
import { trashText as lt } from "~/content/trash";
import { loginUrl, refuseOtherRoles } from "~/features/auth/auth.server";
import { reloginSchema } from "~/features/auth/schema";
import type { StaffRouteId } from "~/features/auth/staff-routes";
import { scheduledAt } from "~/features/details/details.server";
import { EDITOR_FIELDS, type EditorValues, newAssetFolder, pickEditorValues } from "~/features/editor/editor-fields";
import { draftWrite, itemWrite } from "~/features/editor/item-write.server";
import { draftSchemas, editorSchema, featuredField, isEditorIntent, publishSchemas } from "~/features/editor/schema";
import { type Audit, auditForStaff } from "~/features/lifecycle/history.server";
import { type ItemWrite, UnauthorizedError, type Upstream, upstream, UpstreamError } from "~/upstream/index.server";
import { FORM_LIMITS, formFields, readForm } from "~/utils/form-body.server";
import { withShownErrors } from "~/utils/form-errors.server";
import { itemPath, listPath } from "~/utils/paths";
import { failureInit } from "~/utils/rate-limit.server";
import { refuseCrossSite } from "~/utils/request-guard.server";
import { redirectWithToast, toastHeader, type ToastInput } from "~/utils/toast.server";

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

export async function loadNewEditor(request: Request, type: ItemType, route: StaffRouteId) {
  const api = upstream(request);
  // Another role's member gets the 403 page, not an editor whose every call is refused (decision 031).
  refuseOtherRoles(await api.auth.currentUser().catch(() => null), route);
  let draft: Record<string, unknown> | null = null;
  let draftSavedAt: string | null = null;
  let notice: string | null = null;
  try {
    const saved = await api.drafts.get(type);
    draft = saved?.draft ?? null;
    draftSavedAt = saved?.savedAt ?? null;
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
      draftSavedAt,
      notice,
      audit: null as Audit | null,
      scheduledAt: null as string | null,
    },
    { headers: api.headers },
  );
}

export async function loadEditEditor(request: Request, type: ItemType, id: string, route: StaffRouteId) {
  const api = upstream(request);
  const user = await api.auth.currentUser().catch(() => null);
  refuseOtherRoles(user, route);
  if (!user && !isRenderAfterSubmit(request)) {
    throw await redirectWithToast(loginUrl(request), { message: t.editNeedsLogin, type: "error" });
  }
  let item: Record<string, unknown>;
  try {
    // A preview read: an item scheduled for later is edited like any other.
    item = await api.items(type).get(id, { preview: true });
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
      draftSavedAt: null as string | null,
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

// Only these fields show their own errors; a problem in a hidden one is reported on the form.
const SHOWN_FIELDS = [
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
  "courseTypes",
  "howToApply",
  "salaryMin",
  "salaryMax",
  "jobAddress",
];

/** One editor submission, read once: what each intent below needs. */
type Submitted = {
  request: Request;
  api: Upstream;
  type: ItemType;
  id: string | null;
  formData: FormData;
  enhanced: boolean;
  auto: boolean;
  values: EditorValues;
  reply: (extra?: { formErrors?: string[] }) => SubmissionResult<string[]>;
};

/** The form back as it was typed, with the errors and an optional toast. */
function refuse(s: Submitted, { status = 400, toast }: { status?: number; toast?: ToastInput } = {}) {
  return answer({
    request: s.request,
    enhanced: s.enhanced,
    data: { values: s.values, result: s.reply() },
    toast,
    status,
  });
}

/** Every field an editor form sends, whatever its type and button (form-body.server.ts). */
function editorFormFields() {
  return formFields(
    [...Object.values(publishSchemas), ...Object.values(draftSchemas), reloginSchema],
    [
      ...Object.values(EDITOR_FIELDS).flat(),
      "intent",
      "pendingIntent",
      "enhanced",
      "auto",
      "featuredFile",
      "logoFile",
      "removeFeatured",
      "removeLogo",
    ],
  );
}

/** A save or publish that the API refused: the form back with the reason, a toast that stays. */
const failed = (s: Submitted, message: string) => refuse(s, { toast: { message, type: "error", persistent: true } });

/** The Session Expired modal's login: the content waits in the form for the intent it interrupted. */
async function relogin(s: Submitted) {
  const { request, enhanced, values, api } = s;
  const pendingIntent: "save" | "publish" = s.formData.get("pendingIntent") === "publish" ? "publish" : "save";
  const credentials = parseWithZod(s.formData, { schema: reloginSchema });
  if (credentials.status !== "success")
    return answer({
      request,
      enhanced,
      data: { values, result: s.reply(), sessionExpired: { pendingIntent } },
      status: 400,
    });
  try {
    const signedIn = await api.auth.login(
      { username: credentials.value.reloginEmail, password: credentials.value.reloginPassword },
      "form",
    );
    // Two-factor sign-in asks for a code the modal has no field for: the work stays in the form
    // while the member signs in on the sign-in page in another tab (docs/decisions/032-two-factor-sign-in.md).
    if (signedIn.codeNeeded) {
      const sessionExpired = { pendingIntent, error: t.reloginNeedsCode };
      return answer({ request, enhanced, data: { values, result: s.reply(), sessionExpired }, status: 401 });
    }
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    const sessionExpired = { pendingIntent, error: error.message };
    return answer({ request, enhanced, data: { values, result: s.reply(), sessionExpired }, ...failureInit(error) });
  }
  return answer({
    request,
    enhanced,
    data: { values, result: s.reply(), relogged: { pendingIntent } },
    toast: { message: t.welcomeBack, type: "success" },
    headers: api.headers,
  });
}

/** A new item's draft (docs/product.md §5): kept for its author, nothing public changes. */
async function saveDraft(s: Submitted, item: ItemWrite<ItemType>) {
  try {
    await s.api.drafts.save(draftWrite(s.type, item));
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    console.error("[editor] draft save failed", error);
    const reason = error instanceof UpstreamError ? error.message : String(error);
    return failed(s, s.auto ? t.autoSaveFailed(reason) : t.saveFailed[s.type]);
  }
  if (!s.enhanced) return redirectWithToast(`/${s.type}/new`, { message: t.saved, type: "success" }, {}, s.request);
  const toast = s.auto ? undefined : ({ message: t.saved, type: "success" } as const);
  return answer({
    request: s.request,
    enhanced: true,
    data: { values: s.values, result: s.reply(), saved: true },
    toast,
  });
}

/** "Publish at" as sent (a Lagos datetime-local value, or an instant with its zone) as an instant. */
function publishAtIso(value: unknown) {
  if (typeof value !== "string" || !value) return null;
  return /(Z|[+-]\d{2}:?\d{2})$/.test(value) ? value : (lagosLocalToIso(value) ?? null);
}

/** Creates or changes the item; its page is the answer. */
async function publish(s: Submitted, item: ItemWrite<ItemType>) {
  let stored: { _id: string; slug: string };
  try {
    stored = s.id ? await s.api.items(s.type).update(s.id, item) : await s.api.items(s.type).create(item);
  } catch (error) {
    if (error instanceof UnauthorizedError) throw error;
    console.error("[editor] publish failed", error);
    // docs/product.md §8: a course's server text as-is; jobs and articles the catalogue's sentence.
    const message =
      s.type === "course" && error instanceof UpstreamError
        ? error.message
        : (t.publishFailed[s.type as "job" | "article"] ?? t.saveFailed[s.type]);
    return failed(s, message);
  }
  const url = itemPath(s.type, stored);
  // A time still to come was set: the item is scheduled, and the toast says so (docs/product.md §4).
  const goesPublic = scheduledAt({ publishAt: publishAtIso(item.publishAt) });
  const notice = {
    message: goesPublic ? lt.scheduledFor(formatLagos(goesPublic)) : s.id ? t.updated[s.type] : t.created[s.type],
    type: "success" as const,
  };
  if (!s.enhanced) return redirectWithToast(url, notice, {}, s.request);
  return answer({
    request: s.request,
    enhanced: true,
    data: { values: s.values, result: s.reply(), published: { url } },
    toast: notice,
  });
}

/** Reads the submission once and hands it to its intent: re-login, save (a draft) or publish. */
export async function editorAction(request: Request, type: ItemType, id: string | null, route: StaffRouteId) {
  refuseCrossSite(request);
  const api = upstream(request);
  // The session first, as /editor/upload does: without one, only the text typed is read (the
  // Session Expired modal gives it back, decision 007) and files are dropped unread into memory,
  // so an anonymous post costs at most FORM_LIMITS.editorSignedOut, not the editor's 17 MiB.
  // Another role's member is refused before the body is read.
  const user = await api.auth.currentUser();
  refuseOtherRoles(user, route);
  const signedIn = user !== null;
  const limits = signedIn ? FORM_LIMITS.editor : FORM_LIMITS.editorSignedOut;
  const { formData } = await readForm(request, limits, editorFormFields());
  const rawIntent = formData.get("intent");
  const intent = isEditorIntent(rawIntent) ? rawIntent : "save";
  const submission = parseWithZod(formData, { schema: editorSchema(type, intent) });
  const s: Submitted = {
    request,
    api,
    type,
    id,
    formData,
    enhanced: formData.get("enhanced") === "1",
    auto: formData.get("auto") === "1",
    values: pickEditorValues(type, formData),
    reply: (extra) =>
      withShownErrors(
        submission.reply({ hideFields: ["reloginPassword"], ...extra }),
        t.saveFailed[type],
        SHOWN_FIELDS,
      ),
  };
  if (intent === "relogin") return relogin(s);
  // An edit page has no draft to save: only a hand-made request asks for one.
  if (intent === "save" && id)
    return answer({
      request,
      enhanced: s.enhanced,
      data: { values: s.values, result: s.reply({ formErrors: [t.saveFailed[type]] }) },
      status: 400,
    });
  if (submission.status !== "success") return refuse(s);
  try {
    const uploadError = await uploadAttachedImages(s.api, type, formData, s.values);
    if (uploadError) return refuse(s, { toast: { message: uploadError, type: "error" } });
    const item = itemWrite(type, { ...submission.value, ...pickUploaded(type, s.values) });
    return intent === "save" ? await saveDraft(s, item) : await publish(s, item);
  } catch (error) {
    // docs/decisions/007: a session that ended mid-edit keeps the content and asks to log in again.
    if (error instanceof UnauthorizedError)
      return answer({
        request,
        enhanced: s.enhanced,
        data: { values: s.values, result: s.reply(), sessionExpired: { pendingIntent: intent } },
        status: 401,
      });
    throw error;
  }
}

/** The image fields after any JavaScript-off upload or removal. */
function pickUploaded(type: ItemType, values: EditorValues) {
  const fields = type === "job" ? ["companyCoverImg", "companyLogo"] : ["featuredImg"];
  return Object.fromEntries(fields.map((f) => [f, values[f] ?? ""]));
}
