import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";

import { ASSET_FOLDER } from "@domain/items";
import { editorText as t } from "~/content/editor";
import { refuseOtherRoles } from "~/features/auth/auth.server";
import { UnauthorizedError, upstream } from "~/upstream/index.server";
import { FORM_LIMITS, readForm } from "~/utils/form-body.server";
import { refuseCrossSite } from "~/utils/request-guard.server";
import { toastHeader } from "~/utils/toast.server";

// The editors' image upload (featured image, company logo, inline images), called with
// JavaScript on. Without JavaScript the files ride the editor form itself.
export const loader = () => redirect("/");

export type UploadAnswer = { public_id: string; secure_url: string } | { error: string; sessionExpired?: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const api = upstream(request);
  const fail = async (status: number, message: string, sessionExpired = false) =>
    json<UploadAnswer>(
      { error: message, sessionExpired },
      { status, headers: { "Set-Cookie": await toastHeader({ message, type: "error" }, request) } },
    );
  refuseCrossSite(request);
  // The session first: an anonymous post is refused before a byte of its body is read.
  const user = await api.auth.currentUser();
  if (!user) return json<UploadAnswer>({ error: t.uploadFailed, sessionExpired: true }, { status: 401 });
  refuseOtherRoles(user, "editor.upload");
  const { formData: form } = await readForm(request, FORM_LIMITS.image);
  const file = form.get("file");
  const folder = String(form.get("assetFolder") ?? "");

  if (!(file instanceof File) || file.size === 0) return fail(400, t.uploadFailed);
  if (form.get("kind") === "logo" && !/^image\/(png|webp)$/.test(file.type)) return fail(400, t.logoType);
  try {
    const image = await api.images.upload(file, ASSET_FOLDER.test(folder) ? folder : "misc");
    return json<UploadAnswer>({ public_id: image.public_id, secure_url: image.secure_url });
  } catch (error) {
    if (error instanceof UnauthorizedError)
      return json<UploadAnswer>({ error: t.uploadFailed, sessionExpired: true }, { status: 401 });
    console.error("[editor] image upload failed", error);
    return fail(400, t.uploadFailed);
  }
}
