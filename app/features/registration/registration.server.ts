import type { Submission } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { createCookie, json, redirect } from "@remix-run/node";
import * as z from "zod";

import { courseTypeWords, offeredCourseTypes } from "@domain/choices";
import { isPhoneNumber } from "@domain/phone";
import { asStoredDay } from "@domain/typed-day";
import { intakeChoiceCopy } from "~/content/intakes";
import { messages } from "~/content/registration-messages";
import { alreadyAppliedCopy } from "~/content/registration-refusals";
import { securityText } from "~/content/security";
import { env } from "~/env.server";
import { intakeChoiceWords, intakeOption } from "~/features/intakes/intake-words.server";
import { isOfflineCopyRequest } from "~/features/offline/offline-copy";
import {
  decodeKeptFile,
  FILE_GROUPS,
  fileField,
  isPickedFile,
  type KeptFile,
  type Registration,
  type RegistrationInput,
  registrationSchema,
  toApplicantFields,
  UPLOAD_TOKEN_FIELD,
} from "~/features/registration/schema";
import { AlreadyAppliedError, RateLimitedError, upstream, UpstreamError } from "~/upstream/index.server";
import { bankAccountOf, siteSettingsFor } from "~/upstream/settings.server";
import { hasSessionCookie } from "~/upstream/transport.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, formFields, type ReadForm, readForm } from "~/utils/form-body.server";
import { withShownErrors } from "~/utils/form-errors.server";
import { honeypot, HONEYPOT_FIELDS, honeypotVerdict } from "~/utils/honeypot.server";
import { coursePath } from "~/utils/paths";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

import { postedUploadToken, resumeField, SAVE_FIELDS, savedFormFor, saveRegistration } from "./saved-form.server";

// The server half of the registration form: the course list it offers, and a submission's
// path — check, store the files privately, then the applicant — answering with everything
// typed and every file already stored whenever a step fails.

/** The form's page: its courses, the visitor's saved form and tokens, with the answer's headers. */
export async function loadRegistrationPage(request: Request) {
  // The offline worker's public copy: the same form for everyone, without the per-visitor tokens.
  const offlineCopy = isOfflineCopyRequest(new URL(request.url)) && !hasSessionCookie(request);
  const { courses, preselected, preselectedIntake, uploadToken, headers } = await loadCourseChoices(request, {
    withUploadToken: !offlineCopy,
  });
  const saved = offlineCopy ? null : await savedFormFor(request);
  if (saved) headers.set("Cache-Control", PRIVATE_NO_STORE);
  const data = {
    courses,
    preselected,
    preselectedIntake,
    intakeWords: intakeChoiceWords,
    uploadToken,
    constraint: registrationConstraint,
    honeypot: offlineCopy ? null : honeypot.getInputProps(),
    saved,
    bankAccount: bankAccountOf(await siteSettingsFor(request)),
  };
  return json(data, { headers });
}

/** A posted form: a bot's thank-you, "send it again", saved for later, or submitted. */
export async function answerRegistrationForm(request: Request) {
  const form = await readRegistrationForm(request);
  const verdict = honeypotVerdict(form.formData);
  if (verdict === "bot") return answerSpam();
  if (verdict === "resend") return askToResend(form.formData);
  if (form.formData.get("intent") === "save") return saveRegistration(request, form);
  return submitRegistration(request, form);
}

export const THANK_YOU_PATH = "/registration-form/received";

// Marks the browser that has just registered, so the thank-you screen shows only after a submit.
// Path "/": with single fetch the thank-you page's data comes from /registration-form/received.data,
// and a cookie scoped to a page's path is not sent to its data.
const registeredCookie = createCookie("academy_registered", {
  path: "/",
  httpOnly: true,
  sameSite: "lax",
  secure: env.isProduction,
  maxAge: 600,
});

// What the thank-you screen shows (docs/decisions/018-registration-for-phones.md). Carried in the cookie, not looked up: a visitor
// cannot read applicants back, and the cookie only ever shows the visitor their own words.
const registeredSchema = z.object({
  reference: z.string().max(20),
  course: z.string().max(200),
  courseType: z.string().max(60),
  /** False when the address had its confirmations for the day (docs/security.md): no "we have e-mailed you". */
  confirmed: z.boolean().default(true),
  /** The private status page's token (docs/decisions/035); "" for a bot's thank-you. */
  statusToken: z.string().max(60).default(""),
});
export type Registered = z.infer<typeof registeredSchema>;
/** A bot's thank-you (honeypot): the same screen, with nothing to show. */
const NOTHING: Registered = { reference: "", course: "", courseType: "", confirmed: false, statusToken: "" };

/** What the visitor who has just registered is thanked with, or null (not just registered). */
export async function justRegistered(request: Request): Promise<Registered | null> {
  const parsed = registeredSchema.safeParse(await registeredCookie.parse(request.headers.get("cookie")));
  return parsed.success ? parsed.data : null;
}

/** The course as the thank-you screen names it, its type in words: picked here, so that page's script carries no choices. */
export const courseWithType = (r: Pick<Registered, "course" | "courseType">) =>
  `${r.course} (${courseTypeWords(r.courseType)})`;

/**
 * The thank-you answer's headers. It is built from this visitor's cookie, so no cache may keep
 * it (docs/decisions/015-http-caching.md), and the cookie is cleared: the screen shows once.
 */
export async function thankYouHeaders() {
  const headers = new Headers({ "Cache-Control": PRIVATE_NO_STORE });
  headers.append("Set-Cookie", await registeredCookie.serialize("", { maxAge: 0 }));
  return headers;
}

async function redirectToThankYou(registered: Registered = NOTHING) {
  return redirect(THANK_YOU_PATH, { headers: { "Set-Cookie": await registeredCookie.serialize(registered) } });
}

/**
 * Each field's HTML constraints (required, maxLength, pattern, …), read from the schema here
 * and sent with the page: getZodConstraint in the browser would bring conform's zod adapter,
 * and with it classic zod, into the registration page.
 */
export const registrationConstraint = getZodConstraint(registrationSchema);

/** Where to send the visitor when the course list cannot load (docs/product.md §8). */
export function courseListFailurePath(courseid: string | null, courseslug: string | null) {
  if (courseid && courseslug) return coursePath({ _id: courseid, slug: courseslug });
  return "/courses";
}

/**
 * Every published course for the select (valued by id: the API takes the course by id and keeps
 * its own title), the one `?courseid=…&courseslug=…` preselects, and the form's upload token.
 */
export async function loadCourseChoices(request: Request, { withUploadToken = true } = {}) {
  const url = new URL(request.url);
  const courseid = url.searchParams.get("courseid");
  const courseslug = url.searchParams.get("courseslug");
  const intakeId = url.searchParams.get("intake");
  const api = upstream(request);
  try {
    const [courses, { token }, intakes] = await Promise.all([
      api.courses.options(),
      withUploadToken ? api.applicants.uploadToken() : { token: "" },
      openIntakes(api),
    ]);
    // `?intake=<id>` names an intake taking registrations: it chooses its course too.
    const intake = intakes.find((i) => i._id === intakeId);
    const chosen =
      courses.find((c) => c._id === (intake?.courseId ?? courseid)) ??
      (courseslug ? courses.find((c) => c.slug === courseslug) : undefined);
    return {
      courses: courses.map((c) => ({
        value: c._id,
        label: c.title,
        types: c.courseTypes,
        intakes: intakes.filter((i) => i.courseId === c._id).map(intakeOption),
      })),
      preselected: chosen?._id ?? "",
      preselectedIntake: intake && intake.courseId === chosen?._id ? intake._id : "",
      uploadToken: token,
      headers: api.headers,
    };
  } catch (error) {
    console.error("[registration] course list failed", error);
    const message = error instanceof UpstreamError ? error.message : messages.courseListFailed;
    throw await redirectWithToast(courseListFailurePath(courseid, courseslug), {
      message,
      type: "error",
      persistent: true,
    });
  }
}

/** The intakes taking registrations today; a failed read offers none (the API still checks one named). */
async function openIntakes(api: ReturnType<typeof upstream>) {
  return api.intakes.open().catch((error) => {
    console.error("[registration] intake list failed", error);
    return [];
  });
}

/**
 * The form within its limits (FORM_LIMITS.registration): a file over 3 MB is left out and
 * named in `oversize`, so the form answers with a field error and keeps everything typed.
 */
export function readRegistrationForm(request: Request) {
  return readForm(
    request,
    FORM_LIMITS.registration,
    formFields(
      [registrationSchema],
      [...HONEYPOT_FIELDS, "keptFiles", UPLOAD_TOKEN_FIELD, ...Object.values(fileField), ...SAVE_FIELDS],
    ),
  );
}

function failure(
  submission: Submission<RegistrationInput, string[], Registration>,
  kept: KeptFile[],
  extra: { formErrors?: string[]; fieldErrors?: Record<string, string[]> } = {},
) {
  const formErrors = [...new Set(extra.formErrors ?? [])];
  const result =
    formErrors.length || extra.fieldErrors
      ? submission.reply({ formErrors, fieldErrors: extra.fieldErrors ?? {} })
      : submission.reply();
  return {
    result: withShownErrors(result, messages.uploadFailed),
    kept,
    uploadToken: postedUploadToken(submission.payload),
  };
}

/**
 * Checks a registration, stores its newly picked files privately, then submits the applicant.
 * The files are stored first, whatever else is wrong, and come back listed with the errors: a
 * phone without JavaScript cannot keep a picked file in a form the server sends back, and an
 * applicant should not pick her ID again for a typo. What stops a visitor parking files this way
 * is the page's upload token and the shares of docs/security.md, not the form's validity
 * (docs/decisions/006-registration-keeps-stored-files.md).
 */
export async function submitRegistration(request: Request, { formData, oversize }: ReadForm) {
  const api = upstream(request);
  // A date of birth typed day first where the phone shows no date picker (docs/decisions/094):
  // read here, on the server, so the form's own script stays within its budget.
  const dob = formData.get("dob");
  if (typeof dob === "string") formData.set("dob", asStoredDay(dob));
  const submission = parseWithZod(formData, { schema: registrationSchema });
  const kept = formData
    .getAll("keptFiles")
    .map(decodeKeptFile)
    .filter((f): f is KeptFile => f !== null);
  // A group whose own checks failed (a file too large, of a type not taken) is not sent: its
  // field says why, and the applicant picks it again.
  const refusedGroups = new Set(submission.status === "success" ? [] : Object.keys(submission.error ?? {}));
  const { formErrors, fieldErrors, limited } = await storePickedFiles(api, formData, kept, refusedGroups);
  for (const field of oversize) fieldErrors[field] = [messages.fileSize];
  if (submission.status !== "success" || oversize.size > 0) {
    const stated = Object.keys(fieldErrors).length ? { formErrors, fieldErrors } : {};
    return json(failure(submission, kept, stated), failureInit(limited, 400, api.headers));
  }

  // A type the course does not offer is the visitor's to correct before the applicant is sent
  // (docs/decisions/038-course-types-per-course.md); the API refuses it too.
  const notOffered = await courseTypeNotOffered(api, submission.value);
  if (notOffered)
    return json(failure(submission, kept, { fieldErrors: { courseType: [notOffered] } }), {
      status: 400,
      headers: api.headers,
    });

  // An intake of another course, closed or archived is the visitor's to correct too
  // (docs/decisions/068-intakes-and-seats.md); the API refuses it as well.
  const wrongIntake = await intakeNotOpen(api, submission.value);
  if (wrongIntake)
    return json(failure(submission, kept, { fieldErrors: { intakeId: [wrongIntake] } }), {
      status: 400,
      headers: api.headers,
    });

  // The numbering plan's rule, which the browser's shape check leaves to the server
  // (domain/phone-shape.ts), is the visitor's to correct before the applicant is sent too.
  const offPlan = phonesOffThePlan(submission.value);
  if (offPlan) return json(failure(submission, kept, { fieldErrors: offPlan }), { status: 400, headers: api.headers });

  if (formErrors.length) {
    return json(failure(submission, kept, { formErrors, fieldErrors }), failureInit(limited, 400, api.headers));
  }

  const token = formData.get(UPLOAD_TOKEN_FIELD);
  let stored: { reference: string; course: string; confirmed: boolean; statusToken: string };
  try {
    stored = await api.applicants.submit({
      ...toApplicantFields(
        submission.value,
        kept.map((f) => f.public_id),
      ),
      // The page's one-time token (docs/decisions/035): the same form sent twice is one applicant.
      ...(typeof token === "string" && token ? { submissionKey: token } : {}),
      ...resumeField(formData),
    });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // Already applied for this course: the page's words, with the link-request page (docs/decisions/100).
    if (error instanceof AlreadyAppliedError)
      return json(
        {
          ...failure(submission, kept, { formErrors: [alreadyAppliedCopy.message] }),
          errorLink: alreadyAppliedCopy.link,
        },
        { status: 409, headers: api.headers },
      );
    // The API's own words, as-is (docs/product.md §8); a rate limit in the site's words, with Retry-After.
    // An intake refused meanwhile (its window closed) is told by its field.
    const onField = /^(intakeId|courseType): (.+)$/.exec(error.message);
    if (onField)
      return json(
        failure(submission, kept, { formErrors: [onField[2]!], fieldErrors: { [onField[1]!]: [onField[2]!] } }),
        { status: 400, headers: api.headers },
      );
    return json(failure(submission, kept, { formErrors: [error.message] }), failureInit(error, 400, api.headers));
  }
  // The course's title as the API stored it, not as the form sent it.
  return redirectToThankYou({
    reference: stored.reference,
    course: stored.course,
    courseType: submission.value.courseType,
    confirmed: stored.confirmed,
    statusToken: stored.statusToken,
  });
}

/**
 * Stores the files picked in this post privately, adding each to `kept`, but for the groups whose
 * fields the form's own checks refused (`refused`); a group the API refused
 * (the share used up, a file it cannot read) is named at its field. The token is the one the page
 * was served with (api/upload-token.ts): the API takes files only with it.
 */
async function storePickedFiles(
  api: ReturnType<typeof upstream>,
  formData: FormData,
  kept: KeptFile[],
  refused: ReadonlySet<string> = new Set(),
) {
  const token = formData.get(UPLOAD_TOKEN_FIELD);
  const formErrors: string[] = [];
  const fieldErrors: Record<string, string[]> = {};
  let limited: RateLimitedError | undefined;
  for (const group of FILE_GROUPS) {
    const field = fileField[group];
    const picked = formData.getAll(field).filter(isPickedFile);
    if (picked.length === 0 || refused.has(field)) continue;
    try {
      const stored = await api.applicants.uploadFiles(group, picked, typeof token === "string" ? token : "");
      kept.push(...stored.map((f) => ({ public_id: f.public_id, name: f.name, size: f.size, group })));
    } catch (error) {
      if (!(error instanceof UpstreamError)) throw error;
      if (error instanceof RateLimitedError) limited = error;
      formErrors.push(error instanceof RateLimitedError ? error.message : messages.uploadFailed);
      fieldErrors[field] = [error.message];
    }
  }
  return { formErrors, fieldErrors, limited };
}

/** The words for a course type the chosen course does not offer, or null (offered, or the course is the API's to judge). */
async function courseTypeNotOffered(api: ReturnType<typeof upstream>, value: Registration) {
  // The list failing to load leaves the judgement to the API, which the submission reaches next.
  const courses = await api.courses.options().catch(() => []);
  const course = courses.find((c) => c._id === value.courseId);
  if (!course) return null;
  const offered = offeredCourseTypes(course.courseTypes);
  return offered.includes(value.courseType) ? null : messages.courseTypeNotOffered(course.title, offered);
}

/** The words for an intake the form may not name (another course's, closed, archived), or null. */
async function intakeNotOpen(api: ReturnType<typeof upstream>, value: Registration) {
  if (!value.intakeId) return null;
  const intakes = await api.intakes.open().catch(() => null);
  // The list failing to load leaves the judgement to the API.
  if (!intakes) return null;
  const intake = intakes.find((i) => i._id === value.intakeId);
  if (intake && intake.courseId === value.courseId) return null;
  return intake ? intakeChoiceCopy.notThisCourse : intakeChoiceCopy.notOpen;
}

/** The phone fields whose number no plan has (domain/phone.ts, the rule the API applies), with their message. */
function phonesOffThePlan(value: Registration) {
  const fieldErrors: Record<string, string[]> = {};
  for (const name of ["phone", "emergencyPhone", "guardianPhone"] as const) {
    const number = value[name];
    if (number && !isPhoneNumber(number)) fieldErrors[name] = [messages.phoneInvalid];
  }
  return Object.keys(fieldErrors).length ? fieldErrors : null;
}

/** The anti-spam token could not be read: nothing is stored, the form comes back as typed. */
export function askToResend(formData: FormData) {
  const submission = parseWithZod(formData, { schema: registrationSchema });
  const kept = formData
    .getAll("keptFiles")
    .map(decodeKeptFile)
    .filter((f): f is KeptFile => f !== null);
  return json(failure(submission, kept, { formErrors: [securityText.resend] }), { status: 400 });
}

/** A bot filled the honeypot: answer as if all went well, store nothing. */
export const answerSpam = () => redirectToThankYou();
