import type { ActionFunctionArgs } from "@remix-run/node";
import { json, redirect } from "@remix-run/node";
import { editorText as t } from "~/content/staff";
import { toastHeader } from "~/toast.server";
import { SessionExpiredError, upstream } from "~/upstream/index.server";

// The editors' image upload (featured image, company logo, inline images), called with
// JavaScript on. Without JavaScript the files ride the editor form itself.
export const loader = () => redirect("/");

export type UploadAnswer = { public_id: string; secure_url: string } | { error: string; sessionExpired?: boolean };

export async function action({ request }: ActionFunctionArgs) {
  const api = upstream(request);
  const form = await request.formData();
  const file = form.get("file");
  const folder = String(form.get("assetFolder") ?? "");
  const fail = async (status: number, message: string, sessionExpired = false) =>
    json<UploadAnswer>({ error: message, sessionExpired }, { status, headers: { "Set-Cookie": await toastHeader({ message, type: "error" }) } });

  if (!(file instanceof File) || file.size === 0) return fail(400, t.uploadFailed);
  if (form.get("kind") === "logo" && !/^image\/(png|webp)$/.test(file.type)) return fail(400, t.logoType);
  try {
    const image = await api.images.upload(file, /^(job|article|course)\/[a-z0-9_-]+$/i.test(folder) ? folder : "misc");
    return json<UploadAnswer>({ public_id: image.public_id, secure_url: image.secure_url });
  } catch (error) {
    if (error instanceof SessionExpiredError) return json<UploadAnswer>({ error: t.uploadFailed, sessionExpired: true }, { status: 401 });
    console.error("[editor] image upload failed", error);
    return fail(400, t.uploadFailed);
  }
}
