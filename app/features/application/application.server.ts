import { json } from "@remix-run/node";
import * as z from "zod";

import { courseTypeWords } from "@domain/choices";
import { dayWords } from "@domain/intakes";
import { PRIVATE_TOKEN } from "@domain/journey";
import { largestAccepted } from "@domain/journey";
import { formatKobo } from "@domain/payments";
import { OFFER_LAPSED_WORD, STATUS_WORDS } from "@domain/pipeline";
import {
  applicantStatusBodies,
  linkRequestCopy,
  proofMessages,
  statementCopy,
  statusPageCopy,
} from "~/content/application";
import { guardianStepCopy } from "~/content/guardian";
import { intakeListCopy, intakeStatusCopy } from "~/content/intakes";
import { messages } from "~/content/registration-messages";
import { RateLimitedError, upstream, UpstreamError } from "~/upstream/index.server";
import type { ApplicationStatus, Statement } from "~/upstream/schemas";
import { siteSettingsFor } from "~/upstream/settings.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { FORM_LIMITS, type ReadForm, readForm } from "~/utils/form-body.server";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

// The server half of the applicant's status page and "send me my link again"
// (docs/decisions/035): the token in the address is the only key, so an unknown one answers
// the same "not found" page whatever the reason, and nothing here is cached or logged.

export const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" };

export type ProofFieldErrors = { transferReference?: string[]; file?: string[] };
export type StatusActionData =
  | { intent: "proof"; fieldErrors: ProofFieldErrors; formError?: string; typed: { transferReference: string } }
  // The date of birth a withdrawal or a decline asked for is the secret answer: never sent back (decision 091).
  | { intent: "withdraw"; formError: string }
  | { intent: "offer"; formError: string; decline?: { fieldError: string } }
  | { intent: "guardian"; formError?: string; fieldError?: string; typed: { email: string } };

/** The application a status link opens, or null (unknown, malformed or gone: one answer for all). */
export async function loadStatus(request: Request, token: string) {
  if (!PRIVATE_TOKEN.test(token)) return null;
  try {
    return await upstream(request).application.status(token);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) return null;
    throw error;
  }
}

// Made once (docs/decisions/083-home-throughput.md): "12 March 2026", Lagos time.
const lagosDay = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Africa/Lagos",
  day: "numeric",
  month: "long",
  year: "numeric",
});

/** Admitted applications owe the course fee: their status says what is still owed and due next. */
const ADMITTED = new Set(["accepted", "paid", "enrolled"]);

/** "Still to pay: ₦150,000. Next: instalment 1 of 2, ₦75,000, due 10 Jan 2027." — or "" when nothing is owed. */
function owedSentence(s: Statement) {
  const next = s.dueNext;
  if (s.settled || !next) return "";
  const nextText =
    next.what === "registration"
      ? statementCopy.nextRegistration(next.text)
      : next.n && next.of
        ? statementCopy.nextInstalment(next.n, next.of, next.text, dayWords(next.dueOn ?? ""))
        : statementCopy.nextCourseFee(next.text, dayWords(next.dueOn ?? ""));
  return statementCopy.owed(s.owed.text, nextText);
}

/** The course fee's transfer box: the amount due next with its part and day, never the registration fee. */
function transferAmount(s: Statement) {
  const next = s.course?.next;
  if (!next) return null;
  const amount =
    next.n && next.of
      ? statementCopy.transferInstalment(next.text, next.n, next.of, dayWords(next.dueOn))
      : statementCopy.transferCourseFee(next.text, dayWords(next.dueOn));
  return { amount, line: statementCopy.transferNow(amount) };
}

/** The status's word and what happens next: "Paid" only when nothing is owed (docs/decisions/093). */
function statusSummary(a: ApplicationStatus) {
  const owed = ADMITTED.has(a.status) ? owedSentence(a.statement) : "";
  if (!owed) return { title: STATUS_WORDS[a.status], body: applicantStatusBodies[a.status] };
  if (a.status === "paid")
    return { title: statementCopy.registrationPaidTitle, body: `${statementCopy.registrationPaidBody} ${owed}` };
  return { title: STATUS_WORDS[a.status], body: `${applicantStatusBodies[a.status]} ${owed}` };
}

/** A closed application that paid: the sum, any refund, and what happens next (docs/decisions/099). */
function moneyWords(a: ApplicationStatus, refundPolicy: string) {
  const closed = a.status === "withdrawn" || a.status === "declined";
  const s = a.statement;
  if (!closed || (s.paid.kobo <= 0 && s.refunded.kobo <= 0)) return null;
  const paidKobo = s.paid.kobo + s.refunded.kobo;
  return {
    paid: statusPageCopy.moneyPaid(formatKobo(paidKobo)),
    refunded: s.refunded.kobo > 0 ? statusPageCopy.moneyRefunded(s.refunded.text) : "",
    next:
      a.refund === "none_due"
        ? statusPageCopy.moneyNoneDue
        : a.refund === "open"
          ? statusPageCopy.moneyOpen
          : statusPageCopy.moneyPolicy,
    policy: refundPolicy,
  };
}

/**
 * What the page says of this application's state, picked here: the page's script carries neither
 * the words of every status nor the intakes' and course types' words, only those it shows
 * (docs/decisions/087-every-public-page-within-the-homes-budget.md).
 */
function statusPageWords(a: ApplicationStatus, refundPolicy = "") {
  // An offer past its deadline reads as lapsed at once, before the sweep withdraws it
  // (docs/decisions/088-the-desk-lists-and-offers-answered-as-expected.md).
  const lapsedOn = a.offer?.lapsed ? lagosDay.format(new Date(a.offer.expiresAt)) : "";
  const summary = statusSummary(a);
  return {
    statusTitle: lapsedOn ? OFFER_LAPSED_WORD : summary.title,
    statusBody: lapsedOn ? statusPageCopy.offerLapsed(lapsedOn) : summary.body,
    /** The course fee's transfer box: the amount due next, and the line that says it (null when nothing is). */
    transfer: transferAmount(a.statement),
    /** The lapsed offer's one word, for the offer's own notice ("" while it is not lapsed). */
    lapsedWord: lapsedOn ? OFFER_LAPSED_WORD : "",
    /** Withdrawn or declined after paying: what was paid and what happens next (docs/decisions/099); null otherwise. */
    money: moneyWords(a, refundPolicy),
    course: `${a.course} (${courseTypeWords(a.courseType)})`,
    sent: lagosDay.format(new Date(a.createdAt)),
    intake: a.intake
      ? {
          label: intakeStatusCopy.intake,
          line: `${intakeListCopy.starts(dayWords(a.intake.startDate))} · ${a.intake.schedule} · ${intakeListCopy.campus(a.intake.campus)}`,
          waiting: a.intake.waitingPosition ? intakeStatusCopy.waiting(a.intake.waitingPosition) : "",
          waitingHint: intakeStatusCopy.waitingHint,
          seatHeld: a.intake.seatHeld ? intakeStatusCopy.seatHeld : "",
        }
      : null,
  };
}
export type StatusPageWords = ReturnType<typeof statusPageWords>;

/** The page's words, with the academy's refund policy read only for a closed application (docs/decisions/099). */
export async function statusPageWordsFor(request: Request, a: ApplicationStatus) {
  const closed = a.status === "withdrawn" || a.status === "declined";
  return statusPageWords(a, closed ? (await siteSettingsFor(request)).payments.refundPolicy : "");
}

const proofSchema = z.object({
  transferReference: z
    .string({ error: proofMessages.referenceRequired })
    .trim()
    .min(1, proofMessages.referenceRequired)
    .max(80, proofMessages.referenceTooLong),
});

const pickedFile = (value: FormDataEntryValue | null): value is File =>
  typeof value === "object" && value !== null && value.size > 0;

const statusPath = (token: string) => `/application/${token}`;

/** The status page's forms (a receipt, a withdrawal), read once within the receipt's limits. */
export const readStatusForm = (request: Request) =>
  readForm(
    request,
    FORM_LIMITS.proof,
    new Set(["intent", "transferReference", "file", "dob", "email", "pay", "instalment", "amount"]),
  );

/** A receipt and the transfer's reference, sent to the API; the page comes back with what was typed on any refusal. */
export async function sendProof(request: Request, token: string, { formData, oversize }: ReadForm) {
  const parsed = proofSchema.safeParse({ transferReference: formData.get("transferReference") ?? "" });
  const typed = { transferReference: String(formData.get("transferReference") ?? "").slice(0, 200) };
  const fieldErrors: ProofFieldErrors = {};
  if (!parsed.success) fieldErrors.transferReference = [parsed.error.issues[0].message];
  const file = formData.get("file");
  if (oversize.has("file")) fieldErrors.file = [messages.fileSize];
  else if (!pickedFile(file)) fieldErrors.file = [proofMessages.fileRequired];
  else if (file.size > largestAccepted(file.name)) fieldErrors.file = [messages.fileSize];
  if (!parsed.success || fieldErrors.file || !pickedFile(file)) {
    return json({ intent: "proof", fieldErrors, typed } satisfies StatusActionData, { status: 400, headers: NO_STORE });
  }
  try {
    await upstream(request).application.sendProof(token, file, parsed.data.transferReference);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) throw new Response(statusPageCopy.notFoundTitle, { status: 404 });
    // The API's words: the file refused (its size or kind), a closed application, a limit.
    const onFile = error.status === 400 && !(error instanceof RateLimitedError);
    return json(
      {
        intent: "proof",
        fieldErrors: onFile ? { file: [error.message] } : {},
        formError: onFile ? undefined : error.message,
        typed,
      } satisfies StatusActionData,
      failureInit(error, error.status === 409 ? 409 : 400, NO_STORE),
    );
  }
  return redirectWithToast(statusPath(token), { message: statusPageCopy.proofSent, type: "success" });
}

// The date of birth a withdrawal and a decline ask for (decision 091): text the API checks (a date
// field's yyyy-mm-dd, or dd/mm/yyyy typed by hand), kept to the field's 100 characters; anything
// but text (a file) is no answer.
const whoCheckSchema = z.string().transform((v) => v.trim().slice(0, 100));
const whoCheck = (formData: FormData) => whoCheckSchema.catch("").parse(formData.get("dob") ?? "");

/** The confirmed withdrawal (the page asked first), with the date of birth it asked for. */
export async function withdraw(request: Request, token: string, { formData }: ReadForm) {
  const dob = whoCheck(formData);
  if (!dob)
    return json({ intent: "withdraw", formError: statusPageCopy.withdrawCheckRequired } satisfies StatusActionData, {
      status: 400,
      headers: NO_STORE,
    });
  try {
    await upstream(request).application.withdraw(token, dob);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) throw new Response(statusPageCopy.notFoundTitle, { status: 404 });
    // Refused (a wrong date, its tries spent, a paid application): the API's words, the date not echoed.
    return json(
      { intent: "withdraw", formError: error.message } satisfies StatusActionData,
      failureInit(error, error.status === 409 ? 409 : 400, NO_STORE),
    );
  }
  return redirectWithToast(statusPath(token), { message: statusPageCopy.withdrawn, type: "success" });
}

const linkRequestSchema = z.object({
  email: z.email({ error: linkRequestCopy.emailInvalid }).max(200, linkRequestCopy.emailInvalid),
});

/** "Send me my link again": one answer whether or not the address applied (the API's, too). */
export async function requestLink(request: Request) {
  const { formData } = await readForm(request, FORM_LIMITS.small, new Set(["email"]));
  const email = String(formData.get("email") ?? "").trim();
  const parsed = linkRequestSchema.safeParse({ email });
  if (!parsed.success)
    return json({ done: false, error: parsed.error.issues[0].message, email: email.slice(0, 200) }, { status: 400 });
  try {
    await upstream(request).application.requestLink(parsed.data.email);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return json({ done: false, error: error.message, email: parsed.data.email }, failureInit(error));
  }
  return json({ done: true, error: "", email: "" }, { headers: NO_STORE });
}

const guardianEmailSchema = z.object({
  email: z
    .string()
    .trim()
    .min(1, guardianStepCopy.emailRequired)
    .max(200, guardianStepCopy.emailInvalid)
    .pipe(z.email({ error: guardianStepCopy.emailInvalid })),
});

/**
 * The guardian's link again (`guardian-resend`), or to a corrected address (`guardian-email`),
 * from the status page or the thank-you screen (docs/decisions/065). A refusal comes back to the
 * status page with what was typed; the API's limits and "already answered" say why.
 */
export async function sendGuardianAgain(request: Request, token: string, { formData }: ReadForm) {
  const correcting = formData.get("intent") === "guardian-email";
  const typed = { email: String(formData.get("email") ?? "").slice(0, 200) };
  let email: string | undefined;
  if (correcting) {
    const parsed = guardianEmailSchema.safeParse({ email: typed.email });
    if (!parsed.success)
      return json(
        { intent: "guardian", fieldError: parsed.error.issues[0].message, typed } satisfies StatusActionData,
        { status: 400, headers: NO_STORE },
      );
    email = parsed.data.email;
  }
  try {
    await upstream(request).application.sendGuardianAgain(token, email);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) throw new Response(statusPageCopy.notFoundTitle, { status: 404 });
    const onField = correcting && error.status === 400 && !(error instanceof RateLimitedError);
    return json(
      {
        intent: "guardian",
        fieldError: onField ? error.message : undefined,
        formError: onField ? undefined : error.message,
        typed,
      } satisfies StatusActionData,
      failureInit(error, error.status === 409 ? 409 : 400, NO_STORE),
    );
  }
  return redirectWithToast(`${statusPath(token)}#guardian-step-title`, {
    message: guardianStepCopy.sent,
    type: "success",
  });
}

const offerAnswerSchema = z.object({
  intent: z.enum(["offer-accept", "offer-decline"], { error: statusPageCopy.offerAnswerInvalid }),
});

/**
 * The applicant accepts their offer, or declines it after the page asked once more
 * (docs/decisions/074): the answer is the button's intent. Declining asks for the date of birth,
 * as withdrawing does (docs/decisions/088 and 091): refused, the question comes back with the
 * reason by the field, the date not echoed. The API refuses an offer answered already or
 * past its deadline (409), and a guardian's read-only link (403): its words come back.
 */
export async function answerOffer(request: Request, token: string, { formData }: ReadForm) {
  const parsed = offerAnswerSchema.safeParse({ intent: formData.get("intent") });
  if (!parsed.success)
    return json({ intent: "offer", formError: parsed.error.issues[0].message } satisfies StatusActionData, {
      status: 400,
      headers: NO_STORE,
    });
  const accepting = parsed.data.intent === "offer-accept";
  const dob = whoCheck(formData);
  if (!accepting && !dob)
    return json(
      {
        intent: "offer",
        formError: "",
        decline: { fieldError: statusPageCopy.withdrawCheckRequired },
      } satisfies StatusActionData,
      { status: 400, headers: NO_STORE },
    );
  try {
    await upstream(request).application.answerOffer(token, accepting ? "accept" : "decline", dob);
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    if (error.status === 404) throw new Response(statusPageCopy.notFoundTitle, { status: 404 });
    const message = error.status < 500 ? error.message : statusPageCopy.offerFailed;
    // The proof refused (400, or its tries spent): by the field, the question asked again.
    const onCheck = !accepting && (error.status === 400 || error instanceof RateLimitedError);
    return json(
      {
        intent: "offer",
        formError: onCheck ? "" : message,
        ...(onCheck ? { decline: { fieldError: message } } : {}),
      } satisfies StatusActionData,
      failureInit(error, error.status === 409 || error.status === 403 ? error.status : 400, NO_STORE),
    );
  }
  return redirectWithToast(statusPath(token), {
    message: accepting
      ? statusPageCopy.offerAccepted((await siteSettingsFor(request)).contact.academyName)
      : statusPageCopy.offerDeclined,
    type: "success",
  });
}

/** The offer letter as a PDF for the status page's link, streamed from the API as the payment receipt is. */
export async function offerLetterDownload(request: Request, token: string) {
  let answer: Response;
  try {
    answer = await upstream(request).application.offerLetter(token);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
  const headers = new Headers({
    "Cache-Control": PRIVATE_NO_STORE,
    "X-Robots-Tag": "noindex",
    "X-Content-Type-Options": "nosniff",
  });
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: 200, headers });
}
