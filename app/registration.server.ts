import type { Submission } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { createCookie, json, redirect } from "@remix-run/node";
import { messages, UPLOAD_LIMITS } from "~/content/registration";
import {
  decodeKeptFile, FILE_GROUPS, fileField, isPickedFile, registrationSchema, toApplicantFields, type KeptFile, type Registration,
  type RegistrationInput,
} from "~/registration-schema";
import { redirectWithToast } from "~/toast.server";
import { upstream, UpstreamError } from "~/upstream/index.server";

// The server half of the registration form: the course list it offers, and a submission's
// path — check, store the files privately, then the applicant — answering with everything
// typed and every file already stored whenever a step fails.

export const THANK_YOU_PATH = "/registration-form?submitted=1";

// Marks the browser that has just registered, so the thank-you screen shows only after a submit.
const registeredCookie = createCookie("academy_registered", {
  path: "/registration-form", httpOnly: true, sameSite: "lax", maxAge: 600,
});

export async function justRegistered(request: Request) {
  const url = new URL(request.url);
  return url.searchParams.has("submitted") && (await registeredCookie.parse(request.headers.get("cookie"))) === true;
}

async function redirectToThankYou() {
  return redirect(THANK_YOU_PATH, { headers: { "Set-Cookie": await registeredCookie.serialize(true) } });
}

/** Where to send the visitor when the course list cannot load (SPEC §8). */
export function courseListFailurePath(courseid: string | null, courseslug: string | null) {
  if (courseid && courseslug) return `/course/${encodeURIComponent(courseid)}/${encodeURIComponent(courseslug)}`;
  return "/courses";
}

/** Every course for the select, and the title `?courseid=…&courseslug=…` preselects. */
export async function loadCourseChoices(request: Request) {
  const url = new URL(request.url);
  const courseid = url.searchParams.get("courseid");
  const courseslug = url.searchParams.get("courseslug");
  const api = upstream(request);
  try {
    const courses = await api.courses.options();
    const chosen = courses.find((c) => c._id === courseid) ?? (courseslug ? courses.find((c) => c.slug === courseslug) : undefined);
    return { courses: courses.map((c) => c.title), preselected: chosen?.title ?? "", headers: api.headers };
  } catch (error) {
    console.error("[registration] course list failed", error);
    const message = error instanceof UpstreamError ? error.message : messages.courseListFailed;
    throw await redirectWithToast(courseListFailurePath(courseid, courseslug), { message, type: "error", persistent: true });
  }
}

// Six files at 3 MB plus the text fields; anything bigger is not a real registration.
const MAX_BODY_BYTES = 2 * UPLOAD_LIMITS.filesPerGroup * UPLOAD_LIMITS.maxFileBytes + 1024 * 1024;

export async function readRegistrationForm(request: Request) {
  const length = Number(request.headers.get("content-length") ?? 0);
  if (length > MAX_BODY_BYTES) throw json({ message: messages.fileSize }, { status: 413 });
  return request.formData();
}

export type RegistrationFailure = ReturnType<typeof failure>;

function failure(submission: Submission<RegistrationInput, string[], Registration>, kept: KeptFile[], extra: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {}) {
  const formErrors = [...new Set(extra.formErrors ?? [])];
  const result = formErrors.length || extra.fieldErrors ? submission.reply({ formErrors, fieldErrors: extra.fieldErrors ?? {} }) : submission.reply();
  return { result, kept };
}

/**
 * Checks a registration, stores its newly picked files privately, then submits the applicant.
 * A group of files that passes its own checks is stored even when other fields fail, so the
 * applicant never has to pick it again; the form comes back with it listed.
 */
export async function submitRegistration(request: Request, formData: FormData) {
  const api = upstream(request);
  const submission = parseWithZod(formData, { schema: registrationSchema });
  const kept = formData.getAll("keptFiles").map(decodeKeptFile).filter((f): f is KeptFile => f !== null);
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};

  for (const group of FILE_GROUPS) {
    const field = fileField[group];
    const picked = formData.getAll(field).filter(isPickedFile);
    if (picked.length === 0 || (submission.status !== "success" && submission.error?.[field])) continue;
    try {
      const stored = await api.applicants.uploadFiles(group, picked);
      kept.push(...stored.map((f) => ({ public_id: f.public_id, name: f.name, size: f.size, group })));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      formErrors.push(messages.uploadFailed);
      fieldErrors[field] = [error.message];
    }
  }

  if (submission.status !== "success" || formErrors.length) {
    return json(failure(submission, kept, { formErrors, fieldErrors }), { status: 400, headers: api.headers });
  }

  try {
    await api.applicants.submit(toApplicantFields(submission.value, kept.map((f) => f.public_id)));
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The API's own words, as-is (SPEC §8).
    return json(failure(submission, kept, { formErrors: [error.message] }), { status: 400, headers: api.headers });
  }
  return redirectToThankYou();
}

/** A bot filled the honeypot: answer as if all went well, store nothing. */
export const answerSpam = redirectToThankYou;
