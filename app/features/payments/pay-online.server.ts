import { json, redirect } from "@remix-run/node";
import { z } from "zod";

import { courseFeeCopy, payOnlineCopy } from "~/content/payments";
import { upstream, UpstreamError } from "~/upstream/index.server";
import { type ApplicantPayments } from "~/upstream/payments.server";
import { PRIVATE_NO_STORE } from "~/utils/cache-control.server";
import { failureInit } from "~/utils/rate-limit.server";
import { redirectWithToast } from "~/utils/toast.server";

// The applicant's online payment, server side (docs/decisions/062-the-server-decides-money-arrived.md):
// starting it sends the browser to Paystack; coming back asks the API, which asks Paystack, before
// anything is shown as paid.

const NO_STORE = { "Cache-Control": PRIVATE_NO_STORE, "X-Robots-Tag": "noindex" };
const NONE: ApplicantPayments = { online: false, fee: { amount: 0, label: "" }, history: [] };
const statusPath = (token: string) => `/application/${token}`;

/** What the status page offers: online payment or not, and the payments so far. A failure hides the online option, nothing else. */
export async function paymentsFor(request: Request, token: string): Promise<ApplicantPayments> {
  if (!token) return NONE;
  try {
    return await upstream(request).payments.forApplication(token);
  } catch (error) {
    if (error instanceof UpstreamError) return NONE;
    throw error;
  }
}

/** The fee to show on "Pay … online" after the form, or "" when paying online is not open. */
export async function onlineFeeLabel(request: Request, token: string) {
  const offer = await paymentsFor(request, token);
  return offer.online ? offer.fee.label : "";
}

export type PayOnlineFailure = { intent: "pay-online"; formError: string };

/** "Pay online" posted: Paystack's checkout, or the page again with the reason. */
export async function startOnlinePayment(request: Request, token: string) {
  try {
    const started = await upstream(request).payments.startOnline(token);
    return redirect(started.authorizationUrl, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return json(
      { intent: "pay-online", formError: error.message } satisfies PayOnlineFailure,
      failureInit(error, error.status === 409 ? 409 : 400, NO_STORE),
    );
  }
}

export type CourseFeeFailure = {
  intent: "pay-course-fee";
  formError: string;
  fieldErrors: { amount?: string[] };
  typed: { amount: string };
};

const courseFeeChoice = z.discriminatedUnion("pay", [
  z.object({ pay: z.literal("whole") }),
  z.object({ pay: z.literal("instalment"), instalment: z.string().regex(/^[1-6]$/) }),
  z.object({ pay: z.literal("part"), amount: z.string().trim().max(20) }),
]);

/**
 * "Pay the course fee online" posted (docs/decisions/077-course-fees-and-instalments.md): the
 * choice checked here for its shape, the amount by the API against what is owed; Paystack's
 * checkout, or the page again with what was typed and the reason by the field.
 */
export async function startCourseFeePayment(request: Request, token: string, formData: FormData) {
  const typed = { amount: String(formData.get("amount") ?? "").slice(0, 20) };
  const fail = (formError: string, onAmount: boolean, status: number, init?: ResponseInit) =>
    json(
      {
        intent: "pay-course-fee",
        formError,
        fieldErrors: onAmount ? { amount: [formError] } : {},
        typed,
      } satisfies CourseFeeFailure,
      init ?? { status, headers: NO_STORE },
    );
  const parsed = courseFeeChoice.safeParse(Object.fromEntries(formData));
  if (!parsed.success) return fail(courseFeeCopy.choose, false, 400);
  const choice = parsed.data;
  if (choice.pay === "part" && !/^[\d,\s₦]{1,20}$/.test(choice.amount))
    return fail(courseFeeCopy.amountWhole, true, 400);
  try {
    const started = await upstream(request).payments.startCourseFee(token, choice);
    return redirect(started.authorizationUrl, { headers: NO_STORE });
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    // The API names the field ("amount: Pay at least …"): its words go by the field; a bare shape check becomes ours.
    const onAmount = /^amount[: ]/.test(error.message);
    const message = error.message.startsWith("amount: ")
      ? error.message.slice("amount: ".length)
      : onAmount
        ? courseFeeCopy.amountWhole
        : error.message.replace(/^instalment: /, "");
    return fail(message, onAmount, 0, failureInit(error, error.status === 409 ? 409 : 400, NO_STORE));
  }
}

/**
 * Paystack sent the browser back with `reference` (and `trxref`): the API asks Paystack and
 * records the payment if it was made; this page only says what the server found.
 */
export async function returnFromPaystack(request: Request, token: string) {
  const url = new URL(request.url);
  const reference = (url.searchParams.get("reference") ?? url.searchParams.get("trxref") ?? "").slice(0, 100);
  const back = (notice: string) => redirect(`${statusPath(token)}?payment=${notice}#pay-online`, { headers: NO_STORE });
  if (!/^[A-Za-z0-9-]{3,64}$/.test(reference)) return back("unknown");
  try {
    const { status } = await upstream(request).payments.verify(token, reference);
    if (status === "paid")
      return redirectWithToast(
        statusPath(token),
        { message: payOnlineCopy.paid, type: "success" },
        { headers: NO_STORE },
      );
    return back(status === "failed" ? "failed" : status === "refunded" ? "unknown" : "cancelled");
  } catch (error) {
    if (!(error instanceof UpstreamError)) throw error;
    return back(error.status === 404 ? "unknown" : "unchecked");
  }
}

/**
 * A payment's receipt (a PDF the API draws) for the applicant who holds the token: never cached,
 * shown in the browser. An unknown token or reference is the 404 page.
 */
export async function receiptDownload(request: Request, token: string, reference: string) {
  if (!/^[A-Za-z0-9-]{3,64}$/.test(reference)) throw new Response("Not found", { status: 404 });
  let answer: Response;
  try {
    answer = await upstream(request).payments.receipt(token, reference);
  } catch (error) {
    if (error instanceof UpstreamError && error.status === 404) throw new Response("Not found", { status: 404 });
    throw error;
  }
  const headers = new Headers({ ...NO_STORE, "X-Content-Type-Options": "nosniff" });
  for (const name of ["content-type", "content-length", "content-disposition"]) {
    const value = answer.headers.get(name);
    if (value) headers.set(name, value);
  }
  return new Response(answer.body, { status: 200, headers });
}
