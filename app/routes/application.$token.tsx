import type {
  ActionFunctionArgs,
  HeadersFunction,
  LinksFunction,
  LoaderFunctionArgs,
  MetaFunction,
} from "@remix-run/node";
import { json } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/error-boundary";
import { statusPageCopy } from "~/content/application";
import {
  answerOffer,
  loadStatus,
  NO_STORE,
  readStatusForm,
  sendGuardianAgain,
  sendProof,
  statusPageWordsFor,
  withdraw,
} from "~/features/application/application.server";
import { StatusNotFound, StatusPage } from "~/features/application/status-page";
import { paymentsFor, startCourseFeePayment, startOnlinePayment } from "~/features/payments/pay-online.server";
import paymentStyles from "~/features/payments/payments.css";
import registrationStyles from "~/features/registration/registration.css";
import { bankAccountOf, siteSettingsFor } from "~/upstream/settings.server";
import { titled } from "~/utils/seo";

// The applicant's private status page (docs/decisions/035): the token in the address opens it,
// no account. Never cached, never indexed; an unknown token gets the same page as a removed one.

export const meta: MetaFunction = ({ matches }) => [
  { title: titled(matches, statusPageCopy.metaTitle) },
  { name: "description", content: statusPageCopy.metaDescription },
  { name: "robots", content: "noindex" },
];

export const links: LinksFunction = () => [
  { rel: "stylesheet", href: registrationStyles },
  { rel: "stylesheet", href: paymentStyles },
];

export const headers: HeadersFunction = () => NO_STORE;

export async function loader({ request, params }: LoaderFunctionArgs) {
  const token = params.token ?? "";
  const application = await loadStatus(request, token);
  const url = new URL(request.url);
  const confirmWithdraw = url.searchParams.has("withdraw");
  const confirmDecline = url.searchParams.has("decline");
  const payments = await paymentsFor(request, application ? token : "");
  const paymentNotice = (url.searchParams.get("payment") ?? "").slice(0, 20);
  return json(
    {
      application,
      words: application ? await statusPageWordsFor(request, application) : null,
      token: application ? token : "",
      confirmWithdraw,
      confirmDecline,
      payments,
      paymentNotice,
      bankAccount: application ? bankAccountOf(await siteSettingsFor(request)) : null,
    },
    {
      status: application ? 200 : 404,
      headers: NO_STORE,
    },
  );
}

export async function action({ request, params }: ActionFunctionArgs) {
  const token = params.token ?? "";
  // A link that opens nothing: its page says so, and no receipt's bytes are read for it.
  const application = await loadStatus(request, token);
  if (!application)
    return json(
      { intent: "withdraw" as const, formError: statusPageCopy.notFoundTitle },
      { status: 404, headers: NO_STORE },
    );
  // A guardian's read-only link acts on nothing (decision 074); its form, if any, is not even read.
  if (application.reader)
    return json(
      { intent: "offer" as const, formError: statusPageCopy.readerRefused },
      { status: 403, headers: NO_STORE },
    );
  const form = await readStatusForm(request);
  const intent = form.formData.get("intent");
  if (intent === "offer-accept" || intent === "offer-decline") return answerOffer(request, token, form);
  if (intent === "withdraw") return withdraw(request, token, form);
  if (intent === "pay-online") return startOnlinePayment(request, token);
  if (intent === "pay-course-fee") return startCourseFeePayment(request, token, form.formData);
  if (intent === "guardian-resend" || intent === "guardian-email") return sendGuardianAgain(request, token, form);
  return sendProof(request, token, form);
}

export default function ApplicationStatusRoute() {
  const { application, words, token, confirmWithdraw, confirmDecline, payments, paymentNotice } =
    useLoaderData<typeof loader>();
  const failed = useActionData<typeof action>();
  return (
    <main id="main" className="container registration-page application-status">
      {application && words ? (
        <StatusPage
          application={application}
          words={words}
          token={token}
          confirmWithdraw={confirmWithdraw}
          confirmDecline={confirmDecline}
          failed={failed}
          payments={payments}
          paymentNotice={paymentNotice}
        />
      ) : (
        <StatusNotFound />
      )}
    </main>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
