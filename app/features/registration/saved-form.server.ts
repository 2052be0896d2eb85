import { parseWithZod } from "@conform-to/zod/v4";
import { json, redirect } from "@remix-run/node";

import { PRIVATE_TOKEN } from "@domain/journey";
import { env } from "~/env.server";
import {
  decodeKeptFile,
  FILE_GROUPS,
  fileField,
  isPickedFile,
  type KeptFile,
  registrationSchema,
  UPLOAD_TOKEN_FIELD,
} from "~/features/registration/schema";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { formFields, type ReadForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";

import { RESUME_FIELD } from "./saved-form";

// "Save and continue later" (docs/decisions/036): a real submit button beside Submit. What was
// typed (unchecked: an unfinished form is saved as it is) and the files picked so far are kept by
// the API under a random token for 14 days; the resume link opens the form filled in again, and
// the registration that finishes it uses the token up.

/** The form's own fields beside the registration's: the button's intent and the resume token. */
export const SAVE_FIELDS = ["intent", RESUME_FIELD] as const;

const TEXT_FIELDS = [...formFields([registrationSchema])].filter(
  (name) => !(Object.values(fileField) as string[]).includes(name) && name !== "keptFiles",
);

const resumeTokenOf = (formData: FormData) => {
  const token = formData.get(RESUME_FIELD);
  return typeof token === "string" && PRIVATE_TOKEN.test(token) ? token : undefined;
};

/** The resume token for the registration call, when the form was opened from a saved one. */
export function resumeField(formData: FormData): { resumeToken?: string } {
  const token = resumeTokenOf(formData);
  return token ? { resumeToken: token } : {};
}

/**
 * The upload token the failed post carried, for the form shown again: the files it kept were
 * uploaded with it, and only a registration naming that token may claim them (docs/security.md).
 */
export function postedUploadToken(payload: Record<string, unknown>) {
  const token = payload[UPLOAD_TOKEN_FIELD];
  return typeof token === "string" && /^[\w.-]{16,200}$/.test(token) ? token : undefined;
}

export const savedPath = (token: string) => `/registration-form?resume=${token}`;
export const savedLink = (token: string) => `${env.publicUrl}${savedPath(token)}`;

/**
 * Saves the form as it is: the typed fields, the files kept from before and the files just
 * picked (uploaded first, with the page's upload token). Answers a redirect to the form opened
 * from its new saved copy, which shows the resume link.
 */
export async function saveRegistration(request: Request, { formData }: ReadForm) {
  const api = upstream(request);
  const fields: Record<string, string | string[]> = {};
  for (const name of TEXT_FIELDS) {
    const values = formData.getAll(name).filter((v): v is string => typeof v === "string" && v !== "");
    if (values.length === 1) fields[name] = values[0].slice(0, 2000);
    else if (values.length > 1) fields[name] = values.slice(0, 10).map((v) => v.slice(0, 200));
  }
  const kept = formData
    .getAll("keptFiles")
    .map(decodeKeptFile)
    .filter((f): f is KeptFile => f !== null);
  const token = formData.get(UPLOAD_TOKEN_FIELD);
  try {
    for (const group of FILE_GROUPS) {
      const picked = formData.getAll(fileField[group]).filter(isPickedFile);
      if (picked.length === 0) continue;
      const stored = await api.applicants.uploadFiles(group, picked, typeof token === "string" ? token : "");
      kept.push(...stored.map((f) => ({ public_id: f.public_id, name: f.name, size: f.size, group })));
    }
    const saved = await api.applicants.saveForm({
      fields,
      files: kept.map((f) => f.public_id).slice(0, 6),
      email: typeof fields.email === "string" ? fields.email : undefined,
      replaces: resumeTokenOf(formData),
      // The form keeps only files uploaded with this page's token (docs/security.md).
      uploadToken: typeof token === "string" ? token : undefined,
    });
    return redirect(`${savedPath(saved.token)}&saved=${saved.mailed ? "mailed" : "1"}`, { headers: api.headers });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // A file refused or a limit reached: the form comes back as typed, with the files stored so
    // far listed, and the API's words at the top; an unfinished form's own gaps are not listed.
    const submission = parseWithZod(formData, { schema: registrationSchema });
    const reply = submission.reply({ formErrors: [error.message] });
    const result = { ...reply, status: "error" as const, error: { "": [error.message] } };
    return json(
      { result, kept, uploadToken: postedUploadToken(submission.payload) },
      failureInit(error, 400, api.headers),
    );
  }
}

/** A saved form's fields and files for the form's defaults, or null once it expired or was sent. */
export async function loadSavedForm(request: Request, token: string) {
  if (!PRIVATE_TOKEN.test(token)) return null;
  try {
    const saved = await upstream(request).applicants.savedForm(token);
    const kept: KeptFile[] = saved.files.flatMap((f) =>
      (FILE_GROUPS as readonly string[]).includes(f.group) ? [{ ...f, group: f.group as KeptFile["group"] }] : [],
    );
    return { fields: saved.fields, kept, expiresAt: saved.expiresAt };
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

/**
 * What the registration page shows for `?resume=<token>`: the saved form to fill in again, the
 * link to show (with `&saved=…` just after saving), or that it expired; null without a token.
 */
export async function savedFormFor(request: Request) {
  const url = new URL(request.url);
  const token = url.searchParams.get("resume");
  if (!token) return null;
  const form = await loadSavedForm(request, token);
  const justSaved = url.searchParams.get("saved");
  return {
    token: form ? token : "",
    link: form ? savedLink(token) : "",
    form,
    justSaved: form && justSaved ? (justSaved === "mailed" ? ("mailed" as const) : ("shown" as const)) : null,
    expired: !form,
  };
}
